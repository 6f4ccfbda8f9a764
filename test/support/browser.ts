import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ensureWebBuild } from '../../src/platform/webBuild';
import { CHROMIUM_ARGS, ensureChromium } from './chromium';
import { startSmtpServer, type ReceivedMail, type SmtpSink } from './smtpServer';
import { startTestPlatform, type TestPlatform } from './testPlatform';

/** Where every e2e run writes its screenshots (gitignored): one folder per spec file. */
export const SCREENSHOTS_DIR = resolve(__dirname, '../../test-results/screenshots');

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** One e2e test on a busy 2-core machine: every page it checks costs seconds (two screenshots, two axe runs). */
export const E2E_TEST_TIMEOUT_MS = 180_000;

/** Building the web app or installing chromium on a fresh machine takes minutes: a hook that may do either gets this. */
export const SETUP_TIMEOUT_MS = 15 * 60_000;

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeAudit = {
  tagExclude: string[];
  rules: {
    id: string;
    enabled?: boolean;
    tags: string[];
    impact?: string;
    preload?: boolean;
    any: AxeCheck[];
    all: AxeCheck[];
    none: AxeCheck[];
  }[];
  data: { checks: Record<string, { impact?: string } | undefined> };
};
type AxeCheck = string | { id: string };

/**
 * What a check asks of axe-core: the rules it runs by default that can report a serious or critical
 * violation (a rule's impact is the highest of its failing checks', from axe-core's own metadata), as
 * the others' findings never fail a check; and no loading of style sheets and media when none of those
 * rules reads them. 67 of axe-core 4.14's 90 default rules, none of them preloading: a fifth less time in
 * axe over five admin pages (2026-11-30).
 */
const AXE_OPTIONS = ((): { runOnly: { type: 'rule'; values: string[] }; preload: boolean; resultTypes: ['violations'] } => {
  const audit = (require('axe-core') as { _audit?: AxeAudit })._audit;
  if (!audit?.rules?.length || !audit.data?.checks)
    throw new Error("axe-core no longer exposes its rules' metadata (_audit): choose its rules again");
  const severe = (impact: string | undefined) => impact === 'serious' || impact === 'critical';
  const chosen = audit.rules.filter(
    (rule) =>
      rule.enabled !== false &&
      !rule.tags.some((tag) => audit.tagExclude.includes(tag)) &&
      (severe(rule.impact) ||
        [...rule.any, ...rule.all, ...rule.none].some((check) =>
          severe(audit.data.checks[typeof check === 'string' ? check : check.id]?.impact),
        )),
  );
  if (!chosen.some((rule) => rule.id === 'color-contrast')) throw new Error('axe-core: no color-contrast among the serious rules');
  return {
    runOnly: { type: 'rule', values: chosen.map((rule) => rule.id) },
    preload: chosen.some((rule) => rule.preload),
    resultTypes: ['violations'],
  };
})();
let versionLogged = false;

export type Visit = {
  page: Page;
  /** Console errors and uncaught page errors seen so far on this page. */
  errors: string[];
  /** Resolves once no request of the page has been open for a moment (see `quietNetwork`). */
  quiet: () => Promise<void>;
  /**
   * The page as a person sees it now: screenshots at desktop and phone widths, axe-core at both
   * (no serious or critical violation), nothing wider than the phone's screen, no console error so far.
   */
  check: (name: string) => Promise<void>;
};

export type E2E = {
  platform: TestPlatform;
  smtp: SmtpSink;
  browser: Browser;
  baseUrl: string;
  /** A fresh browser context (its own storage), desktop-sized, in English unless told. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** A page in the context whose console errors are collected and which `check` screenshots and audits. */
  open: (context: BrowserContext) => Promise<Visit>;
  /** After each test: closes its contexts and fails when any of its pages logged an error. */
  endTest: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * One spec file's world: chromium installed if missing, the web app built if stale (both once per
 * machine or run, under locks), an SMTP sink, the platform on a fresh database with SMTP_URL
 * pointing at the sink, and one browser.
 */
export async function startE2E(spec: string, options: { env?: Record<string, string> } = {}): Promise<E2E> {
  const executablePath = ensureChromium();
  // This file's own copy of the build: a rebuild during the run (sources edited) cannot pull chunks from under its pages.
  const dist = await mkdtemp(join(tmpdir(), `web-dist-${spec}-`));
  await ensureWebBuild({ log: (line) => process.stderr.write(`${line}\n`), copyTo: dist });
  process.env.WEB_DIST_DIR = dist;
  const screenshots = join(SCREENSHOTS_DIR, spec);
  await rm(screenshots, { recursive: true, force: true });
  await mkdir(screenshots, { recursive: true });

  const smtp = await startSmtpServer();
  const platform = await startTestPlatform({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'platform@credit.test', ...options.env },
  });
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  if (!versionLogged) {
    versionLogged = true;
    process.stderr.write(`e2e: ${executablePath} ${browser.version()} driven by playwright-core\n`);
  }
  const contexts = new Set<BrowserContext>();
  let visits: Visit[] = [];
  let shot = 0;

  const open = async (context: BrowserContext): Promise<Visit> => {
    const page = await context.newPage();
    const quiet = quietNetwork(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // Chromium's own network line for an API refusal the test provokes (a 403 on a pending sign-in, a 401);
      // what the app does with it is what the test asserts.
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text) && message.location().url.includes('/api/')) {
        return;
      }
      errors.push(`console.error on ${page.url()}: ${text}`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught on ${page.url()}: ${error.stack ?? error.message}`));
    const check = async (name: string) => {
      const timing: string[] = [];
      let last = performance.now();
      const lap = (what: string) => {
        const now = performance.now();
        timing.push(`${what} ${Math.round(now - last)}`);
        last = now;
      };
      await settle(page, quiet);
      lap('settle');
      const file = `${String(++shot).padStart(2, '0')}-${name.replace(/[^a-z0-9-]+/gi, '-')}`;
      const violations: string[] = [];
      const size = page.viewportSize() ?? DESKTOP;
      for (const [label, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await bounded(`resizing ${page.url()} to ${label}`, page.setViewportSize(viewport));
        await scrollThrough(page);
        await settle(page, quiet);
        lap('resize');
        await bounded(`photographing ${page.url()} (${label})`, photograph(page, join(screenshots, `${file}-${label}.png`)));
        lap('shot');
        // A violation must outlast a settle: a toast that starts to fade out after the first settle is
        // measured half-faded once, and again, whole or gone, after its fade.
        let found = await axe(page, label);
        if (found.length > 0) {
          await settle(page, quiet);
          found = await axe(page, label);
        }
        violations.push(...found.map((line) => `${label}: ${line}`));
        lap('axe');
        const overflow = await bounded(`measuring ${page.url()} (${label})`, horizontalOverflow(page));
        if (overflow) violations.push(`${label}: ${overflow}`);
      }
      await page.setViewportSize(size);
      if (process.env.E2E_TIMING) process.stderr.write(`check ${name}: ${timing.join(', ')} ms\n`);
      if (violations.length > 0)
        throw new Error(`"${name}" (${page.url()}) has accessibility or layout problems:\n${violations.join('\n')}`);
      assertNoErrors(errors);
    };
    const visit = { page, errors, quiet, check };
    visits.push(visit);
    return visit;
  };

  return {
    platform,
    smtp,
    browser,
    baseUrl: platform.url,
    newContext: async (contextOptions = {}) => {
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', baseURL: platform.url, ...contextOptions });
      context.setDefaultTimeout(10_000);
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      return context;
    },
    open,
    endTest: async () => {
      const errors = visits.flatMap((visit) => visit.errors);
      visits = [];
      for (const context of contexts) await context.close().catch(() => undefined);
      assertNoErrors(errors);
    },
    close: async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await platform.close();
      await smtp.close();
      if (process.env.WEB_DIST_DIR === dist) delete process.env.WEB_DIST_DIR;
      await rm(dist, { recursive: true, force: true });
    },
  };
}

export function assertNoErrors(errors: string[]): void {
  if (errors.length > 0) throw new Error(`The browser reported errors:\n${errors.join('\n')}`);
}

/**
 * The whole page (below the fold too) as a PNG. Chromium's fast PNG encoding (`optimizeForSpeed`, which
 * Playwright's `screenshot` does not ask for) costs the browser about a third less CPU for files about a
 * quarter larger (frenchWalk, 2026-11-30: the two of each check took a sixth of the file's browser CPU, and
 * the browser process's own CPU went 15.9 → 12.5 s).
 * The page has settled first (`settle`), so no transition is caught half-way.
 */
async function photograph(page: Page, path: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { cssContentSize } = await cdp.send('Page.getLayoutMetrics');
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: cssContentSize.width, height: cssContentSize.height, scale: 1 },
    });
    await writeFile(path, Buffer.from(data, 'base64'));
  } finally {
    await cdp.detach();
  }
}

/** Whether the page is wider than the screen, and then which elements stick out (the outermost few). */
async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const excess = document.documentElement.scrollWidth - width;
    if (excess <= 0) return null;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${Array.from(element.classList)
        .filter((name) => !name.startsWith('css-'))
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const sticking = Array.from(document.body.querySelectorAll('*')).filter((element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.right > width + 1 &&
        !(element.parentElement && element.parentElement.getBoundingClientRect().right > width + 1)
      );
    });
    return `the page is ${excess}px wider than the screen; sticking out: ${sticking.slice(0, 5).map(describe).join(', ') || 'nothing visible'}`;
  });
}

/**
 * Counts the page's open requests, client-side navigations' included (Playwright's `networkidle` is
 * reached once per document and then waits 500 ms after its last request). The function it returns
 * resolves once none has been open for `QUIET_MS`, or after five seconds.
 */
function quietNetwork(page: Page): () => Promise<void> {
  let open = 0;
  let changed = performance.now();
  const started = () => {
    open += 1;
    changed = performance.now();
  };
  const ended = () => {
    open = Math.max(0, open - 1);
    changed = performance.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    const deadline = performance.now() + 5_000;
    while (performance.now() < deadline && (open > 0 || performance.now() - changed < QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
}
/** Long enough for the app to ask for a screen's data once its code has arrived, on a busy machine. */
const QUIET_MS = 200;

/** Network quiet, fonts loaded, no transition half-way. */
async function settle(page: Page, quiet: () => Promise<void>): Promise<void> {
  await quiet();
  await bounded(
    `settling ${page.url()}`,
    page.evaluate(async () => {
      // A font that never arrives (a request stalled on a busy machine) must not hold the check forever.
      await Promise.race([document.fonts.ready, new Promise((done) => setTimeout(done, 10_000))]);
      // Transitions and animations that end (a toast fading in or out, a dialog opening) finish first: axe
      // measured a toast's text half-faded (3.8:1 against white, 12:1 once shown). Spinners never end and are left.
      const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      const finished = Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
      await Promise.race([finished, new Promise((done) => setTimeout(done, 2_000))]);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }),
  );
}

/** How long a step of `check` run in the page may take before the check fails saying which step it was. */
const STEP_TIMEOUT_MS = 60_000;

/**
 * The step, or an error naming it once STEP_TIMEOUT_MS have passed: Playwright's `evaluate` has no
 * timeout of its own, and a page that stopped answering once held a whole e2e file until jest's
 * timeout, with no word of where (frenchWalk in CI, 2026-11-30).
 */
async function bounded<T>(step: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${step} did not finish within ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Scrolls down the page a screen at a time and back to the top, as a reader would, so what is drawn only
 * when it nears the screen (a dashboard's lower charts) is on the full-page screenshot.
 */
async function scrollThrough(page: Page): Promise<void> {
  await bounded(
    `scrolling through ${page.url()}`,
    page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight) {
        window.scrollTo(0, top);
        await frame();
      }
      window.scrollTo(0, 0);
      await frame();
    }),
  );
}

type AxeResult = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] };

/** axe-core's serious and critical violations on the page as it is now, one line each; `label` names the screen size if it stalls. */
async function axe(page: Page, label: string): Promise<string[]> {
  return bounded(`axe on ${page.url()} (${label})`, axeViolations(page));
}

async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeResult[] }> } }).axe;
    const results = await axe.run(document, options);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, html: node.html.slice(0, 160), failureSummary: node.failureSummary })),
    }));
  }, AXE_OPTIONS);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => `${JSON.stringify(node.target)} ${node.html} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join('; ')}`,
    );
}

/** The six-digit code of the latest password reset mail sent to this address. */
export async function resetCodeFor(smtp: SmtpSink, email: string, after = 0): Promise<string> {
  const mail = await smtp.waitForMail(
    (candidate: ReceivedMail) =>
      smtp.received.indexOf(candidate) >= after && candidate.to.some((to) => to.includes(email)) && /reset code/i.test(candidate.data),
  );
  const body = mail.data.replace(/=\r?\n/g, '');
  const code = /reset code[^:]*is:\s*(\d{6})/i.exec(body)?.[1];
  if (!code) throw new Error(`no six-digit code in the reset mail:\n${mail.data}`);
  return code;
}
