// The ball-body joints golden scene (CAP_WORLD_BALL_BODY_HASH in
// tests/golden/world.h; tests/native/test_joints_ball_body.c,
// test_joints_ball_body_golden_hash, builds the same): a floor; a lamp (a
// capsule pinned to the world at both ends) with a ball on a rope from its
// tip; a ragdoll's head (a ball) pinned to its torso (a capsule), dropped; a
// tilted capsule falling with a ball on a rigid joint from its tip; a capsule
// pinned at its centre with a ball on a spring; a ball on a rope that breaks;
// 3 balls falling on them. Values explicit where the JS and C defaults could
// differ (lengths given).

import { runJointScene } from './revolute-scene.js';

/** Builds the scene; returns { world, run(hashes) } where run() steps 300 times and returns the breaks seen. */
export function ballBodyScene(World) {
  const w = new World();
  w.addSegment(-10, 0, 20, 0);
  const ball = (x, y, r, vx, restitution) => w.addBall(x, y, r, { vx, restitution });
  const lamp = w.addCapsuleBody(0, 5, 0.5, 0.05);
  w.addRevoluteJoint(lamp, null, -0.5, 5);
  w.addRevoluteJoint(lamp, null, 0.5, 5);
  const bob = ball(1.3, 4.4, 0.1, 0, 0);
  w.addDistanceJoint(bob, lamp, { localAnchorB: { x: 0.5, y: 0 }, length: 1, minLength: 0, maxLength: 1 });
  const torso = w.addCapsuleBody(4, 2, 0.3, 0.1), head = ball(4.5, 2, 0.15, 0, 0);
  w.addRevoluteJoint(head, torso, 4.38, 2);
  const faller = w.addCapsuleBody(8, 4, 0.4, 0.08, { angle: 0.3 }), tied = ball(9.2, 4, 0.1, 2, 0);
  w.addDistanceJoint(faller, tied, { localAnchorA: { x: 0.4, y: 0 }, length: 0.8, minLength: 0.8, maxLength: 0.8 });
  const wheel = w.addCapsuleBody(12, 5, 0.4, 0.1), sprung = ball(12.4, 4, 0.1, 1, 0);
  w.addRevoluteJoint(wheel, null, 12, 5);
  w.addDistanceJoint(sprung, wheel, { localAnchorB: { x: 0.4, y: 0 }, length: 1, minLength: 0, maxLength: 3, hertz: 2, dampingRatio: 0.3 });
  const hook = w.addCapsuleBody(15, 5, 0.5, 0.1), weak = ball(15.5, 3.5, 0.1, 0, 0);
  w.addRevoluteJoint(hook, null, 14.5, 5);
  w.addRevoluteJoint(hook, null, 15.5, 5);
  w.addDistanceJoint(hook, weak, { localAnchorA: { x: 0.5, y: 0 }, length: 1.5, minLength: 0, maxLength: 1.5, breakForce: 0.2 });
  ball(1.3, 6, 0.1, 0, 0.5);
  ball(4.2, 4, 0.1, 0, 0.5);
  ball(4.6, 5, 0.1, 0, 0.5);
  return { world: w, run: (hashes) => runJointScene(w, hashes) };
}
