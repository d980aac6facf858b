// Nothing depends on what memory held before (issue 23, item 2): the same
// calls give the same bits whatever earlier objects left in the wasm heap,
// and restoring a snapshot then stepping equals stepping the world that was
// saved, every time. (The native side: tests/native/msan.sh runs the world
// tests and the world fuzz target under MemorySanitizer.)
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World, CircleSet } from 'capsule2d';
import { lcg } from './scene.js';

await init();

const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');

/** Fills the heap's free memory with a pattern: sets of many sizes are made, every word of their arrays written, then all destroyed. */
function fillFreedMemory(word) {
  const sets = [];
  // Large blocks first (they may grow the memory), then smaller ones that
  // take the gaps between blocks still in use.
  for (const capacity of [1 << 18, 1 << 16, 1 << 14, 4096, 1024, 256, 64, 16, 4, 1]) {
    for (let k = 0; k < 4; k++) {
      const s = new CircleSet(capacity);
      for (const view of [s.x, s.y, s.radius]) {
        const u32 = new Uint32Array(view.buffer, view.byteOffset, view.length);
        for (let i = 0; i < u32.length; i++) u32[i] = word(i);
      }
      sets.push(s);
    }
  }
  for (const s of sets) s.destroy();
}

/**
 * A scene with thin capsules, a line, open, closed and one-sided chains, and
 * balls of mixed sizes: some resting on the capsules and chains from the
 * first step (so the first static lookups matter), some falling.
 */
function scene() {
  const rnd = lcg(7);
  const w = new World({ ballCapacity: 16, staticCapacity: 8 }); // small: the arrays grow as things are added
  w.addLine(-12, 0, 12, 0, { friction: 0.4 });
  // Chains of short pieces (small cells in the static grid: most lookups span several).
  const bowl = [], ridge = [], ring = [];
  for (let i = 0; i <= 32; i++) bowl.push(-11 + 0.7 * i, 5 + 0.02 * (i - 16) * (i - 16));
  for (let i = 0; i <= 20; i++) ridge.push(-9 + 0.8 * i, 12.5 + 0.5 * Math.abs(i - 10) / 10);
  for (let i = 0; i < 16; i++) ring.push(Math.round(2 * Math.cos(i * Math.PI / 8) * 1024) / 1024, 21 + Math.round(2 * Math.sin(i * Math.PI / 8) * 1024) / 1024);
  w.addChain(bowl, 0.05, { restitution: 0.2 });
  w.addChain(ridge, 0, { oneSided: true });
  w.addChain(ring, 0.1, { loop: true });
  for (let i = 0; i < 12; i++) {
    const x = -10 + 1.7 * i, y = 1.5 + (i % 3) * 0.8;
    w.addCapsule(x, y, x + 0.9, y, 0.02, { restitution: 0.3 });
    w.addBall(x + 0.45, y + 0.32, 0.3, { vx: 1 - (i % 3) }); // resting on it
  }
  for (let i = 0; i < 8; i++) w.addBall(-9 + 2.5 * i, 8 + i % 2, 0.25 + 0.02 * i, { vx: 2 - (i % 4) }); // into the bowl
  for (let i = 0; i < 4; i++) w.addBall(-7 + 4 * i, 13.6, 0.3, { vx: 1 }); // onto the one-sided chain
  w.addBall(0, 21, 0.4, { vx: 6, vy: 3 }); // inside the ring
  for (let i = 0; i < 28; i++) {
    w.addBall(-10 + 0.7 * i, 17 + 3 * rnd(), 0.15 + 0.3 * rnd(), {
      restitution: 0.4 * rnd(), vx: 8 * (rnd() - 0.5), vy: 20 * (rnd() - 0.5), rollingResistance: 0.05 * rnd(),
    });
  }
  return w;
}

/** Builds, steps, saves, restores and steps worlds; one hash of every state and snapshot seen. */
function run() {
  let h = 2166136261;
  const mix = (v) => { h = Math.imul(h ^ (v >>> 0), 16777619) >>> 0; };
  const mixBytes = (u8) => { for (let i = 0; i < u8.length; i += 4) mix(u8[i] | u8[i + 1] << 8 | u8[i + 2] << 16 | u8[i + 3] << 24); };
  const w = scene();
  for (let i = 0; i < 60; i++) { w.step(); mix(w.stateHash()); }
  const snap = w.save();
  mixBytes(snap);
  for (let i = 0; i < 30; i++) { w.step(); mix(w.stateHash()); }
  w.restore(snap);
  for (let i = 0; i < 60; i++) { w.step(); mix(w.stateHash()); }
  const f = World.fromSnapshot(snap);
  for (let i = 0; i < 60; i++) { f.step(); mix(f.stateHash()); }
  mixBytes(f.save());
  mixBytes(w.save());
  f.destroy();
  w.destroy();
  return h;
}

test('the same calls give the same hash whatever freed memory holds (0, 1, 2, 3, small counts, all ones, random)', () => {
  const patterns = {
    zero: () => 0,
    one: () => 1,
    two: () => 2, // small counts, as stamps and slots are
    three: () => 3,
    'small counts': (i) => i & 15,
    'all ones': () => 0xffffffff,
    'random 1': ((r) => () => (r() * 2 ** 32) >>> 0)(lcg(1)),
    'random 2': ((r) => () => (r() * 2 ** 32) >>> 0)(lcg(99)),
  };
  const hashes = {};
  for (const [name, word] of Object.entries(patterns)) {
    fillFreedMemory(word);
    hashes[name] = hex(run());
  }
  assert.equal(new Set(Object.values(hashes)).size, 1, JSON.stringify(hashes));
});

test('1,000 restore-and-step cycles in one world equal an untouched copy (a world with chains)', () => {
  const ref = scene(), w = scene();
  const differ = [];
  for (let i = 0; i < 1000; i++) {
    const snap = ref.save();
    w.restore(snap);
    w.step();
    ref.step();
    if (w.stateHash() !== ref.stateHash()) differ.push(i);
  }
  assert.deepEqual(differ, [], `${differ.length} of 1000 cycles differ`);
  assert.deepEqual(w.save(), ref.save());
  ref.destroy();
  w.destroy();
});
