// Shared plumbing for the browser tests: serve the page with Vite (dev
// server, or a production build under `vite preview`), open Debian's
// Chromium through playwright-core with a fresh profile, collect console
// errors and failed requests, and save screenshots under test-results/.
import { before, after } from 'node:test';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as netServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CONFIG = join(ROOT, 'web/vite.config.js');
/** The runnable examples' Vite config (examples/: a chooser page and the games). */
export const EXAMPLES_CONFIG = join(ROOT, 'examples/vite.config.js');
export const SHOTS = join(ROOT, 'test-results/page');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Why the browser tests cannot run here, or null. Under CI=true a missing
 * browser or build is a failure (the caller throws); elsewhere a skip.
 */
export function missing() {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
  if (!existsSync(join(ROOT, 'dist/capsule2d.wasm'))) return 'dist/ is not built (npm run build)';
  return null;
}

/** Decides skip or fail for a whole test file; returns a skip reason or false. */
export function skipReason() {
  const why = missing();
  if (!why) return false;
  if (process.env.CI === 'true') throw new Error(`browser tests cannot run under CI: ${why}`);
  console.log(`# skipping browser tests: ${why}`);
  return why;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = netServer();
    s.once('error', reject);
    s.listen(0, 'localhost', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts the Vite dev server (the page's config, or another) on a free localhost port: { url, close() }. */
export async function startDev(configFile = CONFIG) {
  const { createServer } = await import('vite');
  const port = await freePort();
  const server = await createServer({
    configFile,
    logLevel: 'error',
    server: { port, strictPort: true, host: 'localhost' },
  });
  await server.listen();
  return { url: `http://localhost:${port}/`, close: () => server.close() };
}

/**
 * Builds the static folder (the page's config, or another) into a temporary
 * directory (not the user's web-dist/) and serves it with `vite preview`:
 * { url, outDir, close() }.
 */
export async function startBuilt(configFile = CONFIG) {
  const { build, preview } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'capsule2d-web-'));
  await build({ configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  const server = await preview({
    configFile,
    logLevel: 'error',
    build: { outDir },
    preview: { port, strictPort: true, host: 'localhost' },
  });
  return {
    url: `http://localhost:${port}/`,
    outDir,
    close: async () => {
      await new Promise((resolve) => server.httpServer.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens Chromium with a fresh profile and one page. contextOptions are
 * playwright's (viewport, hasTouch, isMobile, deviceScaleFactor ...).
 * Returns { page, problems, close() }: problems collects console errors,
 * page errors and failed or non-2xx requests. The page is ready when
 * window[readyGlobal].ready is set (the tutorial page's __capsule2dPage; the
 * examples' game), and failed when its .error is.
 */
export async function openPage(url, contextOptions = {}, readyGlobal = '__capsule2dPage') {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'capsule2d-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
    ...contextOptions,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(url);
  await page.waitForFunction((g) => window[g]?.ready || window[g]?.error, readyGlobal, {
    timeout: 15000,
  });
  const error = await page.evaluate((g) => window[g].error, readyGlobal);
  if (error) throw new Error(`the page failed to start: ${error}`);
  return {
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot of one element (or the viewport) as test-results/page/<name>.png. */
export async function shot(page, name, selector) {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  if (selector) await page.locator(selector).screenshot({ path });
  else await page.screenshot({ path });
  return path;
}

/** The phone the tests emulate: 390 × 844 CSS px, devicePixelRatio 3, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/**
 * Registers, in the calling describe(), a before hook that starts the dev
 * server and opens the page (contextOptions as for openPage) and an after
 * hook that closes both. Returns an object whose `page`, `browser` and
 * `server` are set once the before hook has run.
 */
export function servePage(contextOptions = {}) {
  const served = { server: null, browser: null, page: null };
  before(async () => {
    served.server = await startDev();
    served.browser = await openPage(served.server.url, contextOptions);
    served.page = served.browser.page;
  });
  after(async () => {
    await served.browser?.close();
    await served.server?.close();
  });
  return served;
}
