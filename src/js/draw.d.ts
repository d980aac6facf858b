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
  ballColor?: string;
  /** Sleeping balls. */
  sleepColor?: string;
  staticColor?: string;
  sensorColor?: string;
  contactColor?: string;
  /** Kinematic capsules (default #b86b00), with a white ring at the pivot and a tick for the tip velocity. */
  kinematicColor?: string;
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
  lineWidth: number;
  lineCap: string;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
}

/**
 * Draws the world: statics (capsules as round-capped strokes, half-planes as
 * their edge), balls with a spoke along their angle (sleeping ones paler),
 * and optionally contacts. Returns the number of balls drawn. Options are
 * read once, before world and ctx are checked (an option given as undefined
 * takes its default). Unknown options and values of the wrong type
 * (scale/originX/originY not numbers, yUp/contacts not booleans) are a
 * TypeError, a non-finite or non-positive scale a RangeError.
 */
export function drawWorld(ctx: DrawContext, world: World, options?: DrawOptions): number;
