import type { SystemSettings } from '@credit/events';

/**
 * The settings read model's table, as `settingsProjection`'s migration creates it, and its one row
 * (absent until an administrator saves the settings).
 */
export const SYSTEM_SETTINGS = 'system_settings';

export type SettingsRow = { id: 1; settings: SystemSettings; api_key_set: boolean; updated_at: Date; updated_by: string };
