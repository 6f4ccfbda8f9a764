import { Client } from 'pg';
import { resetProjection, waitForCheckpoints } from '@credit/projectors';
import { databaseAccessProjection } from '@credit/projectors/src/analytics/databaseAccessProjection';
import { approvedInstitution, bearer, signInAsAdmin, signedInAuditor, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

type Issued = { role: string; password: string; host: string; port: number; database: string; sslmode: string; scope: string };

/** A connection to PostgreSQL under an issued role, as an analyst's tool makes it. */
async function connectAs(access: Issued): Promise<Client> {
  const client = new Client({
    host: access.host,
    port: access.port,
    database: access.database,
    user: access.role,
    password: access.password,
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** The SQLSTATE a statement fails with, or null when it succeeds. */
async function failureOf(client: Client, sql: string): Promise<string | null> {
  try {
    await client.query(sql);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? 'unknown';
  }
}

describe('The analytics schema under issued database roles (real PostgreSQL)', () => {
  let platform: TestPlatform;
  let adminToken: string;
  let bank: TestInstitution;
  let other: TestInstitution;
  let bankAccess: Issued;
  const batchOf: Record<string, number> = {};

  const uploadFor = async (institution: TestInstitution, name: string, count: number) => {
    const { headers, rows } = starterRows(count, count);
    const response = await upload(platform, institution.token, { name: `${name}.csv`, content: csvOf(headers, rows) }, { batchName: name });
    expect(response.status).toBe(201);
    batchOf[name] = response.body.data.batch.id;
    await settledBatch(platform, institution.token, response.body.data.batch.id, response.body.position);
  };

  const issue = async (path: string, token: string, json: unknown = { label: 'Power BI' }) => {
    const response = await platform.request(path, { method: 'POST', headers: bearer(token), json });
    expect(response.status).toBe(201);
    return response.body.data as Issued;
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    adminToken = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, adminToken, 'Bank One');
    other = await approvedInstitution(platform, adminToken, 'Bank Two');
    await uploadFor(bank, 'bank-batch', 4);
    await uploadFor(other, 'other-batch', 3);
    bankAccess = await issue('/api/institution/database-access', bank.token);
  }, 180_000);
  afterAll(async () => platform.close());

  it('answers the connection details and the password once, and lists the access without it', async () => {
    expect(bankAccess).toMatchObject({ scope: 'institution', host: '127.0.0.1', port: expect.any(Number), database: expect.any(String) });
    expect(bankAccess.password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const listed = await platform.request('/api/institution/database-access', { headers: bearer(bank.token) });
    expect(listed.status).toBe(200);
    expect(listed.body.data.accesses).toEqual([expect.objectContaining({ role: bankAccess.role, label: 'Power BI', revokedAt: null })]);
    expect(JSON.stringify(listed.body)).not.toContain(bankAccess.password);
    const otherList = await platform.request('/api/institution/database-access', { headers: bearer(other.token) });
    expect(otherList.body.data.accesses).toEqual([]);
  });

  it("reads its institution's results through the views, and none of another institution's rows", async () => {
    const client = await connectAs(bankAccess);
    try {
      const results = await client.query('SELECT institution_id, batch_id, credit_limit, credit_limit_score FROM analytics.results');
      expect(results.rows).toHaveLength(4);
      expect(new Set(results.rows.map((row) => row.institution_id))).toEqual(new Set([bank.id]));
      // The search path finds the views by their bare names.
      expect((await client.query('SELECT count(*)::int AS n FROM results')).rows[0].n).toBe(4);
      expect((await client.query('SELECT count(*)::int AS n FROM analytics.results WHERE institution_id = $1', [other.id])).rows[0].n).toBe(
        0,
      );
      expect(
        (await client.query('SELECT count(*)::int AS n FROM analytics.batches WHERE id = $1', [batchOf['other-batch']])).rows[0].n,
      ).toBe(0);
      expect((await client.query('SELECT id FROM analytics.institutions')).rows).toEqual([{ id: bank.id }]);
      expect((await client.query('SELECT count(*)::int AS n FROM analytics.clients')).rows[0].n).toBe(4);
      expect((await client.query('SELECT count(*)::int AS n FROM analytics.model_variables')).rows[0].n).toBeGreaterThan(0);
      expect((await client.query('SELECT major FROM analytics.schema_version')).rows).toEqual([{ major: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('refuses every write, every CREATE, and every read of the raw tables and the event log', async () => {
    const client = await connectAs(bankAccess);
    try {
      // Writes through the views: the session is read-only (25006); in a read-write transaction the role has no
      // privilege (42501), and a view joining tables cannot be written at all (55000).
      const refused = async (sql: string) =>
        expect([sql, await failureOf(client, sql)]).toEqual([sql, expect.stringMatching(/^(42501|25006|55000)$/)]);
      await refused(`UPDATE analytics.results SET credit_limit = 0`);
      await refused(`DELETE FROM analytics.clients`);
      await refused(`INSERT INTO analytics.batches (id) VALUES (1)`);
      for (const sql of [
        `UPDATE analytics.results SET credit_limit = 0`,
        `DELETE FROM analytics.clients`,
        `INSERT INTO analytics.batches (id) VALUES (1)`,
      ]) {
        expect([sql, await failureOf(client, `BEGIN READ WRITE; ${sql}; COMMIT`)]).toEqual([sql, expect.stringMatching(/^(42501|55000)$/)]);
        await client.query('ROLLBACK').catch(() => undefined);
      }
      for (const sql of [
        'CREATE TABLE analytics.mine (id int)',
        'CREATE TABLE public.mine (id int)',
        'CREATE VIEW analytics.mine AS SELECT 1',
      ]) {
        expect(await failureOf(client, `BEGIN READ WRITE; ${sql}; COMMIT`)).toBe('42501');
        await client.query('ROLLBACK').catch(() => undefined);
      }
      for (const table of [
        'events',
        'results',
        'clients',
        'batches',
        'institutions',
        'analytics_access_scopes',
        'database_accesses',
        'platform_secrets',
        'email_reservations',
        'mail_outbox',
        'audit_log',
      ])
        expect([table, await failureOf(client, `SELECT * FROM public.${table} LIMIT 1`)]).toEqual([table, '42501']);
    } finally {
      await client.end();
    }
  });

  it('gives a platform-wide access every institution, and refuses it to institutions and auditors', async () => {
    const auditor = await signedInAuditor(platform, adminToken);
    expect(
      (await platform.request('/api/admin/database-access', { method: 'POST', headers: bearer(auditor.token), json: {} })).status,
    ).toBe(403);
    expect((await platform.request('/api/admin/database-access', { method: 'POST', headers: bearer(bank.token), json: {} })).status).toBe(
      403,
    );
    expect(
      (await platform.request('/api/institution/database-access', { method: 'POST', headers: bearer(adminToken), json: {} })).status,
    ).toBe(403);
    const wide = await issue('/api/admin/database-access', adminToken, { label: 'Risk team' });
    expect(wide.scope).toBe('platform');
    const client = await connectAs(wide);
    try {
      const rows = await client.query(
        'SELECT institution_id, count(*)::int AS n FROM analytics.results GROUP BY institution_id ORDER BY institution_id',
      );
      expect(rows.rows).toEqual([
        { institution_id: bank.id, n: 4 },
        { institution_id: other.id, n: 3 },
      ]);
    } finally {
      await client.end();
    }
  });

  it('revokes: an open session is ended and the role can no longer connect', async () => {
    const access = await issue('/api/institution/database-access', other.token, { label: 'Notebook' });
    const open = await connectAs(access);
    const ended = new Promise<void>((resolve) => open.on('end', () => resolve()));
    expect((await open.query('SELECT count(*)::int AS n FROM analytics.results')).rows[0].n).toBe(3);
    // Another institution cannot revoke it (not found), the owner can.
    expect(
      (await platform.request(`/api/institution/database-access/${access.role}`, { method: 'DELETE', headers: bearer(bank.token) })).status,
    ).toBe(404);
    const revoked = await platform.request(`/api/institution/database-access/${access.role}`, {
      method: 'DELETE',
      headers: bearer(other.token),
    });
    expect(revoked.status).toBe(200);
    await ended;
    await expect(connectAs(access)).rejects.toThrow();
    const listed = await platform.request('/api/institution/database-access', { headers: bearer(other.token) });
    expect(listed.body.data.accesses).toEqual([expect.objectContaining({ role: access.role, revokedAt: expect.any(String) })]);
    // Revoking again changes nothing and still answers.
    expect(
      (await platform.request(`/api/institution/database-access/${access.role}`, { method: 'DELETE', headers: bearer(other.token) }))
        .status,
    ).toBe(200);
  });

  it('rebuilds the listing from the log without running DDL again: the same list, the same roles working', async () => {
    const before = await platform.knex('database_accesses').orderBy('role_name');
    const head = (await platform.store.head()).position;
    await resetProjection(platform.knex, databaseAccessProjection());
    await waitForCheckpoints(platform.knex, ['databaseAccess'], head, 60_000);
    expect(await platform.knex('database_accesses').orderBy('role_name')).toEqual(before);
    const client = await connectAs(bankAccess);
    try {
      expect((await client.query('SELECT count(*)::int AS n FROM analytics.results')).rows[0].n).toBe(4);
    } finally {
      await client.end();
    }
  });

  it('comments every view and column of the analytics schema, and the dictionary lists them all', async () => {
    const { rows } = await platform.knex.raw(`
      SELECT c.relname AS view, a.attname AS column, obj_description(c.oid, 'pg_class') AS view_comment, col_description(c.oid, a.attnum) AS column_comment
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       WHERE n.nspname = 'analytics' ORDER BY 1, a.attnum`);
    expect(rows.length).toBeGreaterThan(50);
    expect(
      rows.filter((row: { view_comment: string | null; column_comment: string | null }) => !row.view_comment || !row.column_comment),
    ).toEqual([]);
    const kinds = await platform.knex.raw(
      `SELECT DISTINCT c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'analytics'`,
    );
    expect(kinds.rows).toEqual([{ relkind: 'v' }]);

    for (const token of [bank.token, adminToken]) {
      const response = await platform.request('/api/analytics/dictionary', { headers: bearer(token) });
      expect(response.status).toBe(200);
      const listed = response.body.data.views.flatMap(
        (view: { name: string; comment: string; example: string; columns: { name: string; comment: string; type: string }[] }) => {
          expect(view.example).toContain(`analytics.${view.name}`);
          return view.columns.map((column) => ({
            view: view.name,
            column: column.name,
            view_comment: view.comment,
            column_comment: column.comment,
          }));
        },
      );
      expect(listed).toEqual(rows);
      expect(response.body.data.connection).toMatchObject({ host: '127.0.0.1', database: bankAccess.database });
    }
    const mine = await platform.request('/api/analytics/dictionary', { headers: bearer(bank.token) });
    expect(mine.body.data.accesses.map((access: { role: string }) => access.role)).toEqual([bankAccess.role]);
    expect((await platform.request('/api/analytics/dictionary')).status).toBe(401);
  });
});
