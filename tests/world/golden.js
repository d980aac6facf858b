// The golden world hash, from the one header the C and JS tests share
// (tests/golden/world.h).
import { readFileSync } from 'node:fs';

export const GOLDEN_WORLD_HASH = Number(
  /#define CAP_WORLD_GOLDEN_HASH (0x[0-9a-f]+)u/i.exec(readFileSync(new URL('../golden/world.h', import.meta.url), 'utf8'))[1],
);
