// Vite config for the tutorial page (root: web/).
//
// The page imports the library by its package name, 'capsule2d', exactly as a
// user would. Two things need care:
// - The loader finds its .wasm with `new URL(file, import.meta.url)`. A
//   pre-bundled dependency breaks that in the dev server (vitejs/vite#8427),
//   so 'capsule2d' is aliased to the built dist/index.js (a plain local ES
//   module that Vite serves as-is) and kept out of dependency pre-bundling.
// - The file name is chosen at run time (SIMD or scalar build), so the
//   production bundler cannot see which .wasm to emit. The plugin below copies
//   both modules next to the bundled scripts, where import.meta.url points.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const WASM_FILES = ['capsule2d.simd.wasm', 'capsule2d.wasm'];

function emitCapsule2dWasm() {
  let assetsDir = 'assets';
  return {
    name: 'capsule2d-wasm',
    apply: 'build',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    generateBundle() {
      for (const name of WASM_FILES) {
        this.emitFile({
          type: 'asset',
          fileName: assetsDir ? `${assetsDir}/${name}` : name,
          source: readFileSync(dist + name),
        });
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative URLs, so the built folder works from any static host and path.
  base: './',
  resolve: {
    alias: { capsule2d: dist + 'index.js' },
  },
  optimizeDeps: { exclude: ['capsule2d'] },
  server: { host: 'localhost' },
  preview: { host: 'localhost' },
  build: {
    outDir: fileURLToPath(new URL('../web-dist/', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  plugins: [emitCapsule2dWasm()],
});
