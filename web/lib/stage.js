// A Stage is one interactive canvas: it keeps the backing store crisp
// (CSS size × devicePixelRatio), refits its View when the canvas resizes,
// turns pointer and keyboard input into moves of draggable handles, and
// redraws only when something changed (or every frame while animating),
// never more than once per frame, and only while the canvas is on screen.
//
// Touch: a finger that lands on a handle drags it (the page cancels that
// touchstart, so it does not scroll); a finger anywhere else scrolls the
// page as usual (CSS touch-action: manipulation), and a tap there places the
// follower. Handles answer within HIT_TOUCH px (a 48 px target) and keep
// MIN_GAP px apart when dragged, and every handle stays inside the canvas.
//
// Screen readers: the canvas is described by its numbers panel
// (aria-describedby), and one short summary is announced when a drag ends,
// when arrow-key moves pause, or when a tap places the follower.
import { View } from './view.js';
import { drawHandle, beginLabels, placeLabels } from './draw.js';
import { announce } from './announce.js';
import { vec } from './readout.js';

const STEP = 1 / 60; // fixed time step of animated demos, in seconds
export const HIT_TOUCH = 24; // px: a handle's reach for a finger or a pen
export const HIT_MOUSE = 16; // px: for a mouse
export const MIN_GAP = 44; // px between two draggable handles
export const EDGE = 12; // px: a handle's centre keeps this far inside the canvas
const TAP_SLOP = 10; // px a tap may wander
const KEY_PAUSE = 600; // ms after the last arrow key before the summary is announced

export class Stage {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {object} options
   * @param {{x0:number,y0:number,x1:number,y1:number}} options.world rectangle to keep visible (y up)
   * @param {(ctx: CanvasRenderingContext2D, view: View) => void} options.draw draws the scene in CSS pixels
   * @param {() => void} [options.changed] called after any handle moved (before the redraw)
   * @param {(dt: number) => void} [options.step] advances an animation by a fixed dt
   * @param {() => string} [options.summary] the short text announced after a move (default: the panel's summary)
   * @param {number} [options.minGap] px kept between draggable handles (0: they may meet)
   * @param {(p: {x:number,y:number}) => void} [options.tap] a click or tap off the handles, in
   *   world coordinates (a stage without a follower; a swipe still scrolls the page)
   */
  constructor(canvas, options) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.view = new View(options.world);
    this.drawScene = options.draw;
    this.changed = options.changed ?? (() => {});
    this.step = options.step ?? null;
    this.onTap = options.tap ?? null;
    /** Simulated seconds per real second (slow motion below 1). */
    this.rate = 1;
    /** The most fixed steps one frame may run; time beyond them is dropped (the simulation then runs slower than real time). */
    this.maxSteps = 4;
    this.minGap = options.minGap ?? MIN_GAP;
    this.handles = [];
    /** The handle a hover over the canvas moves (a circle following the pointer). */
    this.follower = null;
    this.active = null; // handle being dragged or chosen from the keyboard
    this.hover = null;
    this.dragging = null; // { pointerId, handle, dx, dy }
    this.tap = null; // { pointerId, x, y }: a touch off the handles that may be a tap
    this.running = false; // animation wanted
    this.visible = false; // canvas on (or near) the screen; nothing is drawn until it is
    this.frame = 0; // renders so far
    this.renderMs = 0; // time spent rendering, in total
    this.firstRenderAt = null; // performance.now() of the first render
    this.pending = false;
    this.lastTime = 0;
    this.acc = 0;
    this.dpr = 1;
    this.labelBoxes = { labels: [], obstacles: [] };
    this.keyTimer = 0;

    const demo = canvas.closest('[data-demo]');
    this.readoutEl = demo?.querySelector('.readout') ?? null;
    this.summary = options.summary ?? (() => this.readoutEl?.readout?.summary() ?? '');
    // A widget that takes its own keys (screen readers pass the arrows
    // through), described by its numbers and by how to use the keys.
    canvas.setAttribute('role', 'application');
    canvas.setAttribute('aria-roledescription', 'interactive figure');
    const described = [];
    if (this.readoutEl) {
      if (!this.readoutEl.id) this.readoutEl.id = `numbers-${demo.dataset.demo}`;
      described.push(this.readoutEl.id);
    }
    if (document.getElementById('canvas-keys')) described.push('canvas-keys');
    if (described.length) canvas.setAttribute('aria-describedby', described.join(' '));
    this.hud = null;
    const box = canvas.closest('.stagebox');
    if (box) {
      this.hud = document.createElement('div');
      this.hud.className = 'hud';
      this.hud.hidden = true;
      this.hud.setAttribute('aria-hidden', 'true');
      box.append(this.hud);
    }

    canvas.tabIndex = 0;
    canvas.addEventListener('pointerdown', (e) => this.onDown(e));
    canvas.addEventListener('pointermove', (e) => this.onMove(e));
    canvas.addEventListener('pointerup', (e) => this.onUp(e, false));
    canvas.addEventListener('pointercancel', (e) => this.onUp(e, true));
    canvas.addEventListener('pointerleave', () => {
      if (this.hover) {
        this.hover = null;
        this.invalidate();
      }
    });
    // Only a touch on a handle is kept from scrolling the page.
    canvas.addEventListener('touchstart', (e) => {
      for (const t of e.changedTouches) {
        if (this.pick(t, HIT_TOUCH)) {
          if (e.cancelable) e.preventDefault();
          return;
        }
      }
    }, { passive: false });
    canvas.addEventListener('keydown', (e) => this.onKey(e));
    canvas.addEventListener('focus', () => this.invalidate());
    canvas.addEventListener('blur', () => this.invalidate());

    const ro = new ResizeObserver((entries) => this.onResize(entries[0]));
    try {
      ro.observe(canvas, { box: 'device-pixel-content-box' });
    } catch {
      ro.observe(canvas);
    }
    // Drawn lazily: a canvas first paints when it comes near the screen.
    new IntersectionObserver((entries) => {
      this.visible = entries[entries.length - 1].isIntersecting;
      if (this.visible) this.invalidate();
    }, { rootMargin: '150px 0px' }).observe(canvas);
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

  /** Schedules one redraw (on the next frame; many calls, one redraw). */
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
    if (!this.visible) {
      this.lastTime = 0;
      return; // drawn again when it comes back into view
    }
    if (this.running && this.step) {
      if (this.lastTime === 0) this.lastTime = time - STEP * 1000;
      this.acc += Math.min((time - this.lastTime) / 1000, 4 * STEP) * this.rate;
      this.lastTime = time;
      for (let n = 0; this.acc >= STEP; n++) {
        if (n === this.maxSteps) {
          // Behind: drop the rest rather than the frame rate (the next frame still has a step due).
          this.acc = 0.99 * STEP;
          break;
        }
        this.step(STEP);
        this.acc -= STEP;
      }
    } else {
      this.lastTime = 0;
    }
    this.render();
    if (this.running) this.invalidate();
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
    const cleared = canvas.width !== w || canvas.height !== h;
    if (cleared) {
      canvas.width = w;
      canvas.height = h;
    }
    this.view.fit(cssW, cssH);
    this.clampHandles();
    // A resized canvas is blank: repaint it now, before it is shown.
    if (this.visible && cleared) this.render();
    else if (this.visible) this.invalidate();
  }

  /** Redraws now. */
  render() {
    const { ctx, canvas, view } = this;
    if (view.width === 0) return;
    const t0 = performance.now();
    ctx.setTransform(canvas.width / view.width, 0, 0, canvas.height / view.height, 0, 0);
    ctx.clearRect(0, 0, view.width, view.height);
    beginLabels();
    this.drawScene(ctx, view);
    // The focus ring on the active handle shows for keyboard focus only.
    const focused = document.activeElement === canvas && canvas.matches(':focus-visible');
    for (const h of this.handles) {
      if (h.hidden?.()) continue;
      const p = h.get();
      drawHandle(ctx, view.sx(p.x), view.sy(p.y), h.mark ?? h.label, h.color, {
        hot: h === this.hover || h === this.dragging?.handle,
        focused: focused && h === this.active,
      });
    }
    this.labelBoxes = placeLabels(ctx, view.width, view.height);
    this.frame++;
    const t1 = performance.now();
    this.renderMs += t1 - t0;
    if (this.firstRenderAt === null) this.firstRenderAt = t1;
  }

  /** The pointer position in world coordinates. */
  worldPoint(e) {
    const r = this.canvas.getBoundingClientRect();
    return this.view.toWorld(e.clientX - r.left, e.clientY - r.top);
  }

  /** Screen position of a handle (CSS px in the canvas). */
  screenOf(h) {
    const p = h.get();
    return { x: this.view.sx(p.x), y: this.view.sy(p.y) };
  }

  /** The handle under a client point (within reach px), nearest first; the follower only where no other is in reach. */
  pick(e, reach) {
    const r = this.canvas.getBoundingClientRect();
    const px = e.clientX - r.left;
    const py = e.clientY - r.top;
    let best = null;
    let bestD = reach * reach;
    let follower = null;
    for (const h of this.handles) {
      if (h.hidden?.()) continue;
      const s = this.screenOf(h);
      const d = (s.x - px) ** 2 + (s.y - py) ** 2;
      if (d > reach * reach) continue;
      if (h === this.follower) follower = h;
      else if (d <= bestD) {
        best = h;
        bestD = d;
      }
    }
    return best ?? follower;
  }

  reach(e) {
    return e.pointerType === 'mouse' ? HIT_MOUSE : HIT_TOUCH;
  }

  /** The visible world rectangle, inset so that a handle there is fully in view. */
  inner() {
    const v = this.view.visible();
    const m = Math.min(EDGE / this.view.scale, (v.x1 - v.x0) / 4, (v.y1 - v.y0) / 4);
    return { x0: v.x0 + m, x1: v.x1 - m, y0: v.y0 + m, y1: v.y1 - m };
  }

  /** Keeps a point inside the visible world rectangle (and off its edge). */
  clampPoint(x, y) {
    const v = this.inner();
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

  /** True when every shown handle is inside the canvas and the draggable ones keep minGap apart. */
  allowed(moved) {
    const v = this.inner();
    const eps = 1e-9;
    const shown = this.handles.filter((h) => !h.hidden?.());
    for (const h of shown) {
      const p = h.get();
      if (p.x < v.x0 - eps || p.x > v.x1 + eps || p.y < v.y0 - eps || p.y > v.y1 + eps) return false;
    }
    if (this.minGap <= 0 || moved === this.follower) return true;
    const fixed = shown.filter((h) => h !== this.follower);
    const gap2 = this.minGap * this.minGap;
    for (let i = 0; i < fixed.length; i++) {
      for (let j = i + 1; j < fixed.length; j++) {
        const a = this.screenOf(fixed[i]);
        const b = this.screenOf(fixed[j]);
        if ((a.x - b.x) ** 2 + (a.y - b.y) ** 2 < gap2 - 1e-6) return false;
      }
    }
    return true;
  }

  /**
   * Moves a handle toward (x, y) as far as the rules allow: inside the canvas
   * (for handles that other handles follow, too) and minGap from the others.
   */
  moveHandle(h, x, y) {
    const c = this.clampPoint(x, y);
    const from = h.get();
    const wasAllowed = this.allowed(h);
    h.set(c.x, c.y);
    if (wasAllowed && !this.allowed(h)) {
      // Bisect between the last allowed position and the target.
      let lo = 0;
      let hi = 1;
      for (let i = 0; i < 12; i++) {
        const mid = (lo + hi) / 2;
        h.set(from.x + (c.x - from.x) * mid, from.y + (c.y - from.y) * mid);
        if (this.allowed(h)) lo = mid;
        else hi = mid;
      }
      h.set(from.x + (c.x - from.x) * lo, from.y + (c.y - from.y) * lo);
    }
    this.changed();
    this.invalidate();
  }

  onDown(e) {
    if (e.button !== undefined && e.button !== 0) return;
    const p = this.worldPoint(e);
    const picked = this.pick(e, this.reach(e));
    if (!picked && (e.pointerType !== 'mouse' || (!this.follower && this.onTap))) {
      // A finger off the handles: the page may scroll; a tap places the
      // follower (or, on a stage with a tap action, does it; a mouse click too).
      this.tap = { pointerId: e.pointerId, x: e.clientX, y: e.clientY };
      return;
    }
    const h = picked ?? this.follower;
    if (!h) return;
    const at = h.get();
    const offset = !picked;
    this.dragging = {
      pointerId: e.pointerId,
      handle: h,
      dx: offset ? 0 : at.x - p.x,
      dy: offset ? 0 : at.y - p.y,
      moved: false,
    };
    this.active = h;
    try {
      this.canvas.setPointerCapture?.(e.pointerId);
    } catch {
      // a synthetic pointer (tests, assistive tools) cannot be captured
    }
    e.preventDefault();
    // Focus follows a mouse (the keys then move the same point), never with a
    // ring: that is for keyboard focus only. A finger leaves focus alone.
    if (e.pointerType === 'mouse') this.canvas.focus({ preventScroll: true, focusVisible: false });
    this.moveHandle(h, p.x + this.dragging.dx, p.y + this.dragging.dy);
    this.showHud(e);
  }

  onMove(e) {
    const d = this.dragging;
    if (this.tap && this.tap.pointerId === e.pointerId
      && Math.hypot(e.clientX - this.tap.x, e.clientY - this.tap.y) > TAP_SLOP) this.tap = null;
    if (d && d.pointerId === e.pointerId) {
      const p = this.worldPoint(e);
      d.moved = true;
      this.moveHandle(d.handle, p.x + d.dx, p.y + d.dy);
      this.showHud(e);
      return;
    }
    if (e.pointerType === 'mouse') {
      const h = this.pick(e, HIT_MOUSE);
      const grab = h && h !== this.follower ? h : null;
      if (grab !== this.hover) {
        this.hover = grab;
        this.invalidate();
      }
      this.canvas.style.cursor = grab ? 'grab' : this.follower ? 'crosshair' : '';
      if (!grab && this.follower) {
        const p = this.worldPoint(e);
        this.moveHandle(this.follower, p.x, p.y);
      }
    }
  }

  onUp(e, cancelled) {
    if (this.tap && this.tap.pointerId === e.pointerId) {
      const tap = this.tap;
      this.tap = null;
      if (!cancelled && this.follower) {
        const p = this.worldPoint({ clientX: tap.x, clientY: tap.y });
        this.active = this.follower;
        this.moveHandle(this.follower, p.x, p.y);
        this.say(this.follower);
      } else if (!cancelled && this.onTap) {
        this.onTap(this.worldPoint({ clientX: tap.x, clientY: tap.y }));
        this.invalidate();
      }
      return;
    }
    if (this.dragging && this.dragging.pointerId === e.pointerId) {
      const h = this.dragging.handle;
      this.dragging = null;
      this.hideHud();
      this.invalidate();
      this.say(h);
    }
  }

  /** Announces where a handle is and the example's summary, once. */
  say(h) {
    const p = h.get();
    const rest = this.summary();
    announce(`${h.label} at ${vec(p.x, p.y)}${rest ? `. ${rest}` : ''}.`);
  }

  /** Shows the numbers over the canvas while dragging, when the panel is out of view. */
  showHud(e) {
    if (!this.hud) return;
    const panel = this.readoutEl?.getBoundingClientRect();
    const inView = panel && panel.top >= 0 && panel.bottom <= window.innerHeight;
    const text = this.summary();
    if (inView || !text) {
      this.hideHud();
      return;
    }
    if (this.hud.textContent !== text) this.hud.textContent = text;
    this.hud.hidden = false;
    // Over the half of the canvas away from the finger.
    const r = this.canvas.getBoundingClientRect();
    const low = e.clientY - r.top > r.height / 2;
    const top = low ? 8 : this.canvas.offsetHeight - 8 - this.hud.offsetHeight;
    this.hud.style.top = `${this.canvas.offsetTop + top}px`;
  }

  hideHud() {
    if (this.hud && !this.hud.hidden) this.hud.hidden = true;
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
      announce(`${this.active.label} chosen.`);
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
    // One summary when the keys pause, not one per press.
    clearTimeout(this.keyTimer);
    const h = this.active;
    this.keyTimer = setTimeout(() => this.say(h), KEY_PAUSE);
  }

  /** Client (page) coordinates of a world point: for tests and tooltips. */
  toClient(x, y) {
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + this.view.sx(x), y: r.top + this.view.sy(y) };
  }
}
