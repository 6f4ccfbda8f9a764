import { approvedInstitution, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { category, modelClient, numericVariable, type ModelClient } from './modelClient';

describe('Variable categories', () => {
  let platform: TestPlatform;
  let api: ModelClient;
  let admin: string;
  let institution: TestInstitution;

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = modelClient(platform);
    admin = await signInAsAdmin(platform);
    institution = await approvedInstitution(platform, admin);
  });
  afterAll(async () => platform.close());

  describe('When the platform has just started', () => {
    it('should list the five Cs of the starter model on both list paths', async () => {
      for (const path of ['/variableCategory/all', '/variable/categories']) {
        const response = await api.get(admin, path);
        expect(response.status).toBe(200);
        expect(response.body.success).toBe(true);
        expect(response.body.data.map((row: { name: string }) => row.name)).toEqual(
          expect.arrayContaining(['Character', 'Capacity', 'Capital', 'Collateral', 'Conditions']),
        );
      }
    });
  });

  describe('When an admin sends an invalid category', () => {
    it.each([
      [{ description: 'd', creditLimitWeight: 1, interestRateWeight: 1 }, 'Name and description are required.'],
      [{ name: 'N', description: '  ', creditLimitWeight: 1, interestRateWeight: 1 }, 'Name and description are required.'],
      [
        { name: 'N', description: 'd', creditLimitWeight: 'heavy', interestRateWeight: 1 },
        'Credit Limit Weight and Interest Rate Weight must be valid numbers.',
      ],
      [{ name: 'N', description: 'd', creditLimitWeight: 1 }, 'Credit Limit Weight and Interest Rate Weight must be valid numbers.'],
      [{ name: 'N', description: 'd', creditLimitWeight: 100.5, interestRateWeight: 1 }, 'Weights must be between 0 and 100 (inclusive).'],
      [{ name: 'N', description: 'd', creditLimitWeight: 10, interestRateWeight: -1 }, 'Weights must be between 0 and 100 (inclusive).'],
    ])('should refuse %j with the spec message', async (json, message) => {
      for (const path of ['/variableCategory/create', '/variable/category/create']) {
        const response = await api.post(admin, path, json);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ success: false, message });
      }
    });

    it('should accept the bounds 0 and 100 and snake_case weights', async () => {
      const response = await api.post(admin, '/variableCategory/create', {
        name: 'Bounds',
        description: 'Edge weights',
        credit_limit_weight: 0,
        interest_rate_weight: 100,
      });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ creditLimitWeight: 0, interestRateWeight: 100 });
    });
  });

  describe('When an admin creates, updates and deletes a category', () => {
    it('should answer with the spec messages on either path and the lists should follow', async () => {
      const created = await api.post(admin, '/variable/category/create', category({ name: 'Cashflow' }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ success: true, message: 'Category created successfully' });
      expect(created.body.position).toBeGreaterThan(0);
      const id = created.body.data.id;

      const updated = await api.put(admin, `/variableCategory/update/${id}`, category({ name: 'Cash flow', creditLimitWeight: 12.5 }));
      expect(updated.status).toBe(200);
      expect(updated.body.message).toBe('Category updated successfully');
      const listed = await api.get(admin, '/variableCategory/all');
      expect(listed.body.data).toContainEqual(
        expect.objectContaining({ id, name: 'Cash flow', creditLimitWeight: 12.5, interestRateWeight: 35 }),
      );

      const again = await api.put(admin, `/variable/category/update/${id}`, category({ name: 'Cash flow' }));
      expect(again.body.message).toBe('Category updated successfully');

      const deleted = await api.delete(admin, `/variable/category/delete/${id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.message).toBe('Category deleted successfully');
      const after = await api.get(admin, '/variable/categories');
      expect(after.body.data.map((row: { id: number }) => row.id)).not.toContain(id);

      const gone = await api.delete(admin, `/variableCategory/delete/${id}`);
      expect(gone.status).toBe(404);
    });

    it('should refuse to delete a category that still holds variables with 409', async () => {
      const created = await api.post(admin, '/variableCategory/create', category({ name: 'Holds one' }));
      const id = created.body.data.id;
      expect((await api.post(admin, '/variable/create', numericVariable(id))).status).toBe(201);
      const refused = await api.delete(admin, `/variableCategory/delete/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This category still holds 1 variable; move or delete it before deleting the category');
      const listed = await api.get(admin, '/variableCategory/all');
      expect(listed.body.data).toContainEqual(expect.objectContaining({ id, variableCount: 1 }));
    });

    it('should answer 404 for a category that does not exist', async () => {
      expect((await api.put(admin, '/variableCategory/update/9999', category())).status).toBe(404);
    });
  });

  describe('When admins change the model at the same moment', () => {
    it('should never lose a change: each one is appended or refused with 409', async () => {
      const before = (await api.get(admin, '/variableCategory/all')).body.data.length;
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) => api.post(admin, '/variableCategory/create', category({ name: `Race ${index}` }))),
      );
      const created = responses.filter((response) => response.status === 201);
      const refused = responses.filter((response) => response.status === 409);
      expect(created.length + refused.length).toBe(8);
      expect(created.length).toBeGreaterThan(0);
      for (const response of refused) expect(response.body.success).toBe(false);
      const ids = created.map((response) => response.body.data.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect((await api.get(admin, '/variableCategory/all')).body.data.length).toBe(before + created.length);
    });
  });

  describe('When an institution tries to change categories', () => {
    it('should get 403 on every change path but may read the list', async () => {
      const attempts = [
        api.post(institution.token, '/variableCategory/create', category()),
        api.post(institution.token, '/variable/category/create', category()),
        api.put(institution.token, '/variableCategory/update/1', category()),
        api.put(institution.token, '/variable/category/update/1', category()),
        api.delete(institution.token, '/variableCategory/delete/1'),
        api.delete(institution.token, '/variable/category/delete/1'),
      ];
      for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
      expect((await api.get(institution.token, '/variableCategory/all')).status).toBe(200);
    });

    it('should get 401 without a token', async () => {
      const response = await platform.request('/api/variableCategory/create', { method: 'POST', json: category() });
      expect(response.status).toBe(401);
    });
  });
});
