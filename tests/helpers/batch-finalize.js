// Run with --expose-gc (by batch-finalize.test.js): sets that become
// unreachable without destroy() are freed by the FinalizationRegistry, so
// wasm memory stays bounded. Prints the final memory size in bytes.
import * as api from 'capsule2d';
import { wasm } from '../../dist/runtime.js';

await api.init();
const tick = () => new Promise((r) => setImmediate(r));
for (let round = 0; round < 120; round++) {
  const s = new api.CircleSet(1 << 16); // 768 KiB of arrays
  s.add(round, 0, 1);
  if (round % 5 === 4) {
    globalThis.gc();
    await tick();
    await tick();
  }
}
globalThis.gc();
await tick();
console.log(wasm.memory.buffer.byteLength);
