import { formatNumber } from '../../shared/formatting';
import { formatParameterValue, parameterUnit } from '../../shared/parameterUnits';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { templateText } from '../../api/serverText';
import { StatusChip } from '../../shared/StatusChip';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import type { ModelAsOf } from './complianceApi';
import { displayValue } from './displayValue';
import { SectionTitle } from './SectionTitle';

/** The scoring model of one moment: its categories, its variables (formula or mappings) and its parameter templates. */
export function ModelTables({ model }: { model: ModelAsOf }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const categoryName = new Map(model.categories.map((category) => [category.id, category.name]));
  const active = (isActive: boolean) => (
    <StatusChip tone={isActive ? 'good' : 'neutral'} label={isActive ? t('compliance.active') : t('compliance.inactive')} />
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <section aria-labelledby="model-categories">
        <SectionTitle id="model-categories" level={3}>
          {t('compliance.model.categories', { count: model.categories.length })}
        </SectionTitle>
        <TableContainer role="region" aria-labelledby="model-categories">
          <Table fitPhoneFrom={560}>
            <TableHead>
              <TableRow>
                <TableCell>{t('compliance.fields.name')}</TableCell>
                <TableCell hide="xs">{t('compliance.fields.description')}</TableCell>
                <TableCell align="right">{t('compliance.fields.creditLimitWeight')}</TableCell>
                <TableCell align="right">{t('compliance.fields.interestRateWeight')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {model.categories.map((category) => (
                <TableRow key={category.id}>
                  <TableCell className="strong">{category.name}</TableCell>
                  <TableCell hide="xs">{category.description || '—'}</TableCell>
                  <TableCell align="right">{number(category.creditLimitWeight)} %</TableCell>
                  <TableCell align="right">{number(category.interestRateWeight)} %</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </section>
      <section aria-labelledby="model-variables">
        <SectionTitle id="model-variables" level={3}>
          {t('compliance.model.variables', { count: model.variables.length })}
        </SectionTitle>
        <TableContainer role="region" aria-labelledby="model-variables">
          <Table fitPhoneFrom={900}>
            <TableHead>
              <TableRow>
                <TableCell>{t('compliance.fields.name')}</TableCell>
                <TableCell hide="xs">{t('compliance.fields.categoryId')}</TableCell>
                <TableCell align="right">{t('compliance.fields.proportion')}</TableCell>
                <TableCell hide="xs" align="right">
                  {t('compliance.fields.minValue')}
                </TableCell>
                <TableCell hide="xs" align="right">
                  {t('compliance.fields.maxValue')}
                </TableCell>
                <TableCell hide="xs">{t('compliance.fields.responseType')}</TableCell>
                <TableCell hide="xs">{t('compliance.model.formulaOrMappings')}</TableCell>
                <TableCell hide="xs">{t('compliance.fields.isActive')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {model.variables.map((variable) => {
                const rule =
                  variable.responseType === 'categorical'
                    ? displayValue(variable.categoryMappings ?? [], t)
                    : displayValue(variable.normalisationFormula ?? null, t);
                return (
                  <TableRow key={variable.id}>
                    <TableCell>
                      <span className="strong">{variable.name}</span>
                      <span className="phone-only muted">
                        {categoryName.get(variable.categoryId) ?? variable.categoryId} · {variable.responseType} · {rule}
                      </span>
                    </TableCell>
                    <TableCell hide="xs">{categoryName.get(variable.categoryId) ?? variable.categoryId}</TableCell>
                    <TableCell align="right" nowrap>
                      {number(variable.proportion)} %
                    </TableCell>
                    <TableCell hide="xs" align="right">
                      {number(variable.minValue)}
                    </TableCell>
                    <TableCell hide="xs" align="right">
                      {number(variable.maxValue)}
                    </TableCell>
                    <TableCell hide="xs">{variable.responseType}</TableCell>
                    <TableCell hide="xs" style={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                      <code>{rule}</code>
                    </TableCell>
                    <TableCell hide="xs">{active(variable.isActive)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </section>
      <section aria-labelledby="model-templates">
        <SectionTitle id="model-templates" level={3}>
          {t('compliance.model.templates', { count: model.parameterTemplates.length })}
        </SectionTitle>
        <TableContainer role="region" aria-labelledby="model-templates">
          <Table fitPhoneFrom={640}>
            <TableHead>
              <TableRow>
                <TableCell hide="xs">{t('compliance.fields.uniqueCode')}</TableCell>
                <TableCell>{t('compliance.fields.name')}</TableCell>
                <TableCell align="right">{t('compliance.fields.defaultValue')}</TableCell>
                <TableCell hide="xs">{t('compliance.fields.recommendedRange')}</TableCell>
                <TableCell hide="xs">{t('compliance.fields.isActive')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {model.parameterTemplates.map((template) => (
                <TableRow key={template.id}>
                  <TableCell hide="xs">{template.uniqueCode}</TableCell>
                  <TableCell>
                    <span className="strong">{templateText(template, 'name', i18n)}</span>
                    <span className="phone-only muted">{template.uniqueCode}</span>
                  </TableCell>
                  <TableCell align="right" nowrap>
                    {formatParameterValue(template.defaultValue, parameterUnit(template.uniqueCode), i18n.language)}
                  </TableCell>
                  <TableCell hide="xs">{templateText(template, 'recommendedRange', i18n) || '—'}</TableCell>
                  <TableCell hide="xs">{active(template.isActive)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </section>
    </Box>
  );
}
