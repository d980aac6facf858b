// Plinko: a click drops a ball through rows of capsule pegs into ten bins;
// a sensor in each bin counts the ball (its userData is the bin's number),
// scores the bin's points and removes the ball.
import { init, World, drawWorld } from 'capsule2d';
import { fixedLoop } from '../shared.js';

const POINTS = [100, 40, 20, 10, 5, 5, 10, 20, 40, 100]; // bin k spans x = -5 + k .. -4 + k
const BALL_R = 0.16, DROP_Y = 14.6, MAX_BALLS = 80;
const canvas = document.querySelector('canvas');
const ctx = canvas.getContext('2d');
const VIEW = { scale: 46, originX: 240, originY: 740 };    // x −5.2..5.2, y −0.4..16.1
const game = { ready: false, error: null, score: 0, balls: 0, steps: 0, dropped: 0, binned: 0, points: POINTS, bins: POINTS.map(() => 0) };
window.game = game;

await init().catch((e) => { game.error = String(e); throw e; });
const world = new World({ ballCapacity: 128, staticCapacity: 160 });
Object.defineProperty(game, 'world', { value: world }); // for the console; not enumerable
world.addLine(-5, 16, -5, 0);                              // walls and floor: solid outside the box
world.addLine(5, 0, 5, 16);
world.addLine(-5, 0, 5, 0);
for (let row = 0; row < 10; row++) {                       // pegs: short capsules, tilted so nothing rests on one
  const y = 12.5 - row, n = row % 2 ? 8 : 9, tilt = row % 2 ? 0.04 : -0.04;
  for (let i = 0; i < n; i++) {
    const x = (row % 2 ? -3.5 : -4) + i;
    world.addCapsule(x - 0.06, y - tilt, x + 0.06, y + tilt, 0.07, { restitution: 0.3, friction: 0.3 });
  }
  if (row % 2) {                                           // deflectors: nothing slides down a wall
    world.addCapsule(-5, y + 0.35, -4.55, y, 0.05);
    world.addCapsule(5, y + 0.35, 4.55, y, 0.05);
  }
}
for (let k = 1; k < POINTS.length; k++) world.addCapsule(-5 + k, 0, -5 + k, 2.2, 0.08); // bin walls
for (let k = 0; k < POINTS.length; k++) {                  // a sensor across each bin's floor; userData = bin + 1
  world.addSegment(-4.88 + k, 0.4, -4.12 + k, 0.4, { sensor: true, userData: k + 1 });
}

// A small seeded random (mulberry32): a little sideways speed for each drop.
let seed = 12345;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
function drop(x) {
  if (world.balls.live >= MAX_BALLS) return;
  x = Math.max(-4.6, Math.min(4.6, x));
  world.addBall(x, DROP_Y, BALL_R, { vx: (random() - 0.5) * 0.4, restitution: 0.4 });
  game.dropped++;
}
canvas.addEventListener('pointerdown', (e) => {
  const r = canvas.getBoundingClientRect();
  drop(((e.clientX - r.left) * canvas.width / r.width - VIEW.originX) / VIEW.scale);
});
addEventListener('keydown', (e) => {
  if (e.key !== ' ') return;
  e.preventDefault();
  drop(random() * 9.2 - 4.6);
});

function tick() {
  world.step();
  game.steps++;
  world.events.sensorEnter.forEach((ball, bin, speed, x, y, nx, ny, ballData, binData) => {
    if (binData === 0 || !world.hasBall(ball)) return;
    game.score += POINTS[binData - 1];
    game.bins[binData - 1]++;
    game.binned++;
    world.removeBall(ball);
  });
  game.balls = world.balls.live;
}

function draw() {
  drawWorld(ctx, world, { ...VIEW, clear: true, ballColor: '#2c7be5', sensorColor: 'rgba(40, 160, 90, 0.5)' });
  ctx.textAlign = 'center';
  ctx.fillStyle = '#333';
  ctx.font = 'bold 15px system-ui, sans-serif';
  POINTS.forEach((p, k) => {
    const px = VIEW.originX + (-4.5 + k) * VIEW.scale;
    ctx.fillText(String(p), px, VIEW.originY - 1.6 * VIEW.scale);
    ctx.fillText(`×${game.bins[k]}`, px, VIEW.originY - 0.7 * VIEW.scale);
  });
  ctx.font = 'bold 22px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.fillText(`Score ${game.score}`, 12, 30);
  ctx.textAlign = 'right';
  ctx.fillText(`Balls ${game.dropped}`, canvas.width - 12, 30);
}

game.ready = true;
fixedLoop(tick, draw);
