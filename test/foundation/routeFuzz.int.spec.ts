import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { registeredRoutes, type ApiRoute } from '../identity/apiRoutes';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';

/**
 * Every route the platform mounts (read off the very routers it mounts, so a new route is fuzzed
 * without anyone listing it), called anonymously, as an institution and as an administrator with
 * hostile bodies, query strings, path parameters and headers. Whatever the answer, it is not 5xx,
 * and the platform answers its health check after every route and at the end.
 *
 * Inputs are drawn by fast-check from a fixed seed per route and caller (so a route's inputs do not
 * change when another route is added), after a fixed catalogue every route gets.
 */

const SEED = 20_2026;
/** Drawn inputs per route and caller, besides the catalogue. */
const DRAWN = 4;
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 15_000;
const ROOT = join(__dirname, '../..');

jest.setTimeout(300_000);

// ---------------------------------------------------------------------------------------------
// What the routes read, harvested from their sources: the fuzz sends hostile values under the
// names the handlers look for, so it gets past "field missing" into each route's own checks.

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.spec\.ts$|testFixture/.test(entry.name) ? [path] : [];
  });
}

function harvest(): { bodyFields: string[]; queryNames: string[] } {
  const bodyFields = new Set([
    'id',
    'parameters',
    'rows',
    'status',
    'reason',
    'categoryMappings',
    'minValue',
    'maxValue',
    'isAdmin',
    'role',
  ]);
  const queryNames = new Set(['page', 'limit', 'sortBy', 'sortOrder', 'minAmount', 'maxAmount', 'dateFrom', 'dateTo']);
  for (const file of [...sourceFiles(join(ROOT, 'command-api/src')), ...sourceFiles(join(ROOT, 'query-api/src'))]) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\(\s*body\s*,\s*'([A-Za-z_]\w*)'(?:\s*,\s*'([A-Za-z_]\w*)')?/g)) {
      bodyFields.add(match[1]);
      if (match[2]) bodyFields.add(match[2]);
    }
    for (const match of text.matchAll(/\bbody\.([A-Za-z_]\w*)/g)) bodyFields.add(match[1]);
    for (const match of text.matchAll(/\b(?:ctx\.)?query\.([A-Za-z_]\w*)/g)) queryNames.add(match[1]);
    for (const match of text.matchAll(/\(\s*(?:ctx\.)?query\s*,\s*'([A-Za-z_]\w*)'/g)) queryNames.add(match[1]);
  }
  return { bodyFields: [...bodyFields].sort(), queryNames: [...queryNames].sort() };
}

const { bodyFields: BODY_FIELDS, queryNames: QUERY_NAMES } = harvest();

// ---------------------------------------------------------------------------------------------
// Hostile values.

/** Path parameters, already as they go in a URL (percent-encoded where a URL needs it). */
const HOSTILE_PARAMS = [
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e309',
  '2147483648',
  '9007199254740993',
  '-0',
  'NaN',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2F',
  '%C3%A9t%C3%A9',
  '%F0%9F%98',
  '%ED%A0%80',
  '%00',
  '%20',
  'x'.repeat(4000),
  '%27%20OR%201%3D1--',
];

/** JSON numbers as written, past what JSON.stringify would write: kept raw. */
const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '1.5',
  '0.1',
  '1e21',
  '9007199254740993',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '1e-400',
];

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  'Z\u200bW\u2066',
  '\ud800',
  '\udc00x',
  '\ufeff',
  'e\u0301',
  '',
  ' ',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '\r\nX-Injected: 1',
  '=cmd|"/c calc"!A1',
  'x'.repeat(100_000),
  'NaN',
  'Infinity',
  'true',
  '2024-02-30',
  '275760-09-13',
  'a@b',
  '[object Object]',
];

/** Query values, already percent-encoded. */
const HOSTILE_QUERY_VALUES = [
  '1.5',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '-1',
  '0',
  '99999999999999999999',
  '',
  '%00',
  '%ED%A0%80',
  '%F0%9F%98',
  '%E2%80%AE',
  'x'.repeat(4000),
  '2024-02-30',
  '275760-09-13',
  '%27%20OR%201%3D1--',
  'true',
  'asc',
  'csv',
];

/** Percent-encodes every byte of the text's UTF-8 (lone surrogates become U+FFFD, as any client's would). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

// A JSON value as the fuzz writes it: raw numbers and keys JavaScript objects cannot hold (`__proto__`) survive.
type Json = null | boolean | string | { raw: string } | Json[] | { pairs: [string, Json][] };

function written(value: Json): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(written).join(',')}]`;
  if ('raw' in value) return value.raw;
  return `{${value.pairs.map(([key, item]) => `${JSON.stringify(key)}:${written(item)}`).join(',')}}`;
}

const KEYS = [...BODY_FIELDS, '__proto__', 'constructor', 'prototype'];
const leaf: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS).map((raw) => ({ raw })),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.integer().map((value) => ({ raw: String(value) })),
  fc.boolean(),
  fc.constant(null),
);
const { value: hostileValue } = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('value')), { maxLength: 5 }).map((pairs) => ({ pairs })),
  ),
}));
const hostileObject = fc
  .array(fc.tuple(fc.constantFrom(...KEYS), hostileValue), { minLength: 1, maxLength: 8 })
  .map((pairs): Json => ({ pairs }));

const nested = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);
const everyField = (value: Json): string => written({ pairs: BODY_FIELDS.map((field) => [field, value]) });

/** Whole bodies that are hostile as a whole. */
const BODY_TEXTS: [string, string][] = [
  ['JSON arrays nested 5 000 deep', nested(5000, '[', ']')],
  ['JSON objects nested 5 000 deep', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  ['JSON arrays nested 100 deep', nested(100, '[', ']')],
  ['a 200 000-element array', `[${'0,'.repeat(199_999)}0]`],
  ['every known field a 50 000-element array', everyField({ raw: `[${'1,'.repeat(49_999)}1]` })],
  [
    'prototype pollution keys',
    '{"__proto__":{"isAdmin":true,"role":"admin","institutionId":1},"constructor":{"prototype":{"isAdmin":true}},"prototype":{"x":1}}',
  ],
  ['every known field 1e309', everyField({ raw: '1e309' })],
  ['every known field -0', everyField({ raw: '-0' })],
  ['every known field 1.5', everyField({ raw: '1.5' })],
  ['every known field a NUL, bidi and lone-surrogate string', everyField('a\u0000\u202e\ud800b')],
  ['every known field an object', everyField({ pairs: [['$ne', null]] })],
  ['every known field an array', everyField([{ raw: '1' }, 'x'])],
  ['every known field null', everyField(null)],
  ['not JSON', '{"email": "a@b.test", '],
  ['JSON then garbage', '{"a":1}garbage'],
  ['a bare string', '"just a string"'],
  ['a bare number', '1e309'],
  ['null', 'null'],
  ['empty', ''],
  ['a BOM then JSON', '\ufeff{"name":"x"}'],
];

type Body = { label: string; bytes: Buffer };
const bodyOf = (label: string, text: string): Body => ({ label, bytes: Buffer.from(text, 'utf8') });
const BODIES: Body[] = BODY_TEXTS.map(([label, text]) => bodyOf(label, text));

const drawnBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 4, arbitrary: hostileObject.map((value) => bodyOf('drawn object', written(value))) },
  { weight: 1, arbitrary: hostileValue.map((value) => bodyOf('drawn value', written(value))) },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => bodyOf('drawn JSON', JSON.stringify(value) ?? 'null')) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ label: 'random bytes', bytes: Buffer.from(bytes) })) },
  { weight: 2, arbitrary: fc.constantFrom(...BODIES) },
);

const queryKey = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...QUERY_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...QUERY_NAMES).map((name) => `${name}[]`) },
  { weight: 1, arbitrary: fc.constantFrom(...QUERY_NAMES).map((name) => `${name}[a][b]`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('__proto__', 'constructor', '__proto__[isAdmin]', 'a[]', '%00', '', 'toString', 'hasOwnProperty'),
  },
);
const queryValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_QUERY_VALUES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(percentEncoded) },
);
const drawnQuery = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 10 })
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

/** Every known query name at once with a value, then each repeated and as an array. */
const QUERIES: [string, string][] = [
  ['numbers not whole', QUERY_NAMES.map((name) => `${name}=1.5`).join('&')],
  ['NaN and Infinity', QUERY_NAMES.map((name, index) => `${name}=${index % 2 ? 'NaN' : 'Infinity'}`).join('&')],
  ['1e309 and -0', QUERY_NAMES.map((name, index) => `${name}=${index % 2 ? '1e309' : '-0'}`).join('&')],
  ['repeated keys and arrays', QUERY_NAMES.map((name) => `${name}=1&${name}=2&${name}[]=3`).join('&')],
  ['nested keys and prototype keys', `${QUERY_NAMES.map((name) => `${name}[a][b]=1`).join('&')}&__proto__[isAdmin]=true&constructor=1`],
  [
    'NUL, lone surrogate and broken UTF-8',
    QUERY_NAMES.map((name, index) => `${name}=${['%00', '%ED%A0%80', '%F0%9F%98'][index % 3]}`).join('&'),
  ],
  ['numbers past any integer', QUERY_NAMES.map((name) => `${name}=99999999999999999999`).join('&')],
  ['negative numbers', QUERY_NAMES.map((name) => `${name}=-1`).join('&')],
  ['dates out of range', QUERY_NAMES.map((name, index) => `${name}=${index % 2 ? '275760-09-13' : '2024-02-30'}`).join('&')],
  ['long values', QUERY_NAMES.map((name) => `${name}=${'x'.repeat(300)}`).join('&')],
  ['minAmount=1.5 on its own', 'minAmount=1.5&maxAmount=2.5'],
];

type HeaderKind =
  | 'caller'
  | 'no token'
  | 'garbage token'
  | 'tampered token'
  | 'alg none token'
  | 'huge token'
  | 'basic auth'
  | 'two tokens'
  | 'bearer only';
const AUTH_KINDS: HeaderKind[] = [
  'caller',
  'caller',
  'caller',
  'no token',
  'garbage token',
  'tampered token',
  'alg none token',
  'huge token',
  'basic auth',
  'two tokens',
  'bearer only',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=x-unknown',
  'application/json;;;',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/vnd.api+json',
  'image/png',
  '*/*',
  'application/json, text/html',
];
const ENCODINGS = [
  'none',
  'none',
  'none',
  'gzip',
  'deflate',
  'gzip garbage',
  'deflate garbage',
  'br garbage',
  'x-unknown',
  'gzip, deflate',
];
const EXTRAS = [
  'none',
  'none',
  'huge header',
  'hostile X-Min-Position',
  'odd Accept-Encoding',
  'forged X-Forwarded-For',
  'odd Accept-Language',
];

type Input = {
  label: string;
  /** Ids that exist instead of the hostile ones, where the route allows (so the query or body reaches the route's own checks). */
  existing?: boolean;
  params: string[];
  query: string;
  body: Body | null;
  contentType: string;
  encoding: string;
  auth: HeaderKind;
  extra: string;
};

const drawnInput: fc.Arbitrary<Input> = fc.record({
  label: fc.constant('drawn'),
  params: fc.array(fc.constantFrom(...HOSTILE_PARAMS), { minLength: 3, maxLength: 3 }),
  query: drawnQuery,
  body: fc.option(drawnBody, { freq: 4 }),
  contentType: fc.constantFrom(...CONTENT_TYPES),
  encoding: fc.constantFrom(...ENCODINGS),
  auth: fc.constantFrom(...AUTH_KINDS),
  extra: fc.constantFrom(...EXTRAS),
});

/** The catalogue every route gets from every caller: each kind of hostility at least once. */
function catalogue(routeIndex: number): Input[] {
  const param = (offset: number) => [0, 1, 2].map((index) => HOSTILE_PARAMS[(routeIndex + offset + index) % HOSTILE_PARAMS.length]);
  const base = {
    params: param(0),
    query: '',
    body: null,
    contentType: 'application/json',
    encoding: 'none',
    auth: 'caller',
    extra: 'none',
  } as const;
  const bodies = BODIES.filter((_, index) => index % 4 === routeIndex % 4 || index < 2);
  return [
    ...bodies.map((body, index) => ({ ...base, label: `body: ${body.label}`, params: param(index), body })),
    ...QUERIES.map(([label, query]) => ({ ...base, label: `query: ${label}`, query, existing: true })),
    ...bodies.slice(0, 3).map((body) => ({ ...base, label: `body: ${body.label}, at ids that exist`, body, existing: true })),
    { ...base, label: 'deflate that is not deflate', body: BODIES[6], encoding: 'deflate garbage' },
    { ...base, label: 'gzip that is not gzip', body: BODIES[6], encoding: 'gzip garbage' },
    { ...base, label: 'gzip of nested JSON', body: BODIES[0], encoding: 'gzip' },
    {
      ...base,
      label: 'a multipart body without its parts',
      body: bodyOf('broken multipart', '--fuzz\r\nContent-Disposition: form-data; name="csvFile"; filename="../../x.csv"\r\n\r\na,b\r\n'),
      contentType: 'multipart/form-data; boundary=fuzz',
    },
    { ...base, label: 'JSON declared text/plain', body: BODIES[7], contentType: 'text/plain' },
    { ...base, label: 'a 12 KB header', extra: 'huge header' },
    { ...base, label: 'a garbage token', auth: 'garbage token' },
    { ...base, label: 'a tampered token', auth: 'tampered token' },
    { ...base, label: 'an alg none token', auth: 'alg none token' },
    { ...base, label: 'X-Min-Position out of range', extra: 'hostile X-Min-Position' },
  ];
}

// ---------------------------------------------------------------------------------------------
// Sending: node:http as is (fetch would normalise `..` in paths, refuse some headers, decompress).

type Answer = { status: number; message: string; millis: number };

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

function send(base: URL, method: string, path: string, headers: Record<string, string | string[]>, body: Buffer | null): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: body ? { ...headers, 'Content-Length': String(body.length) } : headers,
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 64 * 1024) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let message = text.slice(0, 200);
          try {
            message = String(JSON.parse(text).message ?? message);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: response.statusCode ?? 0, message, millis: Date.now() - started });
        });
        response.on('error', (error) =>
          resolve({ status: -1, message: `response broken: ${error.message}`, millis: Date.now() - started }),
        );
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => {
      outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`));
    });
    // A server may answer (413, 400) and close before the whole body is sent: the answer is what counts.
    outgoing.on('error', (error) => resolve({ status: -1, message: `no answer: ${error.message}`, millis: Date.now() - started }));
    outgoing.end(body ?? undefined);
  });
}

async function inPool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

const seedOf = (text: string) => [...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED);

// ---------------------------------------------------------------------------------------------

type Caller = 'anonymous' | 'institution' | 'admin';
type Offender = { key: string; caller: Caller; input: Input; path: string; answer: Answer };

describe('Hostile requests to every route (fuzz)', () => {
  let platform: TestPlatform;
  let keeper: string;
  let institution: TestInstitution;
  let admin: { id: number; email: string; password: string; token: string };
  let plausibleIds: string[];
  const disturbed: string[] = [];

  const newAdmin = async () => {
    const email = `fuzz-admin-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@platform.test`;
    const password = 'Fuzz-Admin-Pass1!';
    const created = await platform.request('/api/admin/create', {
      method: 'POST',
      headers: bearer(keeper),
      json: { name: 'Fuzz Administrator', email, password, confirmPassword: password },
    });
    if (created.status !== 201) throw new Error(`admin creation failed: ${created.status} ${JSON.stringify(created.body)}`);
    return { id: created.body.data.id as number, email, password, token: await signInAsAdmin(platform, { email, password }) };
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { REGISTRATION_LIMIT_PER_HOUR: '100000', RESET_REQUEST_LIMIT_PER_IP: '100000' } });
    // The test's own administrator never calls a fuzzed route: it re-creates whichever caller the fuzz disables.
    keeper = await signInAsAdmin(platform);
    admin = await newAdmin();
    institution = await approvedInstitution(platform, keeper, 'Banque du Fuzz');
    const { headers, rows } = starterRows(5, 3);
    const sent = await upload(platform, institution.token, { name: 'fuzz.csv', content: csvOf(headers, rows) });
    const batch = await settledBatch(platform, institution.token, sent.body.data.batch.id, sent.body.position);
    const results = await platform.request(`/api/result/batch/${batch.id}?limit=1`, { headers: bearer(institution.token) });
    plausibleIds = [String(institution.id), String(batch.id), String(results.body.data.results[0].client.id), '2147483647'];
  });
  afterAll(async () => {
    agent.destroy();
    await platform?.close();
  });

  /** The callers still able to act after a route's fuzz; one the fuzz signed out, changed or deactivated is made again, and said so. */
  const ensureCallers = async (key: string) => {
    if ((await platform.request('/api/admin/getAllAdmins', { headers: bearer(admin.token) })).status !== 200) {
      disturbed.push(`${key} left the fuzz administrator unable to act: a new one was made`);
      admin = await newAdmin();
    }
    if ((await platform.request('/api/institution/profile/me', { headers: bearer(institution.token) })).status !== 200) {
      disturbed.push(`${key} left the fuzz institution unable to act: a new one was made`);
      institution = await approvedInstitution(platform, keeper);
    }
  };

  const headersFor = (caller: Caller, input: Input): Record<string, string | string[]> => {
    const token = caller === 'admin' ? admin.token : caller === 'institution' ? institution.token : null;
    const headers: Record<string, string | string[]> = {};
    if (input.body) headers['Content-Type'] = input.contentType;
    if (input.body && input.encoding !== 'none') headers['Content-Encoding'] = input.encoding.replace(' garbage', '');
    const some = token ?? admin.token;
    const [head, payload, signature] = some.split('.');
    const forged = (claims: object) => Buffer.from(JSON.stringify(claims)).toString('base64url');
    switch (input.auth) {
      case 'caller':
        if (token) headers.Authorization = `Bearer ${token}`;
        break;
      case 'no token':
        break;
      case 'garbage token':
        headers.Authorization = 'Bearer not.a.token';
        break;
      case 'tampered token':
        headers.Authorization = `Bearer ${head}.${forged({ id: 1, kind: 'admin', isAdmin: true, role: 'admin', institutionId: 1 })}.${signature}`;
        break;
      case 'alg none token':
        headers.Authorization = `Bearer ${forged({ alg: 'none', typ: 'JWT' })}.${payload}.`;
        break;
      case 'huge token':
        headers.Authorization = `Bearer ${'A'.repeat(8000)}.${'B'.repeat(2000)}.${'C'.repeat(500)}`;
        break;
      case 'basic auth':
        headers.Authorization = 'Basic YWRtaW46YWRtaW4=';
        break;
      case 'two tokens':
        headers.Authorization = [`Bearer ${some}`, 'Bearer second.token.here'];
        break;
      case 'bearer only':
        headers.Authorization = 'Bearer ';
        break;
    }
    switch (input.extra) {
      case 'huge header':
        headers['X-Filler'] = 'f'.repeat(12 * 1024);
        break;
      case 'hostile X-Min-Position':
        headers['X-Min-Position'] = ['1e309', '-1', '99999999999999999999', '1.5', 'NaN', '0x10'][input.params[0].length % 6];
        break;
      case 'odd Accept-Encoding':
        headers['Accept-Encoding'] = 'br;q=2, gzip;q=NaN, *;q=-1, x-unknown';
        break;
      case 'forged X-Forwarded-For':
        headers['X-Forwarded-For'] = '1.2.3.4, ::ffff:999.1.1.1, <script>, ' + 'a'.repeat(500);
        break;
      case 'odd Accept-Language':
        headers['Accept-Language'] = 'xx-YY-ZZ-1234567890;q=1.5, *;q=-1, ' + 'fr,'.repeat(200);
        break;
    }
    return headers;
  };

  const bodyBytes = (input: Input): Buffer | null => {
    if (!input.body) return null;
    switch (input.encoding) {
      case 'gzip':
        return gzipSync(input.body.bytes);
      case 'deflate':
        return deflateSync(input.body.bytes);
      case 'none':
      case 'x-unknown':
      case 'gzip, deflate':
        return input.body.bytes;
      default:
        // `… garbage`: the body as is, declared compressed.
        return input.body.bytes;
    }
  };

  it('should answer every hostile request to every route without a 5xx, and stay healthy throughout', async () => {
    const routes = registeredRoutes();
    // The route table is the platform's own, not a short list someone keeps.
    expect(routes.length).toBeGreaterThan(80);
    expect(BODY_FIELDS.length).toBeGreaterThan(20);
    expect(QUERY_NAMES.length).toBeGreaterThan(10);
    // Sign-in routes last: their failed attempts count against this address, and re-making a caller signs in.
    const order = (route: ApiRoute) => (/login|reset-password|verify-reset-code|set-new-password/.test(route.path) ? 1 : 0);
    routes.sort((a, b) => order(a) - order(b));

    const offenders: Offender[] = [];
    const unhealthy: string[] = [];
    const base = new URL(platform.url);
    let sent = 0;
    const statuses = new Map<string, number>();
    const started = Date.now();

    const health = async (after: string) => {
      const answer = await platform.request('/api/health');
      if (answer.status !== 200 || answer.body?.data?.status !== 'ok') {
        unhealthy.push(`after ${after}: ${answer.status} ${JSON.stringify(answer.body?.data ?? answer.body).slice(0, 400)}`);
      }
    };

    for (const [routeIndex, route] of routes.entries()) {
      const work: { caller: Caller; input: Input }[] = [];
      for (const caller of ['anonymous', 'institution', 'admin'] as const) {
        const drawn = fc.sample(drawnInput, { seed: seedOf(`${route.key} ${caller}`), numRuns: DRAWN });
        // Ids that exist (the institution's, its batch's, a client's) for some inputs, so they reach the route's own checks;
        // never on DELETE nor on routes about administrators' accounts, where they would take the test's own callers away.
        const allowed = route.method !== 'DELETE' && !/^\/admin\/(update|deactivate)\//.test(route.path);
        const inputs = [...catalogue(routeIndex), ...drawn].map((input, index) =>
          allowed && (input.existing || (input.label === 'drawn' && index % 2 === 1))
            ? { ...input, existing: true, params: input.params.map((_, at) => plausibleIds[(index + at) % plausibleIds.length]) }
            : { ...input, existing: false },
        );
        for (const input of inputs) work.push({ caller, input });
      }
      await inPool(work, async ({ caller, input }) => {
        let at = 0;
        const path = route.path.replace(/:[A-Za-z]+/g, () => input.params[at++ % input.params.length]);
        const target = `/api${path}${input.query ? `?${input.query}` : ''}`;
        const answer = await send(base, route.method, target, headersFor(caller, input), bodyBytes(input));
        sent++;
        const tally = `${caller} ${answer.status}`;
        statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
        if (answer.status >= 500 || answer.status < 100) offenders.push({ key: route.key, caller, input, path: target, answer });
      });
      await health(route.key);
      await ensureCallers(route.key);
    }
    await health('the whole run');
    const finalHealth = await platform.request('/api/health');

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `\nroute fuzz: ${sent} requests to ${routes.length} routes in ${seconds} s; ${offenders.length} answered 5xx or not at all` +
        `\n  answers: ${[...statuses]
          .sort()
          .map(([tally, count]) => `${tally}: ${count}`)
          .join(', ')}` +
        (disturbed.length
          ? `\n  callers made again (expected of sign-out, profile and account routes):\n    ${disturbed.join('\n    ')}`
          : '') +
        '\n',
    );
    expect(sent).toBeGreaterThan(routes.length * 3 * 20);
    expect({ unhealthy, finalHealth: finalHealth.status }).toEqual({ unhealthy: [], finalHealth: 200 });
    expect(report(offenders)).toBe('');
  });
});

/** One line per route, answer and message (with how often, and one input that did it): what to fix, without thousands of lines. */
function report(offenders: Offender[]): string {
  const groups = new Map<string, { count: number; example: Offender }>();
  for (const offender of offenders) {
    const key = `${offender.key} → ${offender.answer.status} ${offender.answer.message.slice(0, 120)}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { count: 1, example: offender });
  }
  return [...groups.entries()]
    .map(([key, { count, example }]) => {
      const { input, caller, path } = example;
      const body = input.body
        ? `${input.body.label} (${input.body.bytes.length} bytes: ${JSON.stringify(input.body.bytes.subarray(0, 60).toString('utf8'))})`
        : 'none';
      return (
        `${key}  ×${count}\n    e.g. ${caller}, ${input.label}: ${path.slice(0, 200)}${path.length > 200 ? '…' : ''}\n` +
        `    body ${body}; Content-Type ${input.contentType}; encoding ${input.encoding}; auth ${input.auth}; extra ${input.extra}`
      );
    })
    .join('\n');
}
