// Snapshots: save, step on, restore, step again: the same bits (state hash
// and the whole snapshot), in place, in a fresh world and across the SIMD
// and scalar builds, equal to the native constant; every refused snapshot is
// an error naming the problem, with the world unchanged.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { init, World } from 'capsule2d';
import { SNAPSHOT_WORLD_HASH } from './golden.js';
import { buildScene, snapshotScene, continueSnapshot } from './scene.js';

// statics() without the handles (a world from a snapshot has new handles for the same slots).
const shapes = (w) => w.statics().map(({ handle, ...s }) => s);

await init();

const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');
const steps = (w, n) => { for (let i = 0; i < n; i++) w.step(); };

function inWorker(data) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./snapshot-worker.js', import.meta.url), { workerData: data });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

test('save at step k, step 1000, restore, step 1000 again: the same state hash and the same snapshot bytes', () => {
  const w = snapshotScene(World);
  const handle = w.ballHandle(10);
  const snap = w.save();
  assert.ok(snap instanceof Uint8Array);
  assert.equal(new TextDecoder().decode(snap.subarray(0, 4)), 'C2DW');
  steps(w, 1000);
  const hash = w.stateHash(), after = w.save();
  assert.equal(hex(hash), hex(SNAPSHOT_WORLD_HASH));
  w.restore(snap);
  assert.deepEqual(w.save(), snap, 'restore then save gives the same bytes');
  assert.equal(w.balls.live, 297);
  assert.equal(w.slotOf(handle), 10, 'handles saved in the snapshot stay valid');
  assert.throws(() => w.slotOf(w.ballHandle(4) + 1), RangeError); // a nonsense handle stays one
  steps(w, 1000);
  assert.equal(hex(w.stateHash()), hex(hash));
  assert.deepEqual(w.save(), after);
  // A fresh world, from the same bytes (and from an ArrayBuffer).
  assert.equal(hex(continueSnapshot(World, snap)), hex(hash));
  assert.equal(hex(continueSnapshot(World, snap.slice().buffer)), hex(hash));
  // The statics came back too (drawing reads them).
  const f = World.fromSnapshot(snap);
  assert.deepEqual(shapes(f), shapes(w));
  assert.equal(f.eventCapacity, w.eventCapacity);
  f.destroy();
  w.destroy();
});

test('a snapshot saved by the SIMD build continues bit-identically in the scalar build, and back', async () => {
  const [fromSimd, fromScalar] = await Promise.all([inWorker({ simd: true }), inWorker({ simd: false })]);
  assert.deepEqual(fromSimd.bytes, fromScalar.bytes, 'both builds save the same bytes');
  const [a, b] = await Promise.all([inWorker({ simd: false, bytes: fromSimd.bytes }), inWorker({ simd: true, bytes: fromScalar.bytes })]);
  assert.equal(a.simd, false);
  assert.equal(b.simd, true);
  assert.equal(hex(a.hash), hex(SNAPSHOT_WORLD_HASH));
  assert.equal(hex(b.hash), hex(SNAPSHOT_WORLD_HASH));
});

test('rollback: restore the same snapshot many times, each continuation identical', () => {
  const w = new World({ ballCapacity: 8 });
  w.addLine(-10, 0, 10, 0);
  for (let i = 0; i < 5; i++) w.addBall(-4 + 2 * i, 1 + i, 0.5, { restitution: 0.5, vx: i - 2 });
  steps(w, 30);
  const snap = w.save();
  const hashes = [];
  for (let k = 0; k < 3; k++) {
    w.restore(snap);
    steps(w, 120);
    hashes.push(w.stateHash());
  }
  assert.equal(new Set(hashes).size, 1);
  w.destroy();
});

test('refused snapshots: an error naming the problem, the world unchanged', () => {
  const w = buildScene(World);
  steps(w, 20);
  const snap = w.save();
  steps(w, 3);
  const before = w.save(), x = w.balls.x;
  const edit = (at, xor) => { const b = snap.slice(); b[at] ^= xor; return b; };
  const setWord = (i, v) => { const b = snap.slice(); new DataView(b.buffer).setUint32(4 * i, v, true); return b; };
  const cases = [
    [snap.subarray(0, snap.length - 1), RangeError, /truncated: \d+ bytes, its header says \d+/],
    [snap.subarray(0, 10), RangeError, /truncated: 10 bytes, shorter than its 32-byte header/],
    [new Uint8Array(0), RangeError, /truncated: 0 bytes/],
    [new Uint8Array([...snap, 0]), RangeError, /extra bytes at the end/],
    [edit(0, 1), RangeError, /not a capsule2d world snapshot/],
    [setWord(1, 1), RangeError, /format 1 .*reads format 2/],
    [setWord(2, 0x000101), RangeError, /saved by capsule2d 0\.1\.1; this is 0\.1\.0/],
    [edit(snap.length >> 1, 0x20), RangeError, /checksum does not match/],
    [edit(snap.length - 1, 1), RangeError, /checksum does not match/],
    [new TextEncoder().encode('C2DW but not really a snapshot at all, no'), RangeError, /format|truncated/],
    [[...snap], TypeError, /bytes must be a Uint8Array or an ArrayBuffer .* got an array/],
    ['C2DW', TypeError, /got the string "C2DW"/],
    [undefined, TypeError, /got undefined/],
    [new Float32Array(8), TypeError, /Float32Array/],
  ];
  for (const [bytes, Type, message] of cases) {
    assert.throws(() => w.restore(bytes), (e) => e instanceof Type && message.test(e.message) && /world unchanged|must be/.test(e.message), String(message));
  }
  assert.deepEqual(w.save(), before);
  assert.equal(w.balls.x, x, 'views were not re-made: nothing moved');
  // fromSnapshot destroys the world it made when it refuses, and a destroy
  // detaches every view (heap.js), so this world's views are re-made after.
  for (const [bytes, Type] of cases) assert.throws(() => World.fromSnapshot(bytes), Type);
  assert.deepEqual(w.save(), before);
  w.destroy();
  const dead = new World();
  dead.destroy();
  assert.throws(() => dead.save(), /destroyed/);
  assert.throws(() => dead.restore(snap), /destroyed/);
});
