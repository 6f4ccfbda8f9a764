import { approvedInstitution, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { modelClient, type ModelClient } from './modelClient';

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maximum Tenor',
  description: 'Longest repayment period offered, in months',
  uniqueCode: 2001,
  recommendedRange: '6-60',
  impact: 'medium',
  isRequired: false,
  isActive: true,
  defaultValue: 24,
  ...overrides,
});

describe('Parameter templates', () => {
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
    it('should hold the six engine templates with codes 1001 to 1006 and their defaults', async () => {
      const response = await api.get(admin, '/parameter/all');
      expect(response.status).toBe(200);
      const byCode = Object.fromEntries(
        response.body.data.map((row: { uniqueCode: number; defaultValue: number }) => [row.uniqueCode, row.defaultValue]),
      );
      expect(byCode).toEqual({ 1001: 50_000, 1002: 5_000_000, 1003: 8, 1004: 24, 1005: 0.3, 1006: 0 });
    });
  });

  describe('When the create form is incomplete', () => {
    it.each([
      [{ name: '' }, 'Parameter name is required'],
      [{ description: undefined }, 'Description is required'],
      [{ recommendedRange: ' ' }, 'Recommended range is required'],
      [{ impact: '' }, 'Impact level is required'],
      [{ impact: 'huge' }, 'Impact level must be one of: high, medium, low, positive, negative, neutral'],
      [{ uniqueCode: undefined }, 'Unique code is required'],
      [{ uniqueCode: '12a' }, 'Unique code must be a whole number'],
      [{ defaultValue: 'many' }, 'Default value must be a valid number'],
    ])('should refuse %j with its message', async (overrides, message) => {
      const response = await api.post(admin, '/parameter/create', template(overrides));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message });
    });
  });

  describe('When an admin manages templates', () => {
    let id: number;

    it('should create a template and refuse its unique code a second time', async () => {
      const created = await api.post(admin, '/parameter/create', template({ impact: 'Medium' }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ success: true, message: 'Parameter created successfully' });
      expect(created.body.data).toMatchObject({ uniqueCode: 2001, impact: 'medium', isRequired: false, isActive: true, defaultValue: 24 });
      id = created.body.data.id;
      const twice = await api.post(admin, '/parameter/create', template({ name: 'Other' }));
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('A parameter with unique code 2001 already exists');
    });

    it.each([
      [{ name: ' ' }, 'Parameter name is required'],
      [{ description: '' }, 'Description is required'],
      [{ recommendedRange: '' }, 'Recommended range is required'],
      [{ impact: '' }, 'Impact level is required'],
    ])('should refuse the edit %j with the dialog message', async (changes, message) => {
      const response = await api.put(admin, `/parameter/update/${id}`, { ...template(), ...changes });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });

    it('should keep the unique code immutable', async () => {
      const response = await api.put(admin, `/parameter/update/${id}`, template({ uniqueCode: 2002 }));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('The unique code of a parameter cannot be changed after creation');
    });

    it('should update fields, toggle active and required, and show the change in the list', async () => {
      const response = await api.put(admin, `/parameter/update/${id}`, {
        name: 'Maximum tenor',
        description: 'Longest term, in months',
        recommendedRange: '6-48',
        impact: 'high',
        isRequired: true,
        isActive: false,
        uniqueCode: 2001,
      });
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('Parameter updated successfully');
      const listed = await api.get(admin, '/parameter/all');
      expect(listed.body.data).toContainEqual(
        expect.objectContaining({
          id,
          uniqueCode: 2001,
          name: 'Maximum tenor',
          recommendedRange: '6-48',
          impact: 'high',
          isActive: false,
          is_active: false,
          isRequired: true,
        }),
      );
    });

    it('should show institutions only active templates', async () => {
      const listed = await api.get(institution.token, '/parameter/all');
      expect(listed.status).toBe(200);
      const ids = listed.body.data.map((row: { id: number }) => row.id);
      expect(ids).not.toContain(id);
      expect(listed.body.data.map((row: { uniqueCode: number }) => row.uniqueCode)).toEqual([1001, 1002, 1003, 1004, 1005, 1006]);
      expect(listed.body.data[0]).toMatchObject({ institutionValue: 50_000 });
      expect((await api.get(institution.token, `/parameter/${id}`)).status).toBe(404);
      expect((await api.get(admin, `/parameter/${id}`)).status).toBe(200);
    });

    it('should delete a template', async () => {
      const response = await api.delete(admin, `/parameter/delete/${id}`);
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('Parameter deleted successfully');
      expect((await api.get(admin, '/parameter/all')).body.data.map((row: { id: number }) => row.id)).not.toContain(id);
      expect((await api.delete(admin, `/parameter/delete/${id}`)).status).toBe(404);
    });
  });

  describe('When an institution tries to change templates', () => {
    it('should get 403', async () => {
      const token = institution.token;
      const attempts = await Promise.all([
        api.post(token, '/parameter/create', template({ uniqueCode: 3001 })),
        api.put(token, '/parameter/update/1', { name: 'Mine' }),
        api.delete(token, '/parameter/delete/1'),
      ]);
      for (const response of attempts) expect(response.status).toBe(403);
    });
  });
});
