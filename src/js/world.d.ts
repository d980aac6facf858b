/**
 * The ball-physics world: dynamic balls (circles that spin and roll) against
 * static capsules, segments, circles and half-planes, stepped in WebAssembly.
 *
 * - y up, gravity (0, -10) by default; defaults are for metres and seconds
 *   with balls of 0.05–2 m (`unitsPerMeter` scales every length-based one).
 * - One `step()` = one fixed `dt` with `subSteps` inside (a soft-step solver:
 *   soft contacts, warm starting, a relax pass, restitution once per step),
 *   then continuous collision of every moving ball against the statics: no
 *   speed cap, and a ball that starts a step clear of a static never ends it
 *   on the other side of that static's core or deeper in it than a slop
 *   (0.005 m). Between balls, a ball moving more than its radius in a
 *   step stops a slop short of the first ball in its path (where the step
 *   leaves it; a ball on a joint is not stopped at another ball on a
 *   joint: their contacts push them apart); only
 *   bullets (`BallOptions.bullet`) get the full guarantee.
 * - Normals: static → ball; ball → ball from the lower slot to the higher.
 * - Materials mix as friction √(fa·fb), restitution max(ea, eb), rolling
 *   resistance max(ca, cb). Restitution acts above `restitutionThreshold`.
 * - Rolling resistance c: a torque of at most c·r·N against the ball's spin
 *   (r its radius, N the normal force); a solid ball rolling on a level
 *   floor decelerates at (2/3)·c·g and stops after 3v²/(4·c·g).
 * - Deterministic: the same calls give the same bits in every build and
 *   engine (`stateHash()`).
 * - Errors: a wrong type is a TypeError, a bad value (NaN, ±Infinity, a
 *   negative radius, a removed or foreign handle) a RangeError naming the
 *   argument; nothing changes first.
 */

import type { RayBatch, SweepBatch } from './batch.js';

/**
 * A ball's or static's handle: one number, slot + 2^20 * (kind + 2 * stamp),
 * a safe integer below 2^53 (kind 0: ball, 1: static; stamp < 2^32). A stamp
 * names one life of a slot: one generation of it in one world. Stamps come
 * from a counter per (kind, slot) for the whole process, so no number is ever
 * the handle of two lives of a slot: a handle of another world (live or
 * destroyed, however many worlds the process makes) or of a removed object
 * is a RangeError ("belongs to another World" / "refers to a removed ball"),
 * and hasBall() is false for it. Limit: a slot's stamps wrap after 2^32 lives
 * of that slot in the process (at least 2^32 worlds; a world takes one stamp
 * for a slot it fills once, 1 + 2 + 4 + ... when it reuses the slot, so at
 * most about twice the lives it gives the slot). In one world a (slot,
 * generation) always gives the same number (ballHandle(), queries, after
 * restore()); numbers differ between processes and runs (they depend on the
 * worlds made before): keep slots, not handles, in saved data.
 */
export type Handle = number;

/** The bits of `balls.flags`. */
export declare const BallFlags: Readonly<{ ALIVE: 1; AWAKE: 2; BULLET: 4 }>;

/** The settings configure() changes between steps (the others are fixed at construction). */
export type RuntimeSettings = Pick<WorldOptions, 'gravityX' | 'gravityY' | 'subSteps' | 'contactHertz' | 'staticHertz' |
  'dampingRatio' | 'pushSpeed' | 'restitutionThreshold' | 'hitSpeedThreshold' | 'sleepSpeed' | 'sleepTime' | 'sleep'>;

/** Every setting in use (World.settings). */
export type WorldSettings = Required<WorldOptions>;

/** A ball's state (World.ballState; a new object each call). */
export interface BallState {
  handle: Handle;
  slot: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  angle: number;
  angularVelocity: number;
  radius: number;
  /** density·π·r² (1 / the inverse mass the solver uses). */
  mass: number;
  awake: boolean;
  bullet: boolean;
  userData: number;
}

/**
 * The callback of EventList.forEach: plain numbers, in the order of the
 * record's words. `ball` and `other` are handles (other: a ball's or a
 * static's, see World.isBallHandle; for a capsule body's event, kinds 2–4,
 * `ball` is the body's handle and other a static's, ball's or body's);
 * `speed` (approach speed), the point
 * (x, y) and the normal (nx, ny, from other toward ball) are for hits, 0 for
 * the other kinds; `ballData` and `otherData` are their userData.
 */
export type EventCallback = (ball: Handle, other: Handle, speed: number, x: number, y: number, nx: number, ny: number,
  ballData: number, otherData: number) => void;

export interface WorldOptions {
  /** Gravity, default (0, -10). */
  gravityX?: number;
  gravityY?: number;
  /** The fixed step, default 1/60 s (> 0). */
  dt?: number;
  /** Sub-steps per step, 1–64, default 4. */
  subSteps?: number;
  /** Ball slots allocated up front (default 256): views stay put until more are added. */
  ballCapacity?: number;
  /** Static slots allocated up front (default 64). */
  staticCapacity?: number;
  /** Events kept per kind and step (default 1024); more are counted, not written. */
  eventCapacity?: number;
  /** Scales slop, speculative distance and speed thresholds (default 1: metres). */
  unitsPerMeter?: number;
  /** Ball–ball contact stiffness in Hz (default 60, at most a quarter of the sub-step rate). */
  contactHertz?: number;
  /** Ball–static contact stiffness in Hz (default 120, at most half the sub-step rate). */
  staticHertz?: number;
  /** Contact damping ratio (default 10). */
  dampingRatio?: number;
  /** The fastest an overlap is pushed apart, m/s (default 3). */
  pushSpeed?: number;
  /** Restitution acts above this approach speed, m/s (default 1). */
  restitutionThreshold?: number;
  /** Hit events at or above this approach speed, m/s (default 1). */
  hitSpeedThreshold?: number;
  /** A ball slower than this (m/s, spin included) may sleep (default 0.05). */
  sleepSpeed?: number;
  /** Seconds a group of touching balls must stay slow to sleep (default 0.5). */
  sleepTime?: number;
  /** Sleeping on or off (default true). */
  sleep?: boolean;
}

export interface BallOptions {
  vx?: number;
  vy?: number;
  angle?: number;
  angularVelocity?: number;
  /** > 0, default 1: mass = density·π·r², inertia = mass·r²/2. */
  density?: number;
  /** >= 0, defaults 0, 0.6, 0. */
  restitution?: number;
  friction?: number;
  rollingResistance?: number;
  /** Default 1. */
  gravityScale?: number;
  /** >= 0, default 0. */
  linearDamping?: number;
  angularDamping?: number;
  /** Collide when (catA & maskB) && (catB & maskA); defaults 1 and 0xffffffff. */
  category?: number;
  mask?: number;
  /** Default true. */
  awake?: boolean;
  /**
   * Default false. A bullet gets against other balls the guarantee every ball has against statics: after the
   * sweep against the statics, each step sweeps every moving bullet from its start to its end position against
   * the other balls (those it collides with: category and mask), in slot order, and stops it at the first time
   * of impact. So a bullet that starts a step clear of a ball never ends it on the far side of that ball, nor
   * overlapping it deeper than the slop (0.005 m), at any speed; it keeps its velocity and the next step's
   * contact bounces it and pushes the ball. The other ball is taken to move in a straight line from its start to
   * where the step leaves it: when the two paths meet, the bullet stops at the earlier of the meeting and its impact
   * with the ball's end position; two balls flying together are not stopped; two bullets never swap places. Cost: each
   * moving bullet checks every ball slot, O(balls) per bullet per step; worlds without bullets pay nothing. The
   * guarantee is the bullet's own: a fast ball that is not a bullet may still run into or through a bullet.
   * Fixed for the ball's life; `balls.flags` bit 4 (value 4) shows it.
   */
  bullet?: boolean;
  /** The game's own 32 bits (an integer 0..0xffffffff, default 0): balls.userData, events, snapshots. */
  userData?: number;
}

export interface StaticOptions {
  restitution?: number;
  friction?: number;
  rollingResistance?: number;
  category?: number;
  mask?: number;
  /** A sensor reports balls entering and leaving and never pushes them (default false). */
  sensor?: boolean;
  /** The game's own 32 bits (an integer 0..0xffffffff, default 0): userData(), events, snapshots. */
  userData?: number;
}

/**
 * The balls: slot-indexed live views of capacity length (entries of empty
 * slots are 0). Position, velocity, angle and angular velocity may be written
 * between steps (the next step takes them as its start, without a sweep from
 * the old place, and wakes the ball); the other views are read-only. step()
 * checks what a program can write through them before it changes anything
 * (a RangeError naming `balls.<field>[slot]`, world unchanged): positions and
 * velocities finite within ±1e38, the angle finite, the radius > 0 and within
 * 1e38, flags only bits 1, 2 and 4 with ALIVE (1) on exactly the slots that
 * hold a ball and 0 on the others (below `slotCount`; past it nothing reads the
 * views until an add fills the slot). A view kept in a
 * variable stays valid across `step()`; adding balls beyond the capacity and
 * restore() move them and destroy() frees them; these, and destroy() or
 * reserve() of any other object (a world, a set, a buffer), detach every view
 * kept in a variable (length 0; it never shows another object's memory), so
 * read the getter again after them. A view keeps its world alive.
 */
export interface Balls {
  /** Highest used slot + 1: the loop bound over the views (`if (balls.alive(i))` inside). Not the number of balls: that is `live`. */
  readonly slotCount: number;
  /** The number of balls. */
  readonly live: number;
  readonly capacity: number;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly vx: Float32Array;
  readonly vy: Float32Array;
  readonly angle: Float32Array;
  readonly angularVelocity: Float32Array;
  readonly radius: Float32Array;
  /** Value 1: alive, 2: awake, 4: a bullet (BallOptions.bullet). Read-only: step() refuses unknown bits and an ALIVE bit that does not match the slot. */
  readonly flags: Uint32Array;
  /** The game's own 32 bits per ball (BallOptions.userData); writable; kept in snapshots and given by events. */
  readonly userData: Uint32Array;
  /** slot: an integer below the views' length (else TypeError / RangeError naming it). */
  alive(slot: number): boolean;
  awake(slot: number): boolean;
}

/** Options of addCapsuleBody (all optional; the rules of BallOptions where the names agree). */
export interface CapsuleBodyOptions {
  /** Radians, counter-clockwise (default 0): the core runs along (cos, sin) of it. */
  angle?: number;
  vx?: number;
  vy?: number;
  angularVelocity?: number;
  /** > 0, default 1: mass = density × (2·radius·2·halfLength + π·radius²). */
  density?: number;
  /** >= 0, defaults 0 and 0.6; mixed with the other shape's as for balls (max, sqrt of the product). */
  restitution?: number;
  friction?: number;
  gravityScale?: number;
  linearDamping?: number;
  angularDamping?: number;
  category?: number;
  mask?: number;
  /** Default true. */
  awake?: boolean;
  userData?: number;
}

/**
 * The capsule bodies (dynamic capsules): slot-indexed live views as `Balls`'
 * (same rules for growth, detaching and writes through views: position,
 * angle and velocity may be written between steps and wake the body; step()
 * refuses a non-finite one naming `capsuleBodies.<field>[slot]`). They collide
 * with capsule, segment and line statics (two contact points where a core lies
 * flat), with each other, with balls (a ball rests on a body and tips it), and
 * with kinematic and pivoted capsules as if fixed at their pose; swept against
 * the statics (continuous collision: no tunnelling at any speed or spin).
 * save() / restore() and stateHash() cover them (handles survive a rollback as
 * ball handles do; views kept in variables are detached by restore). Not yet:
 * events and queries.
 */
export interface CapsuleBodies {
  readonly slotCount: number;
  readonly live: number;
  /** The views' length (0 before the first body). */
  readonly capacity: number;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly angle: Float32Array;
  readonly vx: Float32Array;
  readonly vy: Float32Array;
  readonly angularVelocity: Float32Array;
  /** Read-only: half the core's length. */
  readonly halfLength: Float32Array;
  /** Read-only. */
  readonly radius: Float32Array;
  /** 1: alive, 2: awake. Read-only. */
  readonly flags: Uint32Array;
  readonly userData: Uint32Array;
  alive(slot: number): boolean;
  awake(slot: number): boolean;
  /** The body's mass: density × (2·radius·2·halfLength + π·radius²). An empty slot is a RangeError. */
  mass(slot: number): number;
  /** Its rotational inertia about its centre (applyAngularImpulse changes its spin by j / inertia). */
  inertia(slot: number): number;
}

/**
 * One kind of event of the last step. Walk it with `forEach((ball, other,
 * speed, x, y, nx, ny, ballData, otherData) => …)` (handles and numbers, no
 * allocation). The raw records are 12 words: `u32[12i]` kind (0 ball–static,
 * 1 ball–ball, 2 capsule body–static, 3 body–ball, 4 body–body),
 * `u32[12i+1]` the first object's slot (the ball's, the body's for kinds
 * 2–4; the lower slot for ball–ball and body–body), `u32[12i+2]` the
 * static's, ball's or higher slot; hits also hold
 * `f32[12i+3]` the approach speed, `f32[12i+4..5]` the contact point and
 * `f32[12i+6..7]` the normal (from the other object toward the first); `u32[12i+8..9]` the two objects' generations and
 * `u32[12i+10..11]` their userData. Ordered by (kind, first, second), the bodies' after the balls';
 * removals' end events come first and name the removed object as it was.
 * `count` may exceed the capacity (overflow): only the first `written` are in
 * the views.
 */
export interface EventList {
  readonly count: number;
  readonly written: number;
  readonly overflowed: boolean;
  readonly u32: Uint32Array;
  readonly f32: Float32Array;
  /** Calls fn for each written event, in order (see EventCallback); allocates nothing. */
  forEach(fn: EventCallback): void;
  /**
   * The written events as objects (allocates). `ball`, `other` are slots; `ballHandle`, `otherHandle` handles. `kind` names
   * the other object ('static', 'ball') for a ball's event; a capsule body's is 'body-static', 'body-ball' or 'body-body',
   * and then `ball` / `ballHandle` / `ballData` are the first object's: the body's (the lower slot's for body-body).
   */
  toArray(): Array<{
    kind: 'ball' | 'static' | 'body-static' | 'body-ball' | 'body-body'; ball: number; other: number; ballHandle: Handle; otherHandle: Handle; ballData: number; otherData: number;
    speed?: number; x?: number; y?: number; nx?: number; ny?: number;
  }>;
}

/** Options of addDistanceJoint (all optional). */
export interface DistanceJointOptions {
  /** The rest length (>= 0); default the current distance between the ends (clamped into the limits). */
  length?: number;
  /**
   * The limits (>= 0; maxLength may be Infinity). Default both = length (a rigid rod) unless hertz > 0 or the
   * other limit is given: then 0 and Infinity. A rope: `{ maxLength }` (slack below, never longer).
   */
  minLength?: number;
  maxLength?: number;
  /** > 0: a spring toward length within the limits, of this frequency (default 0: none). */
  hertz?: number;
  /** The spring's damping ratio (>= 0, default 1). */
  dampingRatio?: number;
  /** > 0: the joint breaks (is removed, one events.jointBreak record) when its force exceeds this (default Infinity). */
  breakForce?: number;
  /**
   * The anchor on `a` when it is a capsule body, in its frame (from its centre, at angle 0; default its centre):
   * it turns with the body. RangeError on a ball (a ball's anchor is its centre).
   */
  localAnchorA?: { x: number; y: number };
  /** The same for `b` when it is a capsule body (RangeError on a ball or a world point). */
  localAnchorB?: { x: number; y: number };
}

/** Options of addDragJoint (all optional). */
export interface DragJointOptions {
  /** The largest force the joint applies (> 0; default 1000 times the ball's or capsule body's mass). */
  maxForce?: number;
  /** The spring's frequency (> 0, default 5) and damping ratio (>= 0, default 0.7). */
  hertz?: number;
  dampingRatio?: number;
  /** As DistanceJointOptions.breakForce. */
  breakForce?: number;
}

/** Options of addRevoluteJoint (all optional). */
export interface RevoluteJointOptions {
  /**
   * Angle limits (radians, within [-pi, pi], lower <= upper): the relative angle (a's angle minus b's, or minus
   * the world's 0, less their difference at creation) stays in [lowerAngle, upperAngle]. Default none; one
   * alone leaves the other side open (-pi or pi).
   */
  lowerAngle?: number;
  upperAngle?: number;
  /** A motor driving the relative spin toward motorSpeed (rad/s, default 0) with at most maxMotorTorque (>= 0, may be Infinity; default 0: no motor). */
  motorSpeed?: number;
  maxMotorTorque?: number;
  /** As DistanceJointOptions.breakForce (the pin's force). */
  breakForce?: number;
}

/** A revolute joint's state (jointState; a new object). */
export interface RevoluteJointState {
  handle: Handle;
  kind: 'revolute';
  /** addRevoluteJoint's a (a ball or capsule body handle). */
  ball: Handle;
  /** addRevoluteJoint's b, or null for the world. */
  other: Handle | null;
  /** The pin on b (the world point for the world) now, and on a now: apart only as far as the soft pin gives. */
  x: number;
  y: number;
  bx: number;
  by: number;
  /** -Infinity and Infinity without limits. */
  lowerAngle: number;
  upperAngle: number;
  motorSpeed: number;
  maxMotorTorque: number;
  /** The relative angle now (in [-pi, pi]) and the relative spin (rad/s). */
  angle: number;
  angularSpeed: number;
  breakForce: number;
  /** The pin's force in the last step (its last sub-step's linear impulse over the sub-step; 0 asleep). */
  force: number;
}

/** A joint's state (jointState; a new object). */
export interface DistanceJointState {
  handle: Handle;
  kind: 'distance' | 'drag';
  /** The joint's ball or capsule body (addDistanceJoint's a, addDragJoint's ball). */
  ball: Handle;
  /** The other ball or capsule body, or null for a world point (a drag joint's target). */
  other: Handle | null;
  /** The other end now: the other ball's centre, the other body's anchor, the world point or the drag target. */
  x: number;
  y: number;
  /** `ball`'s anchor now: a ball's centre, a capsule body's anchor (a drag joint's: the point it was grabbed at). */
  anchorX: number;
  anchorY: number;
  length: number;
  minLength: number;
  maxLength: number;
  hertz: number;
  dampingRatio: number;
  maxForce: number;
  breakForce: number;
  /** The force the joint applied in the last step (its last sub-step's impulse over the sub-step; 0 asleep). */
  force: number;
}

export type JointState = DistanceJointState | RevoluteJointState;

/**
 * events.jointBreak: the joints that broke in the last step (force over breakForce), in joint slot order, with
 * EventList's count / written / overflowed rules. The raw records: `u32[12i]` the joint's kind (1 distance, 2
 * drag, 3 revolute), `u32[12i+1]` its slot, `u32[12i+2]` its ball's slot (a capsule body: 0x80000000 | its
 * slot), `f32[12i+3]` the force, `u32[12i+4]` the other end's slot (the same) or 0xffffffff (a world point),
 * `u32[12i+8]` the joint's generation, `u32[12i+9]` and `u32[12i+11]` the ends' generations. A joint removed by
 * removeJoint or with its ball or body is not reported.
 */
export interface JointBreakList {
  readonly count: number;
  readonly written: number;
  readonly overflowed: boolean;
  readonly u32: Uint32Array;
  readonly f32: Float32Array;
  /** fn(joint, ball, other, force): the broken (now removed) joint's handle, its ball's, the other ball's or -1. */
  forEach(fn: (joint: Handle, ball: Handle, other: Handle | -1, force: number) => void): void;
  toArray(): Array<{ joint: Handle; ball: Handle; other: Handle | null; force: number; kind: 'distance' | 'drag' | 'revolute' }>;
}

export interface WorldEvents {
  /** Contacts that started touching (touching: the solver pushed, or separation <= 0). */
  readonly begin: EventList;
  /** Contacts that stopped touching, or whose ball or static was removed. */
  readonly end: EventList;
  /** Begins whose approach speed >= hitSpeedThreshold. */
  readonly hit: EventList;
  readonly sensorEnter: EventList;
  readonly sensorLeave: EventList;
  /** Joints that broke (breakForce exceeded). */
  readonly jointBreak: JointBreakList;
}

export interface WorldRayHit {
  fraction: number;
  x: number;
  y: number;
  nx: number;
  ny: number;
  startsInside: boolean;
  kind: 'ball' | 'static' | 'body';
  handle: Handle;
}

export interface WorldSweepHit {
  t: number;
  x: number;
  y: number;
  nx: number;
  ny: number;
  px: number;
  py: number;
  startsInside: boolean;
  kind: 'ball' | 'static' | 'body';
  handle: Handle;
}

export interface KinematicOptions {
  /** Where the pivot sits along the core, 0..1 (default 0.5, the centre; 0: end a, a flipper). */
  pivot?: number;
  restitution?: number;
  friction?: number;
  rollingResistance?: number;
  category?: number;
  mask?: number;
  /** The game's own 32 bits (an integer 0..0xffffffff, default 0). */
  userData?: number;
}

export interface PivotedOptions extends KinematicOptions {
  /** Mass per area (default 1). */
  density?: number;
  lowerAngle?: number;
  upperAngle?: number;
  motorSpeed?: number;
  maxMotorTorque?: number;
  angularDamping?: number;
}

export interface KinematicState {
  x: number;
  y: number;
  angle: number;
  vx: number;
  vy: number;
  angularVelocity: number;
  length: number;
  radius: number;
  pivot: number;
}

export class World {
  /**
   * Needs `await init()` first. Unknown option keys are a TypeError. A World is not extensible: assigning a
   * property it does not have (`w.gravityY = -1`) throws a TypeError in strict code (ES modules); use
   * setGravity / configure.
   */
  constructor(options?: WorldOptions);
  readonly balls: Balls;
  readonly events: WorldEvents;
  readonly eventCapacity: number;
  /** Awake balls in the last step. */
  readonly awakeCount: number;
  readonly destroyed: boolean;

  /** The capsule bodies' views. */
  readonly capsuleBodies: CapsuleBodies;
  /**
   * Adds a dynamic capsule centred at (x, y), core length 2·halfLength (>= 0; 0 is a disc), radius > 0, in the
   * lowest free slot. TypeError / RangeError naming the argument, nothing changed, on a bad value.
   */
  addCapsuleBody(x: number, y: number, halfLength: number, radius: number, options?: CapsuleBodyOptions): Handle;
  removeCapsuleBody(handle: Handle): void;
  wakeCapsuleBody(handle: Handle): void;
  /** The body's slot: its index in `capsuleBodies`' views. */
  capsuleBodySlotOf(handle: Handle): number;
  /** The handle of the body in slot (RangeError when empty). */
  capsuleBodyHandle(slot: number): Handle;
  /** False for a removed, foreign, ball or static handle. */
  hasCapsuleBody(handle: Handle): boolean;
  /** Adds a ball in the lowest free slot (the n-th ball gets slot n while none is removed). */
  addBall(x: number, y: number, radius: number, options?: BallOptions): Handle;
  /** Removes it; touching contacts give end events in the next step; its joints are removed with it (no jointBreak). */
  removeBall(handle: Handle): void;
  /**
   * Joints (solved in the sub-steps as soft constraints, as Box2D v3's): a distance joint between ball `a` and `b`,
   * a ball handle or a world point {x, y}, anchored at the balls' centres; or between capsule body `a` and `b`, a
   * capsule body handle or a world point, anchored at points fixed in the bodies (options.localAnchorA / B; default
   * their centres), so they turn (a capsule hung by two joints from one point swings as a compound pendulum, its
   * period within 0.02% of the small-angle formula); or between a ball and a capsule body (either as `a`), anchored
   * at the ball's centre and at a point fixed in the body (a ball hung from a pinned capsule swings with the
   * pendulum's period within 0.02%; the two do not collide; solved in the bodies' pass with the ball's own mass).
   * Rigid by default (the current distance);
   * a rope with `{ maxLength }`; a spring with `{ hertz }`. Long or heavily loaded chains want more sub-steps
   * (a 50-ball rope holds its links within 1% at subSteps 16). Joined balls wake and sleep together. A joint handle is
   * never a ball's, static's or body's; removing either ball removes the joint. Bad input: TypeError / RangeError
   * naming the argument, nothing changed.
   */
  addDistanceJoint(a: Handle, b: Handle | { x: number; y: number }, options?: DistanceJointOptions): Handle;
  /**
   * A drag ("mouse") joint pulling the ball toward (x, y) with at most maxForce; never through a static (CCD holds).
   * `ball` may be a capsule body handle: it is held at the point of it at (x, y) now (so it turns and hangs from
   * it, its spin lightly damped) and pulled there; a held body is swept every step it moves, so no force pulls it
   * across a static.
   */
  addDragJoint(ball: Handle, x: number, y: number, options?: DragJointOptions): Handle;
  /**
   * A revolute (pin) joint between `a` (a ball or capsule body handle) and `b` (another ball or capsule body, of
   * either kind: a ragdoll's head on its torso, or null for the world), pinned at the world point (x, y), which stays
   * fixed in both (Box2D v3's soft step; a ball turns with it). Optional limits and a motor (RevoluteJointOptions).
   * Joined bodies (and a joined ball and body) do not collide with each other; joined ends wake and sleep together;
   * removing either end removes the joint (no event). A 20-capsule bridge holding 10 balls keeps its
   * pins within 0.35% of a link at subSteps 8. Bad input: TypeError / RangeError naming the argument, nothing changed.
   */
  addRevoluteJoint(a: Handle, b: Handle | null, x: number, y: number, options?: RevoluteJointOptions): Handle;
  /** Moves a drag joint's target, or a distance joint's world point; wakes the ball or body. RangeError for a joint between two ends. */
  setDragTarget(joint: Handle, x: number, y: number): void;
  /** Removes a joint (its balls stay and wake). */
  removeJoint(joint: Handle): void;
  /** True for a live joint of this world; false for a removed, broken or foreign one, or another kind's handle. */
  hasJoint(joint: Handle): boolean;
  jointState(joint: Handle): JointState;
  /** The live joints' handles in slot order (a new array). */
  joints(): Handle[];
  wakeBall(handle: Handle): void;
  /** The ball's slot: its index in the views. */
  slotOf(handle: Handle): number;
  /** False for a removed, foreign or static handle; a non-number is a TypeError, NaN or a fractional or negative value a RangeError. */
  hasBall(handle: Handle): boolean;
  ballHandle(slot: number): Handle;
  /** The handle of the static in slot (the slots statics() and raw event records give); an empty slot is a RangeError. */
  staticHandle(slot: number): Handle;
  /** The slot of a static handle. */
  staticSlotOf(handle: Handle): number;
  /** True for a ball's handle, false for a static's (the kind the number carries; live or not). */
  isBallHandle(handle: Handle): boolean;
  /** The userData of a ball, a static or a capsule body. */
  userData(handle: Handle): number;
  /** Sets the userData of a ball, a static or a capsule body (an integer 0..0xffffffff). */
  setUserData(handle: Handle, value: number): void;

  /**
   * Adds (ix, iy)/mass to the velocity of a ball or a capsule body (a kick at its centre) and wakes it. A resulting
   * velocity beyond ±1e38 is a RangeError, nothing changed. The four methods below take ball and capsule body handles.
   */
  applyImpulse(handle: Handle, ix: number, iy: number): void;
  /** Adds j/inertia to the ball's or body's spin (counter-clockwise positive) and wakes it. */
  applyAngularImpulse(handle: Handle, j: number): void;
  /** Sets the ball's or body's velocity and wakes it. */
  setVelocity(handle: Handle, vx: number, vy: number): void;
  /** Teleports the ball or body (the next step starts there: no sweep from the old place) and wakes it. */
  setPosition(handle: Handle, x: number, y: number): void;
  /** The ball's state as a new object. */
  ballState(handle: Handle): BallState;

  /** Every setting in use (a new object; the constructor's names). Snapshots keep them. */
  readonly settings: WorldSettings;
  /** Gravity from the next step on (tilt, nudge); wakes every ball. */
  setGravity(x: number, y: number): void;
  /**
   * Changes settings between steps with the constructor's checks: gravity, subSteps, the contact settings and
   * sleeping (RuntimeSettings). dt, unitsPerMeter and the capacities are fixed at construction (a TypeError here).
   * All or nothing; a change wakes every ball.
   */
  configure(options: RuntimeSettings): void;

  /** A static capsule (radius 0 is a segment; A = B a circle). */
  addCapsule(ax: number, ay: number, bx: number, by: number, radius: number, options?: StaticOptions): Handle;
  addSegment(ax: number, ay: number, bx: number, by: number, options?: StaticOptions): Handle;
  addCircle(x: number, y: number, radius: number, options?: StaticOptions): Handle;
  /** A half-plane through A ≠ B: solid on the right of A→B, free on the left (a floor runs left to right). */
  addLine(ax: number, ay: number, bx: number, by: number, options?: StaticOptions): Handle;
  removeStatic(handle: Handle): void;
  /** The statics as objects, read from the world (allocates; for drawing); kinematic capsules at their current pose, with their state. */
  statics(): Array<{ handle: Handle; slot: number; userData: number; kind: 'capsule' | 'line' | 'kinematic' | 'pivoted'; ax: number; ay: number; bx: number; by: number; radius: number; sensor: boolean; chain?: { prev: number; next: number; oneSided: boolean }; lowerAngle?: number; upperAngle?: number } & Partial<KinematicState>>;

  /**
   * A chain (track, marble run): static capsules of one radius through points [x0, y0, x1, y1, …], open, or closed
   * with `options.loop`. A ball rolls across every joint with one contact and no bump (the ghost-collision fix: a
   * joint's contact is kept by one piece, and only when the ball is not over the next piece), so collinear pieces act
   * as one capsule; a concave corner gives two contacts, a convex one one. Two-sided, unless `options.oneSided`: then
   * only the left of each piece's direction (point i to point i + 1) collides, the side `addLine` keeps free: a floor
   * runs left to right, a counter-clockwise loop keeps balls in, a clockwise loop keeps them out, and an open chain is
   * a one-way platform that balls pass through from its right (contacts and continuous collision; queries and ray
   * casts see both sides). Returns the pieces' handles
   * (ordinary statics: events, queries and removeStatic name them; removing one leaves open ends). Fewer than 2 points
   * (3 for a loop), an odd count or a non-finite value: RangeError; not an array: TypeError; nothing changed.
   */
  addChain(points: ArrayLike<number>, radius: number, options?: Omit<StaticOptions, 'sensor'> & { loop?: boolean; oneSided?: boolean }): Handle[];
  /**
   * A kinematic capsule (flipper, paddle, moving platform, pusher): infinite mass, moved by the game, never a sensor.
   * (x, y) is its pivot, at `options.pivot` along the core (0: end a — a flipper; 0.5, the default: the centre; 1: end b):
   * a = P − u·pivot·length, b = P + u·(1 − pivot)·length, u = (cos angle, sin angle). Its contacts are recomputed from
   * its pose at every sub-step; a ball touching it picks up its surface velocity (pivot velocity + spin × lever arm).
   * A ball near it is kept out by those sub-step contacts; a ball that comes from farther (a fast shot) is swept
   * against its motion in the step, rotation included, and goes on with it from the first touch: no ball passes
   * through a still, moving or turning one (1 to 1,000 radii per step, up to 60 rad/s). A ball squeezed into a
   * static wall stays on the wall's free side (the wall wins). A capsule body touching it feels its surface velocity
   * (a platform carries a body, a flipper flicks it; the body's contacts are posed at the step's start only), and
   * one it meets from farther is carried on and leaves the step with its velocity at the body's centre.
   *
   * Launch speed: a fast flipper launches a ball at the surface speed of its pose one sub-step before the step's
   * end (contacts are posed at each sub-step's start), so the launch lags the surface speed where the ball leaves by
   * about the last sub-step's turn, ω·dt/subSteps. Measured (ball resting 0.8 along a flipper spun from rest for one
   * step, restitution 0, friction 0, dt 1/60): subSteps 4 (the default): −6% at 20 rad/s, −18% at 40, −30% at 60;
   * subSteps 8: −3%, −10%, −17%; subSteps 16: −2%, −5%, −9%. A game that wants the launch within about 10% at
   * 60 rad/s uses `subSteps: 16` (the step's solver time grows in proportion), or spins its flipper faster by the
   * lag.
   */
  addKinematicCapsule(x: number, y: number, angle: number, length: number, radius: number, options?: KinematicOptions): Handle;
  /** Velocity of the pivot and spin about it, kept until changed: each step moves the capsule by dt times it. */
  setKinematicVelocity(handle: Handle, vx: number, vy: number, angularVelocity: number): void;
  /**
   * The pose to reach at the end of the next step: the velocity becomes (target − pose) / dt, and is kept after it
   * unless set again. The angle is reached the shorter way round: at most π in a step, and whole turns between the
   * two angles do not count (a target of π + 0.4 from −π + 0.4 is no turn). Spin faster with setKinematicVelocity.
   */
  setKinematicTarget(handle: Handle, x: number, y: number, angle: number): void;
  /** Moves it there at once (no sweep; velocity kept; wakes every ball). */
  setKinematicPose(handle: Handle, x: number, y: number, angle: number): void;
  /** Its pose, velocity and shape (a kinematic or a pivoted capsule). A handle of another kind of static is a RangeError. */
  kinematic(handle: Handle): KinematicState;
  /**
   * A pivoted capsule (seesaw, swinging gate): turns about its fixed pivot (x, y), at `options.pivot` along the core
   * (default 0.5), with mass density × area (default density 1), a rod's inertia about the pivot and gravity on its
   * centre; balls tip it by their weight and it throws them when it swings. Its contacts are solved one by one after
   * the 4-wide packs, with the two-body lever terms. Options: lowerAngle and upperAngle (both or neither: limits,
   * inelastic stops), motorSpeed with maxMotorTorque (> 0: a motor), angularDamping. Read it with kinematic().
   */
  addPivotedCapsule(x: number, y: number, angle: number, length: number, radius: number, options?: PivotedOptions): Handle;

  /**
   * One fixed step. A ball state that is not finite, a radius not > 0, or flags that do not match the slot (see Balls)
   * throw a RangeError naming the slot and field; the world is unchanged.
   */
  step(): void;
  /** FNV-1a over every live ball's slot, position, velocity, angle, spin and flags, then every live joint's record, then every live capsule body's slot, pose, velocity and flags. */
  stateHash(): number;
  /** Touching contacts of the last step, 6 floats each: px, py, nx, ny, separation, normal impulse (a copy). */
  contacts(): Float32Array;
  /*
   * Queries (rayCast, queryCircle, queryBox, sweepBall, castRays, sweepBalls) see the world as the last world
   * method left it: each ball where the last step() put it (or addBall / restore), never at a position written
   * through balls.x / balls.y since — such a write is seen from the next step() on — with the radius it had
   * then; statics at their current pose; capsule bodies at their current pose too (capsuleBodies.x, .y, .angle as
   * the last step() or the game left them: bodies keep no copy of the last step's pose, so a body moved through its
   * views is found where it was put at once). Every answer comes from one such snapshot, never a mix. They go through
   * the step's own grids (the balls' refit to where each step left them, made by the first query after a step(): one
   * pass over the balls, about 0.03 / 0.09 / 0.25 ms at 1,000 / 10,000 / 50,000 balls, so frames that query nothing
   * skip it; balls added or removed since are seen at once; lines are always tested), so a query costs about the
   * cells it touches, not the number of balls. Before the first step() of a new or restored world, or when
   * more than 32 balls were added since the last step(), they scan every ball (same answers) until the next step().
   * Capsule bodies, few beside balls, are scanned by every query (each live body: a box test, then the exact capsule
   * test): O(bodies) per query. Bodies are never sensors; the queries have no filter (category and mask unread).
   * Ray casts and sweeps give the closest hit; at equal distance a ball wins, then a static, then a capsule body,
   * then the lower slot. A hit's `kind` is 'ball', 'static' or 'body' (a capsule body: `handle` is its
   * capsule body handle, as addCapsuleBody gave).
   */
  /** The closest hit of O + s·D, s in [0, maxFraction] (default 1), over balls, statics (not sensors) and capsule bodies. */
  rayCast(ox: number, oy: number, dx: number, dy: number, maxFraction?: number): WorldRayHit | null;
  /** Balls (by slot), then statics (by slot), then capsule bodies (by slot), overlapping the circle; touching counts. */
  queryCircle(x: number, y: number, radius: number): Handle[];
  /** Balls, then statics, then capsule bodies (each by slot), overlapping the box [x0, x1] × [y0, y1]; touching counts. x1 < x0 or y1 < y0 is a RangeError. */
  queryBox(x0: number, y0: number, x1: number, y1: number): Handle[];
  /**
   * The first hit of a ball of `radius` swept from (x0, y0) to (x1, y1) over balls, statics (not sensors) and capsule bodies:
   * t in [0, 1], the centre (x, y) at t, the normal (nx, ny) from the shape, the point (px, py) on it.
   * Touching at t = 1 counts; a start in contact is t = 0 with startsInside. Null on a miss.
   */
  sweepBall(x0: number, y0: number, x1: number, y1: number, radius: number): WorldSweepHit | null;
  /**
   * Many rays in one call: each ray of the RayBatch (inputs ox, oy, dx, dy, maxFraction) gets rayCast's answer in
   * its outputs: index = a hit word (hitHandle turns it into a handle: (1 << 31) | slot for a ball, (1 << 30) | slot
   * for a capsule body, the slot for a static) or NO_HIT with the other outputs 0; fraction, x, y, nx, ny, startsInside. Every input is checked first
   * (RangeError naming rays.<field>[i] or the zero direction; nothing written). Returns how many hit.
   */
  castRays(rays: RayBatch): number;
  /** The same for swept balls: each input of the SweepBatch (x0, y0, x1, y1, radius) gets sweepBall's answer. */
  sweepBalls(sweeps: SweepBatch): number;
  /** The handle a castRays / sweepBalls index word names (a ball's, a capsule body's or a static's); null for NO_HIT. RangeError when its slot holds nothing. */
  hitHandle(word: number): Handle | null;
  /**
   * The whole world as bytes (a copy; little-endian): a 32-byte header (magic "C2DW", format version, library
   * version, size, FNV-1a checksum, record sizes), the settings, every ball slot, the statics, and what the next
   * step carries over (warm-start impulses, touching flags, sleep timers, sensor overlaps, queued end events), and the
   * joints (with their generations: joint handles survive a rollback as ball handles do), and the capsule
   * bodies (every slot, generations too, with their contacts' warm-start impulses).
   * Stepping a restored world gives the same bits as stepping this one, in Node and browsers, SIMD and scalar.
   */
  save(): Uint8Array;
  /**
   * Replaces the whole state (settings included) by a snapshot from save(). Handles of this world saved in it
   * stay valid (a rollback keeps them; a ball added after the save is a removed ball again, and re-adding it
   * gives it the same handle); another world's handles stay foreign. Views kept in variables are detached: re-read
   * them. Events read empty until the next step. Truncated, altered, another format or
   * library version, or inconsistent: RangeError naming the problem, world unchanged. Not a Uint8Array or
   * ArrayBuffer: TypeError.
   */
  restore(bytes: Uint8Array | ArrayBuffer): void;
  /** A new World from a snapshot: the same slots, new handles (ballHandle(slot) gives them); errors as restore. */
  static fromSnapshot(bytes: Uint8Array | ArrayBuffer): World;
  /** Frees the world now (optional; idempotent). */
  destroy(): void;
}
