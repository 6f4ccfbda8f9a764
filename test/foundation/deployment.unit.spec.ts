import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createCommandRouter } from '@credit/command-api';
import { createQueryRouter } from '@credit/query-api';

const ROOT = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

type Service = {
  build?: unknown;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  expose?: string[];
  ports?: string[];
  restart?: string;
  healthcheck?: { test?: string[] | string; interval?: string; retries?: number; disable?: boolean };
};

const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const ours = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;

/** Every environment variable the platform's code reads (`env.NAME`, `process.env.NAME`). */
function variablesReadByCode(): Set<string> {
  const names = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(ROOT, folder))) {
      const path = join(folder, entry);
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (/\.ts$/.test(entry) && !/\.spec\.ts$/.test(entry)) {
        for (const match of read(path).matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) names.add(match[1]);
      }
    }
  };
  for (const folder of ['src', 'events/src', 'command-api/src', 'query-api/src', 'projectors/src']) walk(folder);
  return names;
}

const npmScript = (command: string[] | undefined) => {
  const run = command?.indexOf('run') ?? -1;
  return command?.[0] === 'npm' && run >= 0 ? command.slice(run + 1).find((word) => !word.startsWith('-')) : undefined;
};

describe('docker-compose.yml and the Dockerfile', () => {
  it('should run the command API, the query API and the projectors, two of each, in both profiles', () => {
    const byScript = (profile: string) =>
      ours
        .filter(([, service]) => ((service as { profiles?: string[] }).profiles ?? []).includes(profile))
        .map(([, service]) => [npmScript(service.command), (service as { deploy?: { replicas?: number } }).deploy?.replicas]);
    for (const profile of ['kurrentdb', 'postgres']) {
      expect(byScript(profile)).toEqual(
        expect.arrayContaining([
          ['start:command-api', 2],
          ['start:query-api', 2],
          ['start:projectors', 2],
        ]),
      );
    }
    expect(compose.services['command-api'].environment?.EVENT_STORE).toBe('kurrentdb');
    expect(compose.services['command-api-pg'].environment?.EVENT_STORE).toBe('postgres');
  });

  it('should give our services only environment variables the code reads', () => {
    const known = variablesReadByCode();
    for (const [name, service] of ours) {
      for (const variable of Object.keys(service.environment ?? {}))
        expect({ service: name, variable, read: known.has(variable) }).toMatchObject({ read: true });
    }
  });

  it('should name only npm scripts that exist, in the services and the image', () => {
    for (const [name, service] of ours) {
      if (!service.command) continue;
      const script = npmScript(service.command);
      expect({ service: name, script, exists: script !== undefined && script in scripts }).toMatchObject({ exists: true });
    }
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'));
    expect(cmd).not.toBeNull();
    expect(npmScript(JSON.parse(cmd![1])) ?? '').toBeTruthy();
    expect(scripts).toHaveProperty(npmScript(JSON.parse(cmd![1]))!);
  });

  it('should give every service a restart policy and a health check, ours probing /api/health on their port', () => {
    const services = Object.entries(compose.services);
    expect(services.map(([name]) => name)).toEqual(
      expect.arrayContaining(['postgres', 'kurrentdb', 'proxy', 'projectors', 'projectors-pg']),
    );
    for (const [name, service] of services) {
      expect({ service: name, restart: service.restart }).toEqual({
        service: name,
        restart: expect.stringMatching(/^(always|unless-stopped|on-failure)/),
      });
      const test = service.healthcheck?.test;
      expect({ service: name, disabled: service.healthcheck?.disable ?? false, test: Array.isArray(test) ? test[0] : test }).toEqual({
        service: name,
        disabled: false,
        test: expect.stringMatching(/^CMD(-SHELL)?$/),
      });
      expect({ service: name, probe: [test].flat().join(' ') }).toEqual({ service: name, probe: expect.stringMatching(/\S+/) });
    }
    for (const [name, service] of ours) {
      if (name === 'proxy') continue;
      const probe = [service.healthcheck?.test].flat().join(' ');
      expect({ service: name, probe }).toEqual({ service: name, probe: expect.stringContaining('/api/health') });
      expect(probe).toContain('process.env.PORT');
    }
    expect(read('Dockerfile')).toMatch(/^HEALTHCHECK .*\\\n\s+CMD .*\/api\/health/m);
  });

  it('should expose only the ports the processes listen on', () => {
    for (const [name, service] of ours) {
      const listens = service.environment?.PORT;
      for (const port of service.expose ?? []) expect({ service: name, port }).toEqual({ service: name, port: listens });
    }
    const nginx = read('deploy/nginx.conf');
    const proxyPorts = (compose.services.proxy.ports ?? []).map((mapping) => mapping.split(':').pop());
    for (const port of proxyPorts) expect(nginx).toMatch(new RegExp(`^\\s*listen ${port};`, 'm'));
    expect(compose.services.postgres.expose).toEqual(['5432']);
    expect(compose.services.kurrentdb.expose).toEqual([compose.services.kurrentdb.environment?.KURRENTDB_NODE_PORT]);
    const dockerfile = read('Dockerfile');
    const exposed = [...dockerfile.matchAll(/^EXPOSE (\d+)$/gm)].map((match) => match[1]);
    expect(exposed).toEqual(expect.arrayContaining(['8080', '80']));
    expect(dockerfile).toMatch(/ENV NODE_ENV=production PORT=8080/);
  });

  it('should keep secrets out of the file and build a non-root image from production dependencies', () => {
    for (const [, service] of Object.entries(compose.services)) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (/SECRET|PASSWORD|SMTP_URL|DATABASE_URL/.test(variable))
          expect({ variable, value }).toMatchObject({ value: expect.stringContaining('${') });
      }
    }
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    const example = read('.env.example');
    for (const variable of ['POSTGRES_PASSWORD', 'JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'])
      expect(example).toMatch(new RegExp(`^${variable}=$`, 'm'));
  });

  it('should pass on the address nginx saw as the client’s, never an X-Forwarded-For the client sent', () => {
    const nginx = read('deploy/nginx.conf');
    const headers = (name: string) =>
      [...nginx.matchAll(new RegExp(`^\\s*proxy_set_header ${name} (\\S+);`, 'gim'))].map((match) => match[1]);
    expect(headers('X-Forwarded-For')).toEqual(['$remote_addr']);
    expect(headers('X-Real-IP')).toEqual(['$remote_addr']);
    expect(nginx).not.toMatch(/\$proxy_add_x_forwarded_for|\$http_x_forwarded_for|real_ip_header/);
    // The APIs behind it trust that header (its rightmost entry only: src/http/app.ts), and nothing but
    // nginx reaches them: no service of ours publishes a port but the proxy.
    for (const name of ['command-api', 'query-api', 'command-api-pg', 'query-api-pg'])
      expect({ service: name, trustProxy: compose.services[name].environment?.TRUST_PROXY }).toEqual({
        service: name,
        trustProxy: '${TRUST_PROXY:-true}',
      });
    expect(ours.filter(([, service]) => service.ports !== undefined).map(([name]) => name)).toEqual(['proxy']);
  });

  it('should send every API read to a query API and every write to a command API', () => {
    const map = /map \$request_method:\$uri \$api_upstream \{([^}]*)\}/.exec(read('deploy/nginx.conf'));
    expect(map).not.toBeNull();
    const rules = [...map![1].matchAll(/^\s*~(\S+)\s+(\w+);/gm)].map((match) => ({ pattern: new RegExp(match[1]), upstream: match[2] }));
    const fallback = /^\s*default (\w+);/m.exec(map![1])![1];
    const upstreamOf = (method: string, path: string) => rules.find((rule) => rule.pattern.test(`${method}:${path}`))?.upstream ?? fallback;
    const inert = new Proxy({}, { get: () => () => undefined }) as never;
    for (const [router, expected] of [
      [createCommandRouter(inert), 'command_api'],
      [createQueryRouter(inert), 'query_api'],
    ] as const) {
      for (const layer of router.stack) {
        if (typeof layer.path !== 'string') continue;
        const path = `/api${layer.path.replace(/:[A-Za-z]+/g, '42')}`;
        for (const method of layer.methods) {
          if (method === 'HEAD') continue;
          expect({ route: `${method} ${path}`, upstream: upstreamOf(method, path) }).toEqual({
            route: `${method} ${path}`,
            upstream: expected,
          });
        }
      }
    }
  });
});
