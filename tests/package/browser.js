// Headless Chromium (Debian's, through the repository's playwright-core; no
// browser is downloaded) and a tiny static file server from node:http.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const haveChromium = existsSync(chromiumPath);

/**
 * The `skip` option for browser tests: false when Chromium is there; a reason
 * outside CI; under CI=true never a skip (the test runs and fails, saying why).
 */
export const browserSkip =
  haveChromium || process.env.CI === 'true' ? false : `no Chromium at ${chromiumPath} (set CHROMIUM_PATH); not in CI, so skipped`;

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium (a fresh profile: playwright gives each launch its own). */
export async function launchChromium() {
  if (!haveChromium) throw new Error(`Chromium is required (CI=true) but ${chromiumPath} does not exist`);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: chromiumPath, args: FLAGS, headless: true });
}

/**
 * Opens url in a new page and waits until the page sets window.__result (or
 * __error). Returns { result, error, problems }: problems lists every console
 * error, uncaught exception, failed request and HTTP status >= 400 seen.
 */
export async function openPage(browser, url, { timeout = 30_000 } = {}) {
  const page = await browser.newPage();
  const problems = [];
  const requests = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    requests.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] });
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => '__result' in window || '__error' in window, null, { timeout });
    const { result, error } = await page.evaluate(() => ({ result: window.__result, error: window.__error }));
    return { result, error, problems, requests };
  } finally {
    await page.close();
  }
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};

/**
 * Serves files under dir at http://127.0.0.1:<port>/. routes maps a path to
 * (req, res) => void for special answers (a 404, an HTML page for a .wasm).
 * Resolves to { url, close() }.
 */
export function serveStatic(dir, routes = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (routes[path]) return routes[path](req, res);
    let file = normalize(join(dir, path));
    if (file !== dir && !file.startsWith(dir + sep)) return notFound(res);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      notFound(res);
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        close: () => new Promise((r) => server.close(r)),
      });
    });
  });
}

export function notFound(res) {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}

/** What a single-page-app dev server answers for an unknown path: its index.html, status 200. */
export function htmlInstead(res) {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<!doctype html><html><head><title>app</title></head><body><div id="app"></div></body></html>');
}
