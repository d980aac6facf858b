// Merge (Suika-style): a click drops a small fruit (a ball whose userData is
// its size tier); when two fruits of one tier begin to touch (a begin event
// with ballData === otherData), both are removed and one of the next tier is
// added at their midpoint. Game over when a settled fruit rises above the line.
import { init, World, drawWorld } from 'capsule2d';
import { fixedLoop, gameOverBand } from '../shared.js';

const RADII = [0.3, 0.42, 0.56, 0.72, 0.9, 1.1, 1.35, 1.65];  // by tier
const COLORS = ['#e74c3c', '#e67e22', '#f1c40f', '#2ecc71', '#1abc9c', '#3498db', '#9b59b6', '#34495e'];
const WALL = 4, LINE = 10.5, DROP_Y = 12.6, COOLDOWN = 30;   // world units; steps between drops
const canvas = document.querySelector('canvas');
const ctx = canvas.getContext('2d');
const VIEW = { scale: 50, originX: 240, originY: 700 };       // x −4.8..4.8, y −1.2..14
const game = { ready: false, error: null, score: 0, balls: 0, steps: 0, drops: 0, merges: 0, biggest: 0, next: 0, over: false };
window.game = game;

await init().catch((e) => { game.error = String(e); throw e; });
const world = new World({ ballCapacity: 128 });
Object.defineProperty(game, 'world', { value: world });     // for the console; not enumerable
world.addLine(-WALL, 20, -WALL, 0);                         // a box open at the top: solid outside
world.addLine(WALL, 0, WALL, 20);
world.addLine(-WALL, 0, WALL, 0);

// Small seeded randoms (mulberry32): every game deals the same fruits.
const seeded = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const deal = seeded(7), hand = seeded(8);
const fruits = new Map();                                    // handle → the step it was added
const addFruit = (x, y, tier, vx = 0, vy = 0) =>
  fruits.set(world.addBall(x, y, RADII[tier], { vx, vy, userData: tier, friction: 0.4, restitution: 0.1 }), game.steps);
let aimX = 0, lastDrop = -COOLDOWN, overAt = 0;
game.next = Math.floor(deal() * 3);

function restart() {
  for (const h of fruits.keys()) world.removeBall(h);
  fruits.clear();
  Object.assign(game, { score: 0, over: false, biggest: 0, balls: world.balls.live });
}
canvas.addEventListener('pointermove', (e) => { aimX = toWorldX(e); });
canvas.addEventListener('pointerdown', (e) => {
  if (game.over) {                                           // a click a second after the end: a new game
    if (performance.now() - overAt > 1000) restart();
    return;
  }
  if (game.steps - lastDrop < COOLDOWN) return;
  aimX = toWorldX(e);
  const r = RADII[game.next];
  const x = aimX + (hand() - 0.5) * 0.04;                 // a hand is not exact: no tower balances forever
  addFruit(Math.max(-WALL + r, Math.min(WALL - r, x)), DROP_Y, game.next);
  lastDrop = game.steps;
  game.drops++;
  game.next = Math.floor(deal() * 3);
});
function toWorldX(e) {
  const r = canvas.getBoundingClientRect();
  return ((e.clientX - r.left) * canvas.width / r.width - VIEW.originX) / VIEW.scale;
}

function tick() {
  world.step();
  game.steps++;
  const pairs = [];                                          // (a, b, tier): fruits of one tier that began to touch
  world.events.begin.forEach((ball, other, speed, x, y, nx, ny, ballData, otherData) => {
    if (world.isBallHandle(other) && ballData === otherData) pairs.push(ball, other, ballData);
  });
  for (let i = 0; i < pairs.length; i += 3) {
    const [a, b, tier] = pairs.slice(i, i + 3);
    if (!fruits.has(a) || !fruits.has(b)) continue;          // one of them merged already this step
    const sa = world.ballState(a), sb = world.ballState(b);
    for (const h of [a, b]) { world.removeBall(h); fruits.delete(h); }
    game.merges++;
    if (tier + 1 < RADII.length) {
      addFruit((sa.x + sb.x) / 2, (sa.y + sb.y) / 2, tier + 1, (sa.vx + sb.vx) / 2, (sa.vy + sb.vy) / 2);
      game.score += (tier + 2) * (tier + 3) / 2;             // 3, 6, 10, ... for the tier made
      game.biggest = Math.max(game.biggest, tier + 1);
    } else {
      game.score += 100;                                     // two of the largest: both go
    }
  }
  // Over when a fruit that has had 1.5 s to settle reaches above the line.
  for (const h of world.queryBox(-WALL, LINE, WALL, 30)) {
    if (world.isBallHandle(h) && game.steps - fruits.get(h) > 90 && !game.over) {
      game.over = true;
      overAt = performance.now();
    }
  }
  game.balls = world.balls.live;
}

function drawFruit(x, y, angle, tier) {
  const px = VIEW.originX + x * VIEW.scale, py = VIEW.originY - y * VIEW.scale, r = RADII[tier] * VIEW.scale;
  ctx.fillStyle = COLORS[tier];
  ctx.beginPath();
  ctx.arc(px, py, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.8)';              // a spoke: the spin shows
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(px, py);
  ctx.lineTo(px + r * 0.7 * Math.cos(angle), py - r * 0.7 * Math.sin(angle));
  ctx.stroke();
}

function draw() {
  drawWorld(ctx, world, { ...VIEW, clear: true });
  for (const h of fruits.keys()) {
    const s = world.ballState(h);
    drawFruit(s.x, s.y, s.angle, s.userData);
  }
  ctx.strokeStyle = '#d0342c';                               // the line
  ctx.setLineDash([8, 6]);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(VIEW.originX - WALL * VIEW.scale, VIEW.originY - LINE * VIEW.scale);
  ctx.lineTo(VIEW.originX + WALL * VIEW.scale, VIEW.originY - LINE * VIEW.scale);
  ctx.stroke();
  ctx.setLineDash([]);
  if (!game.over) {
    const r = RADII[game.next];
    drawFruit(Math.max(-WALL + r, Math.min(WALL - r, aimX)), DROP_Y, Math.PI / 2, game.next);
  }
  ctx.fillStyle = '#222';
  ctx.font = 'bold 22px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.fillText(`Score ${game.score}`, 52, 30);
  if (game.over) {
    gameOverBand(ctx, canvas, 'Game over: click or tap to play again');
  }
}

game.ready = true;
fixedLoop(() => { if (!game.over) tick(); }, draw);
