import type { World } from './world.js';

export interface DrawOptions {
  /** Canvas pixels per world unit (default 20). */
  scale?: number;
  /** The canvas pixel of world (0, 0) (default 0, 0: the top-left corner). */
  originX?: number;
  originY?: number;
  /** World y up (default true): the picture is flipped for a y-down canvas. */
  yUp?: boolean;
  /** Draw the touching contacts of the last step: points and normals (default false). */
  contacts?: boolean;
  /**
   * Clear the whole canvas (clearRect, in the identity transform) before
   * drawing (default false). Needs `ctx.canvas`, `setTransform` and `clearRect`.
   */
  clear?: boolean;
  /**
   * A CSS colour to fill the whole canvas with before drawing (default none).
   * With `clear: true` the canvas is cleared first, so a translucent colour
   * shows over nothing; without it, over the last frame (trails).
   */
  background?: string;
  /** Awake balls: filled discs with a spoke in markColor (default #2f6fb2); a ball under 3 px in radius on the canvas has none. */
  ballColor?: string;
  /** Sleeping balls: hollow rings, the spoke in the same colour (default #6f8bab). */
  sleepColor?: string;
  /** Capsules, segments, circles and half-planes (default #444). */
  staticColor?: string;
  /** Chains (default staticColor): hollow tubes, the inside in markColor; a chain under 3 lineWidths wide, square free ends. */
  chainColor?: string;
  /** Sensors of any shape (default rgba(0, 150, 80, 0.35)). */
  sensorColor?: string;
  /** Contact points and normals (default #d0342c). */
  contactColor?: string;
  /**
   * Kinematic capsules (default #b86b00): a dashed core in markColor (a
   * capsule too thin to hold it is dashed itself), a ring at the pivot and a
   * tick for the tip velocity.
   */
  kinematicColor?: string;
  /** Pivoted capsules (default kinematicColor): a pin (a ring with a dot) at the pivot, the angle limits dashed. */
  pivotedColor?: string;
  /** Joints (default #8a4fa0): a line from the ball's centre to the other end, under the balls; a drag joint's dashed. */
  jointColor?: string;
  /** The marks drawn over shapes: spokes, the inside of chains, pivot rings and pins, kinematic dashes (default #fff). */
  markColor?: string;
  /** Pixels, for the marks: spokes, sleeping rings, ticks, rings, limits, contact normals (default 1.5). */
  lineWidth?: number;
  /** Pixels, for half-plane edges, and the least width of a thin capsule or segment (default 2). */
  edgeWidth?: number;
}

/** The Canvas 2D calls drawWorld makes (a CanvasRenderingContext2D has them all). */
export interface DrawContext {
  save(): void;
  restore(): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, a0: number, a1: number): void;
  stroke(): void;
  fill(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  setLineDash(segments: number[]): void;
  /** For clear and background only. */
  clearRect?(x: number, y: number, w: number, h: number): void;
  /** For clear and background only. */
  setTransform?(a: number, b: number, c: number, d: number, e: number, f: number): void;
  /** For clear and background only: the area to wipe. */
  readonly canvas?: { width: number; height: number };
  lineWidth: number;
  lineCap: string;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
}

/**
 * Draws the world: statics (capsules as round-capped strokes, half-planes as
 * their edge), balls with a spoke along their angle (awake ones filled,
 * sleeping ones hollow rings), kinematic capsules with a dashed core, pivoted
 * ones with a pin and dashed limits, chains as hollow tubes, and
 * optionally contacts; first clears or fills the canvas when asked (clear,
 * background). Returns the number of balls drawn. Options are read once,
 * before world and ctx are checked (an option given as undefined takes its
 * default). An unknown option and values of the wrong type (numbers, booleans,
 * colours not strings) are a TypeError naming the option; a non-finite
 * number, a scale or width <= 0, an empty colour a RangeError naming it.
 */
export function drawWorld(ctx: DrawContext, world: World, options?: DrawOptions): number;
