// Quick timing of the batch calls (not a test): node tests/batch-perf.js [1 = SIMD | 0 = scalar] [frames]
// Scenes: all pairs 4,096 circles x 1,024 capsules (half-length 1.5, r 0.25; balls r 0.5, 200 x 150),
// and a whole scene of 10,000 balls + 1,500 capsules per frame after small moves.
// Prints medians (and the fastest run) per call: the machine is shared, so compare ratios in one run.
import * as api from 'capsule2d';
const simd = process.argv[2] === '1';
const frames = Number(process.argv[3] ?? 200);
await api.init({ simd });
const { CircleSet, CapsuleSet, ContactBuffer } = api;
let s = 1; const rnd = (lo, hi) => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return lo + (hi - lo) * (s >>> 8) / 16777216; };
const median = (a) => { const b = [...a].sort((p, q) => p - q); return b[b.length >> 1]; };
const fmt = (a) => `median ${median(a).toFixed(3)} ms (min ${Math.min(...a).toFixed(3)})`;
const time = (f, reps) => { const t = []; let n; for (let k = 0; k < reps; k++) { const t0 = performance.now(); n = f(k); t.push(performance.now() - t0); } return [t, n]; };
// all pairs 4096 x 1024
const caps = new CapsuleSet(1024), circ = new CircleSet(4096), out = new ContactBuffer(1 << 16);
for (let j = 0; j < 1024; j++) { const x = rnd(0, 200), y = rnd(0, 150), a = rnd(0, 6.28); caps.add(x - 1.5 * Math.cos(a), y - 1.5 * Math.sin(a), x + 1.5 * Math.cos(a), y + 1.5 * Math.sin(a), 0.25); }
for (let i = 0; i < 4096; i++) circ.add(rnd(0, 200), rnd(0, 150), 0.5);
for (let k = 0; k < 3; k++) api.allPairsCapsuleCircle(caps, circ, out);
let [t, n] = time(() => api.allPairsCapsuleCircle(caps, circ, out), 20);
console.log(`simd=${api.usingSimd()} allPairs 4096x1024: ${fmt(t)}, ${(4096 * 1024 / median(t) / 1e3).toFixed(0)} M pairs/s, hits ${n}`);
[t, n] = time(() => api.findCapsuleCircleContacts(caps, circ, out), 50);
console.log(`  grid capsule-circle same scene: ${fmt(t)}, hits ${n}`);
// whole scene 10000 circles + 1500 capsules in 200x150
const c2 = new CapsuleSet(1500), b2 = new CircleSet(10000), o2 = new ContactBuffer(1 << 16);
for (let j = 0; j < 1500; j++) { const x = rnd(0, 200), y = rnd(0, 150), a = rnd(0, 6.28); c2.add(x - 1.5 * Math.cos(a), y - 1.5 * Math.sin(a), x + 1.5 * Math.cos(a), y + 1.5 * Math.sin(a), 0.25); }
for (let i = 0; i < 10000; i++) b2.add(rnd(0, 200), rnd(0, 150), 0.5);
for (let k = 0; k < 5; k++) { api.findCapsuleCircleContacts(c2, b2, o2); api.findCircleContacts(b2, o2); }
const tc = [], tb = [], tf = []; let n1, n2;
for (let k = 0; k < frames; k++) {
  const x = b2.x; for (let i = 0; i < 10000; i++) x[i] += (k & 1 ? 0.01 : -0.01);
  const t0 = performance.now(); n1 = api.findCapsuleCircleContacts(c2, b2, o2);
  const t1 = performance.now(); n2 = api.findCircleContacts(b2, o2);
  const t2 = performance.now(); tc.push(t1 - t0); tb.push(t2 - t1); tf.push(t2 - t0);
}
console.log(`  scene 10000 balls + 1500 capsules, ${frames} frames: both calls ${fmt(tf)}`);
console.log(`    findCapsuleCircleContacts ${fmt(tc)}, ${n1} pairs; findCircleContacts ${fmt(tb)}, ${n2} pairs`);
