/* The golden state hash of the busy world scene (tests/world/scene.js and
 * tests/native/test_world.c build the same scene): the same constant native,
 * wasm scalar and wasm SIMD, in Node and in Chromium. Changing the solver on
 * purpose changes it; change it here only, and say why in the commit. */
#define CAP_WORLD_GOLDEN_HASH 0xc62b08e1u
/* The snapshot run (test_world.c, tests/world/snapshot.test.js, the Chromium
 * determinism test): the golden scene stepped 100 times, balls 299 and 5
 * removed, one step, ball 6 removed, saved; restored (in place, in a fresh
 * world, in another build) and stepped 1000 times: this state hash. */
#define CAP_WORLD_SNAPSHOT_HASH 0x11cba8b7u
/* The golden scene with its fast balls (every 50th) as bullets
 * (test_world.c, tests/world/scene.js): 300 steps, this state hash. */
#define CAP_WORLD_BULLET_HASH 0xc6141070u
/* The joints scene (test_joints.c, tests/world/joints-scene.js): a rope,
 * a pendulum, a spring, a drag joint, a joint that breaks, balls falling on
 * the rope; 300 steps, this state hash (joints included). */
#define CAP_WORLD_JOINTS_HASH 0xbe38085au
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
 * a rope that breaks), balls falling on them; 300 steps, this state hash. */
#define CAP_WORLD_BALL_BODY_HASH 0xe21904b0u
