import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { assertAdmin, ConflictError, SETTINGS_STREAM, ValidationError, type EventStore, type SystemSettings } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { handleCommand, loadState } from '../commandHandling';
import { answer, metadataFor } from '../http/answer';
import { asBody, emailRule, field, optionalText, required, validate, type Body } from '../http/input';
import { settingsDecider } from './decideSettings';

/** The integration API key is a secret: kept beside the session secret, never in the log nor sent back. */
const API_KEY_SECRET = 'integration-api-key';

function flag(body: Body, name: keyof SystemSettings, current: boolean): boolean {
  const value = field(body, name);
  if (value === undefined || value === null) return current;
  if (typeof value !== 'boolean') throw new ValidationError(`${name} must be true or false`);
  return value;
}

/** The settings form's fields, with its rules; a field left out keeps its current value. */
function settingsFields(body: Body, current: SystemSettings): SystemSettings {
  const text = (name: keyof SystemSettings) => optionalText(body, name)?.trim() ?? String(current[name]);
  const systemName = text('systemName');
  const adminEmail = text('adminEmail');
  const defaultCurrency = text('defaultCurrency').toUpperCase();
  const retention = field(body, 'dataRetentionDays');
  const dataRetentionText = retention === undefined || retention === null ? String(current.dataRetentionDays) : String(retention).trim();
  validate([
    ['systemName', systemName, [required('System name is required')]],
    ['adminEmail', adminEmail, [required('Admin email is required'), emailRule('Please enter a valid email address')]],
    [
      'defaultCurrency',
      defaultCurrency,
      [
        required('Default currency is required'),
        {
          fails: (value) => value !== '' && !/^[A-Z]{3}$/.test(value),
          message: 'Default currency must be a 3-letter currency code such as XAF',
        },
      ],
    ],
    [
      'dataRetentionDays',
      dataRetentionText,
      [
        required('Data retention days is required'),
        {
          fails: (value) => value !== '' && !(Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 36_500),
          message: 'Data retention days must be a whole number from 1 to 36500',
        },
      ],
    ],
  ]);
  return {
    systemName,
    adminEmail,
    defaultCurrency,
    dataRetentionDays: Number(dataRetentionText),
    enableNotifications: flag(body, 'enableNotifications', current.enableNotifications),
    enableAuditLogging: flag(body, 'enableAuditLogging', current.enableAuditLogging),
    enableBatchProcessing: flag(body, 'enableBatchProcessing', current.enableBatchProcessing),
    apiEndpoint: optionalText(body, 'apiEndpoint')?.trim() ?? current.apiEndpoint,
  };
}

/** The settings as their stream says now: the command side's only source for them. */
export async function currentSettings(store: EventStore): Promise<SystemSettings> {
  return (await loadState(store, SETTINGS_STREAM, settingsDecider)).state;
}

/** Refuses a new batch while an administrator has switched batch processing off. */
export async function assertBatchProcessingEnabled(store: EventStore): Promise<void> {
  if (!(await currentSettings(store)).enableBatchProcessing) {
    throw new ConflictError('Batch processing is currently disabled by the platform administrators. Please try again later.');
  }
}

async function saveApiKey(knex: Knex, apiKey: string): Promise<void> {
  await knex('platform_secrets').insert({ name: API_KEY_SECRET, value: apiKey }).onConflict('name').merge(['value']);
}

/** `PUT /admin/settings` (also `POST`): the system settings, saved as an event; a blank `apiKey` keeps the current one. */
export function settingsRoutes(router: Router, deps: CommandDeps): void {
  const save = async (ctx: Context) => {
    const user = assertAdmin(ctx.state.user);
    const body = asBody(ctx.request.body);
    const apiKey = optionalText(body, 'apiKey')?.trim() ?? '';
    let settings: SystemSettings | null = null;
    const { result, state } = await handleCommand(
      deps.store,
      SETTINGS_STREAM,
      settingsDecider,
      (current) => {
        settings = settingsFields(body, current);
        return { type: 'ChangeSettings' as const, settings, apiKeyChanged: apiKey !== '' };
      },
      metadataFor(ctx, user, null),
    );
    // The key is stored once its change is in the log; a failed append stores nothing.
    if (apiKey !== '' && result) await saveApiKey(deps.knex, apiKey);
    answer(ctx, result ? 'Settings saved successfully' : 'Settings unchanged', settings ?? state, result);
  };
  router.put('/admin/settings', save);
  router.post('/admin/settings', save);
}
