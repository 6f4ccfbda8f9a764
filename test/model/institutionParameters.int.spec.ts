import { institutionParametersStream } from '@credit/events';
import { approvedInstitution, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { modelClient, type ModelClient } from './modelClient';

type ParameterValue = { id: number | null; parameterId: number; value: number; isDefault: boolean; uniqueCode: number };

// Starter templates: ids 1..6 hold codes 1001..1006.
const MIN_LIMIT = 1;
const MAX_LIMIT = 2;
const MIN_RATE = 3;
const MAX_RATE = 4;
const MIN_SCORE = 5;
const USURY_CAP = 6;

describe('Institution parameter values', () => {
  let platform: TestPlatform;
  let api: ModelClient;
  let admin: string;
  let bank: TestInstitution;
  let other: TestInstitution;

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = modelClient(platform);
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque Atlantique');
    other = await approvedInstitution(platform, admin, 'Other Bank');
  });
  afterAll(async () => platform.close());

  const valuesOf = async (token: string, path: string): Promise<ParameterValue[]> => {
    const response = await api.get(token, path);
    expect(response.status).toBe(200);
    return response.body.data;
  };
  const valueFor = (values: ParameterValue[], parameterId: number) => values.find((value) => value.parameterId === parameterId);

  describe('When nothing was set yet', () => {
    it('should show every active template at its default value, on each read path', async () => {
      for (const path of [
        `/institution/getParametersForInstitution/${bank.id}`,
        `/institution/getParameters/${bank.id}`,
        '/institution/getParameters',
      ]) {
        const values = await valuesOf(bank.token, path);
        expect(values.map((value) => value.uniqueCode)).toEqual([1001, 1002, 1003, 1004, 1005, 1006]);
        expect(valueFor(values, MIN_LIMIT)).toMatchObject({
          id: null,
          value: 50_000,
          isDefault: true,
          parameter: { name: 'Minimum Credit Limit' },
        });
      }
      const posted = await api.post(bank.token, `/institution/getParametersForInstitution/${bank.id}`);
      expect(posted.status).toBe(200);
      expect(posted.body.data).toHaveLength(6);
      const history = await api.get(bank.token, '/institution/parameterHistory');
      expect(history.body).toMatchObject({ success: true, message: 'No change history available', data: [] });
    });
  });

  describe('When the institution saves its parameters', () => {
    it('should save them, flag a value outside the recommended range and record the change', async () => {
      const response = await api.post(bank.token, `/institution/setParameters/${bank.id}`, {
        parameters: [
          { parameterId: MIN_LIMIT, value: 100_000 },
          { parameterId: MIN_SCORE, value: 0.9 },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('Parameters saved successfully');
      expect(response.body.data.warnings).toEqual([
        expect.objectContaining({
          parameterId: MIN_SCORE,
          value: 0.9,
          recommendedRange: '0.20 - 0.50',
          message: expect.stringContaining('outside the recommended range'),
        }),
      ]);
      const values = await valuesOf(bank.token, '/institution/getParameters');
      expect(valueFor(values, MIN_LIMIT)).toMatchObject({
        value: 100_000,
        isDefault: false,
        userName: 'Banque Atlantique',
        id: expect.any(Number),
      });
      expect(valueFor(values, MIN_SCORE)).toMatchObject({ value: 0.9 });
      expect(valueFor(values, MAX_LIMIT)).toMatchObject({ value: 5_000_000, isDefault: true });

      const history = await api.get(bank.token, `/institution/parameterHistory/${bank.id}`);
      expect(history.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            parameterId: MIN_LIMIT,
            parameterName: 'Minimum Credit Limit',
            oldValue: null,
            newValue: 100_000,
            userName: 'Banque Atlantique',
            change: 'set',
          }),
        ]),
      );
    });

    it('should accept the body form without a path id, for the caller’s own institution', async () => {
      const response = await api.post(bank.token, '/institution/setParameters', {
        parameters: [{ parameterId: MIN_LIMIT, value: 120_000 }],
      });
      expect(response.status).toBe(200);
      expect(response.body.data.warnings).toEqual([]);
      const history = await api.get(bank.token, '/institution/parameterHistory');
      expect(history.body.data[0]).toMatchObject({ parameterId: MIN_LIMIT, oldValue: 100_000, newValue: 120_000 });
    });

    it.each([
      ['page=1.5', 'page must be a whole number from 1'],
      ['page=99999999999999999999', 'page must be a whole number from 1'],
      ['limit=1.5', 'limit must be a whole number from 1 to 500'],
      ['limit=501', 'limit must be a whole number from 1 to 500'],
    ])('should page the change history in whole pages only, refusing %s', async (query, message) => {
      const history = await api.get(bank.token, `/institution/parameterHistory?${query}`);
      expect([history.status, history.body.message]).toEqual([400, message]);
      expect((await api.get(bank.token, '/institution/parameterHistory?page=1&limit=1')).body.data).toHaveLength(1);
    });

    it.each([
      [{ parameters: [] }, 'parameters must be a non-empty list of parameterId and value'],
      [{ parameters: [{ parameterId: MIN_LIMIT }] }, 'Institution value is required'],
      [{ parameters: [{ parameterId: MIN_LIMIT, value: 'lots' }] }, 'Institution value must be a valid number'],
    ])('should refuse %j', async (json, message) => {
      const response = await api.post(bank.token, '/institution/setParameters', json);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });
  });

  describe('When a new institution first saves the whole form, changing one value', () => {
    it('should record exactly that one change and keep the others at their unstored defaults', async () => {
      const newcomer = await approvedInstitution(platform, admin, 'Caisse Nouvelle');
      const before = await valuesOf(newcomer.token, '/institution/getParameters');
      const response = await api.post(newcomer.token, '/institution/setParameters', {
        parameters: before.map(({ parameterId, value }) => ({ parameterId, value: parameterId === MAX_LIMIT ? 6_000_000 : value })),
      });
      expect([response.status, response.body.message]).toEqual([200, 'Parameters saved successfully']);

      const history = await api.get(newcomer.token, '/institution/parameterHistory');
      expect(history.body.data).toEqual([
        expect.objectContaining({ parameterId: MAX_LIMIT, oldValue: null, newValue: 6_000_000, change: 'set' }),
      ]);
      const after = await valuesOf(newcomer.token, '/institution/getParameters');
      expect(after.map(({ parameterId, value, isDefault }) => [parameterId, value, isDefault])).toEqual(
        before.map(({ parameterId, value }) => (parameterId === MAX_LIMIT ? [parameterId, 6_000_000, false] : [parameterId, value, true])),
      );

      const again = await api.post(newcomer.token, '/institution/setParameters', {
        parameters: after.map(({ parameterId, value }) => ({ parameterId, value })),
      });
      expect([again.status, again.body.message]).toEqual([200, 'Parameters saved successfully']);
      expect((await api.get(newcomer.token, '/institution/parameterHistory')).body.data).toHaveLength(1);
      const recorded = await platform.store.readStream(institutionParametersStream(newcomer.id));
      expect(recorded.map((event) => event.type)).toEqual(['InstitutionParametersSet', 'InstitutionParametersConfirmed']);
    });
  });

  describe('When a new institution reviews the defaults and saves them unchanged', () => {
    it('should record one confirmation, audited, with no history line and no value stored', async () => {
      const newcomer = await approvedInstitution(platform, admin, 'Caisse Prudente');
      const before = await valuesOf(newcomer.token, '/institution/getParameters');
      expect(before.every((value) => value.isDefault)).toBe(true);
      const response = await api.post(newcomer.token, '/institution/setParameters', {
        parameters: before.map(({ parameterId, value }) => ({ parameterId, value })),
      });
      expect([response.status, response.body.message]).toEqual([200, 'Parameters saved successfully']);
      expect(typeof response.body.position).toBe('number');

      const recorded = await platform.store.readStream(institutionParametersStream(newcomer.id));
      expect(recorded.map((event) => [event.type, event.data, event.metadata.actor.role])).toEqual([
        ['InstitutionParametersConfirmed', { institutionId: newcomer.id }, 'institution'],
      ]);
      expect((await api.get(newcomer.token, '/institution/parameterHistory')).body.data).toEqual([]);
      expect(await valuesOf(newcomer.token, '/institution/getParameters')).toEqual(before);
      expect(await platform.knex('institution_parameter_values').where({ institution_id: newcomer.id })).toEqual([]);

      const dashboard = await api.get(newcomer.token, '/institution/dashboard');
      expect(dashboard.body.data.recentActivity).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'view',
            description: `Confirmed the parameter values of institution REG-${newcomer.id} as they stand`,
          }),
        ]),
      );
    });

    it('should confirm nothing for a reset when every value is already its default', async () => {
      const newcomer = await approvedInstitution(platform, admin, 'Caisse Tranquille');
      const reset = await api.post(newcomer.token, '/institution/resetParameters');
      expect([reset.status, reset.body.message]).toEqual([200, 'Parameters reset to defaults']);
      expect(await platform.store.readStream(institutionParametersStream(newcomer.id))).toEqual([]);
    });
  });

  describe('When a value is beyond what the engine can hold', () => {
    it.each([
      [MAX_LIMIT, 1e20, 'Maximum Credit Limit must be between 0 and 1,000,000,000,000 XAF'],
      [MIN_LIMIT, -1, 'Minimum Credit Limit must be between 0 and 1,000,000,000,000 XAF'],
      [MAX_RATE, 1e6, 'Maximum Interest Rate must be between 0 and 100 (% a year)'],
      [MIN_RATE, -0.5, 'Minimum Interest Rate must be between 0 and 100 (% a year)'],
      [MIN_SCORE, 1.5, 'Minimum Score for Credit must be between 0 and 1'],
      [USURY_CAP, 101, 'Usury Rate Cap (TEG) must be between 0 and 100 (% a year)'],
    ])('should refuse template %i = %d with a 400 naming the parameter', async (parameterId, value, message) => {
      const before = await valuesOf(bank.token, '/institution/getParameters');
      const response = await api.post(bank.token, '/institution/setParameters', { parameters: [{ parameterId, value }] });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      const single = await api.put(admin, `/institution/updateParameter/${parameterId}`, { institutionId: bank.id, value });
      expect(single.status).toBe(400);
      expect(single.body.message).toBe(message);
      expect(await valuesOf(bank.token, '/institution/getParameters')).toEqual(before);
    });

    it('should accept the bounds themselves, with only a recommended-range warning', async () => {
      const response = await api.post(admin, `/institution/setParameters/${other.id}`, {
        parameters: [
          { parameterId: MAX_LIMIT, value: 1e12 },
          { parameterId: MAX_RATE, value: 100 },
          { parameterId: MIN_SCORE, value: 0 },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.data.warnings.map((warning: { parameterId: number }) => warning.parameterId)).toContain(MAX_LIMIT);
    });
  });

  describe('When a minimum would exceed its maximum', () => {
    it('should refuse both values sent together', async () => {
      const response = await api.post(bank.token, '/institution/setParameters', {
        parameters: [
          { parameterId: MIN_RATE, value: 30 },
          { parameterId: MAX_RATE, value: 20 },
        ],
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Minimum Interest Rate (30) cannot be greater than Maximum Interest Rate (20)');
    });

    it('should never let two requests sent at once invert a pair between them', async () => {
      for (let round = 0; round < 5; round++) {
        const [minimum, maximum] = await Promise.all([
          api.post(other.token, '/institution/setParameters', { parameters: [{ parameterId: MIN_LIMIT, value: 3_000_000 }] }),
          api.post(other.token, '/institution/setParameters', { parameters: [{ parameterId: MAX_LIMIT, value: 2_000_000 }] }),
        ]);
        expect([minimum.status, maximum.status].sort()).toEqual([200, 400]);
        const values = await valuesOf(other.token, '/institution/getParameters');
        expect(valueFor(values, MIN_LIMIT)?.value).toBeLessThanOrEqual(valueFor(values, MAX_LIMIT)?.value as number);
        const back = await api.post(other.token, '/institution/setParameters', {
          parameters: [
            { parameterId: MIN_LIMIT, value: 50_000 },
            { parameterId: MAX_LIMIT, value: 5_000_000 },
          ],
        });
        expect(back.status).toBe(200);
      }
    });

    it('should refuse a value against the stored or default one, and accept raising both together', async () => {
      const stored = await api.post(bank.token, '/institution/setParameters', {
        parameters: [{ parameterId: MAX_LIMIT, value: 2_000_000 }],
      });
      expect(stored.status).toBe(200);
      const minimum = await api.post(bank.token, '/institution/setParameters', {
        parameters: [{ parameterId: MIN_LIMIT, value: 3_000_000 }],
      });
      expect(minimum.status).toBe(400);
      expect(minimum.body.message).toBe('Minimum Credit Limit (3,000,000) cannot be greater than Maximum Credit Limit (2,000,000)');
      const byDefault = await api.post(bank.token, '/institution/setParameters', { parameters: [{ parameterId: MIN_RATE, value: 25 }] });
      expect(byDefault.status).toBe(400);
      expect(byDefault.body.message).toBe('Minimum Interest Rate (25) cannot be greater than Maximum Interest Rate (24)');
      const both = await api.post(bank.token, '/institution/setParameters', {
        parameters: [
          { parameterId: MIN_LIMIT, value: 3_000_000 },
          { parameterId: MAX_LIMIT, value: 6_000_000 },
        ],
      });
      expect(both.status).toBe(200);
      const restored = await api.post(bank.token, '/institution/setParameters', {
        parameters: [
          { parameterId: MIN_LIMIT, value: 120_000 },
          { parameterId: MAX_LIMIT, value: 5_000_000 },
        ],
      });
      expect(restored.status).toBe(200);
    });
  });

  describe('When an institution reaches for another institution’s values', () => {
    it('should get 403 on every path', async () => {
      const token = other.token;
      const attempts = await Promise.all([
        api.get(token, `/institution/getParametersForInstitution/${bank.id}`),
        api.post(token, `/institution/getParametersForInstitution/${bank.id}`),
        api.get(token, `/institution/getParameters/${bank.id}`),
        api.get(token, `/institution/parameterHistory/${bank.id}`),
        api.post(token, `/institution/setParameters/${bank.id}`, { parameters: [{ parameterId: MIN_LIMIT, value: 1 }] }),
        api.post(token, '/institution/setParameters', { institutionId: bank.id, parameters: [{ parameterId: MIN_LIMIT, value: 1 }] }),
        api.put(token, `/institution/updateParameter/${MIN_LIMIT}`, { institutionId: bank.id, parameterId: MIN_LIMIT, value: 1 }),
        api.post(token, `/institution/resetParameters/${bank.id}`),
      ]);
      for (const response of attempts) expect(response.status).toBe(403);
      const ownValueId = valueFor(await valuesOf(bank.token, '/institution/getParameters'), MIN_LIMIT)?.id;
      expect((await api.put(token, `/institution/updateParameterValue/${ownValueId}`, { value: 1 })).status).toBe(403);
      expect((await api.delete(token, `/institution/deleteParameter/${ownValueId}`)).status).toBe(403);
      expect(valueFor(await valuesOf(bank.token, '/institution/getParameters'), MIN_LIMIT)?.value).toBe(120_000);
    });
  });

  describe('When an admin edits an institution’s values', () => {
    it('should set one value by template, then by value id, and see inactive templates', async () => {
      const byTemplate = await api.put(admin, `/institution/updateParameter/${MAX_LIMIT}`, {
        institutionId: bank.id,
        parameterId: MAX_LIMIT,
        value: 8_000_000,
      });
      expect(byTemplate.status).toBe(200);
      expect(byTemplate.body.message).toBe('Parameter updated successfully');
      const valueId = byTemplate.body.data.parameters[0].id;

      const byId = await api.put(admin, `/institution/updateParameterValue/${valueId}`, { value: 9_000_000 });
      expect(byId.status).toBe(200);
      expect(byId.body.message).toBe('Parameters updated successfully');
      const values = await valuesOf(admin, `/institution/getParametersForInstitution/${bank.id}`);
      expect(valueFor(values, MAX_LIMIT)).toMatchObject({ id: valueId, value: 9_000_000, userName: 'System Administrator' });

      const history = await api.get(admin, `/institution/parameterHistory/${bank.id}`);
      expect(history.body.data[0]).toMatchObject({
        parameterId: MAX_LIMIT,
        oldValue: 8_000_000,
        newValue: 9_000_000,
        changedBy: { role: 'admin' },
      });
    });

    it('should need an institution id when the admin names none', async () => {
      const response = await api.post(admin, '/institution/setParameters', { parameters: [{ parameterId: MIN_LIMIT, value: 1 }] });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Institution ID is required');
    });

    it('should refuse an institution that does not exist', async () => {
      const response = await api.post(admin, '/institution/setParameters/99999', { parameters: [{ parameterId: MIN_LIMIT, value: 1 }] });
      expect(response.status).toBe(404);
    });

    it('should list every institution’s saved values on /institution/getParameters', async () => {
      const values = await valuesOf(admin, '/institution/getParameters');
      expect(values).toEqual(
        expect.arrayContaining([expect.objectContaining({ institutionId: bank.id, parameterId: MAX_LIMIT, value: 9_000_000 })]),
      );
    });
  });

  describe('When a template is inactive', () => {
    it('should be hidden from the institution and not settable by it', async () => {
      const created = await api.post(admin, '/parameter/create', {
        name: 'Grace period',
        description: 'Months before the first repayment',
        uniqueCode: 2101,
        recommendedRange: '0-6',
        impact: 'low',
        isActive: false,
      });
      const hidden = created.body.data.id;
      const values = await valuesOf(bank.token, '/institution/getParameters');
      expect(values.map((value) => value.parameterId)).not.toContain(hidden);
      const refused = await api.post(bank.token, '/institution/setParameters', { parameters: [{ parameterId: hidden, value: 2 }] });
      expect(refused.status).toBe(404);
      const byAdmin = await api.post(admin, `/institution/setParameters/${bank.id}`, { parameters: [{ parameterId: hidden, value: 2 }] });
      expect(byAdmin.status).toBe(200);
    });
  });

  describe('When values are deleted or reset', () => {
    it('should delete one value so the default applies again', async () => {
      const before = valueFor(await valuesOf(bank.token, '/institution/getParameters'), MIN_SCORE);
      const response = await api.delete(bank.token, `/institution/deleteParameter/${before?.id}`);
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('Parameter deleted successfully');
      expect(valueFor(await valuesOf(bank.token, '/institution/getParameters'), MIN_SCORE)).toMatchObject({
        value: 0.3,
        isDefault: true,
        id: null,
      });
      expect((await api.delete(bank.token, `/institution/deleteParameter/${before?.id}`)).status).toBe(404);
      const history = await api.get(bank.token, '/institution/parameterHistory');
      expect(history.body.data[0]).toMatchObject({ parameterId: MIN_SCORE, oldValue: 0.9, newValue: null, change: 'removed' });
    });

    it('should reset every active template to its default value, not to 0', async () => {
      const response = await api.post(bank.token, `/institution/resetParameters/${bank.id}`);
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('Parameters reset to defaults');
      const values = await valuesOf(bank.token, '/institution/getParameters');
      expect(Object.fromEntries(values.map((value) => [value.uniqueCode, value.value]))).toEqual({
        1001: 50_000,
        1002: 5_000_000,
        1003: 8,
        1004: 24,
        1005: 0.3,
        1006: 0,
      });
      const history = await api.get(bank.token, '/institution/parameterHistory');
      expect(history.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ parameterId: MIN_LIMIT, oldValue: 120_000, newValue: 50_000, change: 'reset' }),
          expect.objectContaining({ parameterId: MAX_LIMIT, oldValue: 9_000_000, newValue: 5_000_000, change: 'reset' }),
        ]),
      );
      const again = await api.post(bank.token, '/institution/resetParameters');
      expect(again.status).toBe(200);
      expect(again.body.position).toBeUndefined();
    });
  });
});
