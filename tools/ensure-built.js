// Builds dist/ (bash build.sh) when it is missing or older than what it is
// built from; otherwise does nothing. npm runs it before start, test,
// test:node, test:browser, bench, build:web, examples and build:examples (the "pre" scripts in
// package.json), so a fresh clone needs only `npm install && npm start`.
// It replaces an npm "prepare" script, which the published package.json
// would carry and npm 11 would flag at every install of the package
// ("install scripts not yet covered by allowScripts").
//
//   node tools/ensure-built.js           build if stale, say why
//   node tools/ensure-built.js --check   exit 1 if stale (print why), build nothing
//
// Stale: a file build.sh makes is missing, or the oldest of them is older
// than the newest input (anything under src/, build.sh, tools/c-sources.sh).
// A git checkout stamps the files it changes with the current time, so a
// pull or a branch switch that changes a source rebuilds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => join(root, p);

/** Every file under dir, recursively. */
function files(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** Why dist/ needs a build, or null when it is up to date. */
export function staleReason() {
  const inputs = [...files(at('src')), at('build.sh'), at('tools/c-sources.sh')];
  // What build.sh writes: the two modules, the generated inline entry, and
  // a copy of every .js and .d.ts of src/js/.
  const outputs = ['capsule2d.wasm', 'capsule2d.simd.wasm', 'wasm-inline.js', 'inline.js']
    .concat(readdirSync(at('src/js')).filter((f) => /\.(js|d\.ts)$/.test(f)))
    .map((f) => at(`dist/${f}`));
  const missing = outputs.find((p) => !existsSync(p));
  if (missing) return `${relative(root, missing)} is missing`;
  const newest = inputs.reduce((a, p) => (statSync(p).mtimeMs > statSync(a).mtimeMs ? p : a));
  const oldest = outputs.reduce((a, p) => (statSync(p).mtimeMs < statSync(a).mtimeMs ? p : a));
  if (statSync(newest).mtimeMs > statSync(oldest).mtimeMs) {
    return `${relative(root, newest)} is newer than ${relative(root, oldest)}`;
  }
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const why = staleReason();
  if (process.argv.includes('--check')) {
    if (why) console.error(`dist/ is stale: ${why}`);
    process.exit(why ? 1 : 0);
  }
  if (why) {
    console.error(`tools/ensure-built.js: ${why}; running build.sh`);
    const r = spawnSync('bash', [at('build.sh')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    process.exit(r.status ?? 1);
  }
}
