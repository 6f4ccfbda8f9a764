import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/formatting';
import { Name } from '../../../shared/Name';
import { StatusChip } from '../../../shared/StatusChip';
import { TableCell, TableRow } from '../../../shared/table';
import { WriteOnly } from '../../../session/WriteOnly';
import { Facts } from '../common/Facts';
import type { Institution } from './institutionsApi';

export const USER_COLUMNS = 6;

type Props = {
  institution: Institution;
  open: boolean;
  busy: boolean;
  onToggle: () => void;
  onActivate: () => void;
  onDeactivate: () => void;
  onEdit: () => void;
  onClose: () => void;
};

/** One institution of User Management, its actions, and when open its details under it. */
export function UserRow({ institution, open, busy, onToggle, onActivate, onDeactivate, onEdit, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const na = t('admin.common.notAvailable');
  const statusChip = (
    <StatusChip
      label={institution.is_active ? t('admin.common.active') : t('admin.common.inactive')}
      tone={institution.is_active ? 'good' : 'neutral'}
    />
  );
  return (
    <>
      <TableRow selected={open}>
        <TableCell>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <IconButton
              size="small"
              aria-expanded={open}
              aria-label={t(open ? 'admin.users.hideDetails' : 'admin.users.showDetails', { name: institution.name })}
              onClick={onToggle}
            >
              {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
            </IconButton>
            <Box>
              <span className="cell-title">
                <Name>{institution.name}</Name>
              </span>
              <span className="muted">{institution.registrationNumber}</span>
              <span className="phone-only muted">{institution.email}</span>
              <span className="phone-only">{statusChip}</span>
            </Box>
          </Box>
        </TableCell>
        <TableCell hide="xs" nowrap>
          {institution.email}
        </TableCell>
        <TableCell hide="xs" nowrap>
          {t('admin.users.roleValue')}
        </TableCell>
        <TableCell hide="xs" nowrap>
          {formatDate(institution.createdAt, i18n.language)}
        </TableCell>
        <TableCell hide="xs">{statusChip}</TableCell>
        <WriteOnly>
          <TableCell align="right">
            <Box className="row-actions" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'nowrap' }}>
              {institution.is_active ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="warning"
                  sx={{ color: '#7a4100', borderColor: '#c77700' }}
                  onClick={onDeactivate}
                  aria-label={t('admin.users.deactivateNamed', { name: institution.name })}
                >
                  {t('admin.users.deactivate')}
                </Button>
              ) : (
                <Button
                  size="small"
                  variant="outlined"
                  color="success"
                  sx={{ color: '#1b5e2d' }}
                  disabled={busy}
                  onClick={onActivate}
                  aria-label={t('admin.users.activateNamed', { name: institution.name })}
                >
                  {busy ? t('admin.users.activating') : t('admin.users.activate')}
                </Button>
              )}
              <Button size="small" variant="outlined" onClick={onEdit} aria-label={t('admin.users.editNamed', { name: institution.name })}>
                {t('admin.common.edit')}
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={onClose}
                aria-label={t('admin.users.deleteNamed', { name: institution.name })}
              >
                {t('admin.common.delete')}
              </Button>
            </Box>
          </TableCell>
        </WriteOnly>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={USER_COLUMNS} style={{ padding: 0 }}>
            <Box
              sx={{
                position: 'sticky',
                left: 0,
                width: { xs: 'calc(100vw - 34px)', md: 'auto' },
                p: { xs: 2, sm: 3 },
                bgcolor: '#f7f9fb',
              }}
            >
              <Facts
                items={[
                  { label: t('admin.review.registrationNumber'), value: institution.registrationNumber },
                  { label: t('admin.review.authorizationNumber'), value: institution.authorizationNumber },
                  { label: t('admin.review.type'), value: t('admin.review.typeValue') },
                  { label: t('admin.review.username'), value: institution.email },
                  { label: t('admin.users.review'), value: t(`admin.status.${institution.status}`) },
                  {
                    label: t('admin.users.columns.registered'),
                    value: formatDate(institution.createdAt, i18n.language, 'dateTime'),
                  },
                  {
                    label: t('admin.users.approvedOn'),
                    value: institution.approvedAt ? formatDate(institution.approvedAt, i18n.language, 'dateTime') : na,
                  },
                  { label: t('admin.users.lastChange'), value: formatDate(institution.updatedAt, i18n.language, 'dateTime') },
                  ...(institution.rejectionReason ? [{ label: t('admin.users.rejectionReason'), value: institution.rejectionReason }] : []),
                  ...(institution.deactivationComment
                    ? [{ label: t('admin.users.deactivationComment'), value: institution.deactivationComment }]
                    : []),
                ]}
              />
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
