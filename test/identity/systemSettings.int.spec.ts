import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, starterRows, upload } from '../support/uploads';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from '../support/testPlatform';
import { forgetSentMails } from '@credit/command-api';

describe('System settings', () => {
  let platform: TestPlatform;
  let admin: string;
  let bank: TestInstitution;
  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Settings Bank');
  });
  afterAll(async () => platform.close());

  const read = async (token = admin) => platform.request('/api/admin/settings', { headers: bearer(token) });
  const save = (json: unknown, token = admin) => platform.request('/api/admin/settings', { method: 'PUT', headers: bearer(token), json });

  it('should answer the defaults until an administrator saves them, the first administrator as the contact', async () => {
    const response = await read();
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      adminEmail: TEST_ADMIN.email,
      defaultCurrency: 'XAF',
      dataRetentionDays: 365,
      enableBatchProcessing: true,
      apiKeySet: false,
      updatedAt: null,
    });
    expect(response.body.data).not.toHaveProperty('apiKey');
  });

  it('should save the settings as an event, keep the API key out of every answer and the log, and keep it when left blank', async () => {
    const saved = await save({
      systemName: 'Plateforme Crédit Douala',
      adminEmail: 'ops@platform.test',
      defaultCurrency: 'xof',
      dataRetentionDays: 90,
      enableNotifications: false,
      apiEndpoint: 'https://bureau.example/api',
      apiKey: 'sk-very-secret-key',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Settings saved successfully');
    expect(JSON.stringify(saved.body)).not.toContain('sk-very-secret-key');
    const [event] = await platform.store.readStream('settings');
    expect(event.type).toBe('SystemSettingsChanged');
    expect(JSON.stringify(event)).not.toContain('sk-very-secret-key');
    expect(event.data).toMatchObject({ defaultCurrency: 'XOF', dataRetentionDays: 90, apiKeyChanged: true });

    const now = await read();
    expect(now.body.data).toMatchObject({
      systemName: 'Plateforme Crédit Douala',
      defaultCurrency: 'XOF',
      apiKeySet: true,
      updatedBy: 'System Administrator',
    });
    expect(JSON.stringify(now.body)).not.toContain('sk-very-secret-key');
    expect(await platform.knex('platform_secrets').where({ name: 'integration-api-key' }).first('value')).toEqual({
      value: 'sk-very-secret-key',
    });

    const blankKey = await save({ systemName: 'Plateforme Crédit', apiKey: '' });
    expect(blankKey.status).toBe(200);
    expect((await read()).body.data).toMatchObject({ systemName: 'Plateforme Crédit', apiKeySet: true, dataRetentionDays: 90 });
    expect(await platform.knex('platform_secrets').where({ name: 'integration-api-key' }).first('value')).toEqual({
      value: 'sk-very-secret-key',
    });
    const same = await save({ systemName: 'Plateforme Crédit' });
    expect(same.body.message).toBe('Settings unchanged');
    const audit = await platform.request('/api/admin/audit?search=settings', { headers: bearer(admin) });
    expect(JSON.stringify(audit.body)).not.toContain('sk-very-secret-key');
  });

  it.each([
    [{ systemName: '  ' }, 'System name is required'],
    [{ adminEmail: 'not-an-email' }, 'Please enter a valid email address'],
    [{ defaultCurrency: 'francs' }, 'Default currency must be a 3-letter currency code such as XAF'],
    [{ dataRetentionDays: 0 }, 'Data retention days must be a whole number from 1 to 36500'],
    [{ dataRetentionDays: '' }, 'Data retention days is required'],
    [{ enableBatchProcessing: 'no' }, 'enableBatchProcessing must be true or false'],
  ])('should refuse %j with "%s"', async (json, message) => {
    expect(await save(json)).toMatchObject({ status: 400, body: { success: false, message } });
  });

  it('should keep settings to administrators', async () => {
    expect((await read(bank.token)).status).toBe(403);
    expect((await save({ systemName: 'Mine' }, bank.token)).status).toBe(403);
  });

  it('should refuse uploads with a clear message while batch processing is disabled, and take them again once enabled', async () => {
    const { headers, rows } = starterRows(3);
    expect((await save({ enableBatchProcessing: false })).status).toBe(200);
    const refused = await upload(platform, bank.token, { name: 'clients.csv', content: csvOf(headers, rows) });
    expect(refused).toMatchObject({
      status: 409,
      body: { success: false, message: 'Batch processing is currently disabled by the platform administrators. Please try again later.' },
    });
    expect((await save({ enableBatchProcessing: true })).status).toBe(200);
    expect((await upload(platform, bank.token, { name: 'clients.csv', content: csvOf(headers, rows) })).status).toBe(201);
  });

  it('should forget the recipient and body of mails sent before the retention period, keeping their rows', async () => {
    await platform.knex('mail_outbox').insert([
      {
        source: 'old-mail',
        recipient: 'old@bank.test',
        subject: 'Old',
        body: 'Old body',
        sent_at: new Date(Date.now() - 100 * 86_400_000),
      },
      { source: 'new-mail', recipient: 'new@bank.test', subject: 'New', body: 'New body', sent_at: new Date() },
    ]);
    expect(await forgetSentMails(platform.knex, 90)).toBe(1);
    expect(
      await platform
        .knex('mail_outbox')
        .whereIn('source', ['old-mail', 'new-mail'])
        .orderBy('source', 'desc')
        .select('source', 'recipient', 'body'),
    ).toEqual([
      { source: 'old-mail', recipient: '', body: '' },
      { source: 'new-mail', recipient: 'new@bank.test', body: 'New body' },
    ]);
  });

  it('should show system information: version, log head, database size, projections and their lag', async () => {
    const response = await platform.request('/api/admin/system', { headers: bearer(admin) });
    expect(response.body.data).toMatchObject({
      version: expect.any(String),
      eventStore: { position: expect.any(Number) },
      databaseBytes: expect.any(Number),
    });
    expect(response.body.data.databaseBytes).toBeGreaterThan(1_000_000);
    expect(response.body.data.projections.map((projection: { name: string }) => projection.name)).toContain('settings');
  });
});
