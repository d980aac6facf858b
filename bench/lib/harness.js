// Timing through tinybench: each row is its own task; we report the median
// of its samples (a noisy shared machine: medians, not means).
import { Bench } from 'tinybench';

/** Settings per mode: `full` for the real run, `quick` for a smoke run. */
export function timing(quick) {
  return quick
    ? { time: 60, iterations: 3, warmupTime: 20, warmupIterations: 1 }
    : { time: 1500, iterations: 15, warmupTime: 300, warmupIterations: 3 };
}

/**
 * Times fn (synchronous) and returns { medianMs, minMs, samples }.
 * `opts` overrides the mode's settings (e.g. a longer time for short tasks).
 */
export async function measure(name, fn, opts) {
  const bench = new Bench({ name, throws: true, ...opts });
  bench.add(name, fn);
  await bench.run();
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') throw new Error(`${name}: benchmark ${result.state}: ${result.error ?? ''}`);
  return { medianMs: result.latency.p50, minMs: result.latency.min, samples: result.latency.samplesCount };
}
