// Consumer test 4, Vite: a minimal app in a fresh project that installed the
// tarball, importing 'capsule2d' by name with NO Vite configuration (the
// test passes only its root, port and quiet logging). `vite build` output,
// served as static files, and the Vite dev server (which pre-bundles the
// package into node_modules/.vite/deps: vitejs/vite#8427) both compute a
// contact in headless Chromium with no console error. Also: the dev server
// with the optimizeDeps.exclude line older Vite needs, and the inline entry
// built by Vite. Vite is the repository's own, imported by name.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { consumerProject, installTarball, writeFiles } from './project.js';
import { browserSkip, launchChromium, openPage, serveStatic } from './browser.js';

const { root, tarball } = await consumerProject();
const app = join(root, 'vite-app');
await installTarball(app, tarball, { scripts: { dev: 'vite', build: 'vite build' } });

const page = (title, script) => `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
  </head>
  <body>
    <pre id="out">loading</pre>
    <script type="module" src="./main.js"></script>
  </body>
</html>
`;
const main = (specifier) => `import { init, collideCapsuleCircle, usingSimd } from '${specifier}';

try {
  await init();
  const contact = collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1);
  window.__result = { contact, simd: usingSimd() };
} catch (e) {
  window.__error = \`\${e.name}: \${e.message}\`;
}
document.getElementById('out').textContent = JSON.stringify(window.__result ?? window.__error);
`;
writeFiles(app, {
  'index.html': page('capsule2d with Vite'),
  'main.js': main('capsule2d'),
  'inline/index.html': page('capsule2d/inline with Vite'),
  'inline/main.js': main('capsule2d/inline'),
});

const CONTACT = { nx: 0, ny: 1, depth: 0.5, pointX: 4, pointY: 1, coreX: 4, coreY: 0 };
const vite = () => import('vite');
const quiet = { configFile: false, logLevel: 'silent' };

function listFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => `${f} (${statSync(join(dir, f)).size} B)`)
    .sort();
}

function checkPage(result) {
  assert.equal(result.error, undefined);
  assert.deepEqual(result.problems, [], 'no console error, no failed request');
  assert.deepEqual(result.result, { contact: CONTACT, simd: true });
}

test('Vite: build output and dev server, no configuration', { skip: browserSkip }, async (t) => {
  const browser = await launchChromium();
  t.after(() => browser.close());

  await t.test('vite build, served as static files', async (t) => {
    const { build } = await vite();
    await build({ ...quiet, root: app });
    const out = join(app, 'dist');
    t.diagnostic(`vite build output: ${listFiles(out).join(', ')}`);
    const server = await serveStatic(out);
    try {
      checkPage(await openPage(browser, server.url));
    } finally {
      await server.close();
    }
  });

  await t.test('vite build with the .wasm emitted as files (assetsInlineLimit 0: what a .wasm over 4 KB gets)', async (t) => {
    const { build } = await vite();
    const outDir = join(app, 'dist-files');
    await build({ ...quiet, root: app, build: { outDir, assetsInlineLimit: 0 } });
    const files = listFiles(outDir);
    t.diagnostic(`vite build output: ${files.join(', ')}`);
    assert.equal(files.filter((f) => /^assets[/\\]capsule2d(\.simd)?-[\w-]+\.wasm /.test(f)).length, 2, 'both modules emitted');
    const server = await serveStatic(outDir);
    try {
      const result = await openPage(browser, server.url);
      checkPage(result);
      const wasm = result.requests.filter((r) => r.url.includes('.wasm')).map((r) => new URL(r.url).pathname);
      assert.equal(wasm.length, 1);
      assert.match(wasm[0], /^\/assets\/capsule2d\.simd-[\w-]+\.wasm$/);
    } finally {
      await server.close();
    }
  });

  const dev = async (config) => {
    const { createServer } = await vite();
    const server = await createServer({
      ...quiet,
      root: app,
      server: { port: 0, host: '127.0.0.1', strictPort: false },
      ...config,
    });
    await server.listen();
    return server;
  };

  await t.test('vite dev server: the package is pre-bundled and still finds its .wasm', async () => {
    const server = await dev({});
    try {
      const result = await openPage(browser, server.resolvedUrls.local[0]);
      checkPage(result);
      const paths = result.requests.map((r) => new URL(r.url).pathname);
      assert.ok(paths.includes('/node_modules/.vite/deps/capsule2d.js'), `pre-bundled: ${paths.join(' ')}`);
      const wasm = result.requests.filter((r) => r.url.includes('.wasm'));
      assert.deepEqual(
        wasm.map((r) => [new URL(r.url).pathname, r.status, r.type]),
        [['/node_modules/capsule2d/dist/capsule2d.simd.wasm', 200, 'application/wasm']],
      );
    } finally {
      await server.close();
    }
  });

  await t.test("vite dev server with optimizeDeps: { exclude: ['capsule2d'] } (what Vite 7 and older need)", async () => {
    const server = await dev({ optimizeDeps: { exclude: ['capsule2d'] } });
    try {
      const result = await openPage(browser, server.resolvedUrls.local[0]);
      checkPage(result);
      assert.ok(!result.requests.some((r) => r.url.includes('/.vite/deps/capsule2d')), 'not pre-bundled');
    } finally {
      await server.close();
    }
  });

  await t.test("'capsule2d/inline' built by Vite: no .wasm to serve", async (t) => {
    const { build } = await vite();
    const inlineRoot = join(app, 'inline');
    await build({ ...quiet, root: inlineRoot });
    const out = join(inlineRoot, 'dist');
    const files = listFiles(out);
    t.diagnostic(`vite build output: ${files.join(', ')}`);
    assert.ok(!files.some((f) => f.includes('.wasm')), relative(app, out));
    const server = await serveStatic(out);
    try {
      const result = await openPage(browser, server.url);
      checkPage(result);
      assert.ok(!result.requests.some((r) => r.url.includes('.wasm')));
    } finally {
      await server.close();
    }
  });
});
