import { formatParameterValue, parameterUnit } from '../../shared/parameterUnits';
import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import type { ParameterValueAsOf } from './complianceApi';

/** An institution's value for every parameter template at one moment: its own, or the template's default. */
export function ParameterValuesTable({ parameters, labelledBy }: { parameters: ParameterValueAsOf[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const shown = (parameter: ParameterValueAsOf, value: number) =>
    formatParameterValue(value, parameterUnit(parameter.uniqueCode), i18n.language);
  return (
    <TableContainer role="region" aria-labelledby={labelledBy}>
      <Table fitPhoneFrom={560}>
        <TableHead>
          <TableRow>
            <TableCell hide="xs">{t('compliance.fields.uniqueCode')}</TableCell>
            <TableCell>{t('compliance.fields.name')}</TableCell>
            <TableCell align="right">{t('compliance.fields.value')}</TableCell>
            <TableCell hide="xs">{t('compliance.parameters.source')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {parameters.map((parameter) => {
            const source = parameter.ownValue === null ? t('compliance.parameters.default') : t('compliance.parameters.own');
            return (
              <TableRow key={parameter.id}>
                <TableCell hide="xs">{parameter.uniqueCode}</TableCell>
                <TableCell>
                  <span className="strong">{parameter.name}</span>
                  <span className="phone-only muted">{source}</span>
                </TableCell>
                <TableCell align="right" nowrap>
                  {shown(parameter, parameter.value)}
                </TableCell>
                <TableCell hide="xs">
                  {source}
                  {parameter.ownValue !== null && (
                    <span className="muted">
                      {' '}
                      ({t('compliance.parameters.defaultWas', { value: shown(parameter, parameter.defaultValue) })})
                    </span>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
