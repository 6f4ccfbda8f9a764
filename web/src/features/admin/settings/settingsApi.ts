import { baseApi, type Answered, type Envelope } from '../../../api/baseApi';

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'XAF', 'CAD', 'AUD'] as const;

export type SystemSettings = {
  systemName: string;
  adminEmail: string;
  defaultCurrency: string;
  dataRetentionDays: number;
  enableNotifications: boolean;
  enableAuditLogging: boolean;
  enableBatchProcessing: boolean;
  apiEndpoint: string;
};
/** What GET answers: the settings, whether an API key is set (never the key), and who saved them last. */
export type StoredSettings = SystemSettings & { apiKeySet: boolean; updatedAt: string | null; updatedBy: string | null };
export type SettingsChange = SystemSettings & { apiKey: string };

export type Projection = { name: string; position: number; behind: number; failedEvents: number; updatedAt: string };
export type SystemInformation = {
  version: string | null;
  eventStore: { position: number; hash: string };
  databaseBytes: number;
  projections: Projection[];
  failedEvents: { projection: string; position: number; eventId: string; eventType: string; reason: string; failedAt: string }[];
};

/** System settings (persisted as events) and the server's own facts (README, System settings). */
export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    systemSettings: build.query<StoredSettings, void>({
      query: () => '/admin/settings',
      transformResponse: (answer: Answered<StoredSettings>) => answer.data,
      providesTags: ['Settings'],
    }),
    saveSystemSettings: build.mutation<Envelope, SettingsChange>({
      query: (body) => ({ url: '/admin/settings', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Settings', { type: 'Audit', id: 'LIST' }]),
    }),
    systemInformation: build.query<SystemInformation, void>({
      query: () => '/admin/system',
      transformResponse: (answer: Answered<SystemInformation>) => answer.data,
    }),
  }),
});

export const { useSystemSettingsQuery, useSaveSystemSettingsMutation, useSystemInformationQuery } = settingsApi;
