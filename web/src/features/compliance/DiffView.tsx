import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatusChip, type ChipTone } from '../../shared/StatusChip';
import { Table, TableBody, TableCell, TableHead, TableRow } from '../../shared/table';
import { Authored } from './Authored';
import type { EntityChange, HistoryDiff } from './complianceApi';
import { displayValue } from './displayValue';
import { parameterUnit } from '../../shared/parameterUnits';
import { SectionTitle } from './SectionTitle';

const KINDS = [
  ['added', 'good'],
  ['removed', 'bad'],
  ['changed', 'pending'],
] as const satisfies readonly (readonly [string, ChipTone])[];

const changeSx = {
  p: 2,
  '& .change-head': { display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 },
  '& .change-name': { fontWeight: 700, m: 0, fontSize: '1rem' },
  '& .change-by': { m: 0, mt: 1, pl: 2.5, typography: 'body2', color: 'text.secondary' },
  '& .value-before': { color: 'error.dark', textDecoration: 'line-through', overflowWrap: 'break-word' },
  '& .value-after': { color: 'success.dark', fontWeight: 600, overflowWrap: 'break-word' },
} as const;

/** Fields holding a parameter's value (in its unit); codes and ids are names, never figures to group. */
const VALUE_FIELDS = new Set(['value', 'ownValue', 'defaultValue']);
const CODE_FIELDS = new Set(['uniqueCode', 'categoryId', 'id']);
/** Shares in percent, as the model's tables write them (30 %). */
const PERCENT_FIELDS = new Set(['proportion', 'creditLimitWeight', 'interestRateWeight']);

function ChangeCard({ change, kind, tone }: { change: EntityChange; kind: string; tone: ChipTone }) {
  const { t, i18n } = useTranslation();
  const field = (name: string) => t(`compliance.fields.${name}`, { defaultValue: name });
  const unit = parameterUnit((change.after ?? change.before)?.uniqueCode);
  const shown = (name: string, value: unknown) =>
    CODE_FIELDS.has(name)
      ? displayValue(value, t)
      : displayValue(value, t, i18n.language, VALUE_FIELDS.has(name) ? unit : PERCENT_FIELDS.has(name) ? 'rate' : null);
  return (
    <Paper variant="outlined" component="li" sx={changeSx}>
      <div className="change-head">
        <h4 className="change-name">{change.name}</h4>
        <StatusChip tone={tone} label={t(`compliance.diff.${kind}`)} />
      </div>
      {change.fields.length > 0 && (
        // Halved padding on a phone: a value breaks between words (an amount stays whole), so three columns need the room.
        <Table fitPhoneFrom={0}>
          <TableHead>
            <TableRow>
              <TableCell>{t('compliance.diff.field')}</TableCell>
              <TableCell>{t('compliance.diff.before')}</TableCell>
              <TableCell>{t('compliance.diff.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {change.fields.map((fieldChange) => (
              <TableRow key={fieldChange.field}>
                <TableCell>{field(fieldChange.field)}</TableCell>
                <TableCell>
                  <span className="value-before">{shown(fieldChange.field, fieldChange.before)}</span>
                </TableCell>
                <TableCell>
                  <span className="value-after">{shown(fieldChange.field, fieldChange.after)}</span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {change.by.length > 0 && (
        <ul className="change-by" aria-label={t('compliance.diff.by')}>
          {change.by.map((by) => (
            <li key={by.position}>
              <Authored by={by} />
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}

/** What was added, removed or changed between two moments, section by section, field by field, by whom and when. */
export function DiffView({ diff, idPrefix }: { diff: HistoryDiff; idPrefix: string }) {
  const { t } = useTranslation();
  const sections = Object.entries(diff.sections).filter(([, section]) => KINDS.some(([kind]) => section[kind].length > 0));
  if (sections.length === 0) {
    return <Typography color="text.secondary">{t('compliance.diff.none')}</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      {sections.map(([name, section]) => (
        <section key={name} aria-labelledby={`${idPrefix}-${name}`}>
          <SectionTitle id={`${idPrefix}-${name}`} level={3}>
            {t(`compliance.diff.sections.${name}`, { defaultValue: name })}
          </SectionTitle>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
            {KINDS.flatMap(([kind, tone]) =>
              section[kind].map((change) => <ChangeCard key={`${kind}-${change.id}`} change={change} kind={kind} tone={tone} />),
            )}
          </Box>
        </section>
      ))}
    </Box>
  );
}
