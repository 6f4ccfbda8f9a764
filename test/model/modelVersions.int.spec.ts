import { ensureStarterModel } from '@credit/command-api';
import { SCORING_MODEL_STREAM } from '@credit/events';
import { loadInstitutionParametersAsOf, loadModelAsOf } from '@credit/projectors';
import { compileModel } from '@credit/scoring';
import { approvedInstitution, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { category, modelClient, type ModelClient } from './modelClient';

describe('Model versions from the log', () => {
  let platform: TestPlatform;
  let api: ModelClient;
  let admin: string;
  let bank: TestInstitution;

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = modelClient(platform);
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin);
  });
  afterAll(async () => platform.close());

  describe('When the platform starts on an empty log', () => {
    it('should have seeded the starter model once, as system events', async () => {
      const events = await platform.store.readStream(SCORING_MODEL_STREAM);
      expect(events).toHaveLength(5 + 13 + 6);
      expect(new Set(events.map((event) => event.metadata.actor.role))).toEqual(new Set(['system']));
      expect(await ensureStarterModel(platform.store)).toEqual({ seeded: false });
      expect(await platform.store.readStream(SCORING_MODEL_STREAM)).toHaveLength(events.length);
    });

    it('should give a snapshot the engine compiles, with the six parameter templates', async () => {
      const head = (await platform.store.head()).position;
      const { snapshot, hash, version } = await loadModelAsOf(platform.store, head);
      expect(version).toBe(head);
      expect(snapshot.version).toBe(head);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(snapshot.categories.map((c) => c.name)).toEqual(['Character', 'Capacity', 'Capital', 'Collateral', 'Conditions']);
      expect(snapshot.variables).toHaveLength(13);
      expect(snapshot.parameterTemplates.map((t) => t.uniqueCode)).toEqual([1001, 1002, 1003, 1004, 1005, 1006]);
      const compiled = compileModel(snapshot);
      expect(compiled.parameters).toEqual({
        minimumCreditLimit: 50_000,
        maximumCreditLimit: 5_000_000,
        minimumInterestRate: 8,
        maximumInterestRate: 24,
        minimumScoreForCredit: 0.3,
        usuryRateCap: 0,
      });
      expect((await loadModelAsOf(platform.store, 0)).snapshot.categories).toEqual([]);
    });
  });

  describe('When the model changes after a position', () => {
    it('should leave the snapshot at that position untouched', async () => {
      const before = (await platform.store.head()).position;
      const atBefore = await loadModelAsOf(platform.store, before);

      const updated = await api.put(
        admin,
        '/variableCategory/update/2',
        category({ name: 'Capacity', creditLimitWeight: 45, interestRateWeight: 25 }),
      );
      expect(updated.status).toBe(200);
      const added = await api.post(admin, '/parameter/create', {
        name: 'Late fee',
        description: 'Flat fee per late repayment',
        uniqueCode: 4001,
        recommendedRange: '0-10000',
        impact: 'low',
      });
      expect(added.status).toBe(201);
      const after = added.body.position as number;

      const again = await loadModelAsOf(platform.store, before);
      expect(again.hash).toBe(atBefore.hash);
      expect(again.snapshot.categories.find((c) => c.id === 2)?.creditLimitWeight).toBe(30);
      expect(again.snapshot.parameterTemplates).toHaveLength(6);

      const latest = await loadModelAsOf(platform.store, after);
      expect(latest.hash).not.toBe(atBefore.hash);
      expect(latest.snapshot.categories.find((c) => c.id === 2)?.creditLimitWeight).toBe(45);
      expect(latest.snapshot.parameterTemplates.map((t) => t.uniqueCode)).toContain(4001);

      const between = await loadModelAsOf(platform.store, updated.body.position);
      expect(between.snapshot.categories.find((c) => c.id === 2)?.creditLimitWeight).toBe(45);
      expect(between.snapshot.parameterTemplates).toHaveLength(6);
    });
  });

  describe('When an institution’s values change after a position', () => {
    it('should give the values as they stood at each position, in the shape compileModel takes', async () => {
      const first = await api.post(bank.token, '/institution/setParameters', { parameters: [{ parameterId: 1, value: 75_000 }] });
      const second = await api.post(bank.token, '/institution/setParameters', {
        parameters: [
          { parameterId: 1, value: 90_000 },
          { parameterId: 6, value: 27 },
        ],
      });
      const values = await api.get(bank.token, '/institution/getParameters');
      const valueId = values.body.data.find((value: { parameterId: number }) => value.parameterId === 1).id;
      const removed = await api.delete(bank.token, `/institution/deleteParameter/${valueId}`);
      expect(removed.status).toBe(200);

      const at = (position: number) => loadInstitutionParametersAsOf(platform.store, bank.id, position);
      expect(await at(first.body.position - 1)).toEqual({ byTemplateId: {} });
      expect(await at(first.body.position)).toEqual({ byTemplateId: { 1: 75_000 } });
      expect(await at(second.body.position)).toEqual({ byTemplateId: { 1: 90_000, 6: 27 } });
      expect(await at(removed.body.position)).toEqual({ byTemplateId: { 6: 27 } });

      const { snapshot } = await loadModelAsOf(platform.store, second.body.position);
      const compiled = compileModel(snapshot, await at(second.body.position));
      expect(compiled.parameters).toMatchObject({ minimumCreditLimit: 90_000, usuryRateCap: 27 });
      expect(compileModel(snapshot, await at(removed.body.position)).parameters.minimumCreditLimit).toBe(50_000);
    });
  });
});
