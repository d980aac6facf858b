// Section 6: a physics playground on capsule2d's World. Scenes:
// - plinko: N balls (a slider, up to 10,000) dropped through rows of tilted
//   capsule pegs into bins; they pile up, come to rest and sleep.
// - fast balls: section 5's tunnelling scene on the world: balls shot at a
//   thin wall at 5 to 3,000 units/s, with no gravity and full restitution;
//   the world sweeps every ball against the statics, so none gets through.
// Controls: pause, single step, slow motion (a quarter speed), reset, the
// debug draw's contact normals. A click or tap drops a ball. The readout
// shows ms per step, balls awake and asleep, and touching contacts.
// prefers-reduced-motion starts it paused; off screen it neither steps nor
// draws (the Stage only runs while its canvas is near the view).
//
// Still to come (they need API that is being added to the library, moving
// parts: kinematic and pivoted capsules, chains): a ball on a teeter-totter,
// pinball flippers, and a marble track built from a chain of capsules. Add
// each as one more entry of SCENES (and one more radio button in
// index.html) once World has it; do not fake them with page code.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';
import { announce } from '../lib/announce.js';
import { drawOptions, reducedMotion, StepTimer, random, restCount } from '../lib/world-scene.js';

const { colors } = draw;

export const needs = ['World', 'drawWorld'];

/** The ball radius for n plinko balls: the same total area whatever n (capped for few balls). */
export const plinkoRadius = (n) => Math.min(0.3, 0.1 * Math.sqrt(10000 / n));

const SCENES = {
  plinko: {
    title: 'plinko',
    view: { x0: -20, y0: -12.5, x1: 20, y1: 12.5 },
    build(api, n) {
      const r = plinkoRadius(n);
      const world = new api.World({ ballCapacity: n + 64, staticCapacity: 512 });
      world.addLine(-20, 30, -20, -12); // walls and floor: solid outside the box
      world.addLine(20, -12, 20, 30);
      world.addLine(-20, -12, 20, -12);
      for (let x = -16; x <= 16; x += 4) world.addCapsule(x, -12, x, -4.5, 0.1); // bin walls
      const rnd = random(16);
      for (let row = 0; row < 7; row++) {
        const y = -2.4 + row * 1.7;
        for (let x = -18.4 + (row % 2) * 1.6; x < 19.5; x += 3.2) {
          const a = (rnd() - 0.5) * 1.0; // tilt within ±0.5 rad
          const c = Math.cos(a) * 0.45;
          const s = Math.sin(a) * 0.45;
          world.addCapsule(x - c, y - s, x + c, y + s, 0.12, { friction: 0.2 });
        }
      }
      // The balls on a grid above the box: they fall in as one shower.
      const gap = 2.3 * r;
      const perRow = Math.floor(38 / gap);
      for (let i = 0; i < n; i++) {
        const row = Math.floor(i / perRow);
        const x = -19 + (i % perRow) * gap + (row % 2) * gap * 0.5;
        world.addBall(x, 13 + row * gap, r, { restitution: 0.3, friction: 0.2, vy: -2 });
      }
      return { world, dropRadius: r };
    },
  },
  fast: {
    title: 'fast balls',
    view: { x0: -7, y0: -3.6, x1: 7, y1: 3.6 },
    speeds: [5, 95, 600, 3000],
    build(api) {
      const world = new api.World({ gravityY: 0, ballCapacity: 64, sleep: false });
      world.addSegment(0, -3.2, 0, 3.2, { restitution: 1, friction: 0 });
      const wall = world.statics()[0].slot; // its slot, as hit events name it
      world.addLine(-6.8, 3.6, -6.8, -3.6, { restitution: 1, friction: 0 }); // the back wall, solid on its left
      this.speeds.forEach((v, i) => {
        world.addBall(-6, 2.4 - i * 1.6, 0.25, { vx: v, restitution: 1, friction: 0 });
      });
      return { world, wall, dropRadius: 0.25 };
    },
  },
};

export function mount(el, api) {
  const timer = new StepTimer();
  const state = {
    scene: 'plinko',
    count: 2000,
    running: false,
    slow: false,
    contacts: false, // draw contact normals
    steps: 0,
    resets: 0,
    passed: 0, // fast balls: balls found beyond the wall (never, with the world's sweeps)
    wallHits: 0, // fast balls: hit events on the wall
    drawMs: 0,
    shown: null, // the last readout values
  };
  let built = null;
  const inputs = {
    scene: [...el.querySelectorAll('input[name="scene"]')],
    count: el.querySelector('input[name="count"]'),
    slow: el.querySelector('input[name="slow"]'),
    contacts: el.querySelector('input[name="contacts"]'),
  };
  const countShow = el.querySelector('[data-show="count"]');
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
    .row('ms', 'ms per <code>world.step()</code>', { short: 'ms per step' })
    .row('draw', 'ms per <code>drawWorld()</code>')
    .row('balls', 'balls awake / asleep', { short: 'awake / asleep' })
    .row('contacts', 'touching contacts', { short: 'contacts' })
    .row('steps', 'steps', { short: 'steps' })
    .row('hits', 'hits on the thin wall')
    .row('passed', 'balls past the thin wall', { short: 'past the wall' });

  function build() {
    built?.world.destroy();
    const sc = SCENES[state.scene];
    built = sc.build(api, state.count);
    state.steps = 0;
    state.passed = 0;
    state.wallHits = 0;
    timer.reset();
    stage.view.world = sc.view;
    if (stage.view.width > 0) stage.view.fit(stage.view.width, stage.view.height);
    countLabel.hidden = state.scene !== 'plinko';
    out.show('hits', state.scene === 'fast');
    out.show('passed', state.scene === 'fast');
    report(true);
    stage.invalidate();
  }

  function stepOnce() {
    const { world } = built;
    timer.step(world);
    state.steps++;
    if (state.scene === 'fast') {
      const hit = world.events.hit;
      for (let k = 0; k < hit.written; k++) {
        if (hit.u32[8 * k] === 0 && hit.u32[8 * k + 2] === built.wall) state.wallHits++;
      }
      const { x } = world.balls;
      for (let i = 0; i < world.balls.count; i++) if (world.balls.alive(i) && x[i] > 0) state.passed++;
    }
  }

  let shownAt = -99;
  function report(force = false) {
    if (!force && performance.now() - shownAt < 250) return; // four times a second, readable
    shownAt = performance.now();
    const { world } = built;
    const r = restCount(world);
    const contacts = world.contacts().length / 6;
    out.set('scene', state.scene === 'plinko' ? `plinko, ${state.count.toLocaleString('en')} balls` : SCENES[state.scene].title);
    out.set('ms', timer.steps ? num(timer.mean, 2) : '—');
    out.set('draw', state.drawMs ? num(state.drawMs, 2) : '—');
    out.set('balls', `${r.live - r.asleep} / ${r.asleep}`);
    out.set('contacts', String(contacts));
    out.set('steps', String(state.steps));
    out.set('hits', String(state.wallHits));
    out.set('passed', String(state.passed), state.passed ? 'hit' : '');
    state.shown = { awake: r.live - r.asleep, asleep: r.asleep, contacts, steps: state.steps };
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
    report(!state.running); // paused (single steps): always current
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: SCENES.plinko.view,
    draw: scene,
    step: stepOnce,
    tap: (p) => drop(p.x, p.y),
    summary: () => out.summary(),
  });

  function drop(x, y) {
    built.world.addBall(x, y, built.dropRadius, { restitution: 0.3, friction: 0.3 });
    report(true);
    stage.invalidate();
    announce(`Ball dropped at ${vec(x, y)}. ${built.world.balls.live} balls.`);
  }

  function setRunning(on, say = false) {
    state.running = on;
    stage.animate(on);
    buttons.play.textContent = on ? 'Pause' : 'Play';
    if (say) announce(on ? 'Playing.' : `Paused after ${state.steps} steps.`);
    stage.invalidate();
  }
  buttons.play.addEventListener('click', () => setRunning(!state.running, true));
  buttons.step.addEventListener('click', () => {
    if (state.running) setRunning(false);
    stepOnce();
    report(true);
    stage.invalidate();
    announce(`Step ${state.steps}. ${out.summary()}.`);
  });
  buttons.drop.addEventListener('click', () => {
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
    announce(state.slow ? 'Slow motion: a quarter speed.' : 'Full speed.');
  });
  inputs.contacts.addEventListener('change', () => {
    state.contacts = inputs.contacts.checked;
    stage.invalidate();
  });
  for (const radio of inputs.scene) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      state.scene = radio.value;
      build();
      announce(`Scene: ${out.summary()}.`);
    });
  }
  const showCount = () => {
    countShow.textContent = Number(inputs.count.value).toLocaleString('en');
  };
  inputs.count.addEventListener('input', showCount);
  inputs.count.addEventListener('change', () => {
    state.count = Number(inputs.count.value);
    build();
    announce(`Plinko with ${state.count.toLocaleString('en')} balls.`);
  });

  inputs.count.value = String(state.count);
  showCount();
  inputs.slow.checked = false;
  inputs.contacts.checked = false;
  for (const radio of inputs.scene) radio.checked = radio.value === state.scene;
  build();
  setRunning(!reducedMotion());
  return {
    state, stage, timer, setRunning, build, stepOnce, drop,
    get world() { return built.world; },
  };
}
