// Pinball: two kinematic flippers on keys and touch, a kinematic plunger,
// bumpers and slingshots that score through hit events, a chain for the
// walls, a drain sensor, multiball every 1,500 points. Game code holds
// handles and userData tags only: no slots, no views.
import { init, World, drawWorld } from 'capsule2d';
import { fixedLoop, gameOverBand } from '../shared.js';

const BUMPER = 1, SLING = 2, DRAIN = 3;                  // userData tags of the statics
const BALL_R = 0.2, LANE_X = 4.2, PLUNGER_Y = -7;         // world units, y up
const canvas = document.querySelector('canvas');
const ctx = canvas.getContext('2d');
const VIEW = { scale: 40, originX: 220, originY: 440 };   // 11 × 20 units on 440 × 800 px
const game = { ready: false, error: null, score: 0, balls: 0, ballsLeft: 3, steps: 0, hits: 0, drained: 0, most: 0, over: false };
window.game = game;

await init().catch((e) => { game.error = String(e); throw e; });
const world = new World({ ballCapacity: 32, subSteps: 8 }); // more sub-steps: a crisper flipper launch
Object.defineProperty(game, 'world', { value: world });     // for the console; not enumerable
// The walls, one chain: left inlane, left side, the arch, the right side down the plunger lane.
world.addChain([-1.6, -5.4, -4, -3.6, -4, 7.5, -3.4, 8.9, -2.2, 9.8, -0.8, 10.2, 0.8, 10.2, 2.2, 9.8, 3.5, 9,
  4.3, 7.8, 4.6, 6.2, 4.6, -8.4], 0.06);
world.addChain([1.6, -5.4, 3.8, -3.6, 3.8, 6], 0.06);      // right inlane and the lane's inner wall
world.addCapsule(3.8, -3.6, 3.8, -8.4, 0.06);              // the lane's inner wall, below the inlane
const bumpers = new Map(); // handle → { x, y, lit: frames left to light it }
for (const [x, y] of [[-1.7, 6.4], [1.5, 6.6], [-0.1, 8.2], [0.1, 4.4]]) {
  bumpers.set(world.addCircle(x, y, 0.5, { restitution: 0.6, userData: BUMPER }), { x, y, lit: 0 });
}
world.addCapsule(-3.1, -1.4, -2.2, -3.2, 0.15, { userData: SLING }); // slingshots above the inlanes
world.addCapsule(2.9, -1.4, 2, -3.2, 0.15, { userData: SLING });
world.addSegment(-4, -7.6, 3.75, -7.6, { sensor: true, userData: DRAIN }); // below the flippers
world.addLine(-5.5, -8.6, 5.5, -8.6);                      // a floor under everything

const flipper = (x, rest, up) => ({ h: world.addKinematicCapsule(x, -5.4, rest, 1.35, 0.16, { pivot: 0 }), x, rest, up, angle: rest });
const left = flipper(-1.6, -0.5, 0.5), right = flipper(1.6, Math.PI + 0.5, Math.PI - 0.5);
const plunger = { h: world.addKinematicCapsule(LANE_X, PLUNGER_Y, 0, 0.4, 0.08), y: PLUNGER_Y, pull: 0, speed: 0 };

// Input: keys, and pointers (left or right half: a flipper; the lane's foot: the plunger).
const held = { left: new Set(), right: new Set(), plunger: new Set() };
const KEYS = { ArrowLeft: 'left', z: 'left', Z: 'left', ArrowRight: 'right', m: 'right', M: 'right', ' ': 'plunger' };
addEventListener('keydown', (e) => {
  if (!KEYS[e.key]) return;
  e.preventDefault();
  if (game.over && e.key === ' ') return restartLater();
  held[KEYS[e.key]].add(e.key);
});
addEventListener('keyup', (e) => KEYS[e.key] && held[KEYS[e.key]].delete(e.key));
const toWorld = (e) => {
  const r = canvas.getBoundingClientRect();
  return { x: ((e.clientX - r.left) * canvas.width / r.width - VIEW.originX) / VIEW.scale,
    y: (VIEW.originY - (e.clientY - r.top) * canvas.height / r.height) / VIEW.scale };
};
canvas.addEventListener('pointerdown', (e) => {
  if (game.over) return restartLater();
  const p = toWorld(e);
  held[p.x > 3.8 && p.y < -4 ? 'plunger' : p.x < 0 ? 'left' : 'right'].add(e.pointerId);
  canvas.setPointerCapture(e.pointerId);
});
for (const type of ['pointerup', 'pointercancel']) {
  canvas.addEventListener(type, (e) => Object.values(held).forEach((s) => s.delete(e.pointerId)));
}

const balls = new Set(); // handles of the balls in play
const serve = (x, y, vx = 0) => balls.add(world.addBall(x, y, BALL_R, { vx, restitution: 0.3 }));
let nextMultiball = 1500, overAt = 0;
const restartLater = () => performance.now() - overAt > 1000 && restart(); // not by a press meant for the last ball
function restart() {
  for (const h of balls) world.removeBall(h);
  balls.clear();
  Object.assign(game, { score: 0, ballsLeft: 3, over: false });
  nextMultiball = 1500;
  serve(LANE_X, -6.6);
  game.balls = world.balls.live;
}

// Flippers turn toward their target at most 0.45 rad a step (27 rad/s).
function moveFlipper(f, up) {
  const target = up ? f.up : f.rest;
  f.angle += Math.max(-0.45, Math.min(0.45, target - f.angle));
  world.setKinematicTarget(f.h, f.x, -5.4, f.angle);
}

// Space held: the plunger draws back (0.8 units in 0.8 s); released: it shoots
// up at 8 to 30 units/s, by how far it was drawn, and the ball on it goes too.
function movePlunger() {
  const p = plunger;
  if (held.plunger.size > 0 && p.speed === 0) p.pull = Math.min(1, p.pull + 1 / 48);
  else if (p.pull > 0 && p.speed === 0) p.speed = 8 + 22 * p.pull;
  if (p.speed > 0) {
    p.pull = Math.max(0, p.pull - p.speed / 60 / 0.8);
    if (p.pull === 0) p.speed = 0;
  }
  p.y = PLUNGER_Y - 0.8 * p.pull;
  world.setKinematicTarget(p.h, LANE_X, p.y, 0);
}

function tick() {
  moveFlipper(left, held.left.size > 0);
  moveFlipper(right, held.right.size > 0);
  movePlunger();
  world.step();
  game.steps++;
  for (const b of bumpers.values()) b.lit = Math.max(0, b.lit - 1);
  world.events.hit.forEach((ball, other, speed, x, y, nx, ny, ballData, otherData) => {
    if (otherData === BUMPER) {
      game.score += 100;
      game.hits++;
      world.applyImpulse(ball, 0.5 * nx, 0.5 * ny);           // a kick away from the bumper
      bumpers.get(other).lit = 10;
    }
    if (otherData === SLING) { game.score += 10; game.hits++; world.applyImpulse(ball, 0.3 * nx, 0.3 * ny); }
  });
  world.events.sensorEnter.forEach((ball, other, speed, x, y, nx, ny, ballData, otherData) => {
    if (otherData === DRAIN && balls.delete(ball)) { world.removeBall(ball); game.drained++; }
  });
  if (game.score >= nextMultiball) {                       // multiball: a ball from the top
    serve(0, 9.4, balls.size % 2 ? 2 : -2);
    nextMultiball += 1500;
  }
  if (balls.size === 0 && !game.over) {
    game.ballsLeft--;
    if (game.ballsLeft > 0) serve(LANE_X, -6.6);
    else { game.over = true; overAt = performance.now(); }
  }
  game.balls = world.balls.live;
  game.most = Math.max(game.most, balls.size);
}

function draw() {
  drawWorld(ctx, world, { ...VIEW, clear: true, ballColor: '#c0392b', sensorColor: 'rgba(200, 40, 40, 0.3)' });
  for (const b of bumpers.values()) {                        // a lit bumper: a ring for 10 steps
    if (b.lit === 0) continue;
    ctx.beginPath();
    ctx.arc(VIEW.originX + b.x * VIEW.scale, VIEW.originY - b.y * VIEW.scale, 0.5 * VIEW.scale + 3, 0, 2 * Math.PI);
    ctx.strokeStyle = '#f1c40f';
    ctx.lineWidth = 5;
    ctx.stroke();
  }
  ctx.fillStyle = '#222';
  ctx.font = 'bold 22px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.fillText(`Score ${game.score}`, 12, 30);
  ctx.textAlign = 'right';
  ctx.fillText(`Balls ${game.ballsLeft}`, canvas.width - 12, 30);
  if (game.over) {
    gameOverBand(ctx, canvas, 'Game over: Space or tap to play again');
  }
}

restart();
game.ready = true;
fixedLoop(tick, draw);
