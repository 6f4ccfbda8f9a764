import { SCORING_MODEL_STREAM, institutionParametersStream } from '@credit/events';
import { approvedInstitution, bearer, signedInAuditor, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { modelClient, type ModelClient } from '../model/modelClient';

// Starter model: Character holds variables 1 (Repayment history, 50), 2 (Years as client, 30) and 3 (Days past due, 20);
// templates 1..6 hold codes 1001..1006, template 2 the Maximum Credit Limit (5 000 000 by default).
const YEARS_AS_CLIENT = 2;
const DAYS_PAST_DUE = 3;
const MAX_LIMIT = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Named = { id: number; name: string; proportion: number };
type ParameterValue = { id: number; value: number; ownValue: number | null; defaultValue: number };

describe('Time travel', () => {
  let platform: TestPlatform;
  let api: ModelClient;
  let admin: string;
  let bank: TestInstitution;
  let beforeChange: string;
  let positionBefore: number;
  let changedAt: number;

  const get = (token: string, path: string) => platform.request(`/api${path}`, { headers: bearer(token) });
  const proportionOf = (model: { variables: Named[] }, id: number) => model.variables.find((variable) => variable.id === id)?.proportion;

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = modelClient(platform);
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque du Temps');
    positionBefore = (await platform.store.head()).position;
    // Positions carry the millisecond they were recorded at: the moment asked for lies strictly between two appends.
    await pause(5);
    beforeChange = new Date().toISOString();
    await pause(5);
    const changed = await api.put(admin, `/variable/update/${YEARS_AS_CLIENT}`, {
      variableProportion: 40,
      redistributeProportions: [{ variableId: DAYS_PAST_DUE, proportion: 10 }],
    });
    expect(changed.status).toBe(200);
    changedAt = changed.body.position;
  });
  afterAll(async () => platform.close());

  describe("When the model is asked for as it stood before a variable's proportion changed", () => {
    it('should show the old proportion at the position before and at the date-time before, the new one now', async () => {
      const atPosition = await get(admin, `/admin/compliance/model?position=${positionBefore}`);
      expect(atPosition.status).toBe(200);
      expect(atPosition.body.data.moment).toEqual({ requested: String(positionBefore), position: positionBefore, at: null });
      expect(proportionOf(atPosition.body.data, YEARS_AS_CLIENT)).toBe(30);
      expect(proportionOf(atPosition.body.data, DAYS_PAST_DUE)).toBe(20);

      const atDate = await get(admin, `/admin/compliance/model?at=${encodeURIComponent(beforeChange)}`);
      expect(atDate.body.data.moment).toEqual({ requested: beforeChange, position: positionBefore, at: beforeChange });
      expect(proportionOf(atDate.body.data, YEARS_AS_CLIENT)).toBe(30);
      expect(atDate.body.data.hash).toBe(atPosition.body.data.hash);

      const now = await get(admin, '/admin/compliance/model');
      expect(now.body.data.moment.position).toBeGreaterThanOrEqual(changedAt);
      expect(proportionOf(now.body.data, YEARS_AS_CLIENT)).toBe(40);
      expect(proportionOf(now.body.data, DAYS_PAST_DUE)).toBe(10);
      expect(now.body.data.hash).not.toBe(atPosition.body.data.hash);
      expect(now.body.data.lastChange).toMatchObject({ position: changedAt, actor: { role: 'admin' } });
    });

    it('should give the whole model: categories, variables with formulas and mappings, parameter templates', async () => {
      const { data } = (await get(admin, `/admin/compliance/model?position=${positionBefore}`)).body;
      expect(data.categories.map((category: { name: string }) => category.name)).toEqual([
        'Character',
        'Capacity',
        'Capital',
        'Collateral',
        'Conditions',
      ]);
      expect(data.variables).toHaveLength(13);
      expect(
        data.variables.find((variable: { responseType: string }) => variable.responseType === 'categorical').categoryMappings.length,
      ).toBeGreaterThan(0);
      expect(data.variables[0]).toHaveProperty('normalisationFormula');
      expect(data.parameterTemplates.map((template: { uniqueCode: number }) => template.uniqueCode)).toEqual([
        1001, 1002, 1003, 1004, 1005, 1006,
      ]);
    });

    it('should resolve a date to the last position recorded at or before it, a bare date to the end of that day', async () => {
      const early = await get(admin, '/admin/compliance/model?at=1999-12-31');
      expect(early.body.data).toMatchObject({ moment: { position: 0, at: '1999-12-31T23:59:59.999Z' }, categories: [], variables: [] });
      const today = new Date().toISOString().slice(0, 10);
      const wholeDay = await get(admin, `/admin/compliance/model?at=${today}`);
      expect(wholeDay.body.data.moment.position).toBeGreaterThanOrEqual(changedAt);
      const first = (await platform.store.readAll({ maxCount: 1 })).events[0];
      const atFirst = await get(admin, `/admin/compliance/model?at=${encodeURIComponent(first.recordedAt)}`);
      expect(atFirst.body.data.moment.position).toBeGreaterThanOrEqual(first.position);
    });
  });

  describe('When the difference between two moments is asked for', () => {
    it('should show the proportions changed field by field, by whom and when', async () => {
      const response = await get(admin, `/admin/compliance/model/diff?from=${encodeURIComponent(beforeChange)}&to=now`);
      expect(response.status).toBe(200);
      const { from, to, sections, history } = response.body.data;
      expect(from).toMatchObject({ position: positionBefore, at: beforeChange });
      expect(to.position).toBeGreaterThanOrEqual(changedAt);
      expect(sections.categories).toEqual({ added: [], removed: [], changed: [] });
      expect(sections.parameterTemplates).toEqual({ added: [], removed: [], changed: [] });
      expect(sections.variables.added).toEqual([]);
      expect(sections.variables.removed).toEqual([]);

      const events = (await platform.store.readStream(SCORING_MODEL_STREAM)).filter((event) => event.position > positionBefore);
      expect(events.length).toBeGreaterThan(0);
      const authorOf = (position: number) => {
        const event = events.find((candidate) => candidate.position === position)!;
        return {
          position,
          type: event.type,
          recordedAt: event.recordedAt,
          occurredAt: event.metadata.occurredAt,
          actor: event.metadata.actor,
        };
      };
      const [years, days] = sections.variables.changed;
      expect(years).toMatchObject({
        id: YEARS_AS_CLIENT,
        name: 'Years as client',
        before: { proportion: 30 },
        after: { proportion: 40 },
        fields: [{ field: 'proportion', before: 30, after: 40 }],
      });
      expect(days).toMatchObject({ id: DAYS_PAST_DUE, fields: [{ field: 'proportion', before: 20, after: 10 }] });
      for (const change of [years, days]) {
        expect(change.by.length).toBeGreaterThan(0);
        for (const by of change.by) {
          expect(by).toEqual(authorOf(by.position));
          expect(by.actor).toMatchObject({ role: 'admin', id: expect.any(String), name: expect.any(String) });
          expect(by.position).toBeLessThanOrEqual(changedAt);
        }
      }
      expect(history.flatMap((entry: { touched: { id: number }[] }) => entry.touched.map((touched) => touched.id)).sort()).toEqual([
        YEARS_AS_CLIENT,
        DAYS_PAST_DUE,
      ]);
    });

    it('should show nothing between two moments with no change between them, and refuse a from after the to', async () => {
      const starterSeeded = (await platform.store.readStream(SCORING_MODEL_STREAM))
        .filter((event) => event.position <= positionBefore)
        .at(-1)!;
      const none = await get(admin, `/admin/compliance/model/diff?from=${starterSeeded.position}&to=${positionBefore}`);
      expect(none.body.data.sections.variables).toEqual({ added: [], removed: [], changed: [] });
      expect(none.body.data.history).toEqual([]);
      const backwards = await get(admin, `/admin/compliance/model/diff?from=${changedAt}&to=${positionBefore}`);
      expect(backwards).toMatchObject({ status: 400, body: { success: false, message: 'from must not be after to' } });
      expect((await get(admin, '/admin/compliance/model/diff')).body.message).toBe('from is required');
    });

    it('should show the starter model added by the system actor from the empty log', async () => {
      const { sections } = (await get(admin, `/admin/compliance/model/diff?from=0&to=${positionBefore}`)).body.data;
      expect(sections.variables.added).toHaveLength(13);
      expect(sections.categories.added[0].by[0].actor).toMatchObject({ role: 'system' });
    });
  });

  describe("When an institution's parameters are asked for before and after a change", () => {
    let beforeValue: number;
    let setAt: number;

    beforeAll(async () => {
      beforeValue = (await platform.store.head()).position;
      const set = await api.post(admin, `/institution/setParameters/${bank.id}`, {
        parameters: [{ parameterId: MAX_LIMIT, value: 4_000_000 }],
      });
      expect(set.status).toBe(200);
      setAt = set.body.position;
    });

    const maxLimitOf = (data: { parameters: ParameterValue[] }) => data.parameters.find((parameter) => parameter.id === MAX_LIMIT);

    it('should show the default before and the own value after', async () => {
      const before = await get(admin, `/admin/compliance/institutions/${bank.id}/parameters?position=${beforeValue}`);
      expect(before.status).toBe(200);
      expect(before.body.data).toMatchObject({ institutionId: bank.id, moment: { position: beforeValue }, lastChange: null });
      expect(maxLimitOf(before.body.data)).toMatchObject({ value: 5_000_000, ownValue: null, defaultValue: 5_000_000, uniqueCode: 1002 });
      expect(before.body.data.parameters).toHaveLength(6);
      const now = await get(admin, `/admin/compliance/institutions/${bank.id}/parameters`);
      expect(maxLimitOf(now.body.data)).toMatchObject({ value: 4_000_000, ownValue: 4_000_000, defaultValue: 5_000_000 });
      expect(now.body.data.lastChange).toMatchObject({ position: setAt, type: 'InstitutionParametersSet', actor: { role: 'admin' } });
    });

    it('should show the change with who made it and when', async () => {
      const response = await get(admin, `/admin/compliance/institutions/${bank.id}/parameters/diff?from=${beforeValue}&to=${setAt}`);
      expect(response.status).toBe(200);
      const [event] = (await platform.store.readStream(institutionParametersStream(bank.id))).filter(
        (candidate) => candidate.position === setAt,
      );
      expect(response.body.data.sections.parameters).toEqual({
        added: [],
        removed: [],
        changed: [
          expect.objectContaining({
            id: MAX_LIMIT,
            fields: [
              { field: 'value', before: 5_000_000, after: 4_000_000 },
              { field: 'ownValue', before: null, after: 4_000_000 },
            ],
            by: [
              {
                position: setAt,
                type: 'InstitutionParametersSet',
                recordedAt: event.recordedAt,
                occurredAt: event.metadata.occurredAt,
                actor: event.metadata.actor,
              },
            ],
          }),
        ],
      });
    });

    it('should not take a save that kept the values as they stood for a change of them', async () => {
      const kept = await api.post(admin, `/institution/setParameters/${bank.id}`, {
        parameters: [{ parameterId: MAX_LIMIT, value: 4_000_000 }],
      });
      expect(kept.status).toBe(200);
      const confirmedAt = kept.body.position as number;
      expect(confirmedAt).toBeGreaterThan(setAt);
      const now = await get(admin, `/admin/compliance/institutions/${bank.id}/parameters`);
      expect(now.body.data.lastChange).toMatchObject({ position: setAt, type: 'InstitutionParametersSet' });
      const diff = await get(admin, `/admin/compliance/institutions/${bank.id}/parameters/diff?from=${setAt}&to=${confirmedAt}`);
      expect(diff.status).toBe(200);
      expect(diff.body.data.history).toEqual([]);
      expect(diff.body.data.sections.parameters).toEqual({ added: [], removed: [], changed: [] });
    });

    it('should answer 404 for an institution that does not exist, and 400 for a position past the head', async () => {
      expect((await get(admin, '/admin/compliance/institutions/999999/parameters')).status).toBe(404);
      const head = (await platform.store.head()).position;
      const past = await get(admin, `/admin/compliance/institutions/${bank.id}/parameters?position=${head + 1000}`);
      expect(past).toMatchObject({ status: 400, body: { message: `position is past the log's head (position ${head})` } });
      expect((await get(admin, '/admin/compliance/model?at=yesterday')).status).toBe(400);
      expect((await get(admin, '/admin/compliance/model?at=now&position=3')).status).toBe(400);
    });
  });

  describe('When someone other than a platform account asks', () => {
    const paths = () => [
      '/admin/compliance/model',
      '/admin/compliance/model/diff?from=0',
      `/admin/compliance/institutions/${bank.id}/parameters`,
      `/admin/compliance/institutions/${bank.id}/parameters/diff?from=0`,
    ];

    it('should refuse an institution (even about itself) with 403 and a caller without a token with 401', async () => {
      for (const path of paths()) {
        expect(`${path} ${(await get(bank.token, path)).status}`).toBe(`${path} 403`);
        expect(`${path} ${(await platform.request(`/api${path}`)).status}`).toBe(`${path} 401`);
      }
    });

    it('should serve an auditor as an administrator', async () => {
      const auditor = await signedInAuditor(platform, admin);
      for (const path of paths()) {
        const [asAuditor, asAdmin] = [await get(auditor.token, path), await get(admin, path)];
        expect(`${path} ${asAuditor.status}`).toBe(`${path} 200`);
        expect(asAuditor.body.data).toEqual(asAdmin.body.data);
      }
    });
  });
});
