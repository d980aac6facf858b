// Consumer test 2, types: a TypeScript file using the public API type-checks
// with `tsc --noEmit --strict` against the installed package (module
// resolution through the exports map, "types" first), both as Node resolves
// (nodenext) and as bundlers do (bundler); a file of deliberate misuses fails,
// each misuse with the error written beside it. tsc is the repository's
// typescript package, run by path.
import test from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { consumerProject, writeFiles, repo, execFile } from './project.js';

const { project } = await consumerProject();
const dir = join(project, 'types');
const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');

writeFiles(dir, {
  'ok.ts': `
import {
  init, collideCapsuleCircle, closestPointOnSegment, createContact, usingSimd, simdSupported,
  type Contact, type InitOptions, type SegmentPoint, type WasmSource,
} from 'capsule2d';
import * as inline from 'capsule2d/inline';

const options: InitOptions = { simd: simdSupported() };
await init(options);
await init({ wasm: new URL('./capsule2d.wasm', import.meta.url) });
await init({ wasm: fetch('/capsule2d.simd.wasm') });
await init({ wasm: new Uint8Array(8) });
const source: WasmSource = new WebAssembly.Module(new Uint8Array(8));
await init({ wasm: source, simd: false });
await inline.init();

const hit: Contact | null = collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1);
if (hit) {
  const x: number = 4 + hit.nx * hit.depth;
  const y: number = 1.5 + hit.ny * hit.depth;
  console.log(x, y, hit.pointX, hit.pointY, hit.coreX, hit.coreY);
}
const reused: Contact = createContact();
const again: Contact | null = collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1, reused);
const p: SegmentPoint = closestPointOnSegment(0, 0, 10, 0, 3, 5);
const simd: boolean = usingSimd() && inline.usingSimd();
console.log(again, p.x + p.y + p.t, simd);
`,
  // Each line that must fail says which error, as "// TSxxxx".
  'misuse.ts': `
import { init, collideCapsuleCircle, closestPointOnSegment, createContact } from 'capsule2d';
import { notAnExport } from 'capsule2d'; // TS2305
import { f32 } from 'capsule2d/dist/check.js'; // TS2307

await init({ simd: 'yes' }); // TS2322
await init({ wasmUrl: 'capsule2d.wasm' }); // TS2353
await init({ wasm: 42 }); // TS2322
collideCapsuleCircle('0', 0, 10, 0, 1, 4, 1.5, 1); // TS2345
collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5); // TS2554
closestPointOnSegment(0, 0, 1, 1, 2, 2, { x: 0, y: 0 }); // TS2741
const hit = collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1);
console.log(hit.depth); // TS18047
console.log(closestPointOnSegment(0, 0, 1, 1, 2, 2).z); // TS2339
const n: string = createContact().nx; // TS2322
console.log(notAnExport, f32, n);
`,
});

const FLAGS = {
  nodenext: ['--module', 'nodenext', '--moduleResolution', 'nodenext'],
  bundler: ['--module', 'esnext', '--moduleResolution', 'bundler'],
};

async function typecheck(file, resolution) {
  const args = [tsc, '--noEmit', '--strict', '--target', 'es2022', '--lib', 'es2022,dom', ...FLAGS[resolution], file];
  try {
    const { stdout } = await execFile(process.execPath, args, { cwd: dir });
    return { code: 0, output: stdout };
  } catch (e) {
    if (typeof e.code !== 'number') throw e;
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

test('tsc runs (typescript from the repository)', async () => {
  const { stdout } = await execFile(process.execPath, [tsc, '--version']);
  assert.match(stdout, /Version \d+\.\d+/);
});

for (const resolution of Object.keys(FLAGS)) {
  test(`types (${resolution}): the public API type-checks with --strict`, async () => {
    const { code, output } = await typecheck('ok.ts', resolution);
    assert.equal(output.trim(), '', 'no errors');
    assert.equal(code, 0);
  });

  test(`types (${resolution}): each deliberate misuse is an error`, async () => {
    const { code, output } = await typecheck('misuse.ts', resolution);
    assert.notEqual(code, 0, 'tsc fails');
    const lines = (await import('node:fs')).readFileSync(join(dir, 'misuse.ts'), 'utf8').split('\n');
    const expected = [];
    lines.forEach((text, i) => {
      const m = /\/\/ (TS\d+)$/.exec(text);
      if (m) expected.push(`${i + 1} ${m[1]}`);
    });
    const found = [...output.matchAll(/^misuse\.ts\((\d+),\d+\): error (TS\d+)/gm)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual([...new Set(found)].sort(), expected.sort(), output);
    assert.ok(expected.length >= 10);
  });
}
