import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium: the one browser the e2e tests and bench:web drive. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless flags for a container with no GPU, no sandbox and no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Not `--disable-features=…`: Chromium keeps only the last one given, and Playwright passes its own list
  // (MediaRouter, PaintHolding, HttpsUpgrades, …), which it would replace. That is why headless Chromium's
  // address bar popups (WebUIOmniboxPopup, WebUIOmniboxAimPopup), preloaded in a renderer no test uses,
  // about 6% of an e2e file's browser CPU, are left running.
];

/**
 * Installs Debian's `chromium` with apt-get when it is missing (CI runs as root on a fresh machine).
 * Under a lock, so parallel jest workers or other processes never run apt at the same time; the
 * check is repeated inside the lock so only the first one installs.
 */
export function ensureChromium(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install chromium) or run the tests as root`);
  }
  log(`${CHROMIUM_PATH} is missing: installing Debian's chromium with apt-get (once per machine)`);
  const script =
    `test -x ${CHROMIUM_PATH} || { apt-get update -qq && ` +
    `DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation; }`;
  execFileSync('flock', ['/tmp/apt.lock', 'sh', '-c', script], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 15 * 60_000 });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get did not install ${CHROMIUM_PATH}`);
  return CHROMIUM_PATH;
}
