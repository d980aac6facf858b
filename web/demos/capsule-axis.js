// Section 3, second demo: a capsule given by its centre C, axis angle θ,
// core length m and radius r_c (as a game object often stores it). capsule2d's
// capsuleFromAngle turns that into the core A→B; collideCapsuleCircle tests
// the circle that follows the pointer.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';

const { colors } = draw;

export const needs = ['capsuleFromAngle', 'capsuleFromAxis', 'collideCapsuleCircle', 'closestPointOnSegment'];

export function mount(el, api) {
  const state = {
    cx: -1, cy: 0.5, angle: 0.5, length: 6, cr: 1, // the capsule as stored
    x: 3, y: -2.5, r: 0.9, // the circle H
    capsule: { ax: 0, ay: 0, bx: 0, by: 0, radius: 0 }, // what capsuleFromAngle gave
    fromAxis: { ax: 0, ay: 0, bx: 0, by: 0, radius: 0 }, // what capsuleFromAxis gave for u
    contact: null,
    ux: 1, uy: 0, b: 0, bClamped: 0,
    closest: { x: 0, y: 0, t: 0 }, // P, from capsule2d's closestPointOnSegment
  };
  const contact = api.createContact();
  const inputs = {
    angle: el.querySelector('input[name="angle"]'),
    length: el.querySelector('input[name="length"]'),
    radius: el.querySelector('input[name="radius"]'),
  };
  const shows = {
    angle: el.querySelector('[data-show="angle"]'),
    length: el.querySelector('[data-show="length"]'),
    radius: el.querySelector('[data-show="radius"]'),
  };

  const out = new Readout(el.querySelector('.readout'))
    .row('a', 'A = C − <var>u</var> m/2', { short: 'A' })
    .row('b2', 'B = C + <var>u</var> m/2', { short: 'B' })
    .row('u', 'axis <var>u</var> = (cos θ, sin θ)', { page: true })
    .row('axis', 'A, B from C and <var>u</var> (<code>capsuleFromAxis</code>)')
    .row('b', 'b = (H − A)·<var>u</var>', { page: true })
    .row('bc', 'b clamped to [0, m]', { page: true })
    .row('p', 'P = A + <var>u</var> b', { short: 'P' })
    .row('hit', 'hit when |H − P| ≤ r + r<sub>c</sub>', { short: 'hit' })
    .row('n', 'normal <var>n</var> = (H − P) / |H − P|')
    .row('depth', 'depth = r + r<sub>c</sub> − |H − P|', { short: 'depth' });

  function update() {
    const s = state;
    keepInView();
    const c = api.capsuleFromAngle(s.cx, s.cy, s.angle, s.length, s.cr, s.capsule);
    // The unit axis, as the page explains it (A→B has length m).
    s.ux = s.length > 0 ? (c.bx - c.ax) / s.length : Math.cos(s.angle);
    s.uy = s.length > 0 ? (c.by - c.ay) / s.length : Math.sin(s.angle);
    // The same capsule from the centre and the unit axis (the article's form).
    const f = api.capsuleFromAxis(s.cx, s.cy, Math.cos(s.angle), Math.sin(s.angle), s.length, s.cr, s.fromAxis);
    s.b = (s.x - c.ax) * s.ux + (s.y - c.ay) * s.uy;
    s.bClamped = Math.min(Math.max(s.b, 0), s.length);
    s.contact = api.collideCapsuleCircle(c.ax, c.ay, c.bx, c.by, c.radius, s.x, s.y, s.r, contact);
    api.closestPointOnSegment(c.ax, c.ay, c.bx, c.by, s.x, s.y, s.closest);
    out.set('a', vec(c.ax, c.ay));
    out.set('b2', vec(c.bx, c.by));
    out.set('u', vec(s.ux, s.uy, 3));
    out.set('axis', `${vec(f.ax, f.ay)}, ${vec(f.bx, f.by)}`);
    out.set('b', num(s.b));
    out.set('bc', num(s.bClamped));
    out.set('p', vec(s.closest.x, s.closest.y));
    if (s.contact) {
      out.set('hit', 'yes', 'hit');
      out.set('n', vec(s.contact.nx, s.contact.ny, 3));
      out.set('depth', num(s.contact.depth, 3));
    } else {
      out.set('hit', 'no', 'miss');
      out.set('n', '—');
      out.set('depth', '—');
    }
    const deg = (s.angle * 180) / Math.PI;
    inputs.angle.value = String(Math.round(deg));
    inputs.length.value = String(s.length);
    inputs.radius.value = String(s.cr);
    shows.angle.textContent = `${num(deg, 0)}°`;
    inputs.angle.setAttribute('aria-valuetext', `${num(deg, 0)} degrees`);
    shows.length.textContent = num(s.length);
    shows.radius.textContent = num(s.cr);
  }

  function scene(ctx, view) {
    const s = state;
    const c = s.capsule;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    draw.capsule(ctx, view, c.ax, c.ay, c.bx, c.by, c.radius, colors.shape, colors.shapeFill, 2);
    draw.segment(ctx, view, c.ax, c.ay, c.bx, c.by, colors.shape, 2);
    draw.dot(ctx, view, c.ax, c.ay, colors.shape, 'A', 3.5);
    // The radius, drawn from A to the radius handle beside it.
    const nx = -s.uy;
    const ny = s.ux;
    draw.segment(ctx, view, c.ax, c.ay, c.ax + nx * s.cr, c.ay + ny * s.cr, colors.faint, 1.5, [3, 3]);
    // The angle θ from +x.
    ctx.strokeStyle = colors.faint;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    const R = 28;
    const flip = view.flipY ? -1 : 1;
    ctx.moveTo(view.sx(s.cx) + R, view.sy(s.cy));
    ctx.arc(view.sx(s.cx), view.sy(s.cy), R, 0, flip * s.angle, flip * s.angle < 0);
    ctx.stroke();
    draw.segment(ctx, view, s.cx, s.cy, s.cx + 1.2, s.cy, colors.faint, 1);
    draw.text(ctx, view.sx(s.cx) + R + 12, view.sy(s.cy) - 10, 'θ', colors.faint);
    const hit = s.contact;
    const px = s.closest.x;
    const py = s.closest.y;
    draw.circle(ctx, view, s.x, s.y, s.r, hit ? colors.hit : colors.mover, hit ? colors.hitFill : colors.moverFill, 2);
    draw.segment(ctx, view, s.x, s.y, px, py, colors.point, 1.5, [5, 4]);
    draw.dot(ctx, view, px, py, colors.point, 'P', 5);
    if (hit) {
      draw.circle(ctx, view, s.x + hit.nx * hit.depth, s.y + hit.ny * hit.depth, s.r, colors.ghost, null, 2, [6, 5]);
      draw.arrow(ctx, view, hit.pointX, hit.pointY, hit.nx * 1.4, hit.ny * 1.4, colors.normal, 2.5);
    }
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -8, y0: -5, x1: 8, y1: 5 },
    draw: scene,
    changed: update,
  });
  stage.addHandle({
    label: 'C', color: colors.shape,
    get: () => ({ x: state.cx, y: state.cy }),
    set: (x, y) => { state.cx = x; state.cy = y; },
  });
  stage.addHandle({
    label: 'B', color: colors.shape,
    get: () => ({ x: state.cx + state.ux * state.length / 2, y: state.cy + state.uy * state.length / 2 }),
    set: (x, y) => {
      const dx = x - state.cx;
      const dy = y - state.cy;
      if (dx === 0 && dy === 0) return;
      state.angle = Math.atan2(dy, dx);
      state.length = Math.min(2 * Math.hypot(dx, dy), 14);
      state.ux = Math.cos(state.angle);
      state.uy = Math.sin(state.angle);
    },
  });
  // The radius handle sits on the capsule's side beside A, away from C and B.
  const endA = () => ({ x: state.cx - state.ux * state.length / 2, y: state.cy - state.uy * state.length / 2 });
  stage.addHandle({
    label: 'r', color: colors.shape,
    get: () => {
      const a = endA();
      return { x: a.x - state.uy * state.cr, y: a.y + state.ux * state.cr };
    },
    set: (x, y) => {
      const a = endA();
      state.cr = Math.min(Math.max((x - a.x) * -state.uy + (y - a.y) * state.ux, 0), 4);
    },
  });
  stage.follower = stage.addHandle({
    label: 'H', color: colors.mover,
    get: () => ({ x: state.x, y: state.y }),
    set: (x, y) => { state.x = x; state.y = y; },
  });

  // A slider or a drag never pushes the capsule or a handle out of view: the
  // capsule shrinks to fit (length first, then radius) and shifts back in.
  function keepInView() {
    if (stage.view.width === 0) return;
    const v = stage.inner();
    const w = v.x1 - v.x0;
    const hgt = v.y1 - v.y0;
    const ext = () => ({ x: (Math.abs(state.ux) * state.length) / 2 + state.cr, y: (Math.abs(state.uy) * state.length) / 2 + state.cr });
    state.cr = Math.min(state.cr, Math.min(w, hgt) / 2 - 0.05);
    let e = ext();
    if (2 * e.x > w || 2 * e.y > hgt) {
      const room = Math.min(Math.abs(state.ux) > 1e-9 ? (w - 2 * state.cr) / Math.abs(state.ux) : Infinity,
        Math.abs(state.uy) > 1e-9 ? (hgt - 2 * state.cr) / Math.abs(state.uy) : Infinity);
      state.length = Math.max(0, Math.min(state.length, room - 1e-6));
      e = ext();
    }
    state.cx = Math.min(Math.max(state.cx, v.x0 + e.x), v.x1 - e.x);
    state.cy = Math.min(Math.max(state.cy, v.y0 + e.y), v.y1 - e.y);
    let dx = 0;
    let dy = 0;
    for (const h of stage.handles) {
      if (h === stage.follower) continue;
      const p = h.get();
      if (p.x + dx < v.x0) dx = v.x0 - p.x;
      if (p.x + dx > v.x1) dx = v.x1 - p.x;
      if (p.y + dy < v.y0) dy = v.y0 - p.y;
      if (p.y + dy > v.y1) dy = v.y1 - p.y;
    }
    state.cx += dx;
    state.cy += dy;
  }
  const slid = () => {
    state.ux = Math.cos(state.angle);
    state.uy = Math.sin(state.angle);
    keepInView();
    update();
    stage.invalidate();
  };
  inputs.angle.addEventListener('input', () => {
    state.angle = (Number(inputs.angle.value) * Math.PI) / 180;
    slid();
  });
  inputs.length.addEventListener('input', () => {
    state.length = Number(inputs.length.value);
    slid();
  });
  inputs.radius.addEventListener('input', () => {
    state.cr = Number(inputs.radius.value);
    slid();
  });
  update();
  return { state, stage, update };
}
