// The plinko scene of issue 16, the same for every engine: a 200 x 150 box
// (y up, floor y = 0, walls x = ±100), about 1,500 static capsules (radius
// 0.25, core length 3, tilt within ±0.6 rad, seeded) on a staggered grid,
// and N balls (radius 0.5; restitution 0.5, friction 0.3) placed on a grid
// above the box and dropped. The mixed variant makes every 100th ball 10x
// larger (radius 5), placed in its own rows above the rest.
export const DT = 1 / 60;
export const GRAVITY = -10;
export const BALL = { radius: 0.5, restitution: 0.5, friction: 0.3, density: 1 };
export const PEG = { radius: 0.25, halfLength: 1.5, friction: 0.6, restitution: 0 };
export const BOX = { left: -100, right: 100, floor: 0, top: 150 };

/** The wide scene (issue 25: 50,000 and 100,000 balls): the box k times wider, with k times the pegs and k times
 * the balls per row. Changes BOX in place, so call it before building any engine (child.js --wide). */
let WIDE = 1;
export function widen(k) {
  WIDE = k;
  BOX.left = -100 * k;
  BOX.right = 100 * k;
}

function lcg(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) / 16777216;
  };
}

/** Pegs as { cx, cy, angle, ax, ay, bx, by } (core endpoints). */
export function pegs() {
  const rnd = lcg(20261124), out = [];
  for (let row = 0; row < 38; row++) {
    for (let col = 0; col < 40 * WIDE; col++) {
      const cx = BOX.left + 2.5 + col * 5 + (row % 2) * 2.5, cy = 8 + row * 3.3;
      if (cx > BOX.right - 2) continue;
      const angle = (rnd() - 0.5) * 1.2;
      const c = Math.cos(angle) * PEG.halfLength, s = Math.sin(angle) * PEG.halfLength;
      out.push({ cx, cy, angle, ax: cx - c, ay: cy - s, bx: cx + c, by: cy + s });
    }
  }
  return out;
}

/** Balls as { x, y, r }: a grid of 190 per row from just above the box. */
export function balls(n, mixed = false) {
  const out = [];
  let small = 0;
  const bigCount = mixed ? Math.floor(n / 100) : 0;
  const row = 190 * WIDE, bigRow = 18 * WIDE;
  for (let i = 0; i < n - bigCount; i++, small++) out.push({ x: BOX.left + 2 + 1.03 * (i % row), y: BOX.top + 1 + 1.03 * Math.floor(i / row), r: BALL.radius });
  const top = BOX.top + 1 + 1.03 * Math.ceil(small / row) + 6;
  for (let i = 0; i < bigCount; i++) out.push({ x: BOX.left + 6 + 10.5 * (i % bigRow), y: top + 10.5 * Math.floor(i / bigRow), r: 10 * BALL.radius });
  return out;
}

/** The checks every engine's result must pass: balls kept, inside, mean height, at rest. */
export function summarize(xs, ys, speeds) {
  let inside = 0, sumY = 0, rest = 0;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] > BOX.left - 1 && xs[i] < BOX.right + 1 && ys[i] > BOX.floor - 1) inside++;
    sumY += ys[i];
    if (speeds[i] < 0.01) rest++;
  }
  return { balls: xs.length, inside, meanY: sumY / xs.length, atRest: rest };
}
