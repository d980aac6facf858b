// The golden determinism scene, shared by the Node tests (SIMD and scalar)
// and any browser test: a seeded scene of capsules and balls, the batch
// calls run over it, and an FNV-1a hash of the contact buffer bytes. The
// native test (tests/native/test_batch_golden.c, test_batch_determinism_hash)
// builds the identical scene in C and checks the same constant.

/** FNV-1a (32-bit) of every result the scene produces, all builds. */
export const EXPECTED_HASH = 0xbb78b827;

export const SCENE = { capsules: 300, circles: 2000, width: 100, height: 75, seed: 20261122 };

/** xorshift32 with float32 draws, step for step as in the C test. */
export function makeRng(seed) {
  let s = seed >>> 0;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
  const f = Math.fround;
  // lo + (hi - lo) * (u >> 8) / 2^24, each step rounded to float32
  const range = (lo, hi) => f(f(lo) + f(f(f(f(hi) - f(lo)) * (next() >>> 8)) / 16777216));
  return { next, range };
}

/** Fills a CapsuleSet and a CircleSet (capacities >= SCENE's counts). */
export function buildScene(capsules, circles) {
  const rng = makeRng(SCENE.seed);
  capsules.count = 0;
  circles.count = 0;
  for (let j = 0; j < SCENE.capsules; j++) {
    const x = rng.range(0, SCENE.width), y = rng.range(0, SCENE.height);
    const dx = rng.range(-2, 2), dy = rng.range(-2, 2), r = rng.range(0, 0.5);
    capsules.add(x, y, x + dx, y + dy, j % 5 === 0 ? 0 : r);
  }
  for (let i = 0; i < SCENE.circles; i++) {
    const x = rng.range(0, SCENE.width), y = rng.range(0, SCENE.height), r = rng.range(0.2, 0.8);
    circles.add(x, y, r);
  }
}

/** FNV-1a over bytes, continuing from h. */
export function fnv1a(bytes, h = 0x811c9dc5) {
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Hash of a ContactBuffer's count and its written entries, field by field. */
export function hashContacts(out, h = 0x811c9dc5) {
  const n = out.written;
  h = fnv1a(new Uint8Array(new Uint32Array([out.count]).buffer), h);
  for (const field of ['a', 'b', 'nx', 'ny', 'depth', 'pointX', 'pointY']) {
    const v = out[field];
    h = fnv1a(new Uint8Array(v.buffer, v.byteOffset, n * 4), h);
  }
  return h;
}

/**
 * Runs the scene through the capsule2d module `api` (already initialised)
 * and returns { hash, bytes }: the hash over capsule–circle contacts (grid),
 * the same by all pairs, and circle–circle contacts, in that order.
 */
export function runScene(api) {
  const capsules = new api.CapsuleSet(SCENE.capsules);
  const circles = new api.CircleSet(SCENE.circles);
  const out = new api.ContactBuffer(64);
  buildScene(capsules, circles);
  let h = 0x811c9dc5;
  const chunks = [];
  const take = () => {
    h = hashContacts(out, h);
    for (const field of ['a', 'b', 'nx', 'ny', 'depth', 'pointX', 'pointY']) {
      chunks.push(new Uint8Array(out[field].buffer, out[field].byteOffset, out.written * 4).slice());
    }
  };
  api.findCapsuleCircleContacts(capsules, circles, out, { grow: true });
  take();
  api.allPairsCapsuleCircle(capsules, circles, out, { grow: true });
  take();
  api.findCircleContacts(circles, out, { grow: true });
  take();
  capsules.destroy();
  circles.destroy();
  out.destroy();
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { hash: h, bytes }; // plain Uint8Array: usable in a browser too
}
