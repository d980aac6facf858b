// Small page-side helpers for the browser tests: where a world point is on
// screen, dragging and hovering there, reading the numbers panel and
// canvas pixels, waiting for the next frames.

/** Resolves after two animation frames (the page redraws on the next one). */
export async function frames(page, n = 2) {
  await page.evaluate(
    (k) => new Promise((resolve) => {
      const tick = () => (k-- <= 0 ? resolve() : requestAnimationFrame(tick));
      requestAnimationFrame(tick);
    }),
    n,
  );
}

/** Scrolls a demo into view; returns its element handle selector. */
export async function show(page, demo) {
  const sel = `[data-demo="${demo}"]`;
  await page.locator(`${sel} canvas`).first().scrollIntoViewIfNeeded();
  await frames(page);
  return sel;
}

/** Client coordinates of a world point in a demo's canvas. */
export function client(page, demo, x, y) {
  return page.evaluate(([d, px, py]) => window.__capsule2dPage.demos[d].stage.toClient(px, py), [demo, x, y]);
}

/** The demo's state (a structured clone of it). */
export function state(page, demo) {
  return page.evaluate((d) => {
    const s = window.__capsule2dPage.demos[d].state;
    return JSON.parse(JSON.stringify(s));
  }, demo);
}

/** Drags with the mouse from one world point to another. */
export async function drag(page, demo, from, to) {
  await show(page, demo);
  const a = await client(page, demo, from.x, from.y);
  const b = await client(page, demo, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  await frames(page);
}

/** Moves the mouse (no button) to a world point: the follower circle goes there. */
export async function hover(page, demo, to) {
  await show(page, demo);
  const b = await client(page, demo, to.x, to.y);
  await page.mouse.move(b.x - 3, b.y - 3);
  await page.mouse.move(b.x, b.y, { steps: 2 });
  await frames(page);
}

/** The text of one value of a demo's numbers panel. */
export function readout(page, demo, key) {
  return page.locator(`[data-demo="${demo}"] .readout [data-key="${key}"]`).textContent();
}

/** The numbers in a readout text ("(−1.25, 3.00)" → [-1.25, 3]). */
export function numbers(text) {
  return (text.replace(/\u2212/g, '-').match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
}

/** RGBA of the canvas pixel under a world point (copied out, so the page's canvas is never read back). */
export function pixel(page, demo, x, y) {
  return page.evaluate(([d, px, py]) => {
    const { stage } = window.__capsule2dPage.demos[d];
    const c = stage.canvas;
    const k = c.width / stage.view.width;
    const probe = document.createElement('canvas');
    probe.width = probe.height = 1;
    const ctx = probe.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(c, Math.round(stage.view.sx(px) * k), Math.round(stage.view.sy(py) * k), 1, 1, 0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data);
  }, [demo, x, y]);
}

/** [r, g, b, a] (0–255, alpha 0–1) of a CSS colour: #rrggbb, rgb() or rgba(). */
export function parseColor(css) {
  const s = css.trim();
  if (s.startsWith('#')) {
    const n = parseInt(s.slice(1), 16);
    return [n >> 16, (n >> 8) & 255, n & 255, 1];
  }
  const m = s.match(/rgba?\(([^)]+)\)/);
  if (!m) throw new Error(`cannot parse colour ${css}`);
  const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
}

/** WCAG relative luminance of [r, g, b]. */
export function luminance([r, g, b]) {
  const lin = (c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours (CSS strings or [r, g, b]; an alpha is laid over the second). */
export function contrast(fg, bg) {
  const b = typeof bg === 'string' ? parseColor(bg) : bg;
  let f = typeof fg === 'string' ? parseColor(fg) : fg;
  const a = f[3] ?? 1;
  if (a < 1) f = [0, 1, 2].map((i) => f[i] * a + b[i] * (1 - a));
  const l1 = luminance(f);
  const l2 = luminance(b);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

/** Sends a touch gesture through Chromium's input pipeline (as a finger would): points in client px. */
export async function swipe(page, points, { delay = 16 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y }],
  });
  await touch('touchStart', points[0]);
  for (const p of points.slice(1)) {
    await new Promise((r) => setTimeout(r, delay));
    await touch('touchMove', p);
  }
  await touch('touchEnd');
  await cdp.detach();
}

/** Points from a to b in n steps (a excluded). */
export function path(a, b, n = 8) {
  return Array.from({ length: n + 1 }, (_, i) => ({ x: a.x + ((b.x - a.x) * i) / n, y: a.y + ((b.y - a.y) * i) / n }));
}
