import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlFilters } from '../../../shared/useUrlFilters';
import { ViewTabs } from '../../../shared/ViewTabs';

export const FORMULA_TABS = ['categories', 'variables', 'parameters'] as const;
export type FormulaTab = (typeof FORMULA_TABS)[number];

type Props = { panels: Record<FormulaTab, ReactNode> };

/** The formula screen's three tabs; the open one lives in the URL (?tab=), so it survives a refresh and can be shared. */
export function FormulaTabs({ panels }: Props) {
  const { t } = useTranslation();
  const url = useUrlFilters();
  const open = url.oneOf('tab', FORMULA_TABS, 'categories');
  const choose = (tab: FormulaTab) => url.set({ tab });
  return (
    <>
      <ViewTabs
        label={t('admin.formula.tabsLabel')}
        value={open}
        tabs={FORMULA_TABS.map((tab) => ({
          value: tab,
          label: t(`admin.formula.tabs.${tab}`),
          id: `formula-tab-${tab}`,
          controls: `formula-panel-${tab}`,
        }))}
        onChange={choose}
        sx={{ mb: 2 }}
      />
      <Box role="tabpanel" id={`formula-panel-${open}`} aria-labelledby={`formula-tab-${open}`}>
        {panels[open]}
      </Box>
    </>
  );
}
