// The body joints golden scene (CAP_WORLD_BODY_JOINTS_HASH in
// tests/golden/world.h; tests/native/test_joints_revolute.c,
// test_joints_revolute_golden_hash, builds the same): a floor; a chain of 6
// capsules pinned to the world and to each other; a capsule with limits
// [-0.5, 0.5]; a capsule turned by a motor; two balls on revolute joints; two
// balls on rigid distance joints; a capsule on a revolute joint that breaks;
// 5 balls falling on the chain; capsules on distance joints (a rigid one
// from a world point, a rope between two bodies, a spring, anchors off the
// centres) and one lifted by a drag joint. Values explicit where the JS and
// C defaults could differ.

/** Builds the scene; returns { world, run(hashes) } where run() steps 300 times and returns the breaks seen. */
export function revoluteScene(World) {
  const w = new World();
  w.addSegment(-10, 0, 20, 0);
  const body = (x, y, hl, r) => w.addCapsuleBody(x, y, hl, r);
  const ball = (x, y, vx, restitution) => w.addBall(x, y, 0.1, { vx, restitution });
  const chain = [];
  for (let i = 0; i < 6; i++) chain.push(body(0.25 + 0.5 * i, 5, 0.25, 0.05));
  w.addRevoluteJoint(chain[0], null, 0, 5);
  for (let i = 1; i < 6; i++) w.addRevoluteJoint(chain[i], chain[i - 1], 0.5 * i, 5);
  w.addRevoluteJoint(body(4.5, 5, 0.5, 0.1), null, 4, 5, { lowerAngle: -0.5, upperAngle: 0.5 });
  w.addRevoluteJoint(body(6, 3, 0.5, 0.1), null, 6, 3, { motorSpeed: 2, maxMotorTorque: 50 });
  const p = ball(8, 4, 0, 0), q = ball(8.25, 4, 0, 0);
  w.addRevoluteJoint(p, null, 8, 4.25);
  w.addRevoluteJoint(q, p, 8.125, 4);
  const c = ball(10, 4, 3, 0), d = ball(10.5, 4, 0, 0);
  w.addDistanceJoint(c, { x: 10, y: 5 }, { length: 1, minLength: 1, maxLength: 1 });
  w.addDistanceJoint(d, c, { length: 0.5, minLength: 0.5, maxLength: 0.5 });
  w.addRevoluteJoint(body(12.5, 5, 0.5, 0.1), null, 12, 5, { breakForce: 1 });
  for (let k = 0; k < 5; k++) ball(0.5 * k + 0.5, 7, 0, 0.5);
  // distance and drag joints on capsule bodies, anchors off the centres
  const hung = body(14.5, 5, 0.5, 0.1), tail = body(16, 5, 0.5, 0.1);
  const sprung = w.addCapsuleBody(18, 4, 0.4, 0.1, { angle: 0.3 }), lifted = body(-5, 1, 0.5, 0.1);
  w.addDistanceJoint(hung, { x: 14, y: 6 }, { localAnchorA: { x: -0.5, y: 0 }, length: 1, minLength: 1, maxLength: 1 });
  w.addDistanceJoint(tail, hung, { localAnchorA: { x: -0.5, y: 0 }, localAnchorB: { x: 0.5, y: 0 }, length: 0.6, minLength: 0, maxLength: 0.6 });
  w.addDistanceJoint(sprung, { x: 18, y: 6 }, { localAnchorA: { x: 0.4, y: 0 }, length: 1.5, minLength: 0, maxLength: 3, hertz: 2, dampingRatio: 0.3 });
  w.addDragJoint(lifted, -4.5, 3, { maxForce: 50, hertz: 5, dampingRatio: 0.7 });
  return { world: w, run: (hashes) => runJointScene(w, hashes) };
}

/** Steps a golden joints scene 300 times, pushing the state hash every 50 steps into hashes (if given); returns the breaks seen. */
export function runJointScene(w, hashes) {
  let breaks = 0;
  for (let k = 0; k < 300; k++) {
    w.step();
    breaks += w.events.jointBreak.count;
    if (hashes && k % 50 === 49) hashes.push(w.stateHash());
  }
  return breaks;
}
