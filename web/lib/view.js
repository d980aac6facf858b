// The one place where world coordinates (capsule2d's frame: x right, y up)
// meet screen coordinates (CSS pixels on the canvas: x right, y DOWN).
//
// A view fits a world rectangle into the canvas, centred, with the same
// scale on both axes. With flipY (the default) world y grows upward on the
// screen, so a picture looks the way the maths says: "left of A→B" is on the
// left as you walk from A to B. With flipY = false the world is drawn as raw
// canvas pixels would be (y down), and every picture is mirrored top to
// bottom: the left side of A→B is then drawn on the right.

export class View {
  /**
   * @param {{ x0: number, y0: number, x1: number, y1: number }} world the
   *   rectangle that must stay visible (y up).
   */
  constructor(world) {
    this.world = world;
    this.flipY = true;
    this.scale = 1; // CSS pixels per world unit
    this.ox = 0; // screen position of the world origin
    this.oy = 0;
    this.width = 0; // canvas size in CSS pixels
    this.height = 0;
  }

  /** Refits the world rectangle into a canvas of width × height CSS pixels. */
  fit(width, height) {
    const { x0, y0, x1, y1 } = this.world;
    this.width = width;
    this.height = height;
    this.scale = Math.min(width / (x1 - x0), height / (y1 - y0));
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    this.ox = width / 2 - cx * this.scale;
    this.oy = this.flipY ? height / 2 + cy * this.scale : height / 2 - cy * this.scale;
  }

  /** World x → screen x. */
  sx(x) {
    return this.ox + x * this.scale;
  }

  /** World y → screen y. */
  sy(y) {
    return this.flipY ? this.oy - y * this.scale : this.oy + y * this.scale;
  }

  /** World length → screen length. */
  len(d) {
    return d * this.scale;
  }

  /** Screen point → world point. */
  toWorld(px, py) {
    const x = (px - this.ox) / this.scale;
    const y = this.flipY ? (this.oy - py) / this.scale : (py - this.oy) / this.scale;
    return { x, y };
  }

  /** The world rectangle that is actually visible (wider or taller than asked). */
  visible() {
    const a = this.toWorld(0, 0);
    const b = this.toWorld(this.width, this.height);
    return {
      x0: Math.min(a.x, b.x),
      x1: Math.max(a.x, b.x),
      y0: Math.min(a.y, b.y),
      y1: Math.max(a.y, b.y),
    };
  }
}
