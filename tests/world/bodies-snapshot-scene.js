// The capsule-body snapshot scene (tests/world/bodies-snapshot.test.js and its
// worker; native twin: scene() in tests/native/test_world_bodies_snapshot.c):
// a box, a capsule ramp, a turning kinematic capsule, 14 bodies (some bouncy),
// 8 balls with two joints (a rope between two, a spring to a world point);
// stepped 60, bodies 3 and 7 removed, stepped 1, a body added (slot 3, its
// generation 2), stepped 40.
export function bodyScene(World) {
  const w = new World({ ballCapacity: 16 });
  w.addLine(-6, 0, 6, 0);
  w.addLine(-6, 12, -6, 0);
  w.addLine(6, 0, 6, 12);
  w.addCapsule(-5, 4, -1, 2.5, 0.1);
  const k = w.addKinematicCapsule(3, 3, 0.3, 2, 0.15, { pivot: 1 });
  w.setKinematicVelocity(k, 0, 0, 0.7);
  const handles = [];
  for (let i = 0; i < 14; i++) {
    const x = Math.fround(-4.5 + 1.3 * (i % 7)), y = Math.fround(5 + 1.2 * Math.floor(i / 7)), angle = Math.fround(0.4 * (i % 5) - 0.8);
    handles.push(w.addCapsuleBody(x, y, Math.fround(0.2 + 0.1 * (i % 4)), Math.fround(0.12 + 0.03 * (i % 3)), {
      angle, restitution: i % 4 === 0 ? 0.6 : 0, vx: Math.fround(0.3 * (x - 1)), angularVelocity: Math.fround(0.5 * angle),
    }));
  }
  const balls = [];
  for (let i = 0; i < 8; i++) balls.push(w.addBall(-4 + 1.1 * i, 8 + 0.5 * (i % 2), 0.15 + 0.03 * (i % 3), { restitution: 0.2 }));
  w.addDistanceJoint(balls[1], balls[2], { maxLength: 1.5 });
  w.addDistanceJoint(balls[7], { x: 4.5, y: 11 }, { hertz: 3 });
  for (let i = 0; i < 60; i++) w.step();
  w.removeCapsuleBody(handles[3]);
  w.removeCapsuleBody(handles[7]);
  w.step();
  handles[3] = w.addCapsuleBody(0, 10, 0.4, 0.15, { angle: 0.1, restitution: 0.3 });
  for (let i = 0; i < 40; i++) w.step();
  return { world: w, handles };
}
