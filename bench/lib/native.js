// The native driver (bench/native/): rows (e) and (f) of scenario 1 and the
// native context row of scenario 2. Built here with gcc into build/bench/
// and run as a child process that prints JSON.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { cSources } from '../../tools/c-sources.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const nativeDir = path.join(root, 'bench', 'native');
const outDir = path.join(root, 'build', 'bench');

export const NATIVE_FLAGS = [...cSources().cflags.map((f) => (f.startsWith('-I') ? `-I${path.join(root, f.slice(2))}` : f)), '-O3', '-march=native', '-msse4.1'];

/** The library's C files and include flags (tools/c-sources.sh), when its batch header is present. */
function librarySources() {
  if (!existsSync(path.join(root, 'src', 'include', 'capsule2d_batch.h'))) return [];
  return cSources().lib.map((f) => path.join(root, f));
}

/**
 * Builds the driver (when a source is newer than the binary) and returns
 * { exe, command, library } or { error }.
 */
export function buildNative() {
  const cc = process.env.CC || 'gcc';
  const own = readdirSync(nativeDir).filter((f) => f.endsWith('.c')).map((f) => path.join(nativeDir, f));
  const lib = librarySources();
  const exe = path.join(outDir, lib.length ? 'narrow-lib' : 'narrow');
  const args = [...NATIVE_FLAGS, '-Wall', '-Wextra', ...(lib.length ? ['-DBENCH_LIBRARY'] : []), ...own, ...lib, '-lm', '-o', exe];
  const command = `${cc} ${args.map((a) => path.relative(root, a) || a).join(' ')}`;
  const inputs = [...own, ...lib, ...readdirSync(nativeDir).map((f) => path.join(nativeDir, f))];
  if (lib.length) {
    for (const dir of ['include', 'core', 'kernels', 'batch', 'world']) {
      const d = path.join(root, 'src', dir);
      if (existsSync(d)) inputs.push(...readdirSync(d).filter((f) => f.endsWith('.h')).map((f) => path.join(d, f)));
    }
  }
  const fresh = existsSync(exe) && inputs.every((f) => statSync(f).mtimeMs <= statSync(exe).mtimeMs);
  if (!fresh) {
    mkdirSync(outDir, { recursive: true });
    try {
      execFileSync(cc, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      return { error: `${cc} failed: ${e.stderr?.toString() || e.message}`, command };
    }
  }
  return { exe, command, library: lib.length > 0 };
}

/**
 * Runs the driver (every row, or only the one named; with `frames`, the
 * scene query of scenario 2); returns its parsed JSON.
 */
export function runNative(exe, { reps, seed, circles, capsules, only, frames }) {
  const args = ['--reps', String(reps), '--seed', String(seed), '--circles', String(circles), '--capsules', String(capsules)];
  if (only) args.push('--only', only);
  if (frames) args.push('--scene', '--frames', String(frames));
  return JSON.parse(execFileSync(exe, args, { encoding: 'utf8' }));
}
