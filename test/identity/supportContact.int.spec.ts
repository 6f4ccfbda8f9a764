import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from '../support/testPlatform';

describe('The Support page contact', () => {
  let platform: TestPlatform;
  let admin: string;
  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => platform.close());

  const contact = (headers: Record<string, string> = {}) => platform.request('/api/support/contact', { headers });

  describe('When no administrator has saved the settings', () => {
    it('should answer signed out with the platform name and no email, never the first administrator’s own address', async () => {
      const response = await contact();
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ systemName: 'Credit Intelligence Platform', email: null });
      expect(JSON.stringify(response.body)).not.toContain(TEST_ADMIN.email);
    });
  });

  describe('When an administrator has saved the settings', () => {
    beforeAll(async () => {
      const saved = await platform.request('/api/admin/settings', {
        method: 'PUT',
        headers: bearer(admin),
        json: {
          systemName: 'Plateforme Crédit Yaoundé',
          adminEmail: 'assistance@credit.test',
          dataRetentionDays: 180,
          apiEndpoint: 'https://bureau.example/private',
          apiKey: 'sk-support-secret',
        },
      });
      expect(saved.status).toBe(200);
      // A signed-out read waits for nobody's writes: an administrator's read holds until the settings are projected.
      expect((await platform.request('/api/admin/settings', { headers: bearer(admin) })).body.data.adminEmail).toBe(
        'assistance@credit.test',
      );
    });

    it('should answer signed out with the saved contact and only the public fields', async () => {
      const response = await contact();
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ systemName: 'Plateforme Crédit Yaoundé', email: 'assistance@credit.test' });
      const text = JSON.stringify(response.body);
      for (const secret of ['sk-support-secret', 'bureau.example', 'dataRetentionDays', 'apiKeySet', 'updatedBy', 'System Administrator'])
        expect(text).not.toContain(secret);
    });

    it('should answer an institution the same contact', async () => {
      const bank = await approvedInstitution(platform, admin, 'Support Microfinance');
      const response = await contact(bearer(bank.token));
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ systemName: 'Plateforme Crédit Yaoundé', email: 'assistance@credit.test' });
    });
  });
});
