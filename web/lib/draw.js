// Small Canvas 2D drawing helpers. Every function takes the context and the
// View and works in world coordinates, except drawHandle (screen pixels).

export const colors = {
  ink: '#1d2433',
  faint: '#9aa3b5',
  grid: '#e6e9f0',
  axis: '#cfd5e1',
  shape: '#3558c9', // the static shape (segment, capsule, line)
  shapeFill: 'rgba(53, 88, 201, 0.14)',
  mover: '#0f8a6a', // the circle the user moves
  moverFill: 'rgba(15, 138, 106, 0.16)',
  hit: '#d2402b',
  hitFill: 'rgba(210, 64, 43, 0.16)',
  ghost: '#7a4cc2',
  point: '#e08a00', // closest points, results
  normal: '#d2402b',
  vecV: '#3558c9',
  vecW: '#0f8a6a',
};

export function clear(ctx, view, color = '#fbfcfe') {
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
  if (label) text(ctx, sx + 7, sy - 7, label, color);
}

/** Text at a screen position, with a pale halo so it reads over lines. */
export function text(ctx, sx, sy, s, color = colors.ink, align = 'left', size = 13) {
  ctx.font = `600 ${size}px system-ui, -apple-system, "Segoe UI", sans-serif`;
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(251, 252, 254, 0.9)';
  ctx.strokeText(s, sx, sy);
  ctx.fillStyle = color;
  ctx.fillText(s, sx, sy);
}

/** Text at a world position. */
export function label(ctx, view, x, y, s, color = colors.ink, align = 'left') {
  text(ctx, view.sx(x), view.sy(y), s, color, align);
}

/** A draggable handle: a ring with a label; bigger when hot, ringed when focused. */
export function drawHandle(ctx, sx, sy, name, color = colors.ink, { hot = false, focused = false } = {}) {
  const r = hot ? 8 : 6;
  if (focused) {
    ctx.strokeStyle = '#ffb000';
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
  if (name) text(ctx, sx + r + 4, sy - r - 4, name, color);
}

/** A label beside the middle of a vector (x, y)→(x + dx, y + dy), offset to one side on screen. */
export function vectorLabel(ctx, view, x, y, dx, dy, s, color, side = 1) {
  const sx = view.sx(x + dx * 0.5);
  const sy = view.sy(y + dy * 0.5);
  const ex = view.sx(x + dx) - view.sx(x);
  const ey = view.sy(y + dy) - view.sy(y);
  const len = Math.hypot(ex, ey) || 1;
  text(ctx, sx + (ey / len) * 12 * side, sy - (ex / len) * 12 * side, s, color, 'center');
}
