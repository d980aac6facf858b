// The casts golden hash, from the one header the C and JS tests share
// (tests/golden/casts.h; how to regenerate it is said there).
import { readFileSync } from 'node:fs';

export const CASTS_GOLDEN_HASH = Number(
  /#define CAP_CASTS_GOLDEN_HASH (0x[0-9a-f]+)u/i.exec(readFileSync(new URL('./casts.h', import.meta.url), 'utf8'))[1],
);
