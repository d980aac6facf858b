// Pivoted capsules (a seesaw) through the JS API: balance with equal balls
// at equal arms and with 2:1 masses at 1:2 arms, one ball tips it, limits
// hold, snapshots keep its spin, bad input is refused with nothing changed.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

function seesaw(balls, options) {
  const w = new World({ ballCapacity: 4, sleep: false });
  const board = w.addPivotedCapsule(0, 0, 0, 4, 0.05, options);
  for (const [x, density] of balls) w.addBall(x, 0.25, 0.2, { density });
  return { w, board };
}

test('a seesaw balances equal balls at equal arms, and 2:1 masses at 1:2 arms; one ball tips it', () => {
  for (const balls of [[[-1.5, 1], [1.5, 1]], [[-1, 2], [2, 1]]]) {
    const { w, board } = seesaw(balls);
    let worst = 0;
    for (let i = 0; i < 120; i++) {
      w.step();
      worst = Math.max(worst, Math.abs(w.kinematic(board).angle));
    }
    console.log(`seesaw ${JSON.stringify(balls)}: largest tilt ${worst.toExponential(2)} rad`);
    assert.ok(worst < 0.01);
    w.destroy();
  }
  const { w, board } = seesaw([[1.5, 1]], { lowerAngle: -0.3, upperAngle: 0.3 });
  let beyond = 0;
  for (let i = 0; i < 120; i++) {
    w.step();
    beyond = Math.max(beyond, Math.abs(w.kinematic(board).angle) - 0.3);
  }
  assert.ok(w.kinematic(board).angle <= -0.3 + 1e-6, 'tipped to the limit');
  assert.ok(beyond <= 1e-6, `past the limit by ${beyond}`);
  assert.equal(w.statics()[0].kind, 'pivoted');
  // Snapshots keep it.
  const snap = w.save();
  for (let i = 0; i < 60; i++) w.step();
  const hash = w.stateHash(), pose = w.kinematic(board);
  w.restore(snap);
  for (let i = 0; i < 60; i++) w.step();
  assert.equal(w.stateHash(), hash);
  assert.deepEqual(w.kinematic(board), pose);
  w.destroy();
});

test('addPivotedCapsule: bad input named, nothing changed', () => {
  const w = new World({ ballCapacity: 2 });
  const seg = w.addSegment(-1, -1, 1, -1);
  const cases = [
    [() => w.addPivotedCapsule('0', 0, 0, 1, 0.1), TypeError, /x/],
    [() => w.addPivotedCapsule(0, 0, 0, -1, 0.1), RangeError, /length/],
    [() => w.addPivotedCapsule(0, 0, 0, 1, 0.1, { density: 0 }), RangeError, /options\.density/],
    [() => w.addPivotedCapsule(0, 0, 0, 1, 0.1, { lowerAngle: -1 }), RangeError, /both or neither/],
    [() => w.addPivotedCapsule(0, 0, 0, 1, 0.1, { lowerAngle: 1, upperAngle: -1 }), RangeError, /lowerAngle must be <= /],
    [() => w.addPivotedCapsule(0, 0, 0, 1, 0.1, { maxMotorTorque: -1 }), RangeError, /maxMotorTorque/],
    [() => w.addPivotedCapsule(0, 0, 0, 1, 0.1, { motorSpeed: NaN }), RangeError, /motorSpeed/],
    [() => w.addPivotedCapsule(0, 0, 0, 1, 0.1, { angularDamping: '1' }), TypeError, /angularDamping/],
    [() => w.addPivotedCapsule(0, 0, 0, 1, 0.1, { sensor: true }), TypeError, /unknown option/],
    [() => w.setKinematicVelocity(w.addPivotedCapsule(5, 5, 0, 1, 0.1), 0, 0, 1), RangeError, /not a kinematic capsule/],
    [() => w.kinematic(seg), RangeError, /not a kinematic or pivoted capsule/],
  ];
  for (const [f, Type, message] of cases) assert.throws(f, (e) => e instanceof Type && message.test(e.message), String(message));
  assert.equal(w.statics().length, 2); // the segment and the one pivoted capsule made inside the last-but-one case
  w.destroy();
});
