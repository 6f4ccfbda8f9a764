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

export type TestAuditor = { id: number; name: string; email: string; password: string; token: string };

/** Creates an auditor account as the given administrator and signs it in through the admin login. */
export async function signedInAuditor(platform: TestPlatform, adminToken: string, name = 'Aude Auditor'): Promise<TestAuditor> {
  const suffix = randomBytes(4).toString('hex');
  const details = { name, email: `auditor-${suffix}@admins.test`, password: 'Auditor-Pass1!' };
  const created = await platform.request('/api/admin/create', {
    method: 'POST',
    headers: bearer(adminToken),
    json: { ...details, confirmPassword: details.password, role: 'auditor' },
  });
  if (created.status !== 201) throw new Error(`auditor creation failed: ${JSON.stringify(created.body)}`);
  const login = await platform.request('/api/admin/login', { method: 'POST', json: { email: details.email, password: details.password } });
  if (login.status !== 200) throw new Error(`auditor login failed: ${JSON.stringify(login.body)}`);
  return { id: created.body.data.id as number, ...details, token: login.body.token as string };
}

export type TestMember = { id: number; name: string; email: string; password: string; role: 'analyst' | 'uploader'; token: string };

/**
 * Invites a member to the owner's team, accepts the invitation with the link's token as the outbox
 * holds it (a platform without SMTP keeps the body there) and signs the member in.
 */
export async function signedInMember(
  platform: TestPlatform,
  owner: { token: string },
  role: 'analyst' | 'uploader',
  name = role === 'analyst' ? 'Ana Analyst' : 'Ulrich Uploader',
): Promise<TestMember> {
  const suffix = randomBytes(4).toString('hex');
  const details = { name, email: `${role}-${suffix}@members.test`, password: 'Member-Pass1!' };
  const invited = await platform.request('/api/institution/members', {
    method: 'POST',
    headers: bearer(owner.token),
    json: { name, email: details.email, role },
  });
  if (invited.status !== 201) throw new Error(`invitation failed: ${JSON.stringify(invited.body)}`);
  const mail = await platform.knex('mail_outbox').where({ recipient: details.email }).first('body');
  const token = /accept-invitation\?token=(\S+)/.exec(String(mail?.body))?.[1];
  if (!token) throw new Error('no invitation link in the outbox');
  const accepted = await platform.request('/api/members/accept', {
    method: 'POST',
    json: { token: decodeURIComponent(token), password: details.password },
  });
  if (accepted.status !== 200) throw new Error(`accepting failed: ${JSON.stringify(accepted.body)}`);
  const login = await platform.request('/api/institution/login', {
    method: 'POST',
    json: { email: details.email, password: details.password },
  });
  if (login.status !== 200) throw new Error(`member login failed: ${JSON.stringify(login.body)}`);
  return { id: invited.body.data.id as number, ...details, role, token: login.body.token as string };
}
