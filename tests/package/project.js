// Consumer-test setup, shared by every tests/package/*.test.js: `npm pack`
// the repository (prepack builds dist/), then install the tarball into a
// fresh temporary project, as a game developer would get it. The test files
// run in separate processes, in parallel: the first one to get here packs and
// installs, the others wait for it (a mkdir lock). One set per test run,
// keyed by the test runner's pid; sets left by earlier runs are removed.
//
// Tools are the repository's own (typescript, vite, playwright-core), used
// by path: nothing is downloaded. `npm install` of the tarball runs with
// --offline: the package has no dependencies.
import { execFile as execFileCb } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const execFile = promisify(execFileCb);
export const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runKey = process.env.NODE_TEST_CONTEXT ? process.ppid : process.pid;
const PREFIX = 'capsule2d-package-';
const root = join(tmpdir(), `${PREFIX}${runKey}`);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function removeStale() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length).replace(/\.lock$/, ''));
    if (Number.isInteger(pid) && pid !== runKey && !alive(pid)) {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

/** Runs a command; rejects with its output on failure. */
export async function run(file, args, options = {}) {
  try {
    return await execFile(file, args, { maxBuffer: 64 << 20, ...options });
  } catch (e) {
    e.message += `\n--- stdout\n${e.stdout}\n--- stderr\n${e.stderr}`;
    throw e;
  }
}

/** Installs the tarball into dir (created with a package.json of type module). */
export async function installTarball(dir, tarball, packageJson = {}) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', ...packageJson }, null, 2),
  );
  const { stdout, stderr } = await run(
    npm,
    ['install', tarball, '--offline', '--no-audit', '--no-fund', '--no-update-notifier'],
    { cwd: dir },
  );
  return stdout + stderr;
}

async function create() {
  mkdirSync(root, { recursive: true });
  const { stdout, stderr } = await run(npm, ['pack', '--json', '--pack-destination', root], { cwd: repo });
  // prepack sends build.sh's report to stderr, so `npm pack --json` prints
  // nothing but JSON on stdout (tools that parse it keep working).
  const [pack] = JSON.parse(stdout);
  const tarball = join(root, pack.filename);
  const project = join(root, 'project');
  const installLog = await installTarball(project, tarball);
  const info = {
    root,
    tarball,
    project,
    pack: { filename: pack.filename, size: pack.size, unpackedSize: pack.unpackedSize, files: pack.files },
    buildLog: stderr,
    installLog,
  };
  writeFileSync(join(root, 'ready.json'), JSON.stringify(info, null, 2));
  return info;
}

let cached = null;

/**
 * The packed and installed consumer project:
 * { root, tarball, project, pack: { filename, size, unpackedSize, files }, buildLog, installLog }.
 */
export function consumerProject() {
  cached ??= (async () => {
    const ready = join(root, 'ready.json');
    const lock = `${root}.lock`;
    for (let waited = 0; ; waited += 200) {
      if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8'));
      try {
        mkdirSync(lock);
      } catch (e) {
        if (e.code !== 'EEXIST') throw e;
        if (waited > 300_000) throw new Error(`timed out waiting for ${lock} (another setup)`);
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      try {
        if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8'));
        removeStale();
        rmSync(root, { recursive: true, force: true });
        return await create();
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    }
  })();
  return cached;
}

/** Writes files (name → text) under dir, making folders; returns dir. */
export function writeFiles(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return dir;
}

/** Runs `node script` in the consumer project; returns the JSON it prints last. */
export async function runNode(cwd, args, options = {}) {
  const { stdout, stderr } = await run(process.execPath, args, { cwd, ...options });
  const lines = stdout.trim().split('\n');
  return { stdout, stderr, json: lines.length ? tryJson(lines[lines.length - 1]) : undefined };
}

function tryJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Imports a module of the consumer project in this process (resolution starts there). */
export function importFrom(dir, name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return import(pathToFileURL(path).href);
}

/** The fixture files of tests/package/fixtures, to copy into a project. */
export function fixture(name) {
  return readFileSync(join(repo, 'tests', 'package', 'fixtures', name), 'utf8');
}
