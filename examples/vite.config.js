// Vite config for the runnable examples (root: examples/): a chooser page and
// three games, each a page of its own (pinball/, plinko/, merge/).
//
// The games import the library by its package name, 'capsule2d', as a user's
// game would. Here 'capsule2d' is aliased to this repository's built package
// (dist/index.js, made by `npm run build`), so no npm install of the package
// is needed; a game copied out of the repository drops the alias and installs
// capsule2d instead. The loader finds its .wasm next to itself with a literal
// `new URL('./capsule2d.simd.wasm', import.meta.url)` (and one for the scalar
// build), which `vite build` recognises: it emits both modules (hashed) and
// rewrites the URLs. As for the tutorial page (web/vite.config.js), the
// package is kept out of dependency pre-bundling.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const dist = here('../dist/');
const PAGES = ['index', 'pinball/index', 'plinko/index', 'merge/index'];

export default defineConfig({
  root: here('.'),
  base: './',
  resolve: { alias: { capsule2d: dist + 'index.js' } },
  optimizeDeps: { exclude: ['capsule2d'] },
  server: { host: 'localhost' },
  preview: { host: 'localhost' },
  build: {
    outDir: here('../examples-dist/'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { input: Object.fromEntries(PAGES.map((p) => [p.replace('/index', ''), here(`${p}.html`)])) },
  },
});
