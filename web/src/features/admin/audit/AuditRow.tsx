import { useTranslation } from 'react-i18next';
import { describedEntry } from '../../../api/serverText';
import { formatDate } from '../../../shared/formatting';
import { Name } from '../../../shared/Name';
import { TableCell, TableRow } from '../../../shared/table';
import { ActionChip } from './ActionChip';
import type { AuditEntry } from './auditApi';

type Props = { entry: AuditEntry; onOpen: (entry: AuditEntry) => void };

/** One audit entry; Enter, Space or a click opens its details. */
export function AuditRow({ entry, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const when = formatDate(entry.timestamp, i18n.language, 'dateTime');
  return (
    <TableRow
      hover
      className="entry"
      tabIndex={0}
      aria-label={t('admin.audit.details', { id: entry.id })}
      onClick={() => onOpen(entry)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen(entry);
        }
      }}
    >
      <TableCell hide="xs" nowrap>
        {when}
      </TableCell>
      <TableCell>
        <span className="actor-name">
          <Name>{entry.actor.name}</Name>
        </span>
        <span className="actor-role">{entry.actor.role}</span>
        <span className="phone-only muted">{when}</span>
      </TableCell>
      <TableCell hide="xs">
        <ActionChip action={entry.action} />
      </TableCell>
      <TableCell className="entry-description">
        {describedEntry(entry, i18n)}
        <span className="phone-only">
          <ActionChip action={entry.action} />
        </span>
      </TableCell>
      <TableCell hide="xs" nowrap>
        {entry.ip ?? t('admin.common.notAvailable')}
      </TableCell>
    </TableRow>
  );
}
