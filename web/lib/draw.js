// Small Canvas 2D drawing helpers. Every function takes the context and the
// View and works in world coordinates, except drawHandle (screen pixels).

// The palette comes from the page's CSS custom properties (web/style.css),
// so the contrast of every mark and label can be checked in one place; the
// values below are the same, for a page without the stylesheet.
export const colors = {
  ink: '#1d2433',
  faint: '#6b7385', // helper lines and their labels
  grid: '#e6e9f0', // decoration
  axis: '#cfd5e1', // decoration
  canvas: '#fbfcfe', // the canvas background
  shape: '#3558c9', // the static shape (segment, capsule, line)
  shapeFill: 'rgba(53, 88, 201, 0.14)',
  mover: '#0b7a5d', // the circle the user moves
  moverFill: 'rgba(11, 122, 93, 0.16)',
  moverWash: 'rgba(11, 122, 93, 0.08)',
  hit: '#c0392b',
  hitFill: 'rgba(192, 57, 43, 0.16)',
  ghost: '#7a4cc2',
  point: '#b45309', // closest points, results
  normal: '#c0392b',
  vecV: '#3558c9',
  vecW: '#0b7a5d',
  focus: '#1d2433',
};

/** Which custom property each colour is read from. */
export const CSS_COLORS = {
  ink: '--ink', faint: '--faint', grid: '--grid', axis: '--axis', canvas: '--canvas',
  shape: '--accent', mover: '--ok', hit: '--hit', ghost: '--ghost', point: '--point',
  normal: '--hit', vecV: '--accent', vecW: '--ok', focus: '--focus',
};

function rgba(hex, a) {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

/** Reads the palette from the page's CSS custom properties. */
export function loadColors(el = document.documentElement) {
  const cs = getComputedStyle(el);
  for (const [k, prop] of Object.entries(CSS_COLORS)) {
    const v = cs.getPropertyValue(prop).trim();
    if (/^#[0-9a-f]{6}$/i.test(v)) colors[k] = v.toLowerCase();
  }
  colors.shapeFill = rgba(colors.shape, 0.14);
  colors.moverFill = rgba(colors.mover, 0.16);
  colors.moverWash = rgba(colors.mover, 0.08);
  colors.hitFill = rgba(colors.hit, 0.16);
  return colors;
}

export function clear(ctx, view, color = colors.canvas) {
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, view.width, view.height);
}

/** A light grid, one line per world unit, and the two axes. */
export function grid(ctx, view) {
  const v = view.visible();
  ctx.lineWidth = 1;
  ctx.strokeStyle = colors.grid;
  ctx.beginPath();
  for (let x = Math.ceil(v.x0); x <= v.x1; x++) {
    const sx = Math.round(view.sx(x)) + 0.5;
    ctx.moveTo(sx, 0);
    ctx.lineTo(sx, view.height);
  }
  for (let y = Math.ceil(v.y0); y <= v.y1; y++) {
    const sy = Math.round(view.sy(y)) + 0.5;
    ctx.moveTo(0, sy);
    ctx.lineTo(view.width, sy);
  }
  ctx.stroke();
  ctx.strokeStyle = colors.axis;
  ctx.beginPath();
  ctx.moveTo(Math.round(view.sx(0)) + 0.5, 0);
  ctx.lineTo(Math.round(view.sx(0)) + 0.5, view.height);
  ctx.moveTo(0, Math.round(view.sy(0)) + 0.5);
  ctx.lineTo(view.width, Math.round(view.sy(0)) + 0.5);
  ctx.stroke();
}

export function segment(ctx, view, ax, ay, bx, by, color, width = 2, dash = null) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.setLineDash(dash ?? []);
  ctx.beginPath();
  ctx.moveTo(view.sx(ax), view.sy(ay));
  ctx.lineTo(view.sx(bx), view.sy(by));
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The infinite line through A and B, clipped by the canvas. */
export function line(ctx, view, ax, ay, bx, by, color, width = 2, dash = null) {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  if (len === 0) return;
  const v = view.visible();
  const far = (v.x1 - v.x0 + v.y1 - v.y0) * 2;
  const ux = (dx / len) * far;
  const uy = (dy / len) * far;
  segment(ctx, view, ax - ux, ay - uy, bx + ux, by + uy, color, width, dash);
}

export function circle(ctx, view, x, y, r, stroke, fill = null, width = 2, dash = null) {
  ctx.beginPath();
  ctx.arc(view.sx(x), view.sy(y), Math.max(view.len(r), 0.5), 0, Math.PI * 2);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.setLineDash(dash ?? []);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** A capsule: the set of points within r of segment A→B. */
export function capsule(ctx, view, ax, ay, bx, by, r, stroke, fill = null, width = 2) {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  ctx.beginPath();
  if (len === 0) {
    ctx.arc(view.sx(ax), view.sy(ay), view.len(r), 0, Math.PI * 2);
  } else {
    // Offset the core both ways along its normal and close with two half circles.
    const sa = Math.atan2(view.sy(by) - view.sy(ay), view.sx(bx) - view.sx(ax));
    const R = view.len(r);
    ctx.arc(view.sx(bx), view.sy(by), R, sa - Math.PI / 2, sa + Math.PI / 2);
    ctx.arc(view.sx(ax), view.sy(ay), R, sa + Math.PI / 2, sa + (3 * Math.PI) / 2);
    ctx.closePath();
  }
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.stroke();
  }
}

/** An arrow from (x, y) along (dx, dy), both in world units. */
export function arrow(ctx, view, x, y, dx, dy, color, width = 2) {
  const x0 = view.sx(x);
  const y0 = view.sy(y);
  const x1 = view.sx(x + dx);
  const y1 = view.sy(y + dy);
  const len = Math.hypot(x1 - x0, y1 - y0);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  if (len < 1) return;
  const head = Math.min(10, len * 0.5);
  const ux = (x1 - x0) / len;
  const uy = (y1 - y0) / len;
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - ux * head - uy * head * 0.5, y1 - uy * head + ux * head * 0.5);
  ctx.lineTo(x1 - ux * head + uy * head * 0.5, y1 - uy * head - ux * head * 0.5);
  ctx.closePath();
  ctx.fill();
}

/** A small filled dot with an optional label beside it. */
export function dot(ctx, view, x, y, color, label = '', r = 4) {
  const sx = view.sx(x);
  const sy = view.sy(y);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(sx, sy, r, 0, Math.PI * 2);
  ctx.fill();
  obstacle(sx, sy, r + 1);
  if (label) text(ctx, sx + r + 3, sy - r - 3, label, color);
}

// Labels. While a Stage renders (beginLabels … placeLabels) text is not
// drawn at once but queued, and placed at the end: each label goes to the
// first spot near where it was asked for that stays inside the canvas and
// overlaps neither a label placed before it nor a handle or dot (the
// obstacles). Handle names are placed first. Outside a Stage, text draws
// where it is asked.
let queue = null;
let obstacles = null;

/** Marks a round mark at a screen point that labels must keep clear of. */
export function obstacle(sx, sy, r) {
  obstacles?.push({ x0: sx - r, y0: sy - r, x1: sx + r, y1: sy + r });
}

export function beginLabels() {
  queue = [];
  obstacles = [];
}

const FONT = (size) => `600 ${size}px system-ui, -apple-system, "Segoe UI", sans-serif`;

function drawText(ctx, sx, sy, s, color, align, size) {
  ctx.font = FONT(size);
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 4;
  ctx.lineJoin = 'round';
  ctx.strokeStyle = colors.canvas;
  ctx.strokeText(s, sx, sy);
  ctx.fillStyle = color;
  ctx.fillText(s, sx, sy);
}

const overlap = (a, b) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

// Offsets tried around the asked spot, nearest first.
const TRIES = [[0, 0]];
for (const r of [6, 12, 18, 24, 32, 42, 54]) {
  const n = r < 20 ? 8 : 16;
  for (let i = 0; i < n; i++) TRIES.push([Math.round(r * Math.cos((2 * Math.PI * i) / n)), Math.round(r * Math.sin((2 * Math.PI * i) / n))]);
}

/**
 * Places and draws the queued labels in a canvas of width × height CSS
 * pixels; returns the boxes they got ({ text, x0, y0, x1, y1 }) and the
 * obstacles, for tests.
 */
export function placeLabels(ctx, width, height) {
  const labels = queue ?? [];
  const marks = obstacles ?? [];
  queue = null;
  obstacles = null;
  const placed = [];
  const order = labels.map((l, i) => [l, i]).sort((a, b) => b[0].prio - a[0].prio || a[1] - b[1]);
  const pad = 2;
  for (const [l] of order) {
    ctx.font = FONT(l.size);
    const w = ctx.measureText(l.s).width + 2 * pad;
    const h = l.size + 2 * pad;
    const left = l.align === 'center' ? l.sx - w / 2 : l.align === 'right' ? l.sx - w : l.sx;
    let best = null;
    let bestCost = Infinity;
    for (const [dx, dy] of TRIES) {
      const x0 = Math.min(Math.max(left + dx, 1), width - 1 - w);
      const y0 = Math.min(Math.max(l.sy - h / 2 + dy, 1), height - 1 - h);
      const box = { x0, y0, x1: x0 + w, y1: y0 + h };
      let cost = 0;
      for (const o of marks) cost += overlap(box, o);
      for (const o of placed) cost += overlap(box, o);
      if (cost < bestCost) {
        best = box;
        bestCost = cost;
        if (cost === 0) break;
      }
    }
    placed.push({ text: l.s, ...best });
    const cx = best.x0 + pad + (l.align === 'center' ? (w - 2 * pad) / 2 : l.align === 'right' ? w - 2 * pad : 0);
    drawText(ctx, cx, (best.y0 + best.y1) / 2, l.s, l.color, l.align, l.size);
  }
  return { labels: placed, obstacles: marks };
}

/** Text at a screen position, with a halo of the background so it reads over lines. */
export function text(ctx, sx, sy, s, color = colors.ink, align = 'left', size = 13, prio = 0) {
  if (queue) queue.push({ sx, sy, s, color, align, size, prio });
  else drawText(ctx, sx, sy, s, color, align, size);
}

/** Text at a world position. */
export function label(ctx, view, x, y, s, color = colors.ink, align = 'left') {
  text(ctx, view.sx(x), view.sy(y), s, color, align);
}

/** A draggable handle: a ring with a label; bigger when hot, ringed when focused from the keyboard. */
export function drawHandle(ctx, sx, sy, name, color = colors.ink, { hot = false, focused = false } = {}) {
  const r = hot ? 8 : 6;
  if (focused) {
    ctx.strokeStyle = colors.focus;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(sx, sy, r + 5, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = color;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.arc(sx, sy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  obstacle(sx, sy, focused ? r + 7 : r + 2);
  if (name) text(ctx, sx + r + 4, sy - r - 4, name, color, 'left', 13, 1);
}

/** A label beside a vector (x, y)→(x + dx, y + dy), at fraction `at` of its length (the middle by default), offset to one side on screen. */
export function vectorLabel(ctx, view, x, y, dx, dy, s, color, side = 1, at = 0.5) {
  const sx = view.sx(x + dx * at);
  const sy = view.sy(y + dy * at);
  const ex = view.sx(x + dx) - view.sx(x);
  const ey = view.sy(y + dy) - view.sy(y);
  const len = Math.hypot(ex, ey) || 1;
  text(ctx, sx + (ey / len) * 12 * side, sy - (ex / len) * 12 * side, s, color, 'center');
}
