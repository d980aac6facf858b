// Quick timing of the batch calls (not a test): node tests/batch-perf.js [1 = SIMD | 0 = scalar]
// Scenes: all pairs 4,096 circles x 1,024 capsules (half-length 1.5, r 0.25; balls r 0.5, 200 x 150),
// and a whole scene of 10,000 balls + 1,500 capsules per frame after small moves.
import * as api from 'capsule2d';
const simd = process.argv[2] === '1';
await api.init({ simd });
const { CircleSet, CapsuleSet, ContactBuffer } = api;
let s = 1; const rnd = (lo, hi) => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return lo + (hi - lo) * (s >>> 8) / 16777216; };
// all pairs 4096 x 1024
const caps = new CapsuleSet(1024), circ = new CircleSet(4096), out = new ContactBuffer(1 << 16);
for (let j = 0; j < 1024; j++) { const x = rnd(0, 200), y = rnd(0, 150), a = rnd(0, 6.28); caps.add(x - 1.5 * Math.cos(a), y - 1.5 * Math.sin(a), x + 1.5 * Math.cos(a), y + 1.5 * Math.sin(a), 0.25); }
for (let i = 0; i < 4096; i++) circ.add(rnd(0, 200), rnd(0, 150), 0.5);
for (let k = 0; k < 3; k++) api.allPairsCapsuleCircle(caps, circ, out);
let t0 = performance.now(), reps = 20, n;
for (let k = 0; k < reps; k++) n = api.allPairsCapsuleCircle(caps, circ, out);
let dt = (performance.now() - t0) / reps;
console.log(`simd=${api.usingSimd()} allPairs 4096x1024: ${dt.toFixed(2)} ms, ${(4096 * 1024 / dt / 1e3).toFixed(0)} M pairs/s, hits ${n}`);
t0 = performance.now();
for (let k = 0; k < reps; k++) n = api.findCapsuleCircleContacts(caps, circ, out);
dt = (performance.now() - t0) / reps;
console.log(`  grid capsule-circle same scene: ${dt.toFixed(3)} ms hits ${n}`);
// whole scene 10000 circles + 1500 capsules in 200x150
const c2 = new CapsuleSet(1500), b2 = new CircleSet(10000), o2 = new ContactBuffer(1 << 16);
for (let j = 0; j < 1500; j++) { const x = rnd(0, 200), y = rnd(0, 150), a = rnd(0, 6.28); c2.add(x - 1.5 * Math.cos(a), y - 1.5 * Math.sin(a), x + 1.5 * Math.cos(a), y + 1.5 * Math.sin(a), 0.25); }
for (let i = 0; i < 10000; i++) b2.add(rnd(0, 200), rnd(0, 150), 0.5);
for (let k = 0; k < 5; k++) { api.findCapsuleCircleContacts(c2, b2, o2); api.findCircleContacts(b2, o2); }
t0 = performance.now(); let n1, n2;
for (let k = 0; k < reps; k++) { const x = b2.x; for (let i = 0; i < 10000; i++) x[i] += (k & 1 ? 0.01 : -0.01); n1 = api.findCapsuleCircleContacts(c2, b2, o2); n2 = api.findCircleContacts(b2, o2); }
dt = (performance.now() - t0) / reps;
console.log(`  scene 10000 balls + 1500 capsules: ${dt.toFixed(3)} ms/frame (capsule-circle ${n1}, circle-circle ${n2})`);
