#!/usr/bin/env node
// The mutation check (issue 19): plants each bug of tools/mutants/mutants.js,
// one at a time, in a scratch copy of this working tree, and reports whether
// the suite catches it. Not part of `npm test` (it rebuilds once per mutant:
// about 1-3 minutes each on 2 cores).
//
//   npm run test:mutants                      every mutant
//   npm run test:mutants -- --only a,b        the mutants with these ids
//   npm run test:mutants -- --list            print the list, run nothing
//   npm run test:mutants -- --check           check that every patch applies, run nothing
//   npm run test:mutants -- --keep            keep the scratch copy (path printed)
//   npm run test:mutants -- --node tests/x.test.js   run these Node test files
//                                             instead of all of test:node
//   npm run test:mutants -- --no-native       skip the native tests (to see what
//                                             the Node tests alone catch)
//
// Per mutant, fail fast: a C mutant runs the native tests first (as
// `npm run test:native`, minus its compiler-warning matrix), and only if they
// pass is the wasm rebuilt and `npm run test:node` run; a JS mutant (src/js)
// cannot be seen by the native tests, so it is rebuilt and runs test:node
// only. The first failing step catches the mutant; the names of the failing
// tests are shown. Exit status 0 only when every mutant not marked
// equivalent is caught and every patch applied.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTANTS } from './mutants.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** Where `old` occurs in text: the count of occurrences. */
function occurrences(text, old) {
  let n = 0;
  for (let at = text.indexOf(old); at >= 0; at = text.indexOf(old, at + 1)) n++;
  return n;
}

function applyPatch(dir, m) {
  const path = join(dir, m.file);
  if (!existsSync(path)) return { ok: false, why: `${m.file} does not exist` };
  const text = readFileSync(path, 'utf8');
  const n = occurrences(text, m.old);
  if (n !== 1) return { ok: false, why: `${JSON.stringify(m.old)} occurs ${n} times in ${m.file} (must be once)` };
  writeFileSync(path, text.replace(m.old, () => m.new));
  return { ok: true, original: text, path };
}

function run(dir, cmd, argv, log, timeoutMs) {
  const started = Date.now();
  const r = spawnSync(cmd, argv, {
    cwd: dir,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_PATH: [process.env.NODE_PATH, '/usr/share/nodejs'].filter(Boolean).join(':') },
  });
  const out = `$ ${cmd} ${argv.join(' ')}\n${r.stdout ?? ''}${r.stderr ?? ''}\n`;
  writeFileSync(log, out, { flag: 'a' });
  const timedOut = r.error?.code === 'ETIMEDOUT' || r.signal === 'SIGTERM';
  return { ok: r.status === 0, timedOut, out, seconds: (Date.now() - started) / 1000 };
}

/** The names of failing tests in a native or node:test (TAP) log. */
function failures(out) {
  const names = new Set();
  for (const m of out.matchAll(/^FAIL (test_\w+)/gm)) names.add(m[1]);
  for (const m of out.matchAll(/^\s*not ok \d+ - (.*)$/gm)) if (!/# (TODO|SKIP)\b/.test(m[1])) names.add(m[1].trim());
  for (const m of out.matchAll(/^\S+:\d+:\d+: error: .*$/gm)) names.add(m[0]);
  return [...names].slice(0, 4);
}

function makeScratch() {
  const dir = mkdtempSync(join(tmpdir(), 'capsule2d-mutants-'));
  // The working tree as it is (tracked and untracked, not ignored files).
  const list = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (list.status !== 0) throw new Error(`git ls-files failed: ${list.stderr}`);
  for (const file of list.stdout.split('\0').filter(Boolean)) {
    const from = join(ROOT, file);
    if (!existsSync(from) || file === 'node_modules') continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(from, join(dir, file));
  }
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(dir, 'node_modules'));
  return dir; // the tests import 'capsule2d' by name: package.json's exports (self-reference)
}

function main() {
  let list = MUTANTS;
  const only = value('--only');
  if (only) {
    const ids = only.split(',');
    const unknown = ids.filter((id) => !MUTANTS.some((m) => m.id === id));
    if (unknown.length) {
      console.error(`unknown mutant id(s): ${unknown.join(', ')}`);
      process.exit(2);
    }
    list = MUTANTS.filter((m) => ids.includes(m.id));
  }
  if (flag('--list')) {
    for (const m of list) console.log(`${m.id.padEnd(24)} ${m.file.padEnd(28)} ${m.what}${m.equivalent ? ' [equivalent]' : ''}`);
    return 0;
  }
  if (flag('--check')) {
    let bad = 0;
    for (const m of list) {
      const n = occurrences(readFileSync(join(ROOT, m.file), 'utf8'), m.old);
      if (n !== 1) bad++;
      console.log(`${m.id.padEnd(24)} ${n === 1 ? 'applies' : `PATCH DID NOT APPLY (${n} matches in ${m.file})`}`);
    }
    return bad ? 1 : 0;
  }
  const nodeFiles = value('--node');
  const dir = makeScratch();
  const logs = join(dir, 'mutant-logs');
  mkdirSync(logs);
  console.log(`scratch copy: ${dir}`);
  const results = [];
  for (const m of list) {
    const log = join(logs, `${m.id}.log`);
    const patch = applyPatch(dir, m);
    if (!patch.ok) {
      results.push({ m, status: 'PATCH DID NOT APPLY', detail: patch.why });
      console.log(`${m.id}: PATCH DID NOT APPLY — ${patch.why}`);
      continue;
    }
    const started = Date.now();
    let status = 'missed', detail = '';
    try {
      if (m.equivalent) {
        status = 'equivalent';
        detail = m.equivalent;
      } else {
        const isC = /\.(c|h)$/.test(m.file);
        let caught = null;
        if (isC && !flag('--no-native')) {
          const nat = run(dir, 'bash', ['tests/native/run.sh', ''], log, 20 * 60e3);
          if (!nat.ok) {
            // no "N passed, M failed" line: the tests did not build (a broken patch, not a catch)
            const built = /\d+ passed, \d+ failed/.test(nat.out);
            const by = nat.timedOut ? 'native (timeout)' : built ? 'native' : 'native build (compile error: check the patch)';
            caught = { by, names: failures(nat.out) };
          }
        }
        if (!caught) {
          const build = run(dir, 'bash', ['build.sh'], log, 10 * 60e3);
          if (!build.ok) caught = { by: 'build', names: failures(build.out) };
        }
        if (!caught) {
          const node = nodeFiles
            ? run(dir, process.execPath, ['--test', ...nodeFiles.split(',')], log, 30 * 60e3)
            : run(dir, 'npm', ['run', '--silent', 'test:node'], log, 30 * 60e3);
          if (!node.ok) caught = { by: node.timedOut ? 'node (timeout)' : 'node', names: failures(node.out) };
        }
        if (caught) {
          status = `caught by ${caught.by}`;
          detail = caught.names.join('; ');
        }
      }
    } finally {
      writeFileSync(patch.path, patch.original);
    }
    const secs = Math.round((Date.now() - started) / 1000);
    results.push({ m, status, detail, secs });
    console.log(`${m.id}: ${status}${detail ? ` — ${detail}` : ''} (${secs} s)`);
  }
  console.log('\n| mutant | file | bug | result |\n|---|---|---|---|');
  for (const r of results) {
    const res = r.status + (r.detail ? `: ${r.detail.replace(/\|/g, '\\|')}` : '');
    console.log(`| ${r.m.id} | ${r.m.file} | ${r.m.what.replace(/\|/g, '\\|')} | ${res} |`);
  }
  const caught = results.filter((r) => r.status.startsWith('caught')).length;
  const equivalent = results.filter((r) => r.status === 'equivalent').length;
  const bad = results.filter((r) => r.status === 'missed' || r.status === 'PATCH DID NOT APPLY');
  console.log(`\n${caught} caught, ${equivalent} equivalent, ${bad.length} missed or not applied, of ${results.length}`);
  if (flag('--keep')) console.log(`kept: ${dir} (logs in ${logs})`);
  else rmSync(dir, { recursive: true, force: true });
  return bad.length ? 1 : 0;
}

process.exit(main());
