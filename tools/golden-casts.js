#!/usr/bin/env node
// Prints the casts golden hash (tests/golden/casts.h) computed by the built
// wasm modules, SIMD and scalar, each in its own worker:
//   node tools/golden-casts.js           print it (and whether the header agrees)
//   node tools/golden-casts.js --write   also rewrite the constant in tests/golden/casts.h
// Rebuild first (bash build.sh) after changing the C; afterwards run
// `npm run test:native`, which checks the native build against the header.
import { readFileSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const header = new URL('../tests/golden/casts.h', import.meta.url);
const worker = new URL('../tests/helpers/batch-worker.js', import.meta.url);
const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');

function runIn(simd) {
  return new Promise((resolve, reject) => {
    const w = new Worker(worker, { workerData: { simd } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

const [simd, scalar] = await Promise.all([runIn(true), runIn(false)]);
const text = readFileSync(header, 'utf8');
const re = /#define CAP_CASTS_GOLDEN_HASH 0x[0-9a-f]+u/i;
const old = re.exec(text)?.[0];
console.log(`wasm SIMD:   ${hex(simd.castsHash)}${simd.simd ? '' : ' (SIMD unavailable: this is the scalar build)'}`);
console.log(`wasm scalar: ${hex(scalar.castsHash)}`);
if (simd.castsHash !== scalar.castsHash) {
  console.error('the SIMD and scalar builds disagree: a determinism bug, not a new golden value');
  process.exit(1);
}
const line = `#define CAP_CASTS_GOLDEN_HASH ${hex(simd.castsHash)}u`;
console.log(line);
if (!old) {
  console.error(`no CAP_CASTS_GOLDEN_HASH line in ${header.pathname}`);
  process.exit(1);
}
if (old === line) console.log('tests/golden/casts.h already holds it');
else if (process.argv.includes('--write')) {
  writeFileSync(header, text.replace(re, line));
  console.log(`tests/golden/casts.h updated (was ${old.split(' ').pop()}); now run npm run test:native`);
} else console.log(`tests/golden/casts.h holds ${old.split(' ').pop()}; --write replaces it`);
