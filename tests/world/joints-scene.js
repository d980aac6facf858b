// The joints golden scene (CAP_WORLD_JOINTS_HASH in tests/golden/world.h;
// tests/native/test_joints.c, test_joints_golden_hash, builds the same): a
// floor; a rope of 20 balls between two points (odd links rigid, even ones
// ropes); a swinging pendulum, a spring, a drag joint whose target moves at
// step 100, a heavy ball on a joint that breaks; 10 balls falling on the
// rope; rope link 5 removed at step 150. Every value is explicit (no JS
// default), so the C scene's defs are the same floats.

/** Builds the scene; returns { world, run() } where run() steps 300 times and returns the breaks seen. */
export function jointScene(World) {
  const w = new World();
  w.addSegment(-10, 0, 20, 0);
  const ball = (x, y, r, vx, density, restitution) => w.addBall(x, y, r, { vx, density, restitution });
  const rope = [];
  for (let i = 0; i < 20; i++) rope.push(ball(0.25 * (i + 1), 5, 0.05, 0, 1, 0));
  const rigid = (len) => ({ length: len, minLength: len, maxLength: len });
  const joints = [w.addDistanceJoint(rope[0], { x: 0, y: 5 }, rigid(0.25))];
  for (let i = 1; i < 20; i++) {
    joints.push(w.addDistanceJoint(rope[i], rope[i - 1], i % 2 ? rigid(0.25) : { length: 0.25, minLength: 0, maxLength: 0.25 }));
  }
  joints.push(w.addDistanceJoint(rope[19], { x: 5.25, y: 5 }, { length: 0.25, minLength: 0, maxLength: 0.25 }));
  w.addDistanceJoint(ball(7, 4, 0.1, 3, 1, 0), { x: 7, y: 5 }, rigid(1));
  w.addDistanceJoint(ball(9, 3, 0.1, 0, 1, 0), { x: 9, y: 5 }, { length: 1, minLength: 0, maxLength: Infinity, hertz: 2, dampingRatio: 0.125 });
  const drag = w.addDragJoint(ball(-3, 1, 0.1, 0, 1, 0), -2, 3, { maxForce: 50, hertz: 5, dampingRatio: 0.75 });
  w.addDistanceJoint(ball(11, 4, 0.1, 6, 10, 0), { x: 11, y: 5 }, { ...rigid(1), breakForce: 10 });
  for (let k = 0; k < 10; k++) ball(0.5 * k + 0.25, 7 + 0.25 * k, 0.1, 0, 1, 0.5);
  return {
    world: w,
    run(hashes) {
      let breaks = 0;
      for (let k = 0; k < 300; k++) {
        if (k === 100) w.setDragTarget(drag, -4, 2);
        if (k === 150) w.removeJoint(joints[5]);
        w.step();
        breaks += w.events.jointBreak.count;
        if (hashes && k % 50 === 49) hashes.push(w.stateHash());
      }
      return breaks;
    },
  };
}
