import { randomBytes } from 'node:crypto';
import { TEST_ADMIN, type TestPlatform } from './testPlatform';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function signInAsAdmin(platform: TestPlatform, credentials = TEST_ADMIN): Promise<string> {
  const response = await platform.request('/api/admin/login', { method: 'POST', json: credentials });
  if (response.status !== 200) throw new Error(`admin login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.token as string;
}

export type TestInstitution = { id: number; name: string; email: string; password: string; token: string };

/** Registers an institution, approves it as the test admin and signs it in. */
export async function approvedInstitution(platform: TestPlatform, adminToken: string, name?: string): Promise<TestInstitution> {
  const suffix = randomBytes(4).toString('hex');
  const details = { name: name ?? `Banque ${suffix}`, email: `ops-${suffix}@bank.test`, password: 'Institution-Pass1!' };
  const registered = await platform.request('/api/institution/create', { method: 'POST', json: details });
  if (registered.status !== 201) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
  const id = registered.body.data.id as number;
  const approved = await platform.request(`/api/admin/institutions/${id}/approve`, { method: 'POST', headers: bearer(adminToken) });
  if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  const login = await platform.request('/api/institution/login', {
    method: 'POST',
    json: { email: details.email, password: details.password },
  });
  if (login.status !== 200) throw new Error(`institution login failed: ${JSON.stringify(login.body)}`);
  return { id, ...details, token: login.body.token as string };
}

export const decodeToken = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
