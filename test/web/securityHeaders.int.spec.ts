import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { appContentSecurityPolicy, CSP_NONCE_PLACEHOLDER, RESOURCE_CONTENT_SECURITY_POLICY } from '../../src/http/securityHeaders';
import { ensureWebBuild } from '../../src/platform/webBuild';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

/** Building the web app on a fresh machine takes minutes. */
const SETUP_TIMEOUT_MS = 15 * 60_000;

/** The browser protections every answer carries, on the real platform serving the real web build. */
describe('security headers', () => {
  let platform: TestPlatform;
  let dist: string;
  let asset: string;
  let token: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'web-dist-security-'));
    await ensureWebBuild({ log: (line) => process.stderr.write(`${line}\n`), copyTo: dist });
    process.env.WEB_DIST_DIR = dist;
    asset = `/assets/${(await readdir(join(dist, 'assets'))).find((name) => name.endsWith('.js'))}`;
    platform = await startTestPlatform();
    token = (await approvedInstitution(platform, await signInAsAdmin(platform))).token;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await platform?.close();
    if (process.env.WEB_DIST_DIR === dist) delete process.env.WEB_DIST_DIR;
    await rm(dist, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${platform.url}${path}`, { headers });

  const expectBaseline = (response: Response, path: string) => {
    const header = (name: string) => response.headers.get(name);
    expect({
      path,
      nosniff: header('x-content-type-options'),
      frame: header('x-frame-options'),
      referrer: header('referrer-policy'),
    }).toEqual({
      path,
      nosniff: 'nosniff',
      frame: 'DENY',
      referrer: 'no-referrer',
    });
    expect(header('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  };

  const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

  it("serves the app's page (root and deep links) with a strict CSP whose fresh nonce is the one in the page", async () => {
    const nonces = new Set<string>();
    for (const path of ['/', '/result/batch/12', '/admin/login', '/index.html', '/', '/']) {
      // Compressed or not, the page is made for this answer (the build's precompressed copy would carry the placeholder).
      const response = await get(path, { 'accept-encoding': nonces.size % 2 ? 'br, gzip' : 'identity' });
      expect(response.status).toBe(200);
      expectBaseline(response, path);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('etag')).toBeNull();
      const nonce = nonceOf(response);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(response.headers.get('content-security-policy')).toBe(appContentSecurityPolicy(nonce!));
      const page = await response.text();
      expect(page).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(page).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      // Every style and script element of the page carries this answer's nonce, and no script is inline.
      const tags = [...page.matchAll(/<(style|script)\b([^>]*)>/g)];
      expect(tags.length).toBeGreaterThanOrEqual(3);
      for (const [tag, name, attributes] of tags) {
        expect(`${tag} nonce=${/nonce="([^"]*)"/.exec(attributes)?.[1]}`).toBe(`${tag} nonce=${nonce}`);
        if (name === 'script') expect(attributes).toMatch(/\bsrc="\//);
      }
      expect(page).not.toMatch(/\sstyle="/);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(6);
  });

  it('states the policy the app needs and nothing looser', () => {
    const policy = appContentSecurityPolicy('abc');
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'nonce-abc'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(policy.split('; ')).toContain(directive);
    }
    expect(policy).not.toMatch(/unsafe-|\*/);
  });

  it('puts the headers on assets, files and missing files, with the resource policy', async () => {
    for (const [path, status] of [
      [asset, 200],
      ['/favicon.svg', 200],
      ['/boot-language.js', 200],
      ['/assets/index-Gone1234.js', 404],
      ['/missing.png', 404],
    ] as const) {
      const response = await get(path);
      expect({ path, status: response.status }).toEqual({ path, status });
      expectBaseline(response, path);
      expect(response.headers.get('content-security-policy')).toBe(RESOURCE_CONTENT_SECURITY_POLICY);
      await response.arrayBuffer();
    }
  });

  it('puts them on every /api answer, errors included, all no-store', async () => {
    const answers: [string, Response][] = [
      ['health', await get('/api/health')],
      ['no such route', await get('/api/no-such-route')],
      ['no token', await get('/api/institution/profile/me')],
      ['bad token', await get('/api/institution/profile/me', bearer('not-a-token'))],
      ['profile', await get('/api/institution/profile/me', bearer(token))],
      ['dashboard', await get('/api/institution/dashboard', bearer(token))],
      [
        'failed sign-in',
        await fetch(`${platform.url}/api/institution/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@bank.test', password: 'wrong-Passw0rd!' }),
        }),
      ],
      [
        'malformed JSON',
        await fetch(`${platform.url}/api/institution/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{',
        }),
      ],
    ];
    const statuses = Object.fromEntries(answers.map(([name, response]) => [name, response.status]));
    expect(statuses).toEqual({
      health: 200,
      'no such route': 404,
      'no token': 401,
      'bad token': 401,
      profile: 200,
      dashboard: 200,
      'failed sign-in': 401,
      'malformed JSON': 400,
    });
    for (const [name, response] of answers) {
      expectBaseline(response, name);
      expect({ name, csp: response.headers.get('content-security-policy') }).toEqual({ name, csp: RESOURCE_CONTENT_SECURITY_POLICY });
      expect({ name, cache: response.headers.get('cache-control') }).toEqual({ name, cache: 'no-store' });
      await response.arrayBuffer();
    }
    const profile = await get('/api/institution/profile/me', bearer(token));
    expect((await profile.json()).data).toBeTruthy();
  });

  it('says the same in the compose proxy (deploy/nginx.conf): the page policy with its own nonce, and the baseline', () => {
    const conf = readFileSync(resolve(__dirname, '../../deploy/nginx.conf'), 'utf8');
    const policies = [...conf.matchAll(/add_header Content-Security-Policy "([^"]+)" always;/g)].map((match) => match[1]);
    expect(policies).toContain(appContentSecurityPolicy('$request_id'));
    expect(policies).toContain(RESOURCE_CONTENT_SECURITY_POLICY);
    expect(conf).toContain(`sub_filter '${CSP_NONCE_PLACEHOLDER}' $request_id;`);
    for (const header of ['X-Content-Type-Options "nosniff"', 'X-Frame-Options "DENY"', 'Referrer-Policy "no-referrer"']) {
      expect(conf).toContain(`add_header ${header} always;`);
    }
  });
});
