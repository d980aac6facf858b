// Vite config for the tutorial page (root: web/).
//
// The page imports the library by its package name, 'capsule2d', exactly as a
// user would. Two things need care:
// - The loader finds its .wasm with `new URL(file, import.meta.url)`. A
//   pre-bundled dependency breaks that in the dev server (vitejs/vite#8427),
//   so 'capsule2d' is aliased to the built dist/index.js (a plain local ES
//   module that Vite serves as-is) and kept out of dependency pre-bundling.
// - The loader writes each module's URL as a literal
//   `new URL('./capsule2d*.wasm', import.meta.url)` (dist/wasm-default.js), so
//   the production build emits one hashed copy of each module and rewrites the
//   URLs itself: nothing is copied by hand (a copy under the plain name as
//   well shipped every module twice; tests/browser/page-build.test.js).
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, searchForWorkspaceRoot } from 'vite';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

// The page's "README" and "API reference" links go to copies served with the
// page, docs/README.md and docs/<name>.d.ts (the package is not published, so
// an npm or unpkg page would not exist): the dev and preview servers answer
// them from the repository's README.md and dist/*.d.ts, as plain text; a
// build emits them into the built folder.
const readme = fileURLToPath(new URL('../README.md', import.meta.url));
const docFiles = () => ({
  'README.md': readme,
  ...Object.fromEntries(readdirSync(dist).filter((f) => f.endsWith('.d.ts')).map((f) => [f, dist + f])),
});

function capsule2dDocs() {
  const serve = (server) => {
    server.middlewares.use((req, res, next) => {
      const m = /^\/docs\/([\w.-]+)$/.exec((req.url ?? '').split('?')[0]);
      const file = m && docFiles()[m[1]];
      if (!file) return next();
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(readFileSync(file));
    });
  };
  return {
    name: 'capsule2d-docs',
    configureServer: serve,
    configurePreviewServer: serve,
    generateBundle() {
      for (const [name, file] of Object.entries(docFiles())) {
        this.emitFile({ type: 'asset', fileName: `docs/${name}`, source: readFileSync(file) });
      }
    },
  };
}

// Box2D v3's compat build (the race, loaded on demand) imports Node's
// 'module' on a path only Node takes; in the page that import gets a stub,
// so the build neither externalizes it nor warns.
function box2dNodeStub() {
  const id = '\0box2d3-node-module';
  return {
    name: 'box2d3-node-module',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'module' && importer?.includes('box2d3-wasm') ? id : null;
    },
    load(source) {
      return source === id ? 'export function createRequire() { throw new Error("Node only"); }' : null;
    },
  };
}

/** The real path of the repository's node_modules (it may be a symbolic link). */
function nodeModules() {
  const dir = fileURLToPath(new URL('../node_modules/', import.meta.url));
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative URLs, so the built folder works from any static host and path.
  base: './',
  resolve: {
    alias: { capsule2d: dist + 'index.js' },
  },
  optimizeDeps: { exclude: ['capsule2d'] },
  // The race (web/demos/race.js) fetches Box2D v3's .wasm from node_modules,
  // which may be a link to a folder outside the repository: allowed too.
  server: { host: 'localhost', fs: { allow: [searchForWorkspaceRoot(process.cwd()), nodeModules()] } },
  preview: { host: 'localhost' },
  build: {
    outDir: fileURLToPath(new URL('../web-dist/', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  plugins: [capsule2dDocs(), box2dNodeStub()],
});
