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
  await page.locator(`${sel} canvas`).scrollIntoViewIfNeeded();
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
