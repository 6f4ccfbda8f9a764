import type { Knex } from 'knex';
import { resetProjection, waitForCheckpoints } from '@credit/projectors';
import { institutionParametersProjection } from '@credit/projectors/src/model/institutionParametersProjection';
import { modelProjection } from '@credit/projectors/src/model/modelProjection';
import { approvedInstitution, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { category, modelClient, numericVariable } from './modelClient';

const TABLES: Record<string, string[]> = {
  model_categories: ['id'],
  model_variables: ['id'],
  model_variable_mappings: ['variable_id', 'ordinal'],
  model_parameter_templates: ['id'],
  institution_parameter_values: ['id'],
  institution_parameter_history: ['position', 'seq'],
};

const snapshotRows = async (knex: Knex) =>
  Object.fromEntries(await Promise.all(Object.entries(TABLES).map(async ([table, order]) => [table, await knex(table).orderBy(order)])));

describe('Rebuilding the model and parameter projections', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => platform.close());

  it('should give exactly the same rows as the live projection', async () => {
    const api = modelClient(platform);
    const admin = await signInAsAdmin(platform);
    const bank = await approvedInstitution(platform, admin);

    const categoryId = (await api.post(admin, '/variableCategory/create', category({ name: 'Rebuilt' }))).body.data.id;
    const first = (await api.post(admin, '/variable/create', numericVariable(categoryId, { variableProportion: 100 }))).body.data.id;
    const mapped = await api.post(admin, '/variable/create', {
      ...numericVariable(categoryId, { responseType: 'categorical', variableProportion: 25 }),
      categoryMappings: [
        { categoryName: 'A', numericValue: 1_000_000 },
        { categoryName: 'B', numericValue: 0 },
      ],
      redistributeProportions: [{ variableId: first, proportion: 75 }],
    });
    expect(mapped.status).toBe(201);
    await api.put(admin, `/variable/update/${mapped.body.data.id}`, {
      categoryMappings: [{ categoryName: 'C', numericValue: 500_000 }],
    });
    const doomed = (await api.post(admin, '/variableCategory/create', category({ name: 'Doomed' }))).body.data.id;
    await api.put(admin, `/variableCategory/update/${doomed}`, category({ name: 'Doomed', creditLimitWeight: 1 }));
    await api.delete(admin, `/variableCategory/delete/${doomed}`);
    const template = await api.post(admin, '/parameter/create', {
      name: 'Fee',
      description: 'Fee',
      uniqueCode: 5001,
      recommendedRange: '0-5',
      impact: 'low',
    });
    await api.put(admin, `/parameter/update/${template.body.data.id}`, { isActive: false });
    await api.post(bank.token, '/institution/setParameters', {
      parameters: [
        { parameterId: 1, value: 60_000 },
        { parameterId: 2, value: 6_000_000 },
      ],
    });
    await api.post(bank.token, '/institution/resetParameters');
    const values = await api.get(bank.token, '/institution/getParameters');
    await api.delete(bank.token, `/institution/deleteParameter/${values.body.data[0].id}`);

    const head = (await platform.store.head()).position;
    const projections = [modelProjection(), institutionParametersProjection()];
    const names = projections.map((projection) => projection.name);
    await waitForCheckpoints(platform.knex, names, head, 10_000);
    const live = await snapshotRows(platform.knex);
    expect(live.model_variable_mappings.filter((row: { variable_id: number }) => row.variable_id === mapped.body.data.id)).toEqual([
      expect.objectContaining({ category_name: 'C', ordinal: 0, numeric_value: 500_000 }),
    ]);
    expect(live.institution_parameter_history.length).toBeGreaterThan(3);

    for (const projection of projections) await resetProjection(platform.knex, projection);
    await waitForCheckpoints(platform.knex, names, head, 10_000);
    expect(await snapshotRows(platform.knex)).toEqual(live);
  });
});
