/**
 * Debug draw of a world on a Canvas 2D context.
 *
 * World → canvas: X = originX + scale·x; Y = originY − scale·y when `yUp`
 * (the default: the world's y axis points up, the canvas's down), else
 * Y = originY + scale·y.
 */

/** Kind codes of `statics.kind`. */
export declare const StaticKind: Readonly<{ circle: 0; segment: 1; capsule: 2; line: 3 }>;

export interface Transform {
  readonly scale: number;
  readonly originX: number;
  readonly originY: number;
  readonly yUp: boolean;
  /** World x → canvas x. */
  x(wx: number): number;
  /** World y → canvas y. */
  y(wy: number): number;
  /** Canvas point → world point. */
  toWorld(cx: number, cy: number): { x: number; y: number };
}

export interface TransformOptions {
  /** Pixels per world unit, > 0. Default 1. */
  scale?: number;
  /** Canvas position of the world origin. Default (0, 0). */
  originX?: number;
  originY?: number;
  /** Default true: world y up, canvas y down. */
  yUp?: boolean;
}

/** Bad options: TypeError (wrong type) or RangeError (scale ≤ 0, non-finite), naming the field. */
export function makeTransform(options?: TransformOptions): Transform;

/** The transform that fits the world rectangle into width × height pixels, centred, uniform scale. */
export function fitTransform(
  minX: number, minY: number, maxX: number, maxY: number, width: number, height: number,
  options?: { yUp?: boolean; margin?: number },
): Transform;

type Floats = ArrayLike<number>;

/**
 * What drawWorld reads (a World has these live views): slot-indexed arrays
 * for slots [0, count); a slot whose `alive` entry is 0 is skipped.
 */
export interface DrawableWorld {
  readonly balls: {
    readonly count: number;
    readonly x: Floats; readonly y: Floats; readonly radius: Floats;
    readonly angle?: Floats;
    readonly alive?: ArrayLike<number>;
    readonly sleeping?: ArrayLike<number>;
  };
  readonly statics?: {
    readonly count: number;
    /** StaticKind codes. A circle is centred at (ax, ay); a line passes through A and B. */
    readonly kind: ArrayLike<number>;
    readonly ax: Floats; readonly ay: Floats; readonly bx: Floats; readonly by: Floats; readonly radius: Floats;
    readonly alive?: ArrayLike<number>;
    readonly sensor?: ArrayLike<number>;
  };
  readonly contacts?: {
    /** Contacts found; min(count, x.length) are drawn. */
    readonly count: number;
    readonly x: Floats; readonly y: Floats; readonly nx: Floats; readonly ny: Floats;
  };
}

export interface DrawOptions {
  /** A Transform or the options of one. Default: scale 1, origin (0, 0), y up. */
  transform?: Transform | TransformOptions;
  /** Draw contact points (default false). */
  contacts?: boolean;
  /** Draw contact normals, normalLength pixels long (default false). */
  normals?: boolean;
  /** Draw statics (default true) and balls (default true). */
  statics?: boolean;
  balls?: boolean;
  ballColor?: string; spokeColor?: string; sleepingColor?: string; staticColor?: string;
  sensorColor?: string; contactColor?: string; lineWidth?: number; normalLength?: number;
}

/**
 * Draws statics, balls (each a circle with a spoke from the centre along its
 * angle, so spin shows; sleeping balls in their own colour) and optionally
 * contacts and normals, in a handful of paths (one per colour). Saves and
 * restores the context state. Returns how many of each were drawn.
 * A non-context, a non-world or an unknown option key throws a TypeError.
 */
export function drawWorld(
  ctx: CanvasRenderingContext2D,
  world: DrawableWorld,
  options?: DrawOptions,
): { balls: number; statics: number; contacts: number };
