// Section 6: a physics playground on capsule2d's World. Scenes:
// - plinko: N balls (a slider, up to 10,000) dropped through rows of tilted
//   capsule pegs into bins; they pile up, come to rest and sleep.
// - fast balls: section 5's tunnelling scene on the world: balls shot at a
//   thin wall at 5 to 3,000 units/s, with no gravity and full restitution;
//   the world sweeps every ball against the statics, so none gets through.
// - teeter-totter: a pivoted capsule (a board with angle limits) with three
//   light balls on its low end; a heavy ball lands on the high end, the
//   board swings and throws them. The readout shows the board's angle.
// - pinball: a sloped table (gravity 6) with chain walls, kicking bumpers,
//   two flippers (kinematic capsules, turned toward their target angle
//   before each step by the keys, mouse or touch), a kinematic plunger and
//   a one-way gate (a pivoted capsule with limits) over its lane. A ball
//   that drains is removed and a new one waits on the plunger.
// - marble track: four chains (a straight run of 52 pieces, a bank, a wavy
//   run, a bowl); the marbles roll over the joints without a bump and
//   settle in the bowl.
// - rope bridge: 30 balls on rigid distance joints hung between two world
//   points, three heavy balls dropped onto it, a pendulum and a double
//   pendulum; the readout shows the bridge's most stretched link.
// Controls: pause, single step, slow motion (a quarter speed), reset, the
// debug draw's contact normals. A click or tap drops a ball (in pinball a
// press on the left or right half works that flipper; the Drop button
// launches). The readout shows ms per step, balls awake and asleep,
// touching contacts, and each scene's own numbers.
// prefers-reduced-motion starts it paused; off screen it neither steps nor
// draws (the Stage only runs while its canvas is near the view).
//
// A scene is one entry of SCENES (and one radio button in index.html):
// build(api, n) returns { world, dropRadius, ... }; optional drive(built,
// input) runs before each step, after(built) after it, launch(built) on the
// Drop button. All physics is the World's; the page only sets targets.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';
import { announce } from '../lib/announce.js';
import { drawOptions, reducedMotion, StepTimer, Pace, random, restCount } from '../lib/world-scene.js';
import { Timeline } from '../lib/timeline.js';

const { colors } = draw;

export const needs = ['World', 'drawWorld'];

/** The ball radius for n plinko balls: the same total area whatever n (capped for few balls). */
export const plinkoRadius = (n) => Math.min(0.3, 0.1 * Math.sqrt(10000 / n));

/**
 * The plinko scene's shapes, for any engine (the playground's World and the
 * race's Box2D v3): the box's walls and floor (solid outside x in [-20, 20],
 * y above -12), 9 bin walls and 84 tilted pegs (capsules, a seeded tilt
 * within ±0.5 rad), and n balls on a grid above the box, falling at 2 units/s.
 */
export function plinkoLayout(n) {
  const r = plinkoRadius(n);
  const walls = [[-20, 30, -20, -12], [20, -12, 20, 30], [-20, -12, 20, -12]]; // as addLine: solid on the right of a→b
  const bins = [];
  for (let x = -16; x <= 16; x += 4) bins.push([x, -12, x, -4.5, 0.1]);
  const pegs = [];
  const rnd = random(16);
  for (let row = 0; row < 7; row++) {
    const y = -2.4 + row * 1.7;
    for (let x = -18.4 + (row % 2) * 1.6; x < 19.5; x += 3.2) {
      const a = (rnd() - 0.5) * 1.0; // tilt within ±0.5 rad
      const c = Math.cos(a) * 0.45;
      const s = Math.sin(a) * 0.45;
      pegs.push([x - c, y - s, x + c, y + s, 0.12]);
    }
  }
  // The balls on a grid above the box: they fall in as one shower.
  const gap = 2.3 * r;
  const perRow = Math.floor(38 / gap);
  const balls = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / perRow);
    balls.push([-19 + (i % perRow) * gap + (row % 2) * gap * 0.5, 13 + row * gap]);
  }
  return { r, walls, bins, pegs, balls, ball: { restitution: 0.3, friction: 0.2, vy: -2 }, pegFriction: 0.2 };
}

export const SCENES = {
  plinko: {
    title: 'plinko',
    view: { x0: -20, y0: -12.5, x1: 20, y1: 12.5 },
    build(api, n) {
      const L = plinkoLayout(n);
      const world = new api.World({ ballCapacity: n + 64, staticCapacity: 512 });
      for (const w of L.walls) world.addLine(...w); // walls and floor: solid outside the box
      for (const b of L.bins) world.addCapsule(...b); // bin walls
      for (const p of L.pegs) world.addCapsule(...p, { friction: L.pegFriction });
      for (const [x, y] of L.balls) world.addBall(x, y, L.r, L.ball);
      return { world, dropRadius: L.r };
    },
  },
  fast: {
    title: 'fast balls',
    view: { x0: -7, y0: -3.6, x1: 7, y1: 3.6 },
    speeds: [5, 95, 600, 3000],
    build(api) {
      const world = new api.World({ gravityY: 0, ballCapacity: 64, sleep: false });
      const wall = world.addSegment(0, -3.2, 0, 3.2, { restitution: 1, friction: 0 }); // its handle, as hit events name it
      world.addLine(-6.8, 3.6, -6.8, -3.6, { restitution: 1, friction: 0 }); // the back wall, solid on its left
      this.speeds.forEach((v, i) => {
        world.addBall(-6, 2.4 - i * 1.6, 0.25, { vx: v, restitution: 1, friction: 0 });
      });
      return { world, wall, dropRadius: 0.25 };
    },
  },
  teeter: {
    title: 'teeter-totter',
    view: { x0: -8, y0: -0.5, x1: 8, y1: 9.5 },
    build(api) {
      const world = new api.World({ ballCapacity: 128, staticCapacity: 32 });
      world.addLine(-8, 0, 8, 0, { rollingResistance: 0.05 }); // floor and walls
      world.addLine(-7.6, 20, -7.6, 0);
      world.addLine(7.6, 0, 7.6, 20);
      world.addCapsule(-0.7, 0, 0, 1.62, 0.08); // the stand under the pivot
      world.addCapsule(0.7, 0, 0, 1.62, 0.08);
      world.addCapsule(-4.8, 0, -4.8, 1.4, 0.1); // a stop at the low end
      // The board: 9 long, turning about its centre, at most ±0.3 rad; it starts down on the left.
      const board = world.addPivotedCapsule(0, 1.8, 0.3, 9, 0.12, { lowerAngle: -0.3, upperAngle: 0.3, friction: 0.6 });
      for (let i = 0; i < 3; i++) world.addBall(-4.3 + i * 0.62, 1.2 + i * 0.2, 0.3, { friction: 0.6 });
      // The weight: a dense ball dropped onto the high end throws the light ones.
      world.addBall(3.3, 8.6, 0.5, { density: 8, friction: 0.6 });
      return { world, board, dropRadius: 0.3 };
    },
  },
  pinball: {
    title: 'pinball',
    view: { x0: -6, y0: -1.2, x1: 6, y1: 13.2 },
    flipper: { x: 2.2, y: 1.2, rest: -0.45, up: 0.45, length: 1.8, radius: 0.18 },
    plunger: { x: 5.1, y: -0.6, travel: 1.5 },
    build(api) {
      // A sloped table: gravity along it is 6 units/s², not 10.
      const world = new api.World({ gravityY: -6, ballCapacity: 32, staticCapacity: 128 });
      // The outer wall as one chain: up the right side, round the top, down the left.
      const wall = [5.5, -1.2];
      for (let i = 0; i <= 32; i++) wall.push(5.5 * Math.cos((Math.PI * i) / 32), 7.5 + 5.5 * Math.sin((Math.PI * i) / 32));
      wall.push(-5.5, 3.2);
      world.addChain(wall, 0.1, { friction: 0.1 });
      world.addCapsule(4.7, -1.2, 4.7, 6.75, 0.1, { friction: 0.1 }); // the plunger lane's inner wall
      const f = this.flipper;
      world.addCapsule(-5.5, 3.2, -f.x - 0.15, f.y + 0.1, 0.1, { friction: 0.1 }); // inlanes down to the flippers
      world.addCapsule(4.6, 3.2, f.x + 0.15, f.y + 0.1, 0.1, { friction: 0.1 });
      // Bumpers: short capsules and posts that kick (restitution above 1).
      const kick = { restitution: 1.3, friction: 0 };
      world.addCapsule(-1.6, 7.8, -0.9, 8.6, 0.3, kick);
      world.addCapsule(0.9, 8.6, 1.6, 7.8, 0.3, kick);
      world.addCircle(0, 6.3, 0.45, kick);
      world.addCapsule(-3.6, 5.4, -3.0, 4.4, 0.15, kick); // slingshots above the inlanes
      world.addCapsule(3.0, 4.4, 3.6, 5.4, 0.15, kick);
      // The flippers: kinematic capsules pivoting at their outer end, turned by the keys, mouse or touch.
      // The right one pivots at its end b, so both turn through angles near 0 (-0.45 to 0.45).
      const left = world.addKinematicCapsule(-f.x, f.y, f.rest, f.length, f.radius, { pivot: 0, friction: 0.3 });
      const right = world.addKinematicCapsule(f.x, f.y, -f.rest, f.length, f.radius, { pivot: 1, friction: 0.3 });
      // A one-way gate over the plunger lane's exit: a pivoted capsule that a ball
      // going up swings open and a ball coming down cannot (its limits).
      world.addPivotedCapsule(4.72, 6.85, 0.2, 0.62, 0.06, { pivot: 0, density: 0.5, lowerAngle: 0.2, upperAngle: 1.75 });
      const p = this.plunger;
      const plunger = world.addKinematicCapsule(p.x, p.y, 0, 0.4, 0.1);
      for (let i = 0; i < 3; i++) world.addBall(-2 + 2 * i, 11 - 0.4 * i, 0.25, { restitution: 0.2, friction: 0.3 });
      const built = { world, left, right, plunger, angles: [f.rest, f.rest], push: 0, drained: 0, dropRadius: 0.25 };
      this.load(built);
      return built;
    },
    /** A ball on the plunger, unless one is there already. */
    load(built) {
      const p = this.plunger;
      if (built.world.queryBox(p.x - 0.3, p.y, p.x + 0.3, p.y + 1).some((h) => built.world.hasBall(h))) return;
      built.world.addBall(p.x, p.y + 0.36, 0.25, { restitution: 0.2, friction: 0.3 });
    },
    /** Before each step: flippers toward up or rest (24 rad/s up, 15 down), the plunger's stroke. */
    drive(built, input) {
      const { world } = built;
      const f = this.flipper;
      const dt = 1 / 60;
      ['left', 'right'].forEach((side, k) => {
        const want = input[side] ? f.up : f.rest;
        const a = built.angles[k];
        const next = want > a ? Math.min(want, a + 24 * dt) : Math.max(want, a - 15 * dt);
        built.angles[k] = next;
        world.setKinematicTarget(built[side], k ? f.x : -f.x, f.y, k ? -next : next);
      });
      const p = this.plunger;
      // The stroke: up by `travel` in 5 steps (18 units/s), back down in 30.
      if (built.push > 0) built.push--;
      const t = built.push > 30 ? (35 - built.push) / 5 : built.push / 30;
      world.setKinematicTarget(built.plunger, p.x, p.y + p.travel * t, 0);
    },
    launch(built) {
      if (built.push === 0) built.push = 35;
    },
    /** After each step: balls below the table drain; a new one waits on the plunger. */
    after(built) {
      const { world } = built;
      const b = world.balls;
      for (let i = 0; i < b.slotCount; i++) {
        if (b.alive(i) && b.y[i] < -1.6) {
          world.removeBall(world.ballHandle(i));
          built.drained++;
          this.load(built);
        }
      }
    },
  },
  marble: {
    title: 'marble track',
    view: { x0: -8, y0: -0.3, x1: 8, y1: 9.7 },
    build(api) {
      const world = new api.World({ ballCapacity: 128, staticCapacity: 256 });
      const pieces = [];
      /** A chain through n + 1 points of f(t), t from 0 to 1. */
      const chain = (n, f, rollingResistance = 0.01) => {
        const pts = [];
        for (let i = 0; i <= n; i++) pts.push(...f(i / n));
        pieces.push(...world.addChain(pts, 0.08, { friction: 0.4, rollingResistance }));
      };
      // The top run: straight, 52 pieces that roll as one capsule.
      chain(52, (t) => [-7.6 + 13.2 * t, 9.0 - 2.4 * t]);
      // A bank at the right: half a circle that turns the marbles down and back.
      chain(12, (t) => {
        const a = ((75 - 135 * t) * Math.PI) / 180;
        return [6.4 + 1.5 * Math.cos(a), 5.4 + 1.5 * Math.sin(a)];
      });
      // The second run, back to the left: wavy, but downhill all the way (no dip to stop in).
      chain(60, (t) => [7.4 - 12.2 * t, 3.7 - 1.3 * t + 0.075 * Math.sin(t * 3 * 2 * Math.PI)]);
      // The bowl at the bottom, where the marbles settle, with a wall on the left.
      chain(49, (t) => {
        if (t === 0) return [-7.8, 5];
        const x = -7.8 + 15.6 * (t - 1 / 49) * (49 / 48);
        return [x, 1.8 * (x / 7.8) ** 2];
      }, 0.06);
      for (let i = 0; i < 6; i++) world.addBall(-7.2 + 0.75 * i, 9.5 - 0.14 * i, 0.3, { friction: 0.4 });
      return { world, pieces: pieces.length, dropRadius: 0.3 };
    },
  },
  rope: {
    title: 'rope bridge',
    view: { x0: -10, y0: -0.5, x1: 10, y1: 12 },
    bridge: { ax: -5.5, bx: 5.5, y: 6.5, n: 30, slack: 1.12, radius: 0.17 },
    build(api) {
      // Joints are solved in the sub-steps: 8 keep the loaded bridge's links within a few %.
      const world = new api.World({ ballCapacity: 128, staticCapacity: 16, subSteps: 8 });
      world.addLine(-10, 0, 10, 0, { friction: 0.5 }); // floor and walls
      world.addLine(-10, 30, -10, 0);
      world.addLine(10, 0, 10, 30);
      // The bridge: n balls on n + 1 rigid links of length L between two world
      // points, 12% longer than the span, laid out in a V (each half straight)
      // that falls into a hanging curve.
      const B = this.bridge;
      const L = (B.slack * (B.bx - B.ax)) / (B.n + 1);
      const half = ((B.n + 1) * L) / 2;
      const mx = (B.ax + B.bx) / 2;
      const my = B.y - Math.sqrt(half * half - ((B.bx - B.ax) / 2) ** 2);
      const along = (s) => { // the point at arc length s along A → middle → B
        const f = s < half ? s / half : (s - half) / half;
        return s < half ? [B.ax + (mx - B.ax) * f, B.y + (my - B.y) * f] : [mx + (B.bx - mx) * f, my + (B.y - my) * f];
      };
      const planks = [];
      for (let i = 1; i <= B.n; i++) {
        const [x, y] = along(i * L);
        planks.push(world.addBall(x, y, B.radius, { friction: 0.6, density: 2 }));
      }
      const links = [world.addDistanceJoint(planks[0], { x: B.ax, y: B.y }, { length: L })];
      for (let i = 1; i < B.n; i++) links.push(world.addDistanceJoint(planks[i], planks[i - 1], { length: L }));
      links.push(world.addDistanceJoint(planks[B.n - 1], { x: B.bx, y: B.y }, { length: L }));
      // Heavy balls dropped onto it, one after another.
      [[-2.6, 9.6], [0.9, 10.6], [3.3, 11.6]].forEach(([x, y]) => world.addBall(x, y, 0.42, { density: 6, friction: 0.6 }));
      // A pendulum on the left, let go at 45°, and a double pendulum on the right, let go level.
      const bob = world.addBall(-7.6 + 3.2 * Math.SQRT1_2, 10.5 - 3.2 * Math.SQRT1_2, 0.35, { density: 3 });
      links.push(world.addDistanceJoint(bob, { x: -7.6, y: 10.5 }));
      const upper = world.addBall(6.0, 10.5, 0.25, { density: 3 });
      const lower = world.addBall(4.4, 10.5, 0.25, { density: 3 });
      links.push(world.addDistanceJoint(upper, { x: 7.6, y: 10.5 }), world.addDistanceJoint(lower, upper));
      return { world, planks, links: links.slice(0, B.n + 1), linkLength: L, joints: links.length, dropRadius: 0.3 };
    },
    /** The bridge's longest link now over its length, minus 1 (the stretch). */
    stretch(built) {
      let worst = 0;
      for (const j of built.links) {
        if (!built.world.hasJoint(j)) continue;
        const s = built.world.jointState(j);
        const b = built.world.ballState(s.ball);
        worst = Math.max(worst, Math.hypot(s.x - b.x, s.y - b.y) / built.linkLength - 1);
      }
      return worst;
    },
  },
  cradle: {
    title: "Newton's cradle",
    view: { x0: -2, y0: 0, x1: 4, y1: 3.6 },
    // The parameters of tests/world/joints.test.js's cradle: balls of radius
    // 0.25 on links of 2 from pivots one diameter apart, the first let go at 0.4 rad.
    cradle: { n: 5, radius: 0.25, length: 2, y: 3, angle: 0.4 },
    build(api) {
      const world = new api.World({ ballCapacity: 64, staticCapacity: 8 });
      world.addLine(-2, 0, 4, 0, { friction: 0.5 }); // a floor for dropped balls
      const C = this.cradle;
      const balls = [];
      for (let i = 0; i < C.n; i++) {
        const px = 2 * C.radius * i; // touching: pivots one diameter apart
        const x = i === 0 ? px - C.length * Math.sin(C.angle) : px;
        const y = i === 0 ? C.y - C.length * Math.cos(C.angle) : C.y - C.length;
        balls.push(world.addBall(x, y, C.radius, { restitution: 1, friction: 0 }));
        world.addDistanceJoint(balls[i], { x: px, y: C.y }, { length: C.length });
      }
      return { world, cradle: balls, dropRadius: 0.2 };
    },
    /** The speeds of the first and the last ball (units/s). */
    ends(built) {
      const { world, cradle } = built;
      const v = (h) => (world.hasBall(h) ? Math.hypot(world.ballState(h).vx, world.ballState(h).vy) : 0);
      return [v(cradle[0]), v(cradle[cradle.length - 1])];
    },
  },
  dominoes: {
    title: 'dominoes',
    view: { x0: -6.8, y0: -0.4, x1: 4.8, y1: 6.9 },
    // The row of tests/native/test_world_bodies.c: capsule bodies of half
    // length 0.4 and radius 0.05 on their ends, 0.5 apart.
    row: { n: 20, x: -6, gap: 0.5, halfLength: 0.4, radius: 0.05 },
    // A bridge of capsule bodies on revolute joints (tests/world/revolute.test.js),
    // on an arc of 2% slack between two pins.
    bridge: { n: 8, link: 0.5, arc: 8, x: -1, y: 4.2 },
    build(api) {
      const world = new api.World({ ballCapacity: 64, staticCapacity: 8, subSteps: 8 });
      world.addLine(-7, 0, 5, 0, { friction: 0.6 }); // floor and walls
      world.addLine(-7, 30, -7, 0);
      world.addLine(5, 0, 5, 30);
      const D = this.row;
      const dominoes = [];
      for (let i = 0; i < D.n; i++) {
        // The first tipped toward the rest (clockwise: its top leans toward +x).
        const o = { angle: Math.PI / 2, friction: 0.6, ...(i === 0 ? { angularVelocity: -1.5 } : {}) };
        dominoes.push(world.addCapsuleBody(D.x + D.gap * i, D.halfLength + D.radius, D.halfLength, D.radius, o));
      }
      const B = this.bridge;
      const phi = 2 * Math.asin(B.link / (2 * B.arc));
      const half = (B.n * phi) / 2;
      const px = [];
      const py = [];
      for (let i = 0; i <= B.n; i++) {
        const t = -half + phi * i;
        px.push(B.x + B.arc * Math.sin(t));
        py.push(B.y + B.arc * Math.cos(half) - B.arc * Math.cos(t));
      }
      const planks = [];
      for (let i = 0; i < B.n; i++) {
        const a = Math.atan2(py[i + 1] - py[i], px[i + 1] - px[i]);
        planks.push(world.addCapsuleBody((px[i] + px[i + 1]) / 2, (py[i] + py[i + 1]) / 2, B.link / 2, 0.06, { angle: a, friction: 0.6 }));
      }
      world.addRevoluteJoint(planks[0], null, px[0], py[0]);
      for (let i = 1; i < B.n; i++) world.addRevoluteJoint(planks[i], planks[i - 1], px[i], py[i]);
      world.addRevoluteJoint(planks[B.n - 1], null, px[B.n], py[B.n]);
      [[-2.1, 5.4], [-1, 6], [0.1, 6.6]].forEach(([x, y]) => world.addBall(x, y, 0.2, { friction: 0.6 }));
      return { world, dominoes, planks, bodies: [...dominoes, ...planks], dropRadius: 0.2 };
    },
    /** How many dominoes lie tilted more than 0.3 rad from upright. */
    fallen(built) {
      const cb = built.world.capsuleBodies;
      const angle = cb.angle;
      let n = 0;
      for (const h of built.dominoes) if (Math.abs(angle[built.world.capsuleBodySlotOf(h)] - Math.PI / 2) > 0.3) n++;
      return n;
    },
  },
};

/** The scene a URL's hash names (#plinko, #pinball ...), or null. */
export function sceneFromHash(hash) {
  const name = decodeURIComponent(String(hash ?? '').replace(/^#/, ''));
  return Object.hasOwn(SCENES, name) ? name : null;
}

/** A phone (a coarse pointer or a narrow screen) starts plinko with fewer balls. */
export function defaultCount() {
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  const narrow = typeof innerWidth === 'number' && innerWidth < 600;
  return coarse || narrow ? 1000 : 2000;
}

const GRAB_MOUSE = 6; // px beyond a ball's edge that a mouse press still grabs it
const GRAB_TOUCH = 16; // px for a finger
const KEY_SETTLE = 500; // ms after the last arrow key on the ball-count slider before the scene is rebuilt
const FLICK_MS = 80; // ms of pointer motion before a release that set a paused throw's velocity
const DRAG = { hertz: 6, dampingRatio: 0.7 }; // the grab's drag joint (maxForce: 1000 times the ball's mass)

export function mount(el, api) {
  const timer = new StepTimer();
  const pace = new Pace();
  const timeline = new Timeline();
  const state = {
    scene: sceneFromHash(location.hash) ?? 'plinko',
    count: defaultCount(),
    running: false,
    slow: false,
    contacts: false, // draw contact normals
    steps: 0, // the step shown (below the newest after a rewind)
    resets: 0,
    builds: 0, // scenes built (a scene change, a reset, a new ball count)
    passed: 0, // fast balls: balls found beyond the wall (never, with the world's sweeps)
    wallHits: 0, // fast balls: hit events on the wall
    drawMs: 0,
    saveMs: 0, // ms per world.save() (a rewind snapshot)
    maxSteps: 4, // steps a frame may run (1 once a step and a draw no longer fit)
    speed: null, // simulated seconds per real second, over the last second
    fps: null,
    restitution: 0.3, // of the balls the visitor drops
    grabbed: null, // the handle of the ball held by the pointer
    thrown: null, // { vx, vy } of the last throw
    shown: null, // the last readout values
    input: { left: false, right: false }, // pinball: the flippers held up (keys, pointers)
  };
  let built = null;
  // The flippers' input in effect: what the last step used (logged when it changes, so a replay uses it too).
  let inEffect = { left: false, right: false };
  const inputs = {
    scene: [...el.querySelectorAll('input[name="scene"]')],
    count: el.querySelector('input[name="count"]'),
    slow: el.querySelector('input[name="slow"]'),
    contacts: el.querySelector('input[name="contacts"]'),
    time: el.querySelector('input[name="time"]'),
    gravity: el.querySelector('input[name="gravity"]'),
    subSteps: el.querySelector('input[name="subSteps"]'),
    sleep: el.querySelector('input[name="sleep"]'),
    restitution: el.querySelector('input[name="restitution"]'),
  };
  const shows = Object.fromEntries([...el.querySelectorAll('[data-show]')].map((s) => [s.dataset.show, s]));
  const countLabel = inputs.count.closest('label');
  const buttons = {
    play: el.querySelector('button[name="play"]'),
    step: el.querySelector('button[name="step"]'),
    reset: el.querySelector('button[name="reset"]'),
    drop: el.querySelector('button[name="drop"]'),
  };
  const dropRnd = random(6);

  const out = new Readout(el.querySelector('.readout'))
    .row('scene', 'scene')
    .row('speed', 'simulation speed', { short: 'speed' })
    .row('ms', 'ms per <code>world.step()</code>', { short: 'ms per step' })
    .row('draw', 'ms per <code>drawWorld()</code>')
    .row('save', 'ms per <code>world.save()</code> (rewind)')
    .row('balls', 'balls awake / asleep', { short: 'awake / asleep' })
    .row('contacts', 'touching contacts', { short: 'contacts' })
    .row('steps', 'steps', { short: 'steps' })
    .row('hits', 'hits on the thin wall')
    .row('passed', 'balls past the thin wall', { short: 'past the wall' })
    .row('board', 'board angle, <code>kinematic(board).angle</code>', { short: 'board' })
    .row('flippers', 'flipper angles, left / right', { short: 'flippers' })
    .row('drained', 'balls drained')
    .row('pieces', 'chain pieces (<code>addChain</code>)')
    .row('joints', 'joints (<code>addDistanceJoint</code>)')
    .row('stretch', 'longest bridge link, over its length', { short: 'stretch' })
    .row('ends', 'speed of the first / last ball (units/s)', { short: 'first / last' })
    .row('pins', 'revolute joints (<code>addRevoluteJoint</code>)', { short: 'pins' })
    .row('fallen', 'dominoes fallen (tilted over 0.3 rad)', { short: 'fallen' });
  const ROWS = { fast: ['hits', 'passed'], teeter: ['board'], pinball: ['flippers', 'drained'], marble: ['pieces'], rope: ['joints', 'stretch'], cradle: ['joints', 'ends'], dominoes: ['pins', 'fallen'] };
  const keysHelp = el.querySelector('.keys');

  // ---- Building, stepping, rewinding -------------------------------------

  function build() {
    clearTimeout(countTimer);
    countTimer = 0;
    grab = null;
    state.grabbed = null;
    built?.world.destroy();
    const sc = SCENES[state.scene];
    built = sc.build(api, state.count);
    built.drag = null; // the grab's drag joint, while a ball is held
    state.builds++;
    state.steps = 0;
    state.passed = 0;
    state.wallHits = 0;
    inEffect = { left: false, right: false };
    timer.reset();
    pace.reset();
    const t0 = performance.now();
    timeline.reset(capture());
    state.saveMs = performance.now() - t0;
    stage.view.world = sc.view;
    if (stage.view.width > 0) stage.view.fit(stage.view.width, stage.view.height);
    countLabel.hidden = state.scene !== 'plinko';
    for (const [name, keys] of Object.entries(ROWS)) for (const k of keys) out.show(k, state.scene === name);
    buttons.drop.textContent = sc.launch ? 'Launch a ball' : 'Drop a ball';
    keysHelp.hidden = state.scene !== 'pinball';
    showSettings();
    showTime();
    report(true);
    stage.invalidate();
  }

  /** The world and the page's own state of the scene, for the timeline. */
  function capture() {
    return {
      bytes: built.world.save(),
      extra: {
        angles: built.angles?.slice(),
        push: built.push,
        drained: built.drained,
        passed: state.passed,
        wallHits: state.wallHits,
        input: { ...inEffect },
        drag: built.drag,
      },
    };
  }

  /** Back to a snapshot of the timeline. */
  function reinstate(snap) {
    built.world.restore(snap.bytes);
    const x = snap.extra;
    if (x.angles) built.angles = x.angles.slice();
    if (x.push !== undefined) built.push = x.push;
    if (x.drained !== undefined) built.drained = x.drained;
    state.passed = x.passed;
    state.wallHits = x.wallHits;
    inEffect = { ...x.input };
    built.drag = x.drag; // joint handles survive a restore
    state.steps = snap.step;
  }

  /** One step of the scene with the given flipper input: the same for a live step and a replayed one. */
  function advance(input, timed) {
    const { world } = built;
    const sc = SCENES[state.scene];
    sc.drive?.(built, input);
    if (timed) timer.step(world);
    else world.step();
    sc.after?.(built);
    state.steps++;
    if (state.scene === 'fast') {
      world.events.hit.forEach((ball, other) => {
        if (other === built.wall) state.wallHits++;
      });
      const { x } = world.balls;
      for (let i = 0; i < world.balls.slotCount; i++) if (world.balls.alive(i) && x[i] > 0) state.passed++;
    }
  }

  /** Does what an action of the visitor says (live, or again in a replay). */
  function apply(a) {
    const { world } = built;
    switch (a.type) {
      case 'input':
        inEffect = { left: a.left, right: a.right };
        break;
      case 'drop':
        world.addBall(a.x, a.y, a.r, { restitution: a.e, friction: 0.3 });
        break;
      case 'launch':
        SCENES[state.scene].launch?.(built);
        break;
      case 'grab': // a drag joint pulling the ball (or the capsule body, at the point pressed) toward the pointer
        if (world.hasBall(a.h) || world.hasCapsuleBody(a.h)) built.drag = world.addDragJoint(a.h, a.x, a.y, DRAG);
        break;
      case 'target':
        if (built.drag !== null && world.hasJoint(built.drag)) world.setDragTarget(built.drag, a.x, a.y);
        break;
      case 'release': // the ball keeps its velocity
        if (built.drag !== null && world.hasJoint(built.drag)) world.removeJoint(built.drag);
        built.drag = null;
        break;
      case 'vel':
        if (world.hasBall(a.h)) world.setVelocity(a.h, a.vx, a.vy);
        break;
      case 'pos':
        if (world.hasBall(a.h)) {
          world.setPosition(a.h, a.x, a.y);
          world.setVelocity(a.h, 0, 0);
        }
        break;
      case 'configure':
        world.configure(a.o);
        break;
      default:
        throw new Error(`unknown action ${a.type}`);
    }
  }

  /** An action of the visitor now: logged at the step shown (a new future from a rewound step), then done. */
  function act(a) {
    timeline.record(a);
    apply(a);
  }

  /** One live step: the flipper input and the grab's target logged, stepped and timed, snapshotted now and then. */
  function stepOnce() {
    timeline.fork();
    if (state.input.left !== inEffect.left || state.input.right !== inEffect.right) {
      act({ type: 'input', left: state.input.left, right: state.input.right });
    }
    if (grab) follow();
    else if (built.drag !== null) act({ type: 'release' }); // a joint held when the step shown was live
    advance(inEffect, true);
    state.maxSteps = Pace.maxSteps(timer.mean, state.drawMs);
    stage.maxSteps = state.maxSteps;
    timeline.stepped(state.steps, () => {
      const t0 = performance.now();
      const snap = capture();
      const ms = performance.now() - t0;
      state.saveMs = state.saveMs ? state.saveMs + (ms - state.saveMs) / 4 : ms;
      return snap;
    });
  }

  /**
   * Shows step `target` of the last 10 s: from the newest snapshot at or before
   * it (or from the step shown, when that is on the way), replaying the
   * logged actions. Returns the step shown.
   */
  function seek(target) {
    const to = Math.round(Math.min(Math.max(target, timeline.start), timeline.head));
    if (to === state.steps) return to;
    letGo();
    const snap = timeline.snapshotFor(to);
    if (!(to > state.steps && snap.step <= state.steps)) {
      reinstate(snap);
      for (const a of timeline.actionsAt(state.steps)) apply(a);
    }
    while (state.steps < to) {
      advance(inEffect, false);
      for (const a of timeline.actionsAt(state.steps)) apply(a);
    }
    timeline.cursor = to;
    pace.reset();
    showSettings();
    showTime();
    report(true);
    stage.invalidate();
    return to;
  }

  // ---- The readout and the canvas ----------------------------------------

  let shownAt = -99;
  function report(force = false) {
    if (!force && performance.now() - shownAt < 250) return; // four times a second, readable
    shownAt = performance.now();
    const { world } = built;
    const r = restCount(world);
    const contacts = world.contacts().length / 6;
    out.set('scene', state.scene === 'plinko' ? `plinko, ${state.count.toLocaleString('en')} balls` : SCENES[state.scene].title);
    out.set('speed', speedText(), state.running && behind() ? 'hit' : '');
    // A few balls step in microseconds, below what the page's clock resolves.
    out.set('ms', !timer.steps ? '—' : timer.mean < 0.01 ? '< 0.01' : num(timer.mean, 2));
    out.set('draw', state.drawMs ? num(state.drawMs, 2) : '—');
    out.set('save', state.saveMs ? `${num(state.saveMs, 2)}, ${(timeline.bytes / 2 ** 20).toFixed(1)} MB kept` : '—');
    out.set('balls', `${r.live - r.asleep} / ${r.asleep}`);
    out.set('contacts', String(contacts));
    out.set('steps', String(state.steps));
    out.set('hits', String(state.wallHits));
    out.set('passed', String(state.passed), state.passed ? 'hit' : '');
    if (built.board) out.set('board', `${num(world.kinematic(built.board).angle, 3)} rad`);
    if (built.left) {
      const l = world.kinematic(built.left).angle;
      const rr = -world.kinematic(built.right).angle; // the right one is mirrored
      out.set('flippers', `${num(l)} / ${num(rr)} rad`);
      out.set('drained', String(built.drained));
    }
    if (built.pieces) out.set('pieces', String(built.pieces));
    if (built.links) {
      out.set('joints', String(world.joints().length));
      out.set('stretch', `${num(SCENES.rope.stretch(built) * 100, 2)}%`);
    }
    if (built.cradle) {
      const [a, b] = SCENES.cradle.ends(built);
      out.set('joints', String(world.joints().length));
      out.set('ends', `${num(a, 2)} / ${num(b, 2)}`);
    }
    if (built.dominoes) {
      out.set('pins', String(world.joints().length - (built.drag !== null && world.hasJoint(built.drag) ? 1 : 0))); // not the grab's drag joint
      out.set('fallen', `${SCENES.dominoes.fallen(built)} of ${built.dominoes.length}`);
    }
    state.shown = { awake: r.live - r.asleep, asleep: r.asleep, contacts, steps: state.steps, speed: out.values.get('speed').out.textContent };
  }

  /** True when the simulation runs visibly slower than asked (real time, or a quarter in slow motion). */
  function behind() {
    return state.speed !== null && state.speed < 0.9 * stage.rate;
  }

  function speedText() {
    if (!state.running) return timeline.rewound ? `paused, ${((timeline.head - state.steps) / 60).toFixed(1)} s back` : 'paused';
    if (state.speed === null) return '…';
    const slow = state.slow ? ' (slow motion)' : '';
    if (!behind() && !state.slow) return 'real time';
    return `×${state.speed.toFixed(2)} real time${slow}`;
  }

  function scene(ctx, view) {
    draw.clear(ctx, view);
    const t0 = performance.now();
    api.drawWorld(ctx, built.world, drawOptions(view, { contacts: state.contacts }));
    const ms = performance.now() - t0;
    state.drawMs = state.drawMs ? state.drawMs + (ms - state.drawMs) / 30 : ms;
    if (state.scene === 'fast') {
      SCENES.fast.speeds.forEach((v, i) => draw.label(ctx, view, -6.6, 2.4 - i * 1.6 + 0.55, `${v} units/s`, colors.ink));
    }
    if (state.scene === 'pinball') {
      draw.label(ctx, view, -3.9, -0.6, '← or Z', colors.ink);
      draw.label(ctx, view, 1.3, -0.6, '→ or /', colors.ink);
    }
    if (grab && built.world.hasBall(grab.h)) {
      // drawWorld draws the drag joint (dashed, to its target); a ring marks the ball held.
      const s = built.world.ballState(grab.h);
      draw.circle(ctx, view, s.x, s.y, s.radius + 3 / view.scale, colors.point, null, 2);
    } else if (grab && built.drag !== null && built.world.hasJoint(built.drag)) {
      // A capsule body held: a ring at the point of it the joint pulls.
      const s = built.world.jointState(built.drag);
      draw.circle(ctx, view, s.anchorX, s.anchorY, 5 / view.scale, colors.point, null, 2);
    }
    if (state.running) {
      pace.frame(performance.now(), state.steps);
      state.speed = pace.speed();
      state.fps = pace.fps();
      if (behind()) draw.text(ctx, view.width - 8, 14, `×${state.speed.toFixed(2)} real time`, colors.hit, 'right', 13, 10);
    }
    showTime();
    report(!state.running); // paused (single steps): always current
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: SCENES[state.scene].view,
    draw: scene,
    step: stepOnce,
    tap: (p) => {
      // In pinball a press works a flipper; a press on a capsule body grabs it (pointerdown), never drops a ball.
      if (state.scene !== 'pinball' && !onBody(p)) drop(p.x, p.y);
    },
    summary: () => out.summary(),
  });
  const canvas = stage.canvas;

  /** True when world point p is on one of the scene's capsule bodies (built.bodies), within 2 px. */
  function onBody(p) { return bodyAt(p, 2 / stage.view.scale) !== null; }

  /** The scene's capsule body (built.bodies) under world point p within `slack` units, or null. */
  function bodyAt(p, slack) {
    const { world } = built;
    const cb = world.capsuleBodies;
    for (const h of built.bodies ?? []) {
      if (!world.hasCapsuleBody(h)) continue;
      const i = world.capsuleBodySlotOf(h);
      const c = Math.cos(cb.angle[i]) * cb.halfLength[i];
      const sn = Math.sin(cb.angle[i]) * cb.halfLength[i];
      // The distance from p to the body's core segment.
      const dx = p.x - (cb.x[i] - c);
      const dy = p.y - (cb.y[i] - sn);
      const t = Math.max(0, Math.min(1, (dx * 2 * c + dy * 2 * sn) / (4 * (c * c + sn * sn) || 1)));
      if (Math.hypot(dx - 2 * c * t, dy - 2 * sn * t) <= cb.radius[i] + slack) return h;
    }
    return null;
  }

  function drop(x, y) {
    act({ type: 'drop', x, y, r: built.dropRadius, e: state.restitution });
    report(true);
    stage.invalidate();
    announce(`Ball dropped at ${vec(x, y)}. ${built.world.balls.live} balls.`);
  }

  function setRunning(on, say = false) {
    state.running = on;
    stage.animate(on);
    pace.reset();
    state.speed = null;
    buttons.play.textContent = on ? 'Pause' : 'Play';
    if (say) announce(on ? 'Playing.' : `Paused after ${state.steps} steps.`);
    report(true);
    stage.invalidate();
  }

  // ---- Rewind ------------------------------------------------------------

  /** The time slider: the last 10 s, the step shown; its text says how far back. */
  function showTime() {
    const t = inputs.time;
    if (!t) return;
    const min = String(timeline.start);
    const max = String(timeline.head);
    if (t.min !== min) t.min = min;
    if (t.max !== max) t.max = max;
    if (document.activeElement !== t || !scrubbing) t.value = String(state.steps);
    const back = (timeline.head - state.steps) / 60;
    const text = back > 0 ? `−${back.toFixed(1)} s` : 'now';
    if (shows.time.textContent !== text) shows.time.textContent = text;
    t.setAttribute('aria-valuetext', back > 0 ? `${back.toFixed(1)} seconds back, step ${state.steps}` : `now, step ${state.steps}`);
  }

  let scrubbing = false;
  let seekTo = null;
  if (inputs.time) {
    inputs.time.addEventListener('input', () => {
      if (state.running) setRunning(false);
      scrubbing = true;
      // Coalesced: one replay per frame, to where the slider is then.
      if (seekTo === null) {
        requestAnimationFrame(() => {
          if (seekTo === null) return; // done by the change event
          const to = seekTo;
          seekTo = null;
          seek(to);
        });
      }
      seekTo = Number(inputs.time.value);
    });
    inputs.time.addEventListener('change', () => {
      scrubbing = false;
      if (seekTo !== null) {
        seek(seekTo);
        seekTo = null;
      }
      const back = (timeline.head - state.steps) / 60;
      announce(`${back > 0 ? `${back.toFixed(1)} seconds back` : 'Now'}, step ${state.steps}. Play goes on from here.`);
    });
  }

  // ---- Settings: gravity, sub-steps, sleeping through world.configure(); restitution of dropped balls ----

  function showSettings() {
    const s = built.world.settings;
    if (inputs.gravity) {
      inputs.gravity.value = String(s.gravityY);
      shows.gravity.textContent = num(s.gravityY, 1);
    }
    if (inputs.subSteps) {
      inputs.subSteps.value = String(s.subSteps);
      shows.subSteps.textContent = String(s.subSteps);
    }
    if (inputs.sleep) inputs.sleep.checked = s.sleep;
    if (inputs.restitution) {
      inputs.restitution.value = String(state.restitution);
      shows.restitution.textContent = num(state.restitution, 2);
    }
  }

  function configure(o, say) {
    act({ type: 'configure', o });
    showSettings();
    report(true);
    stage.invalidate();
    if (say) announce(say);
  }
  inputs.gravity?.addEventListener('input', () => {
    shows.gravity.textContent = num(Number(inputs.gravity.value), 1);
  });
  inputs.gravity?.addEventListener('change', () => {
    const g = Number(inputs.gravity.value);
    configure({ gravityY: g }, `Gravity ${num(g, 1)}.`);
  });
  inputs.subSteps?.addEventListener('input', () => {
    shows.subSteps.textContent = inputs.subSteps.value;
  });
  inputs.subSteps?.addEventListener('change', () => {
    const n = Number(inputs.subSteps.value);
    configure({ subSteps: n }, `${n} sub-steps per step.`);
  });
  inputs.sleep?.addEventListener('change', () => {
    configure({ sleep: inputs.sleep.checked }, inputs.sleep.checked ? 'Sleeping on.' : 'Sleeping off: every ball stays awake.');
  });
  inputs.restitution?.addEventListener('input', () => {
    state.restitution = Number(inputs.restitution.value);
    shows.restitution.textContent = num(state.restitution, 2);
  });

  // ---- Controls ----------------------------------------------------------

  buttons.play.addEventListener('click', () => setRunning(!state.running, true));
  buttons.step.addEventListener('click', () => {
    if (state.running) setRunning(false);
    stepOnce();
    report(true);
    stage.invalidate();
    announce(`Step ${state.steps}. ${out.summary()}.`);
  });
  buttons.drop.addEventListener('click', () => {
    if (SCENES[state.scene].launch) {
      launch();
      return;
    }
    const v = SCENES[state.scene].view;
    drop(v.x0 + 1 + dropRnd() * (v.x1 - v.x0 - 2), v.y1 - 0.5);
  });
  buttons.reset.addEventListener('click', () => {
    state.resets++;
    build();
    announce(`Reset: ${out.summary()}.`);
  });
  inputs.slow.addEventListener('change', () => {
    state.slow = inputs.slow.checked;
    stage.rate = state.slow ? 0.25 : 1;
    pace.reset();
    announce(state.slow ? 'Slow motion: a quarter speed.' : 'Full speed.');
  });
  inputs.contacts.addEventListener('change', () => {
    state.contacts = inputs.contacts.checked;
    stage.invalidate();
  });

  // The scene: a radio each, and a link each (#plinko, #pinball ...). A scene
  // chosen with the pointer hands the keyboard to the canvas, so the game's
  // keys (the flippers' arrows) play it instead of choosing another scene; a
  // scene chosen with the arrow keys keeps focus on the radios, as usual.
  let sceneByPointer = false;
  const fieldset = inputs.scene[0]?.closest('fieldset');
  fieldset?.addEventListener('pointerdown', () => {
    sceneByPointer = true;
  });
  fieldset?.addEventListener('keydown', () => {
    sceneByPointer = false;
  });
  function choose(name) {
    state.scene = name;
    for (const radio of inputs.scene) radio.checked = radio.value === name;
    build();
  }
  for (const radio of inputs.scene) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      choose(radio.value);
      if (location.hash !== `#${radio.value}`) history.replaceState(history.state, '', `#${radio.value}`);
      if (sceneByPointer) canvas.focus({ preventScroll: true, focusVisible: false });
      sceneByPointer = false;
      announce(`Scene: ${out.summary()}.`);
    });
  }
  window.addEventListener('hashchange', () => {
    const name = sceneFromHash(location.hash);
    if (!name) return;
    if (name !== state.scene) choose(name);
    el.scrollIntoView({ block: 'start' });
  });

  // The ball count: rebuilt once it settles: at once for a drag's release (one
  // change event), KEY_SETTLE ms after the last arrow key, or when the slider loses focus.
  let countTimer = 0;
  let countKeyed = false;
  const showCount = () => {
    shows.count.textContent = Number(inputs.count.value).toLocaleString('en');
  };
  const rebuildCount = () => {
    build();
    announce(`Plinko with ${state.count.toLocaleString('en')} balls.`);
  };
  inputs.count.addEventListener('input', showCount);
  inputs.count.addEventListener('keydown', () => {
    countKeyed = true;
  });
  inputs.count.addEventListener('change', () => {
    state.count = Number(inputs.count.value);
    clearTimeout(countTimer);
    if (countKeyed) countTimer = setTimeout(rebuildCount, KEY_SETTLE);
    else rebuildCount();
    countKeyed = false;
  });
  inputs.count.addEventListener('blur', () => {
    if (countTimer) rebuildCount();
  });

  // ---- Pinball's flippers: keys (while the canvas has focus), a held press on a half of the table ----
  const KEYS = { ArrowLeft: 'left', z: 'left', Z: 'left', ArrowRight: 'right', '/': 'right' };
  const held = { keys: new Set(), pointers: new Map() };
  function flip() {
    for (const side of ['left', 'right']) {
      state.input[side] = held.keys.has(side) || [...held.pointers.values()].includes(side);
    }
  }
  function launch() {
    act({ type: 'launch' });
    announce('Ball launched.');
  }
  canvas.addEventListener('keydown', (e) => {
    if (state.scene !== 'pinball' || e.altKey || e.ctrlKey || e.metaKey) return;
    if (KEYS[e.key]) {
      held.keys.add(KEYS[e.key]);
      flip();
    } else if (e.key === 'ArrowDown' || e.key === ' ') {
      if (!e.repeat) act({ type: 'launch' });
    } else return;
    e.preventDefault();
  });
  canvas.addEventListener('keyup', (e) => {
    if (!KEYS[e.key]) return;
    held.keys.delete(KEYS[e.key]);
    flip();
  });
  canvas.addEventListener('blur', () => {
    held.keys.clear();
    flip();
  });

  // ---- Grab and throw: any ball or capsule body, with the mouse or a finger --
  // A press on a ball adds a drag joint (addDragJoint) pulling it toward the
  // pointer (a capsule body: pulled at the point pressed, so it turns and
  // hangs from it; paused, it waits for the next step); before each live step the joint's target moves to the pointer
  // (setDragTarget); on release the joint is removed and the ball flies on
  // with the velocity the joint gave it. Paused, the ball follows the pointer
  // directly, and on release gets the pointer's velocity of the last FLICK_MS
  // ms (at most `maxSpeed`). Every joint call is an action in the timeline, so
  // a rewind replays the grab bit for bit.
  let grab = null; // { pointerId, h, x, y, trail: [[ms, x, y]], sent: [x, y] the target last logged }
  const maxSpeed = () => {
    const v = SCENES[state.scene].view;
    return 3 * (v.x1 - v.x0); // per second: 120 units/s in plinko, 36 in pinball
  };
  const capped = (vx, vy) => {
    const m = maxSpeed();
    const s = Math.hypot(vx, vy);
    return s > m ? [(vx * m) / s, (vy * m) / s] : [vx, vy];
  };

  /** The ball or else the capsule body under a client point (as ballAt), or null. */
  function grabbable(e, pointerType) {
    const h = ballAt(e, pointerType);
    if (h !== null || state.scene === 'pinball') return h;
    return bodyAt(stage.worldPoint(e), (pointerType === 'mouse' ? 2 : GRAB_TOUCH / 2) / stage.view.scale);
  }

  /** The ball under a client point (its edge within a few px; in pinball only on the ball itself), or null. */
  function ballAt(e, pointerType) {
    const { world } = built;
    const p = stage.worldPoint(e);
    const slack = state.scene === 'pinball' ? 0 : (pointerType === 'mouse' ? GRAB_MOUSE : GRAB_TOUCH) / stage.view.scale;
    const b = world.balls;
    let best = null;
    let bestD = Infinity;
    for (const h of world.queryCircle(p.x, p.y, Math.max(slack, 1e-3))) {
      if (!world.isBallHandle(h)) continue;
      const i = world.slotOf(h);
      const d = Math.hypot(b.x[i] - p.x, b.y[i] - p.y) - b.radius[i];
      if (d < bestD) {
        best = h;
        bestD = d;
      }
    }
    return best;
  }

  /** Before a live step: the drag joint's target to the pointer (logged when it moved); let go when the joint is gone. */
  function follow() {
    const { world } = built;
    if (built.drag === null || !world.hasJoint(built.drag)) {
      act({ type: 'release' }); // the ball was removed (pinball's drain), and its joint with it
      letGo();
      return;
    }
    if (grab.sent[0] !== grab.x || grab.sent[1] !== grab.y) {
      act({ type: 'target', x: grab.x, y: grab.y });
      grab.sent = [grab.x, grab.y];
    }
  }

  /**
   * The pointer's velocity at a release at time `now`: its move over the last
   * FLICK_MS ms before its last sample (from where it was then, interpolated
   * between samples), 0 when it stood still that long before the release.
   */
  function flick(trail, now) {
    const [t1, x1, y1] = trail[trail.length - 1];
    if (now - t1 > FLICK_MS || trail.length < 2) return [0, 0];
    const tb = t1 - FLICK_MS;
    let [t0, x0, y0] = trail[0];
    if (t0 < tb) {
      const [ta, xa, ya] = trail[0];
      const [tn, xn, yn] = trail[1];
      const f = (tb - ta) / (tn - ta);
      [t0, x0, y0] = [tb, xa + (xn - xa) * f, ya + (yn - ya) * f];
    }
    if (t1 - t0 <= 0) return [0, 0];
    return capped(((x1 - x0) * 1000) / (t1 - t0), ((y1 - y0) * 1000) / (t1 - t0));
  }

  function letGo() {
    if (!grab) return;
    try {
      canvas.releasePointerCapture(grab.pointerId);
    } catch {
      // not captured (a synthetic pointer)
    }
    grab = null;
    state.grabbed = null;
    canvas.style.cursor = '';
  }

  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== undefined && e.button !== 0) return;
    const h = grabbable(e, e.pointerType);
    if (h !== null) {
      // A ball or a capsule body: hold it (no drop, no flipper).
      stage.tap = null;
      const p = stage.worldPoint(e);
      grab = { pointerId: e.pointerId, h, x: p.x, y: p.y, trail: [[e.timeStamp, p.x, p.y]], sent: [p.x, p.y] };
      state.grabbed = h;
      state.thrown = null;
      if (built.drag !== null) act({ type: 'release' }); // a joint left held by a rewind
      act({ type: 'grab', h, x: p.x, y: p.y });
      if (!state.running && built.world.hasBall(h)) act({ type: 'pos', h, x: p.x, y: p.y });
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        // a synthetic pointer cannot be captured
      }
      if (e.pointerType === 'mouse') canvas.focus({ preventScroll: true, focusVisible: false });
      canvas.style.cursor = 'grabbing';
      e.preventDefault();
      stage.invalidate();
      return;
    }
    if (state.scene !== 'pinball') return;
    const r = canvas.getBoundingClientRect();
    held.pointers.set(e.pointerId, e.clientX - r.left < r.width / 2 ? 'left' : 'right');
    flip();
    if (e.pointerType === 'mouse') {
      canvas.focus({ preventScroll: true, focusVisible: false }); // the keys work next
      try {
        canvas.setPointerCapture(e.pointerId); // released off the canvas still lets go
      } catch {
        // a synthetic pointer cannot be captured
      }
    }
  });
  // A finger that lands on a ball holds it: the page does not scroll.
  canvas.addEventListener('touchstart', (e) => {
    for (const t of e.changedTouches) {
      if (grabbable(t, 'touch') !== null) {
        if (e.cancelable) e.preventDefault();
        return;
      }
    }
  }, { passive: false });
  canvas.addEventListener('pointermove', (e) => {
    if (grab && grab.pointerId === e.pointerId) {
      const p = stage.worldPoint(e);
      grab.x = p.x;
      grab.y = p.y;
      grab.trail.push([e.timeStamp, p.x, p.y]);
      // The moves of the last FLICK_MS ms, and the one before them.
      while (grab.trail.length > 2 && e.timeStamp - grab.trail[1][0] > FLICK_MS) grab.trail.shift();
      if (!state.running) {
        act({ type: 'target', x: p.x, y: p.y });
        grab.sent = [p.x, p.y];
        if (built.world.hasBall(grab.h)) act({ type: 'pos', h: grab.h, x: p.x, y: p.y });
      }
      stage.invalidate();
      return;
    }
    if (e.pointerType === 'mouse' && !grab && e.buttons === 0) {
      canvas.style.cursor = grabbable(e, 'mouse') !== null ? 'grab' : '';
    }
  });
  // Let go when the finger lifts, or when the browser takes it for a scroll (pointercancel).
  for (const type of ['pointerup', 'pointercancel']) {
    canvas.addEventListener(type, (e) => {
      if (grab && grab.pointerId === e.pointerId) {
        const h = grab.h;
        // Running, the ball keeps the velocity the joint gave it; paused (put by
        // hand, at rest), it gets the pointer's on a release (not a cancel).
        const [vx, vy] = !state.running && type === 'pointerup' ? flick(grab.trail, e.timeStamp) : [0, 0];
        letGo();
        act({ type: 'release' });
        if (type === 'pointerup' && built.world.hasBall(h)) {
          if (!state.running) act({ type: 'vel', h, vx, vy });
          const b = built.world.ballState(h);
          state.thrown = { vx: b.vx, vy: b.vy };
          announce(`Ball thrown at ${vec(b.vx, b.vy, 1)} units/s.`);
        } else if (type === 'pointerup' && built.world.hasCapsuleBody(h)) {
          const i = built.world.capsuleBodySlotOf(h), cb = built.world.capsuleBodies;
          announce(`Capsule let go at ${vec(cb.vx[i], cb.vy[i], 1)} units/s.`);
        }
        stage.invalidate();
        return;
      }
      if (held.pointers.delete(e.pointerId)) flip();
    });
  }
  canvas.addEventListener('contextmenu', (e) => {
    if (state.scene === 'pinball' || grab) e.preventDefault(); // a held finger is a flipper or a grab, not a long press
  });

  inputs.count.value = String(state.count);
  showCount();
  inputs.slow.checked = false;
  inputs.contacts.checked = false;
  for (const radio of inputs.scene) radio.checked = radio.value === state.scene;
  build();
  setRunning(!reducedMotion());
  // A link to a scene (#pinball) opens it and shows the playground.
  if (sceneFromHash(location.hash)) requestAnimationFrame(() => el.scrollIntoView({ block: 'start' }));
  return {
    state, stage, timer, timeline, pace, setRunning, build, stepOnce, seek, drop, launch, act,
    get world() { return built.world; },
    get built() { return built; },
  };
}
