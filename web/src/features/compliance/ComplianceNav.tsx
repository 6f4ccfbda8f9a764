import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const SECTIONS = [
  { key: 'log', to: '/admin/compliance' },
  { key: 'timeTravel', to: '/admin/compliance/time-travel' },
  { key: 'replay', to: '/admin/compliance/replay' },
  { key: 'events', to: '/admin/compliance/events' },
] as const;

export type ComplianceSection = (typeof SECTIONS)[number]['key'];

const navSx = {
  display: 'flex',
  flexWrap: 'wrap',
  borderBottom: 1,
  borderColor: 'divider',
  mb: 3,
  '& a': {
    flexShrink: 0,
    px: { xs: 1.25, sm: 2 },
    py: 1.5,
    borderBottom: '2px solid transparent',
    mb: '-1px',
    color: 'text.secondary',
    fontSize: '0.875rem',
    fontWeight: 600,
    textDecoration: 'none',
    '&:hover': { color: 'text.primary' },
    '&[aria-current="page"]': { color: 'primary.main', borderBottomColor: 'primary.main' },
    '&:focus-visible': { outline: '3px solid #f0b429', outlineOffset: -3 },
  },
} as const;

/** The compliance console's places (the log, time travel, replay, events) as links, the current one marked. */
export function ComplianceNav({ sections = SECTIONS.map((section) => section.key) }: { sections?: readonly ComplianceSection[] }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('compliance.nav.label')} sx={navSx}>
      {SECTIONS.filter((section) => sections.includes(section.key)).map((section) => (
        <NavLink key={section.key} to={section.to} end={section.key === 'log'}>
          {t(`compliance.nav.${section.key}`)}
        </NavLink>
      ))}
    </Box>
  );
}
