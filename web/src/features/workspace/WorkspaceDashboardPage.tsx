import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Workspace Dashboard (/workspace-dashboard): its figures arrive with issue 11. */
export function WorkspaceDashboardPage() {
  return <NotBuiltYet titleKey="pages.workspaceDashboard" />;
}
