// What the tarball holds and how big it is: only what a user needs (dist/,
// README, LICENSE, CHANGELOG, package.json); each .wasm within the budget
// below (Node's zlib, level 9), just above the modules as they are; the
// modules import only the memory-growth hook; the browser entries never
// reach node:*; package.json's packaging fields. The budget's history and
// what each feature costs: docs/install.md, Sizes (issue 28 asked for 64 KB
// gzipped with capsule bodies and joints; they cost about 20 KB of it).
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { consumerProject, installTarball, npm, run } from './project.js';

const { root, tarball, project, pack, buildLog, installLog } = await consumerProject();
const installed = join(project, 'node_modules', 'capsule2d');
const read = (name) => readFileSync(join(installed, name));

const KB = 1024;
const BUDGET = { raw: 192 * KB, gzip: 88 * KB };

test('the tarball holds what a user needs and nothing else', (t) => {
  const paths = pack.files.map((f) => f.path).sort();
  t.diagnostic(`tarball ${pack.filename}: ${pack.size} B packed, ${pack.unpackedSize} B unpacked`);
  for (const f of pack.files) t.diagnostic(`  ${f.path.padEnd(28)} ${String(f.size).padStart(7)} B`);
  const allowed = /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist\/[\w.-]+\.(js|d\.ts|wasm))$/;
  assert.deepEqual(paths.filter((p) => !allowed.test(p)), [], 'nothing outside the allowed set');
  for (const need of [
    'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md',
    'dist/index.js', 'dist/index.d.ts', 'dist/node.js', 'dist/inline.js', 'dist/inline.d.ts',
    'dist/wasm-inline.js', 'dist/inline-source.js', 'dist/wasm-default.js', 'dist/loader.js', 'dist/runtime.js',
    'dist/capsule2d.wasm', 'dist/capsule2d.simd.wasm',
  ]) {
    assert.ok(paths.includes(need), `the tarball has ${need}`);
  }
  // Every relative import and every .d.ts re-export resolves inside the tarball.
  for (const p of paths.filter((p) => /\.(js|d\.ts)$/.test(p))) {
    const text = read(p).toString();
    for (const m of text.matchAll(/(?:from|import)\s*['"]\.\/([\w.-]+)['"]/g)) {
      const target = p.endsWith('.d.ts') ? m[1].replace(/\.js$/, '.d.ts') : m[1];
      assert.ok(paths.includes(`dist/${target}`), `${p} imports ./${m[1]}: dist/${target} is in the tarball`);
    }
  }
});

test(`size: each .wasm <= ${BUDGET.raw / KB} KB raw and <= ${BUDGET.gzip / KB} KB gzipped`, (t) => {
  for (const name of ['dist/capsule2d.wasm', 'dist/capsule2d.simd.wasm']) {
    const bytes = read(name);
    const gz = gzipSync(bytes, { level: 9 }).length;
    t.diagnostic(`${name}: ${bytes.length} B raw, ${gz} B gzip -9`);
    assert.ok(bytes.length <= BUDGET.raw, `${name} is ${bytes.length} B raw (budget ${BUDGET.raw})`);
    assert.ok(gz <= BUDGET.gzip, `${name} is ${gz} B gzipped (budget ${BUDGET.gzip})`);
  }
});

test('build.sh printed every .wasm and JS entry with its raw and gzipped size', () => {
  for (const name of ['dist/capsule2d.wasm', 'dist/capsule2d.simd.wasm', 'dist/index.js', 'dist/node.js', 'dist/inline.js']) {
    const row = new RegExp(`^\\s+${name.replace(/\./g, '\\.')}\\s+(\\d+)\\s+(\\d+)$`, 'm').exec(buildLog);
    assert.ok(row, `a size row for ${name}`);
    assert.equal(Number(row[1]), read(name).length, `${name}: the raw size printed is the file's`);
    assert.equal(Number(row[2]), gzipSync(read(name), { level: 9 }).length, `${name}: the gzip size printed`);
  }
  for (const entry of ["'capsule2d' (browsers, bundlers)", "'capsule2d' (Node)", "'capsule2d/inline'"]) {
    assert.ok(buildLog.includes(entry), `an entry-size row for ${entry}`);
  }
});

test('each module imports at most env.emscripten_notify_memory_growth (no WASI, no printf)', () => {
  // (The hook is imported once the C code allocates; a module that never
  // grows memory imports nothing.)
  for (const name of ['dist/capsule2d.wasm', 'dist/capsule2d.simd.wasm']) {
    const module = new WebAssembly.Module(read(name));
    for (const i of WebAssembly.Module.imports(module)) {
      assert.deepEqual(i, { module: 'env', name: 'emscripten_notify_memory_growth', kind: 'function' }, name);
    }
    const exports = WebAssembly.Module.exports(module).map((e) => e.name);
    assert.ok(exports.includes('memory') && exports.includes('_initialize') && exports.includes('capw_out'));
  }
});

// The browser floors in the README rest on this: the scalar module uses only
// WebAssembly 1.0 (MVP) features, the SIMD one adds 128-bit SIMD and three
// features every engine with SIMD had before it (saturating float-to-int,
// bulk memory, sign extension: Chrome 75, Firefox 79, Safari 15 at the
// latest; build.sh). Checked with binaryen's wasm-opt (installed with
// Debian's emscripten).
const wasmOpt = ['/usr/bin/wasm-opt', '/usr/local/bin/wasm-opt'].find((p) => existsSync(p));
test(
  'features: the scalar module is WebAssembly MVP only; the SIMD module is MVP + SIMD (+ features older than SIMD)',
  { skip: wasmOpt || process.env.CI === 'true' ? false : 'wasm-opt (binaryen) not found; not in CI, so skipped' },
  async () => {
    assert.ok(wasmOpt, 'wasm-opt is required under CI=true');
    const validate = (file, ...features) =>
      run(wasmOpt, ['--mvp-features', ...features, join(installed, file), '-o', '/dev/null']);
    await validate('dist/capsule2d.wasm');
    await validate('dist/capsule2d.simd.wasm', '--enable-simd', '--enable-nontrapping-float-to-int', '--enable-bulk-memory', '--enable-sign-ext');
    await assert.rejects(validate('dist/capsule2d.simd.wasm'), /SIMD/, 'the SIMD module does use SIMD');
  },
);

test("the browser entries never reach node:* modules; the Node entry does", () => {
  const closure = (entry, seen = new Set()) => {
    if (seen.has(entry)) return seen;
    seen.add(entry);
    const text = read(`dist/${entry}`).toString();
    for (const m of text.matchAll(/(?:from|import)\s*['"]([^'"]+)['"]/g)) {
      if (m[1].startsWith('./')) closure(m[1].slice(2), seen);
      else seen.add(m[1]);
    }
    return seen;
  };
  const external = (entry) => [...closure(entry)].filter((s) => !s.endsWith('.js') || s.includes(':'));
  assert.deepEqual(external('index.js'), []);
  assert.deepEqual(external('inline.js'), []);
  assert.ok(external('node.js').includes('node:fs/promises'));
  // The inline entry never names a .wasm file (a bundler would emit it):
  // no module of its closure has new URL('literal', import.meta.url).
  const assetUrl = /new URL\(\s*['"`][^'"`]*['"`]\s*,\s*import\.meta\.url\s*\)/;
  const inline = [...closure('inline.js')];
  assert.ok(inline.includes('inline-source.js') && !inline.includes('wasm-default.js'), inline.join(' '));
  for (const f of inline) assert.doesNotMatch(read(`dist/${f}`).toString(), assetUrl, f);
  assert.match(read('dist/wasm-default.js').toString(), assetUrl);
  assert.ok(closure('index.js').has('wasm-default.js'));
});

test("'capsule2d/inline' exports exactly what 'capsule2d' exports", async () => {
  const names = async (specifier) => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', `import * as m from '${specifier}'; console.log(JSON.stringify(Object.keys(m).sort()))`], { cwd: project });
    return JSON.parse(stdout);
  };
  const main = await names('capsule2d');
  assert.ok(main.includes('init') && main.includes('collideCapsuleCircle'));
  assert.deepEqual(await names('capsule2d/inline'), main);
});

test('package.json: ESM, exports (types first), files, no side effects, engines, licence, scripts', async () => {
  const pkg = JSON.parse(read('package.json'));
  assert.equal(pkg.type, 'module');
  assert.match(pkg.version, /^\d+\.\d+\.\d+(-[\w.]+)?$/, 'a semver version');
  assert.equal(pkg.license, 'MIT');
  assert.match(read('LICENSE').toString(), /^MIT License/);
  assert.match(read('CHANGELOG.md').toString(), new RegExp(`^## ${pkg.version.replace(/\./g, '\\.')}\\b`, 'm'));
  assert.equal(pkg.sideEffects, false);
  assert.equal(pkg.engines.node, '>=20');
  const dot = pkg.exports['.'];
  assert.deepEqual(Object.keys(dot), ['types', 'node', 'default'], 'types first, node before default');
  assert.deepEqual(dot, { types: './dist/index.d.ts', node: './dist/node.js', default: './dist/index.js' });
  assert.equal(Object.keys(pkg.exports['./inline'])[0], 'types');
  assert.equal(pkg.scripts.prepack, 'bash build.sh >&2', 'the build report goes to stderr: npm pack --json stays JSON');
});

// npm 11 names every dependency with an install-time script it has not been
// told to allow ("npm warn install-scripts 1 package has install scripts not
// yet covered by allowScripts: capsule2d@0.1.0 (prepare: ...)"): the package
// must carry none. The repository builds dist/ from its pre-scripts instead
// (tools/ensure-built.js).
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

test('package.json: no install-time lifecycle scripts (preinstall, install, postinstall, prepare)', () => {
  const pkg = JSON.parse(read('package.json'));
  for (const name of INSTALL_SCRIPTS) assert.equal(pkg.scripts?.[name], undefined, `the packed package.json has a "${name}" script`);
  // The tarball holds no binding.gyp either (npm would run node-gyp for it).
  assert.ok(!pack.files.some((f) => /(^|\/)binding\.gyp$/.test(f.path)), 'no binding.gyp');
});

const npmMajor = Number((await run(npm, ['--version'])).stdout.trim().split('.')[0]);
test(
  'npm install of the tarball prints no warning about install scripts',
  { skip: npmMajor >= 11 || process.env.CI === 'true' ? false : `npm ${npmMajor} does not check install scripts (npm 11 does); not in CI, so skipped` },
  async (t) => {
    assert.ok(npmMajor >= 11, `npm 11 or later is required under CI=true (npm ${npmMajor})`);
    // The shared project's install, and one more in a scratch project of its
    // own (nothing cached from an earlier install of the same tarball).
    const scratch = join(root, 'install-scripts');
    rmSync(scratch, { recursive: true, force: true });
    const logs = { shared: installLog, scratch: await installTarball(scratch, tarball) };
    for (const [which, log] of Object.entries(logs)) {
      for (const line of log.split('\n').filter((l) => /^npm warn/i.test(l))) t.diagnostic(`${which}: ${line}`);
      assert.doesNotMatch(log, /^npm warn.*(script|allowScripts)/im, `${which} install warned about scripts:\n${log}`);
    }
    assert.ok(existsSync(join(scratch, 'node_modules', 'capsule2d', 'dist', 'index.js')), 'the scratch install has the package');
  },
);
