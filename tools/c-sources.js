// The C sources and flags for Node scripts that compile native code (tests
// and the benchmark): read from tools/c-sources.sh, the one description.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function read(what) {
  return execFileSync('bash', ['tools/c-sources.sh', what], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** { lib, wasm, include, cflags, warn }: arrays of paths (relative to the repo root) and flags. */
export function cSources() {
  return { lib: read('lib'), wasm: read('wasm'), include: read('include'), cflags: read('cflags'), warn: read('warn') };
}
