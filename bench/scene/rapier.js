// Scenario 2, Rapier row (@dimforge/rapier2d-compat): its fastest correct
// way to get every intersecting pair (docs/benchmarks.md, scenario 2): sensor
// colliders. Circles are ball sensors on kinematic position-based bodies
// moved with setNextKinematicTranslation each frame (parentless colliders
// never meet each other: Rapier skips fixed-fixed pairs even with every
// collision type enabled); capsules are parentless (fixed) capsule colliders,
// exact capsules (Rapier's capsule lies along local y, so it is rotated by
// the axis angle - pi/2). All colliders enable every collision type
// (kinematic-kinematic, kinematic-fixed) and collision events; world.step()
// runs the broad and narrow phases, and the event queue's started/stopped
// events keep the live pair count. Sensors give no contact normals or depths (contact manifolds with
// normals need non-sensor colliders and cost more).
import RAPIER from '@dimforge/rapier2d-compat';

let ready = null;
export function initRapier() {
  ready ??= RAPIER.init();
  return ready;
}

export function createRapierScene(scene) {
  const { circles: c, capsules: k } = scene;
  const world = new RAPIER.World({ x: 0, y: 0 });
  const queue = new RAPIER.EventQueue(true);
  const types = RAPIER.ActiveCollisionTypes.ALL;
  const events = RAPIER.ActiveEvents.COLLISION_EVENTS;
  const circleColliders = [];
  const circleBodies = [];
  const kindOf = new Map(); // handle -> index (circles) or -1 - index (capsules)
  for (let i = 0; i < c.count; i++) {
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(c.x[i], c.y[i]));
    const desc = RAPIER.ColliderDesc.ball(c.radius[i]).setSensor(true).setActiveCollisionTypes(types).setActiveEvents(events);
    const collider = world.createCollider(desc, body);
    circleBodies.push(body);
    circleColliders.push(collider);
    kindOf.set(collider.handle, i);
  }
  for (let j = 0; j < k.count; j++) {
    const ax = k.ax[j], ay = k.ay[j], bx = k.bx[j], by = k.by[j];
    const half = Math.hypot(bx - ax, by - ay) / 2;
    const desc = RAPIER.ColliderDesc.capsule(half, k.radius[j])
      .setTranslation((ax + bx) / 2, (ay + by) / 2)
      .setRotation(Math.atan2(by - ay, bx - ax) - Math.PI / 2)
      .setActiveCollisionTypes(types)
      .setActiveEvents(events);
    const collider = world.createCollider(desc);
    kindOf.set(collider.handle, -1 - j);
  }

  let capsulePairs = 0, circlePairs = 0;
  const onEvent = (h1, h2, started) => {
    const d = started ? 1 : -1;
    if (kindOf.get(h1) < 0 || kindOf.get(h2) < 0) capsulePairs += d;
    else circlePairs += d;
  };
  const position = { x: 0, y: 0 };

  function step(frame) {
    const { x, y } = frame;
    for (let i = 0; i < circleBodies.length; i++) {
      position.x = x[i];
      position.y = y[i];
      circleBodies[i].setTranslation(position, false);
    }
    world.step(queue);
    queue.drainCollisionEvents(onEvent);
  }

  /** One frame, then the pair sets read back pair by pair (slow; checks). */
  function pairs(frame) {
    step(frame);
    const capsuleKeys = new Set(), circleKeys = new Set();
    for (let i = 0; i < circleColliders.length; i++) {
      world.intersectionPairsWith(circleColliders[i], (other) => {
        const o = kindOf.get(other.handle);
        if (o < 0) capsuleKeys.add(i * k.count + (-1 - o));
        else if (i < o) circleKeys.add(i * c.count + o);
      });
    }
    if (capsuleKeys.size !== capsulePairs || circleKeys.size !== circlePairs) {
      throw new Error(`rapier: events say ${capsulePairs} + ${circlePairs} pairs, the narrow phase ${capsuleKeys.size} + ${circleKeys.size}`);
    }
    return { capsuleKeys, circleKeys, capsuleCount: capsulePairs, circleCount: circlePairs };
  }

  function destroy() {
    queue.free();
    world.free();
  }
  return { step, pairs, destroy };
}
