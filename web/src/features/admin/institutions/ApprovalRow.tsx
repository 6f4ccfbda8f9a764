import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/formatting';
import { Name } from '../../../shared/Name';
import { StatusChip } from '../../../shared/StatusChip';
import { TableCell, TableRow } from '../../../shared/table';
import type { Institution } from './institutionsApi';
import { ReviewPanel } from './ReviewPanel';

const TONE = { pending: 'pending', approved: 'good', rejected: 'bad' } as const;
export const APPROVAL_COLUMNS = 5;

type Props = {
  institution: Institution;
  open: boolean;
  busy: 'approve' | 'reject' | null;
  onToggle: () => void;
  onApprove: () => void;
  onReject: () => void;
};

/** One institution of the approvals table and, when open, its 4-step review under it. */
export function ApprovalRow({ institution, open, busy, onToggle, onApprove, onReject }: Props) {
  const { t, i18n } = useTranslation();
  const registered = formatDate(institution.createdAt, i18n.language);
  const statusChip = <StatusChip label={t(`admin.status.${institution.status}`)} tone={TONE[institution.status]} />;
  return (
    <>
      <TableRow hover selected={open} className="institution" onClick={onToggle}>
        <TableCell hide="xs" nowrap>
          {registered}
        </TableCell>
        <TableCell>
          <span className="cell-title">
            <Name>{institution.name}</Name>
          </span>
          <span className="muted">{institution.registrationNumber}</span>
          <span className="phone-only muted">{registered}</span>
          <span className="phone-only muted">{institution.email}</span>
          <span className="phone-only">{statusChip}</span>
        </TableCell>
        <TableCell hide="xs" nowrap>
          {institution.email}
        </TableCell>
        <TableCell hide="xs">{statusChip}</TableCell>
        <TableCell align="right">
          <IconButton
            aria-expanded={open}
            aria-label={t(open ? 'admin.approvals.hideReview' : 'admin.approvals.review', { name: institution.name })}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={APPROVAL_COLUMNS} style={{ padding: 0 }}>
            {/* Stays in view while the wide table scrolls sideways on a phone. */}
            <Box sx={{ position: 'sticky', left: 0, width: { xs: 'calc(100vw - 34px)', md: 'auto' } }}>
              <ReviewPanel institution={institution} busy={busy} onApprove={onApprove} onReject={onReject} />
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
