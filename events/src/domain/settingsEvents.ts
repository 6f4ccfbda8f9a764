import { z } from 'zod';
import { defineEvent, isEventOf, type DataOf, type EventOf } from '../catalogue';

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

export type SystemSettingsChangedData = DataOf<typeof systemSettingsChanged>;

/** Every event of the `settings` stream. */
export type SettingsEvent = EventOf<(typeof settingsEvents)[number]>;

/** Whether a stored event is one of these (its payload then as the catalogue checked it). */
export const isSettingsEvent = isEventOf(settingsEvents);
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
export function evolveSettings(state: SystemSettings, event: SettingsEvent): SystemSettings {
  switch (event.type) {
    case 'SystemSettingsChanged': {
      const { apiKeyChanged: _apiKeyChanged, ...settings } = event.data;
      return settings;
    }
    default: {
      const unhandled: never = event.type;
      return unhandled;
    }
  }
}
