import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** System Settings (/admin/settings). */
export function SettingsPage() {
  return <NotBuiltYet titleKey="pages.settings" />;
}
