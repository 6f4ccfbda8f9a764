import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rm, stat, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

/** The web app's workspace; its build goes to `dist/` beside its sources. */
export const WEB_DIR = resolve(__dirname, '../../web');

/** What the build is made from: a change to any of these makes `dist` stale. */
const SOURCES = ['src', 'public', 'index.html', 'package.json', 'tsconfig.json', 'tsconfig.app.json'];
const VITE_CONFIG = /^vite\.config\.(ts|mts|js|mjs|cjs)$/;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

export type WebBuildState = 'fresh' | 'missing' | 'stale' | 'no-sources';

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

function hasBuildScript(webDir: string): boolean {
  try {
    return typeof JSON.parse(readFileSync(join(webDir, 'package.json'), 'utf8')).scripts?.build === 'string';
  } catch {
    return false;
  }
}

/** Whether `dist` is there and newer than every source (a deployed image has no sources: nothing to build). */
export async function webBuildState(webDir = WEB_DIR): Promise<WebBuildState> {
  if (!existsSync(join(webDir, 'index.html')) || !existsSync(join(webDir, 'src')) || !hasBuildScript(webDir)) return 'no-sources';
  let built: number;
  try {
    built = (await stat(join(webDir, 'dist', 'index.html'))).mtimeMs;
  } catch {
    return 'missing';
  }
  const configs = (await readdir(webDir)).filter((name) => VITE_CONFIG.test(name));
  let newest = 0;
  for (const name of [...SOURCES, ...configs]) newest = Math.max(newest, await newestMtime(join(webDir, name)));
  return newest > built ? 'stale' : 'fresh';
}

export type EnsureWebBuildOptions = {
  webDir?: string;
  log?: (message: string) => void;
  /** Also copy the build here (under the lock, so never half-written): a test run serves its own copy, untouched by later rebuilds. */
  copyTo?: string;
};

/**
 * Builds the web app (`npm run build --workspace web`, i.e. `vite build`) when `dist` is missing or
 * older than its sources, then writes `.br` and `.gz` beside each compressible file so they are
 * served without compressing on every request. Several processes may call this at once (parallel
 * test files, a start during a test run): a lock lets one build while the others wait and re-check.
 */
export async function ensureWebBuild(options: EnsureWebBuildOptions = {}): Promise<WebBuildState | 'built'> {
  const webDir = options.webDir ?? WEB_DIR;
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const before = await webBuildState(webDir);
  if ((before === 'fresh' || before === 'no-sources') && !options.copyTo) return before;
  const release = await lock(webDir);
  try {
    const state = await webBuildState(webDir);
    if (state === 'fresh' || state === 'no-sources') {
      if (options.copyTo && existsSync(join(webDir, 'dist'))) await copyBuild(join(webDir, 'dist'), options.copyTo);
      return state;
    }
    log(`web app: ${state === 'missing' ? 'no build yet' : 'sources changed since the last build'}; building it (vite build)…`);
    const started = Date.now();
    await run('npm', ['run', 'build', '--workspace', 'web'], resolve(webDir, '..'));
    await precompress(join(webDir, 'dist'));
    if (options.copyTo) await copyBuild(join(webDir, 'dist'), options.copyTo);
    log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 'built';
  } finally {
    await release();
  }
}

/** Runs the build; always a production one (under jest NODE_ENV is `test`, which would make React's development bundle). */
function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NODE_ENV: 'production' },
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

/** Every file under dir with its size and time, to tell whether a build is being written meanwhile. */
async function listing(dir: string, prefix = ''): Promise<string[]> {
  const lines: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) lines.push(...(await listing(path, `${prefix}${entry.name}/`)));
    else
      lines.push(
        `${prefix}${entry.name} ${await stat(path).then(
          (info) => `${info.size} ${info.mtimeMs}`,
          () => '?',
        )}`,
      );
  }
  return lines.sort();
}

/**
 * Copies a finished build: one with its index.html and every asset that page names, that did not
 * change while it was copied (someone may run `vite build` by hand meanwhile, outside the lock).
 */
async function copyBuild(dist: string, dest: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const before = (await listing(dist)).join('\n');
    await rm(dest, { recursive: true, force: true });
    await cp(dist, dest, { recursive: true });
    const page = await readFile(join(dest, 'index.html'), 'utf8').catch(() => '');
    const named = [...page.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]);
    const complete = page !== '' && named.every((asset) => existsSync(join(dest, asset)));
    if (complete && (await listing(dist)).join('\n') === before) return;
    if (attempt >= 120) throw new Error(`${dist} kept changing or stayed incomplete: no finished build to copy`);
    await new Promise((wake) => setTimeout(wake, 1000));
  }
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli (best) and gzip (best) copies of each compressible file of at least 1 KB. */
export async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      await precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = await readFile(path);
    if (content.length < 1024) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
      gzipped(content, { level: 9 }),
    ]);
    await writeFile(`${path}.br`, br);
    await writeFile(`${path}.gz`, gz);
  }
}

const STALE_LOCK_MS = 10 * 60_000;

/** A directory as a lock (atomic on every file system), taken over when left behind by a dead process. */
async function lock(webDir: string): Promise<() => Promise<void>> {
  const path = join(tmpdir(), `credit-web-build-${createHash('sha256').update(resolve(webDir)).digest('hex').slice(0, 12)}.lock`);
  for (;;) {
    try {
      await mkdir(path);
      return () => rm(path, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await stat(path).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (since > STALE_LOCK_MS) await rm(path, { recursive: true, force: true });
      else await new Promise((wake) => setTimeout(wake, 250));
    }
  }
}
