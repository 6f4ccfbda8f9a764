import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/formatting';
import { Name } from '../../shared/Name';
import { StatusChip, type ChipTone } from '../../shared/StatusChip';
import { memberActions, type MemberAction } from './memberActions';
import type { DatabaseAccess, TeamMember } from './teamApi';

const TONE: Record<TeamMember['status'], ChipTone> = { invited: 'pending', active: 'good', suspended: 'bad', removed: 'neutral' };

type Props = { member: TeamMember; access: DatabaseAccess | undefined; busy: boolean; onAction: (action: MemberAction) => void };

/** One member: name, email, role, status, dates and database access, and a menu of what the owner may do. */
export function MemberCard({ member, access, busy, onAction }: Props) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const actions = memberActions(member, access);
  const since =
    member.status === 'invited'
      ? member.invitationExpiresAt &&
        t('team.invitationExpires', { date: formatDate(member.invitationExpiresAt, i18n.language, 'dateTime') })
      : member.joinedAt && t('team.joined', { date: formatDate(member.joinedAt, i18n.language) });
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        listStyle: 'none',
        p: 2,
        display: 'grid',
        gap: { xs: 1, md: 2 },
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.3fr) auto' },
        gridTemplateAreas: { xs: '"who menu" "role role" "status status" "access access"', md: '"who role status access menu"' },
      }}
    >
      <Box sx={{ gridArea: 'who', minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          <Name>{member.name}</Name>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ gridArea: 'role' }}>
        <Box component="span" sx={{ color: 'text.secondary', display: { md: 'none' } }}>{`${t('team.role')}: `}</Box>
        <span>{t(`team.roles.${member.role}`)}</span>
      </Typography>
      <Box sx={{ gridArea: 'status' }}>
        <StatusChip label={t(`team.statuses.${member.status}`)} tone={TONE[member.status]} />
        {since && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {since}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ gridArea: 'access' }} color={access ? 'text.primary' : 'text.secondary'}>
        {access ? t('team.access.held', { role: access.role }) : t('team.access.none')}
      </Typography>
      <Box sx={{ gridArea: 'menu', justifySelf: 'end' }}>
        {actions.length > 0 && (
          <Button
            variant="outlined"
            size="small"
            endIcon={<MoreVert />}
            disabled={busy}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            aria-label={t('team.actionsFor', { name: member.name })}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            {t('team.actions')}
          </Button>
        )}
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {actions.map((action) => (
            <MenuItem
              key={action}
              onClick={() => {
                setAnchor(null);
                onAction(action);
              }}
              sx={action === 'remove' || action === 'cancelInvitation' ? { color: 'error.main' } : undefined}
            >
              {t(`team.do.${action}`)}
            </MenuItem>
          ))}
        </Menu>
      </Box>
    </Paper>
  );
}
