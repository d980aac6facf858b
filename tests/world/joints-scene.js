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

// The chains scene (CAP_WORLD_CHAINS_HASH; test_joints.c, test_joints_chains_hash,
// builds the same): rigid ropes that the joint solver packs side by side
// (8 chains a pack, lanes of different lengths) next to groups it solves one
// joint at a time. A floor and a slope; 11 ropes of 1 to 20 links of 0.3 from
// world points (rope 3's end ball 100x heavier, rope 9's 11th link breaks at
// 20), a free chain of 6, a ring of 4, a chain of 3 linked backwards with a
// rope link, 5 loose balls; rope 8's 6th ball removed at step 150.
const CHAIN_LINKS = [1, 2, 3, 4, 5, 7, 8, 9, 13, 20, 6];

/** Builds the chains scene; returns { world, run(hashes) } (300 steps, the breaks seen). */
export function chainScene(World) {
  const w = new World();
  w.addSegment(-20, 0, 45, 0);
  w.addSegment(10, 2, 20, 4);
  const ball = (x, y, r, vx, density, restitution) => w.addBall(x, y, r, { vx, density, restitution });
  const rigid = (len, breakForce) => ({ length: len, minLength: len, maxLength: len, hertz: 0, dampingRatio: 1, ...(breakForce ? { breakForce } : {}) });
  let cut = null;
  CHAIN_LINKS.forEach((links, k) => {
    const tx = Math.fround(3 * k), ty = 8;
    let prev = { x: tx, y: ty };
    for (let i = 1; i <= links; i++) {
      const b = ball(tx + Math.fround(0.3 * i), ty, 0.1, 0, k === 3 && i === links ? 100 : 1, 0);
      w.addDistanceJoint(b, prev, rigid(0.3, k === 9 && i === 11 ? 20 : 0));
      if (k === 8 && i === 6) cut = b;
      prev = b;
    }
  });
  let prev = null;
  for (let i = 0; i < 6; i++) {
    const b = ball(35 + Math.fround(0.3 * i), 3, 0.1, 0, 1, 0);
    if (prev) w.addDistanceJoint(b, prev, rigid(0.3));
    prev = b;
  }
  const ring = [0, 1, 2, 3].map((i) => ball(-5 + 0.4 * (i === 1 || i === 2), 4 + 0.4 * (i >= 2), 0.1, 1, 1, 0));
  for (let i = 0; i < 4; i++) w.addDistanceJoint(ring[(i + 1) % 4], ring[i], rigid(0.4));
  const r0 = ball(-10, 6, 0.1, 0, 1, 0), r1 = ball(-9.7, 6, 0.1, 0, 1, 0), r2 = ball(-9.4, 6, 0.1, 0, 1, 0);
  w.addDistanceJoint(r0, { x: -10.3, y: 6 }, rigid(0.3));
  w.addDistanceJoint(r1, r2, rigid(0.3)); // backwards
  w.addDistanceJoint(r1, r0, { length: 0.3, minLength: 0, maxLength: 0.3, hertz: 0, dampingRatio: 1 }); // a rope link
  for (let k = 0; k < 5; k++) ball(2 + 6 * k, 12, 0.2, 0, 1, 0.2);
  return {
    world: w,
    run(hashes) {
      let breaks = 0;
      for (let k = 0; k < 300; k++) {
        if (k === 150) w.removeBall(cut);
        w.step();
        breaks += w.events.jointBreak.count;
        if (hashes && k % 50 === 49) hashes.push(w.stateHash());
      }
      return breaks;
    },
  };
}
