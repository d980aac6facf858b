// destroy() is optional: dropped sets are freed by a FinalizationRegistry.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('dropped sets are freed without destroy(): 120 x 768 KiB stays below 40 MiB (kept alive they take 90 MiB)', () => {
  const script = fileURLToPath(new URL('../helpers/batch-finalize.js', import.meta.url));
  const bytes = Number(execFileSync(process.execPath, ['--expose-gc', script], { encoding: 'utf8' }).trim());
  assert.ok(bytes > 0);
  assert.ok(bytes < 40 * 1024 * 1024, `wasm memory grew to ${bytes} bytes`);
});
