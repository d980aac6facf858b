// A Stage is one interactive canvas: it keeps the backing store crisp
// (CSS size × devicePixelRatio), refits its View when the canvas resizes,
// turns pointer and keyboard input into moves of draggable handles, and
// redraws only when something changed (or every frame while animating).
import { View } from './view.js';
import { drawHandle } from './draw.js';

const STEP = 1 / 60; // fixed time step of animated demos, in seconds

export class Stage {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {object} options
   * @param {{x0:number,y0:number,x1:number,y1:number}} options.world rectangle to keep visible (y up)
   * @param {(ctx: CanvasRenderingContext2D, view: View) => void} options.draw draws the scene in CSS pixels
   * @param {() => void} [options.changed] called after any handle moved (before the redraw)
   * @param {(dt: number) => void} [options.step] advances an animation by a fixed dt
   */
  constructor(canvas, options) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.view = new View(options.world);
    this.drawScene = options.draw;
    this.changed = options.changed ?? (() => {});
    this.step = options.step ?? null;
    this.handles = [];
    /** The handle a hover over the canvas moves (a circle following the pointer). */
    this.follower = null;
    this.active = null; // handle being dragged or chosen from the keyboard
    this.hover = null;
    this.dragging = null; // { pointerId, handle, dx, dy }
    this.running = false; // animation wanted
    this.visible = true; // canvas on screen (animation pauses when not)
    this.frame = 0;
    this.pending = false;
    this.lastTime = 0;
    this.acc = 0;
    this.dpr = 1;

    canvas.tabIndex = 0;
    canvas.addEventListener('pointerdown', (e) => this.onDown(e));
    canvas.addEventListener('pointermove', (e) => this.onMove(e));
    canvas.addEventListener('pointerup', (e) => this.onUp(e));
    canvas.addEventListener('pointercancel', (e) => this.onUp(e));
    canvas.addEventListener('pointerleave', () => {
      if (this.hover) {
        this.hover = null;
        this.invalidate();
      }
    });
    canvas.addEventListener('keydown', (e) => this.onKey(e));
    canvas.addEventListener('focus', () => this.invalidate());
    canvas.addEventListener('blur', () => this.invalidate());

    const ro = new ResizeObserver((entries) => this.onResize(entries[0]));
    try {
      ro.observe(canvas, { box: 'device-pixel-content-box' });
    } catch {
      ro.observe(canvas);
    }
    new IntersectionObserver((entries) => {
      this.visible = entries[entries.length - 1].isIntersecting;
      if (this.visible) this.invalidate();
    }).observe(canvas);
  }

  /**
   * Adds a draggable point.
   * @param {{ label: string, get: () => {x:number,y:number}, set: (x:number, y:number) => void,
   *           color?: string, hidden?: () => boolean }} handle
   */
  addHandle(handle) {
    this.handles.push(handle);
    if (!this.active) this.active = handle;
    return handle;
  }

  /** Schedules one redraw. */
  invalidate() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame((t) => this.onFrame(t));
  }

  /** Starts or stops the fixed-step animation. */
  animate(on) {
    this.running = on;
    this.acc = 0;
    this.lastTime = 0;
    if (on) this.invalidate();
  }

  onFrame(time) {
    this.pending = false;
    if (this.running && this.step && this.visible) {
      if (this.lastTime === 0) this.lastTime = time - STEP * 1000;
      this.acc += Math.min((time - this.lastTime) / 1000, 4 * STEP);
      this.lastTime = time;
      while (this.acc >= STEP) {
        this.step(STEP);
        this.acc -= STEP;
      }
    } else {
      this.lastTime = 0;
    }
    this.render();
    if (this.running && this.visible) this.invalidate();
  }

  onResize(entry) {
    const canvas = this.canvas;
    const cssW = canvas.clientWidth;
    const cssH = canvas.clientHeight;
    this.dpr = window.devicePixelRatio || 1;
    let w = Math.round(cssW * this.dpr);
    let h = Math.round(cssH * this.dpr);
    // The exact device-pixel size when the browser reports one that agrees
    // (it avoids a blurry half pixel at fractional ratios).
    const box = entry?.devicePixelContentBoxSize?.[0];
    if (box && Math.abs(box.inlineSize - w) <= 1 && Math.abs(box.blockSize - h) <= 1) {
      w = box.inlineSize;
      h = box.blockSize;
    }
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    this.view.fit(cssW, cssH);
    this.clampHandles();
    this.render();
  }

  /** Redraws now. */
  render() {
    const { ctx, canvas, view } = this;
    if (view.width === 0) return;
    ctx.setTransform(canvas.width / view.width, 0, 0, canvas.height / view.height, 0, 0);
    ctx.clearRect(0, 0, view.width, view.height);
    this.drawScene(ctx, view);
    const focused = document.activeElement === canvas;
    for (const h of this.handles) {
      if (h.hidden?.()) continue;
      const p = h.get();
      drawHandle(ctx, view.sx(p.x), view.sy(p.y), h.label, h.color, {
        hot: h === this.hover || h === this.dragging?.handle,
        focused: focused && h === this.active,
      });
    }
    this.frame++;
  }

  /** The pointer position in world coordinates. */
  worldPoint(e) {
    const r = this.canvas.getBoundingClientRect();
    return this.view.toWorld(e.clientX - r.left, e.clientY - r.top);
  }

  /** The handle under a screen point (within a finger's reach on touch screens). */
  pick(e) {
    const r = this.canvas.getBoundingClientRect();
    const px = e.clientX - r.left;
    const py = e.clientY - r.top;
    const reach = e.pointerType === 'touch' ? 28 : 16;
    let best = null;
    let bestD = reach * reach;
    for (const h of this.handles) {
      if (h.hidden?.() || h === this.follower) continue;
      const p = h.get();
      const dx = this.view.sx(p.x) - px;
      const dy = this.view.sy(p.y) - py;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        best = h;
        bestD = d;
      }
    }
    return best;
  }

  /** Keeps a point inside the visible world rectangle. */
  clampPoint(x, y) {
    const v = this.view.visible();
    return {
      x: Math.min(Math.max(x, v.x0), v.x1),
      y: Math.min(Math.max(y, v.y0), v.y1),
    };
  }

  clampHandles() {
    if (this.view.width === 0) return;
    for (const h of this.handles) {
      const p = h.get();
      const c = this.clampPoint(p.x, p.y);
      if (c.x !== p.x || c.y !== p.y) h.set(c.x, c.y);
    }
    this.changed();
  }

  moveHandle(h, x, y) {
    const c = this.clampPoint(x, y);
    h.set(c.x, c.y);
    this.changed();
    this.invalidate();
  }

  onDown(e) {
    if (e.button !== undefined && e.button !== 0) return;
    const p = this.worldPoint(e);
    const h = this.pick(e) ?? this.follower;
    if (!h) return;
    const at = h.get();
    const offset = h === this.follower;
    this.dragging = {
      pointerId: e.pointerId,
      handle: h,
      dx: offset ? 0 : at.x - p.x,
      dy: offset ? 0 : at.y - p.y,
    };
    this.active = h;
    this.canvas.setPointerCapture?.(e.pointerId);
    e.preventDefault();
    this.canvas.focus({ preventScroll: true });
    this.moveHandle(h, p.x + this.dragging.dx, p.y + this.dragging.dy);
  }

  onMove(e) {
    const p = this.worldPoint(e);
    const d = this.dragging;
    if (d && d.pointerId === e.pointerId) {
      this.moveHandle(d.handle, p.x + d.dx, p.y + d.dy);
      return;
    }
    if (e.pointerType === 'mouse') {
      const h = this.pick(e);
      if (h !== this.hover) {
        this.hover = h;
        this.invalidate();
      }
      this.canvas.style.cursor = h ? 'grab' : this.follower ? 'crosshair' : '';
      if (!h && this.follower) this.moveHandle(this.follower, p.x, p.y);
    }
  }

  onUp(e) {
    if (this.dragging && this.dragging.pointerId === e.pointerId) {
      this.dragging = null;
      this.invalidate();
    }
  }

  onKey(e) {
    const shown = this.handles.filter((h) => !h.hidden?.());
    if (shown.length === 0) return;
    if (!shown.includes(this.active)) this.active = shown[0];
    if (e.key === 'n' || e.key === 'N' || e.key === ' ') {
      const i = shown.indexOf(this.active);
      this.active = shown[(i + (e.shiftKey ? shown.length - 1 : 1)) % shown.length];
      this.invalidate();
      e.preventDefault();
      return;
    }
    const stepSize = e.shiftKey ? 1 : 0.1;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    const p = this.active.get();
    // Arrow keys move in screen directions, whichever way the view is flipped.
    const dy = this.view.flipY ? m[1] : -m[1];
    this.moveHandle(this.active, p.x + m[0] * stepSize, p.y + dy * stepSize);
  }

  /** Client (page) coordinates of a world point: for tests and tooltips. */
  toClient(x, y) {
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + this.view.sx(x), y: r.top + this.view.sy(y) };
  }
}
