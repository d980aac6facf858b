// Timing through tinybench. The machine is shared and noisy, so each row is
// measured in several short rounds interleaved with the other rows of its
// scenario (a burst of load then hits every row alike), the samples of all
// rounds are pooled, and the table reports their median.
import { Bench } from 'tinybench';

/** Settings per mode: `full` for the real run, `quick` for a smoke run. */
export function timing(quick) {
  return quick
    ? { rounds: 1, time: 60, iterations: 3, warmupTime: 20, warmupIterations: 1 }
    : { rounds: 10, time: 200, iterations: 5, warmupTime: 60, warmupIterations: 2 };
}

/**
 * One round: times fn (synchronous) with tinybench and returns its samples
 * (milliseconds). `opts` is timing()'s object (rounds is ignored here).
 */
export async function sample(name, fn, opts) {
  const { rounds, ...settings } = opts;
  const bench = new Bench({ name, throws: true, retainSamples: true, ...settings });
  bench.add(name, fn);
  await bench.run();
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') throw new Error(`${name}: benchmark ${result.state}: ${result.error ?? ''}`);
  return result.latency.samples; // a plain array (can be long: no spreading)
}

export function median(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Runs `rounds` rounds over rows: each row is { name, run(opts) -> Promise<samples[]> }.
 * Returns Map name -> { medianMs, minMs, samples } of the pooled samples.
 */
export async function interleave(rows, opts) {
  const pooled = new Map(rows.map((r) => [r.name, []]));
  for (let round = 0; round < opts.rounds; round++) {
    for (const r of rows) {
      const pool = pooled.get(r.name);
      for (const x of await r.run(opts)) pool.push(x);
    }
  }
  const out = new Map();
  for (const [name, s] of pooled) out.set(name, { medianMs: median(s), minMs: s.reduce((a, b) => (a < b ? a : b), Infinity), samples: s.length });
  return out;
}

/** A single row, all rounds back to back (for rows timed alone). */
export async function measure(name, fn, opts) {
  const [r] = (await interleave([{ name, run: (o) => sample(name, fn, o) }], opts)).values();
  return r;
}
