// src/js/results.js's writers are made by tools/gen-results.js from one
// table: the file must be what the table gives (edit the table, then run
// `node tools/gen-results.js`).
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('src/js/results.js matches tools/gen-results.js', () => {
  const tool = fileURLToPath(new URL('../../tools/gen-results.js', import.meta.url));
  const r = spawnSync(process.execPath, [tool, '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
