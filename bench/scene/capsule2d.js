// Scenario 2, capsule2d row: circles in a CircleSet written in place each
// frame (set() on the live x/y views), capsules in a static CapsuleSet
// indexed once, then findCapsuleCircleContacts + findCircleContacts (each
// through the uniform grid, with normals, depths and contact points).

export function createCapsule2dScene(api, scene) {
  const { CircleSet, CapsuleSet, ContactBuffer, findCapsuleCircleContacts, findCircleContacts } = api;
  const { circles: c, capsules: k } = scene;
  const circles = new CircleSet(c.count);
  const capsules = new CapsuleSet(k.count);
  for (let i = 0; i < c.count; i++) circles.add(c.x[i], c.y[i], c.radius[i]);
  for (let j = 0; j < k.count; j++) capsules.add(k.ax[j], k.ay[j], k.bx[j], k.by[j], k.radius[j]);
  const withCapsules = new ContactBuffer(8192);
  const betweenCircles = new ContactBuffer(8192);

  /** One frame: write positions, two calls. Returns nothing (hot path). */
  function step(frame) {
    circles.x.set(frame.x);
    circles.y.set(frame.y);
    findCapsuleCircleContacts(capsules, circles, withCapsules);
    findCircleContacts(circles, betweenCircles);
  }

  /** One frame with growth allowed, then the pair sets as keys. */
  function pairs(frame) {
    circles.x.set(frame.x);
    circles.y.set(frame.y);
    findCapsuleCircleContacts(capsules, circles, withCapsules, { grow: true });
    findCircleContacts(circles, betweenCircles, { grow: true });
    const capsuleKeys = new Set();
    const { a, b } = withCapsules;
    for (let q = 0; q < withCapsules.written; q++) capsuleKeys.add(b[q] * k.count + a[q]);
    const circleKeys = new Set();
    const ca = betweenCircles.a, cb = betweenCircles.b;
    for (let q = 0; q < betweenCircles.written; q++) circleKeys.add(ca[q] * c.count + cb[q]);
    return { capsuleKeys, circleKeys, capsuleCount: withCapsules.count, circleCount: betweenCircles.count };
  }

  function destroy() {
    withCapsules.destroy();
    betweenCircles.destroy();
    capsules.destroy();
    circles.destroy();
  }
  return { step, pairs, destroy };
}
