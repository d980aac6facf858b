/* The golden state hash of the busy world scene (tests/world/scene.js and
 * tests/native/test_world.c build the same scene): the same constant native,
 * wasm scalar and wasm SIMD, in Node and in Chromium. Changing the solver on
 * purpose changes it; change it here only, and say why in the commit.
 * (Regenerated 2026-11-28 (eleventh session), was 0x74cb3dc8: the balls' sweeps
 * run on the step's clock, ccd.c's toi_clocked (a ball stopped at a
 * static rests from then on, it is not spread over the step); two balls
 * pressed together at the start are the solver's unless one would pass
 * through the other, and two touching are not pulled back for each other
 * (toi_ball, pair_min): fast balls no longer hang in mid-air.)
 * (Then again, was 0xb520128d: the bounces'
 * energy bound, step.c's bound_bounces: a group of balls joined by this
 * step's contacts never ends its bounces with more energy than it began
 * the step with.) */
#define CAP_WORLD_GOLDEN_HASH 0xe0838eccu
/* The snapshot run (test_world.c, tests/world/snapshot.test.js, the Chromium
 * determinism test): the golden scene stepped 100 times, balls 299 and 5
 * removed, one step, ball 6 removed, saved; restored (in place, in a fresh
 * world, in another build) and stepped 1000 times: this state hash.
 * (Regenerated 2026-11-28 (eleventh session), was 0x3bff030b: the balls' sweeps
 * run on the step's clock, ccd.c's toi_clocked (a ball stopped at a
 * static rests from then on, it is not spread over the step); two balls
 * pressed together at the start are the solver's unless one would pass
 * through the other, and two touching are not pulled back for each other
 * (toi_ball, pair_min): fast balls no longer hang in mid-air.)
 * (Then again, was 0x44d4c30c: the bounces'
 * energy bound, step.c's bound_bounces: a group of balls joined by this
 * step's contacts never ends its bounces with more energy than it began
 * the step with.) */
#define CAP_WORLD_SNAPSHOT_HASH 0x5c8b0ae4u
/* The golden scene with its fast balls (every 50th) as bullets
 * (test_world.c, tests/world/scene.js): 300 steps, this state hash.
 * (Regenerated 2026-11-28 (eleventh session), was 0xd70c51df: the balls' sweeps
 * run on the step's clock, ccd.c's toi_clocked (a ball stopped at a
 * static rests from then on, it is not spread over the step); two balls
 * pressed together at the start are the solver's unless one would pass
 * through the other, and two touching are not pulled back for each other
 * (toi_ball, pair_min): fast balls no longer hang in mid-air.)
 * (Then again, was 0xc0c28788: the bounces'
 * energy bound, step.c's bound_bounces: a group of balls joined by this
 * step's contacts never ends its bounces with more energy than it began
 * the step with.) */
#define CAP_WORLD_BULLET_HASH 0x83672561u
/* The joints scene (test_joints.c, tests/world/joints-scene.js): a rope,
 * a pendulum, a spring, a drag joint, a joint that breaks, balls falling on
 * the rope; 300 steps, this state hash (joints included).
 * (Regenerated 2026-11-28, was 0xbe38085a: a fast ball that meets another
 * ball's path mid-way (not its end position) pulls that ball back to the
 * meeting too, ccd.c's pair_min; two balls crossing at the same time no
 * longer pass each other untouched.)
 * (Then again, was 0x8e63441e: the bounces'
 * energy bound, step.c's bound_bounces: a group of balls joined by this
 * step's contacts never ends its bounces with more energy than it began
 * the step with.) */
#define CAP_WORLD_JOINTS_HASH 0x0620a0edu
/* The chains scene (test_joints.c, tests/world/joints-scene.js): rigid
 * ropes the joint solver packs side by side, a ring, a backwards chain, a
 * free chain, a break, a removed ball; 300 steps, this state hash. */
#define CAP_WORLD_CHAINS_HASH 0x5169b386u
/* The body joints scene (test_joints_revolute.c, tests/world/revolute-scene.js):
 * capsule bodies and balls on revolute joints (a chain, limits, a motor, a
 * break), balls on distance joints, balls falling on the chain, capsule
 * bodies on distance joints (rigid, rope, spring; anchors off the centres)
 * and on a drag joint; 300 steps, this state hash (bodies and joints
 * included). */
#define CAP_WORLD_BODY_JOINTS_HASH 0x2a7d507eu
/* The ball-body joints scene (test_joints_ball_body.c, tests/world/ball-body-scene.js):
 * balls joined to capsule bodies (a lamp's bob on a rope, a ragdoll's head
 * on a pin, a ball on a rigid joint to a falling capsule, one on a spring,
 * a rope that breaks), balls falling on them; 300 steps, this state hash.
 * (Regenerated 2026-11-28, was 0xe21904b0: a body's speculative contacts
 * with balls and statics that its path never reaches are clipped, as the
 * balls' are, cap_body_clip; the balls falling past the bodies.) */
#define CAP_WORLD_BALL_BODY_HASH 0x103e6c5du
