import { z } from 'zod';
import { defineEvent } from '../catalogue';
import type { RecordedEvent } from '../eventStore';

/** The platform's system settings: one stream, changed by administrators. */
export const SETTINGS_STREAM = 'settings';

const settingsFields = {
  systemName: z.string().min(1),
  adminEmail: z.string().email(),
  /** ISO 4217 code the screens show amounts in (scoring is in XAF). */
  defaultCurrency: z.string().regex(/^[A-Z]{3}$/),
  /** Operational data (sent mails, failed sign-in attempts) is forgotten after this many days; the event log never is. */
  dataRetentionDays: z.number().int().min(1).max(36_500),
  enableNotifications: z.boolean(),
  enableAuditLogging: z.boolean(),
  enableBatchProcessing: z.boolean(),
  apiEndpoint: z.string(),
};

/**
 * The settings as saved. The API key itself is a secret kept on the command side, never in the log:
 * the event only says whether it changed.
 */
export const systemSettingsChanged = defineEvent('SystemSettingsChanged', z.object({ ...settingsFields, apiKeyChanged: z.boolean() }));

export const settingsEvents = [systemSettingsChanged];

export type SystemSettingsChangedData = z.infer<typeof systemSettingsChanged.schema>;
export type SystemSettings = Omit<SystemSettingsChangedData, 'apiKeyChanged'>;

/** What a platform that was never configured runs with. */
export const DEFAULT_SETTINGS: SystemSettings = {
  systemName: 'Credit Intelligence Platform',
  adminEmail: 'admin@localhost.localdomain',
  defaultCurrency: 'XAF',
  dataRetentionDays: 365,
  enableNotifications: true,
  enableAuditLogging: true,
  enableBatchProcessing: true,
  apiEndpoint: '',
};

/** The one fold of the settings stream, for the command side and the projection alike. */
export function evolveSettings(state: SystemSettings, event: Pick<RecordedEvent, 'type' | 'data'>): SystemSettings {
  if (event.type !== systemSettingsChanged.type) return state;
  const { apiKeyChanged: _apiKeyChanged, ...settings } = event.data as SystemSettingsChangedData;
  return settings;
}
