// Section 4, first demo: the signed distance from a point X to the infinite
// line through A and B, measured along the line's left normal. The number
// comes from capsule2d's lineSignedDistance. A toggle draws the same world
// the way raw canvas pixels would (y down), which mirrors the picture.
import { Stage } from '../lib/stage.js';
import * as draw from '../lib/draw.js';
import { Readout, num, vec } from '../lib/readout.js';

const { colors } = draw;

export const needs = ['lineSignedDistance'];

export function mount(el, api) {
  const state = {
    ax: -5, ay: -2, bx: 4, by: 1,
    x: -1, y: 2.5,
    yDown: false,
    distance: 0, // capsule2d's signed distance
    nx: 0, ny: 0, // the left normal, as the page explains it
  };
  const toggle = el.querySelector('input[name="ydown"]');
  const side = el.querySelector('[data-show="side"]');

  const out = new Readout(el.querySelector('.readout'))
    .row('v', '<var>v</var> = B − A', { page: true })
    .row('n', 'left normal (−v<sub>y</sub>, v<sub>x</sub>) / |<var>v</var>|', { page: true })
    .row('w', '<var>w</var> = X − A', { page: true })
    .row('d', 'd = <var>w</var>·<var>n</var> = cross(<var>v</var>, <var>w</var>) / |<var>v</var>|', { short: 'd' })
    .row('side', 'side of A→B (the sign of d)', { short: 'side' });

  function update() {
    const s = state;
    const vx = s.bx - s.ax;
    const vy = s.by - s.ay;
    const len = Math.hypot(vx, vy);
    s.nx = -vy / len;
    s.ny = vx / len;
    s.distance = api.lineSignedDistance(s.ax, s.ay, s.bx, s.by, s.x, s.y);
    out.set('v', vec(vx, vy));
    out.set('n', vec(s.nx, s.ny, 3));
    out.set('w', vec(s.x - s.ax, s.y - s.ay));
    out.set('d', num(s.distance, 3), s.distance > 0 ? 'miss' : s.distance < 0 ? 'hit' : '');
    const where = s.distance > 0 ? 'left (d > 0)' : s.distance < 0 ? 'right (d < 0)' : 'on the line';
    out.set('side', where);
    const looks = s.distance === 0 ? '' : s.yDown === (s.distance > 0) ? 'right' : 'left';
    side.textContent = s.distance === 0
      ? 'X is on the line: d = 0.'
      : `X is on the ${s.distance > 0 ? 'left' : 'right'} of A→B in capsule2d's frame, and it looks ${looks} of A→B on screen${s.yDown ? ' because this view is mirrored' : ''}.`;
  }

  function scene(ctx, view) {
    const s = state;
    draw.clear(ctx, view);
    draw.grid(ctx, view);
    // Shade the positive (left) half-plane.
    const v = view.visible();
    const far = (v.x1 - v.x0 + v.y1 - v.y0) * 2;
    const ux = (s.bx - s.ax) / Math.hypot(s.bx - s.ax, s.by - s.ay);
    const uy = (s.by - s.ay) / Math.hypot(s.bx - s.ax, s.by - s.ay);
    ctx.fillStyle = colors.moverWash;
    ctx.beginPath();
    const corners = [
      [s.ax - ux * far, s.ay - uy * far],
      [s.ax + ux * far, s.ay + uy * far],
      [s.ax + ux * far + s.nx * far, s.ay + uy * far + s.ny * far],
      [s.ax - ux * far + s.nx * far, s.ay - uy * far + s.ny * far],
    ];
    corners.forEach(([x, y], i) => (i ? ctx.lineTo(view.sx(x), view.sy(y)) : ctx.moveTo(view.sx(x), view.sy(y))));
    ctx.fill();
    draw.line(ctx, view, s.ax, s.ay, s.bx, s.by, colors.shape, 2.5);
    draw.arrow(ctx, view, s.ax, s.ay, s.bx - s.ax, s.by - s.ay, colors.shape, 3);
    draw.arrow(ctx, view, s.ax, s.ay, s.nx * 1.5, s.ny * 1.5, colors.mover, 2.5);
    draw.label(ctx, view, s.ax + s.nx * 1.9, s.ay + s.ny * 1.9, 'left normal', colors.mover, 'center');
    // "d > 0" and "d < 0" well inside their half-planes and inside the view.
    const mx = (s.ax + s.bx) / 2;
    const my = (s.ay + s.by) / 2;
    for (const sign of [1, -1]) {
      let best = null;
      let bestScore = -Infinity;
      for (const fx of [0.12, 0.3, 0.5, 0.7, 0.88]) {
        for (const fy of [0.12, 0.3, 0.5, 0.7, 0.88]) {
          const x = v.x0 + (v.x1 - v.x0) * fx;
          const y = v.y0 + (v.y1 - v.y0) * fy;
          const d = sign * ((x - s.ax) * s.nx + (y - s.ay) * s.ny);
          if (d < 1) continue;
          // Near the middle of A→B, at least 2 units off the line.
          const score = -Math.hypot(x - mx - sign * s.nx * 3, y - my - sign * s.ny * 3) - (d < 2 ? 10 : 0);
          if (score > bestScore) {
            bestScore = score;
            best = { x, y };
          }
        }
      }
      if (best) draw.label(ctx, view, best.x, best.y, sign > 0 ? 'd > 0' : 'd < 0', sign > 0 ? colors.mover : colors.hit, 'center');
    }
    // X and its perpendicular to the line.
    const fx = s.x - s.nx * s.distance;
    const fy = s.y - s.ny * s.distance;
    draw.segment(ctx, view, fx, fy, s.x, s.y, s.distance >= 0 ? colors.mover : colors.hit, 2, [5, 4]);
    draw.dot(ctx, view, fx, fy, colors.point, '', 4);
    draw.label(ctx, view, (fx + s.x) / 2 + ux * 0.4, (fy + s.y) / 2 + uy * 0.4, `d = ${num(s.distance)}`, s.distance >= 0 ? colors.mover : colors.hit);
    draw.text(ctx, 10, 16, view.flipY ? 'y up (capsule2d\u2019s frame)' : 'y down (raw canvas pixels): mirrored', colors.ink);
  }

  const stage = new Stage(el.querySelector('canvas'), {
    world: { x0: -8, y0: -5, x1: 8, y1: 5 },
    draw: scene,
    changed: update,
  });
  const keepApart = (x, y, ox, oy) => Math.hypot(x - ox, y - oy) > 0.2;
  stage.addHandle({
    label: 'A', color: colors.shape, get: () => ({ x: state.ax, y: state.ay }),
    set: (x, y) => { if (keepApart(x, y, state.bx, state.by)) { state.ax = x; state.ay = y; } },
  });
  stage.addHandle({
    label: 'B', color: colors.shape, get: () => ({ x: state.bx, y: state.by }),
    set: (x, y) => { if (keepApart(x, y, state.ax, state.ay)) { state.bx = x; state.by = y; } },
  });
  stage.follower = stage.addHandle({ label: 'X', color: colors.mover, get: () => ({ x: state.x, y: state.y }), set: (x, y) => { state.x = x; state.y = y; } });

  toggle.checked = false;
  toggle.addEventListener('change', () => {
    state.yDown = toggle.checked;
    stage.view.flipY = !state.yDown;
    stage.view.fit(stage.view.width, stage.view.height);
    update();
    stage.invalidate();
  });
  update();
  return { state, stage, update };
}
