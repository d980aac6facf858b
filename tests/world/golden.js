// The golden world hash, from the one header the C and JS tests share
// (tests/golden/world.h).
import { readFileSync } from 'node:fs';

const header = readFileSync(new URL('../golden/world.h', import.meta.url), 'utf8');
export const GOLDEN_WORLD_HASH = Number(/#define CAP_WORLD_GOLDEN_HASH (0x[0-9a-f]+)u/i.exec(header)[1]);
export const SNAPSHOT_WORLD_HASH = Number(/#define CAP_WORLD_SNAPSHOT_HASH (0x[0-9a-f]+)u/i.exec(header)[1]);
export const BULLET_WORLD_HASH = Number(/#define CAP_WORLD_BULLET_HASH (0x[0-9a-f]+)u/i.exec(header)[1]);
export const JOINTS_WORLD_HASH = Number(/#define CAP_WORLD_JOINTS_HASH (0x[0-9a-f]+)u/i.exec(header)[1]);
export const CHAINS_WORLD_HASH = Number(/#define CAP_WORLD_CHAINS_HASH (0x[0-9a-f]+)u/i.exec(header)[1]);
export const BODY_JOINTS_WORLD_HASH = Number(/#define CAP_WORLD_BODY_JOINTS_HASH (0x[0-9a-f]+)u/i.exec(header)[1]);
export const BALL_BODY_WORLD_HASH = Number(/#define CAP_WORLD_BALL_BODY_HASH (0x[0-9a-f]+)u/i.exec(header)[1]);
