import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef, type KeyboardEvent } from 'react';

type Props<Value extends string> = {
  label: string;
  value: Value;
  tabs: readonly { value: Value; label: string; id?: string; controls?: string }[];
  onChange: (value: Value) => void;
  sx?: SxProps<Theme>;
};

const TABS_STYLE = {
  display: 'flex',
  overflowX: 'auto',
  borderBottom: 1,
  borderColor: 'divider',
  '& [role="tab"]': {
    flexShrink: 0,
    minHeight: 48,
    px: 2,
    py: 1.5,
    border: 0,
    borderBottom: '2px solid transparent',
    mb: '-1px',
    bgcolor: 'transparent',
    color: 'text.secondary',
    font: 'inherit',
    fontSize: '0.875rem',
    fontWeight: 600,
    cursor: 'pointer',
    '&:hover': { color: 'text.primary' },
    '&[aria-selected="true"]': { color: 'primary.main', borderBottomColor: 'primary.main' },
    '&:focus-visible': { outline: '3px solid #f0b429', outlineOffset: -3 },
  },
} as const;

/**
 * Tabs that switch a view: the WAI-ARIA tabs pattern (arrow keys, Home and End move and choose, one tab
 * in the tab order) on plain buttons styled once. MUI's Tabs measured every tab in the page after each
 * render to place its indicator, a forced layout of the whole page that was the longest task of the
 * results screen on a slow phone.
 */
export function ViewTabs<Value extends string>({ label, value, tabs, onChange, sx }: Props<Value>) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + tabs.length) % tabs.length;
    onChange(tabs[target].value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
  };
  return (
    <Box ref={list} role="tablist" aria-label={label} sx={[TABS_STYLE, ...(Array.isArray(sx) ? sx : [sx])]}>
      {tabs.map((tab, index) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={tab.id}
          aria-controls={tab.controls}
          aria-selected={tab.value === value}
          tabIndex={tab.value === value ? 0 : -1}
          onClick={() => tab.value !== value && onChange(tab.value)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </Box>
  );
}
