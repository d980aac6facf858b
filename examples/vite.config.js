// Vite config for the runnable examples (root: examples/): a chooser page and
// three games, each a page of its own (pinball/, plinko/, merge/).
//
// The games import the library by its package name, 'capsule2d', as a user's
// game would. Here 'capsule2d' is aliased to this repository's built package
// (dist/index.js, made by `npm run build`), so no npm install of the package
// is needed; a game copied out of the repository drops the alias and installs
// capsule2d instead. As for the tutorial page (web/vite.config.js): the alias
// is kept out of dependency pre-bundling (the loader finds its .wasm next to
// itself with `new URL(file, import.meta.url)`), and a build emits both .wasm
// builds next to the bundled scripts, since which one loads is decided at
// run time (SIMD or not).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const dist = here('../dist/');
const PAGES = ['index', 'pinball/index', 'plinko/index', 'merge/index'];

function emitCapsule2dWasm() {
  let assetsDir = 'assets';
  return {
    name: 'capsule2d-wasm',
    apply: 'build',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    generateBundle() {
      for (const name of ['capsule2d.simd.wasm', 'capsule2d.wasm']) {
        this.emitFile({ type: 'asset', fileName: `${assetsDir}/${name}`, source: readFileSync(dist + name) });
      }
    },
  };
}

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
  plugins: [emitCapsule2dWasm()],
});
