import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { COMPLIANCE_STREAM, verifyChain } from '@credit/events';
import { chainHash, type ChainedFields } from '@credit/events/src/postgres/hashChain';
import { resetProjection, waitForCheckpoints } from '@credit/projectors';
import { logVerificationsProjection } from '@credit/projectors/src/compliance/logVerificationsProjection';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const run = promisify(execFile);
const SCRIPT = join(__dirname, '../../tools/verify-extract.mjs');

/** Runs the standalone checker as an auditor would: plain node, the file, nothing of the platform. */
async function checkOffline(file: string, ...options: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, file, ...options]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

describe('Verifying the log and checking extracts offline', () => {
  let platform: TestPlatform;
  let admin: string;
  let institution: TestInstitution;
  let folder: string;

  const api = (path: string, token: string | undefined, method = 'GET') =>
    platform.request(`/api/admin/compliance${path}`, { method, headers: token ? bearer(token) : {} });
  const saved = async (name: string, text: string) => {
    const file = join(folder, name);
    await writeFile(file, text);
    return file;
  };
  /** The extract's lines with one event line changed by `alter` (its first line after the header whose type is `type`). */
  const altered = (text: string, type: string, alter: (event: Record<string, unknown>) => void) => {
    const lines = text.trimEnd().split('\n');
    const index = lines.findIndex((line, at) => at > 0 && JSON.parse(line).type === type);
    const event = JSON.parse(lines[index]);
    alter(event);
    lines[index] = JSON.stringify(event);
    return { text: `${lines.join('\n')}\n`, line: index + 1 };
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'log-extract-'));
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    institution = await approvedInstitution(platform, admin, 'Banque Vérifiée "Douala"');
  });
  afterAll(async () => {
    await platform.close();
    await rm(folder, { recursive: true, force: true });
  });

  describe('Given a healthy log', () => {
    it('should verify it on the server, record LogVerified with the head reached and the actor, and show it as the last verification', async () => {
      const before = await platform.store.head();
      const verified = await api('/verify', admin, 'POST');
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({
        success: true,
        message: `Event log intact up to position ${before.position}`,
        data: {
          state: 'done',
          checked: before.position,
          total: before.position,
          outcome: { outcome: 'intact', headPosition: before.position, headHash: before.hash, checked: before.position },
          error: null,
        },
      });
      const recordedAt = verified.body.data.recordedAt as number;
      expect(recordedAt).toBe(before.position + 1);

      const [event] = await platform.store.readStream(COMPLIANCE_STREAM);
      expect(event).toMatchObject({
        type: 'LogVerified',
        position: recordedAt,
        data: { outcome: 'intact', headPosition: before.position },
        metadata: { actor: { role: 'admin', name: 'System Administrator' } },
      });

      const followed = await api(`/verify/${verified.body.data.id}`, admin);
      expect(followed.body.data).toMatchObject({ id: verified.body.data.id, state: 'done', recordedAt });

      const log = await api('/log', admin);
      expect(log.status).toBe(200);
      const head = await platform.store.head();
      expect(log.body.data).toMatchObject({
        head: { position: head.position, hash: head.hash, eventCount: head.position },
        lastVerification: {
          position: recordedAt,
          outcome: 'intact',
          headPosition: before.position,
          headHash: before.hash,
          brokenAt: null,
          by: { role: 'admin', name: 'System Administrator' },
        },
      });
      expect(log.body.data.verifications).toHaveLength(1);
    });

    it('should reach the same head when the log is cut into ranges checked at once in worker threads', async () => {
      const head = await platform.store.head();
      const progress: number[] = [];
      expect(await verifyChain(platform.databaseUrl, { parallel: 3, onProgress: ({ checked }) => progress.push(checked) })).toEqual({
        ok: true,
        position: head.position,
        hash: head.hash,
      });
      expect(progress[progress.length - 1]).toBe(head.position);
    });

    it('should give a range extract the offline script accepts, anchored on the head, and reject it once one line is altered', async () => {
      const head = await platform.store.head();
      const response = await api(`/extract?from=1&to=${head.position}`, admin);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/jsonl/);
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="log-extract-1-${head.position}.jsonl"`);
      const text = response.body as string;
      const [header, ...events] = text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(header).toMatchObject({ scope: { from: 1, to: head.position }, events: head.position, previousHash: '0'.repeat(64) });
      expect(events).toHaveLength(head.position);
      // Password material never leaves: the events carrying it are in the chain with their payload withheld.
      expect(text).not.toContain('$argon2id$');
      expect(events.find((event) => event.type === 'InstitutionRegistered')).toMatchObject({ data: null, withheld: 'password material' });
      expect(events.find((event) => event.type === 'InstitutionApproved')).toMatchObject({
        data: JSON.stringify({ institutionId: institution.id }),
        withheld: null,
      });

      const good = await checkOffline(await saved('range.jsonl', text), '--anchor', `${head.position}=${head.hash}`);
      expect(good).toMatchObject({ code: 0 });
      expect(good.output).toMatch(
        new RegExp(`^OK: ${head.position} events of positions 1 to ${head.position}; \\d+ recomputed and matching, \\d+ withheld`),
      );
      expect(good.output).toContain(`Anchored: the extract holds the given hash at position ${head.position}.`);

      // One event's payload changed in the file: its hash no longer follows from it.
      const edited = altered(text, 'InstitutionApproved', (event) => (event.data = JSON.stringify({ institutionId: institution.id + 1 })));
      const rejected = await checkOffline(await saved('edited.jsonl', edited.text));
      expect(rejected.code).toBe(1);
      expect(rejected.output).toMatch(new RegExp(`^REJECTED: line ${edited.line} \\(position \\d+\\): its content does not give its hash`));

      // Its hash recomputed too (a forger's move): the next line no longer links to it.
      const reHashed = altered(text, 'InstitutionApproved', (event) => {
        const data = JSON.stringify({ institutionId: institution.id + 1 });
        event.data = data;
        event.hash = chainHash(event.previousHash as string, {
          ...(event as ChainedFields),
          dataJson: data,
          metadataJson: event.metadata as string,
        });
      });
      const unlinked = await checkOffline(await saved('rehashed.jsonl', reHashed.text));
      expect(unlinked.output).toMatch(
        new RegExp(`^REJECTED: line ${reHashed.line + 1} \\(position \\d+\\): does not link to the hash before it`),
      );

      // A line dropped: the range has a hole.
      const lines = text.trimEnd().split('\n');
      const dropped = await checkOffline(await saved('dropped.jsonl', [...lines.slice(0, 3), ...lines.slice(4)].join('\n')));
      expect(dropped).toMatchObject({ code: 1, output: expect.stringMatching(/^REJECTED: line 4 \(position 4\): position 3 was due/) });

      // A consistent extract that is not the platform's: the anchor refuses it.
      const wrongAnchor = await checkOffline(await saved('range.jsonl', text), '--anchor', `${head.position}=${'a'.repeat(64)}`);
      expect(wrongAnchor.output).toMatch(/^REJECTED: .*its hash is not the anchor given/);
    });

    it('should give a stream extract whose events each check alone, and reject one whose line was altered', async () => {
      const response = await api(`/extract?stream=institution-${institution.id}`, admin);
      expect(response.status).toBe(200);
      const text = response.body as string;
      const [header, ...events] = text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(header).toMatchObject({ scope: { stream: `institution-${institution.id}` }, events: events.length, previousHash: null });
      expect(events.map((event) => event.revision)).toEqual(events.map((_, index) => index));
      // Each line carries the stored hash of the event before it in the log, whichever stream that was.
      const approval = events.find((event) => event.type === 'InstitutionApproved');
      expect(approval.previousHash).toBe(
        (
          await platform
            .knex('events')
            .where({ position: approval.position - 1 })
            .first('hash')
        ).hash,
      );

      const good = await checkOffline(await saved('stream.jsonl', text));
      expect(good).toMatchObject({
        code: 0,
        output: expect.stringMatching(new RegExp(`^OK: ${events.length} events of stream institution-${institution.id}`)),
      });

      const edited = altered(text, 'InstitutionApproved', (event) => {
        event.metadata = (event.metadata as string).replace('"role":"admin"', '"role":"system"');
      });
      const rejected = await checkOffline(await saved('stream-edited.jsonl', edited.text));
      expect(rejected).toMatchObject({ code: 1, output: expect.stringMatching(new RegExp(`^REJECTED: line ${edited.line} `)) });
    });

    it('should refuse extracts it cannot give with 400 or 404', async () => {
      const head = (await platform.store.head()).position;
      for (const [query, status] of [
        ['', 400],
        ['?from=0', 400],
        ['?from=3&to=2', 400],
        [`?to=${head + 5}`, 400],
        ['?from=1e3', 400],
        ['?stream=x&from=1', 400],
        ['?from=1&from=2', 400],
        ['?stream=no-such-stream', 404],
      ] as const) {
        const response = await api(`/extract${query}`, admin);
        expect({ query, status: response.status, success: response.body.success }).toEqual({ query, status, success: false });
      }
      expect((await api('/verify/00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
      expect((await api('/verify/not-an-id', admin)).status).toBe(404);
    });

    it('should let go of an extract nobody reads (HEAD, a reader gone): later extracts are still served', async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const head = await fetch(`${platform.url}/api/admin/compliance/extract?from=1`, { method: 'HEAD', headers: bearer(admin) });
        expect(head.status).toBe(200);
        const abandoned = new AbortController();
        const reading = await fetch(`${platform.url}/api/admin/compliance/extract?from=1`, {
          headers: bearer(admin),
          signal: abandoned.signal,
        });
        expect(reading.status).toBe(200);
        abandoned.abort();
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      const served = await api('/extract?from=1', admin);
      expect(served.status).toBe(200);
    });

    it('should refuse institutions (403) and anonymous callers (401) on every route of the log', async () => {
      for (const [path, method] of [
        ['/log', 'GET'],
        ['/verify', 'POST'],
        ['/verify/00000000-0000-4000-8000-000000000000', 'GET'],
        ['/extract?from=1', 'GET'],
        [`/extract?stream=institution-${institution.id}`, 'GET'],
      ]) {
        expect({ path, status: (await api(path, institution.token, method)).status }).toEqual({ path, status: 403 });
        expect({ path, status: (await api(path, undefined, method)).status }).toEqual({ path, status: 401 });
      }
    });
  });

  describe('Given an event whose payload was changed in PostgreSQL', () => {
    let tampered: number;

    beforeAll(async () => {
      // As an attacker with database access would: no trigger forbids it, only the chain tells.
      tampered = Number((await platform.knex('events').where({ type: 'InstitutionApproved' }).first('position')).position);
      const client = new Client({ connectionString: platform.databaseUrl });
      await client.connect();
      await client.query('UPDATE events SET data = $1 WHERE position = $2', [JSON.stringify({ institutionId: 999_999 }), tampered]);
      await client.end();
    });

    it('should report that very position through Verify now, record it, and still append after the damage', async () => {
      const head = await platform.store.head();
      const verified = await api('/verify', admin, 'POST');
      expect(verified.body).toMatchObject({
        message: `Event log BROKEN at position ${tampered}`,
        data: {
          state: 'done',
          outcome: {
            outcome: 'broken',
            brokenAt: tampered,
            reason: 'stored hash does not match the recomputed one',
            headPosition: head.position,
            checked: tampered - 1,
          },
        },
      });
      expect(verified.body.data.recordedAt).toBe(head.position + 1);

      const log = await api('/log', admin);
      expect(log.body.data.lastVerification).toMatchObject({ outcome: 'broken', brokenAt: tampered });
      expect(log.body.data.verifications.map((verification: { outcome: string }) => verification.outcome)).toEqual(['broken', 'intact']);

      // Recording the outcome did not hide the damage: the next verification finds the same position.
      const again = await api('/verify', admin, 'POST');
      expect(again.body.data.outcome).toMatchObject({ outcome: 'broken', brokenAt: tampered });
    });

    it('should list the same verifications once their projection is rebuilt from the log', async () => {
      const before = (await api('/log', admin)).body.data.verifications;
      expect(before).toHaveLength(3);
      await resetProjection(platform.knex, logVerificationsProjection());
      await waitForCheckpoints(platform.knex, ['log-verifications'], (await platform.store.head()).position, 10_000);
      expect((await api('/log', admin)).body.data.verifications).toEqual(before);
    });

    it('should find the same position in parallel ranges, whichever range holds it', async () => {
      for (const parallel of [2, 3, 5])
        expect(await verifyChain(platform.databaseUrl, { parallel })).toMatchObject({ ok: false, brokenAt: tampered });
    });

    it('should give an extract whose offline check finds the tampered event', async () => {
      const response = await api('/extract?from=1', admin);
      const checked = await checkOffline(await saved('tampered.jsonl', response.body as string));
      expect(checked).toMatchObject({
        code: 1,
        output: expect.stringMatching(
          new RegExp(`^REJECTED: line ${tampered + 1} \\(position ${tampered}\\): its content does not give its hash`),
        ),
      });
    });

    it('should still record the outcome when the head row itself was forged', async () => {
      const client = new Client({ connectionString: platform.databaseUrl });
      await client.connect();
      await client.query(`UPDATE event_log_head SET hash = 'not a hash' WHERE id = 1`);
      await client.end();
      const verified = await api('/verify', admin, 'POST');
      expect(verified.body.data).toMatchObject({ state: 'done', outcome: { outcome: 'broken', brokenAt: tampered }, error: null });
      expect(verified.body.data.outcome.headHash).toMatch(/^not a hash/);
    });
  });
});
