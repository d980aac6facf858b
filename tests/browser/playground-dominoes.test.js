// The playground's dominoes, in Chromium: the page opened at #dominoes shows
// 20 capsule bodies on end and a bridge of 8 capsule bodies on 9 revolute
// joints with 3 balls on it; world.save() takes it (the rewind). Stepped
// 10 s (paused, so the count is exact) every domino has fallen (tilted more
// than 0.3 rad), each after the one before; the bridge's pins hold; the rewind
// goes back to step 200 and forward again bit for bit. A press on a domino
// grabs it with a drag joint (lifted with the pointer, let go on release) and
// drops no ball; a click on empty space drops one.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { skipReason, startDev, openPage } from './harness.js';
import { frames, client } from './helpers.js';

const skip = skipReason();
const D = 'playground';
const sel = `[data-demo="${D}"]`;
const demo = (page, f, arg) => page.evaluate(([src, a]) => new Function('d', 'a', `return (${src})(d, a);`)(window.__capsule2dPage.demos.playground, a), [f.toString(), arg]);

describe('playground: dominoes and a capsule bridge (desktop 1280 × 800)', { skip }, () => {
  it('#dominoes opens the row; all 20 fall in order; the bridge holds; a press on a domino grabs it', async () => {
    const server = await startDev();
    try {
      const b = await openPage(`${server.url}#dominoes`, { viewport: { width: 1280, height: 800 } });
      const { page } = b;
      try {
        await frames(page, 3);
        assert.equal(await demo(page, (d) => d.state.scene), 'dominoes');
        assert.equal(await page.locator(`${sel} input[value="dominoes"]`).isChecked(), true);
        const built = await demo(page, (d) => ({
          bodies: d.world.capsuleBodies.live, balls: d.world.balls.live, joints: d.world.joints().length,
          dominoes: d.built.dominoes.length, saved: d.timeline.snaps[0].bytes.length,
        }));
        assert.deepEqual([built.bodies, built.balls, built.joints, built.dominoes], [28, 3, 9, 20]);
        assert.ok(built.saved > 0, 'world.save() takes the capsule bodies and revolute joints');
        const r = await demo(page, (d) => {
          d.setRunning(false);
          d.build();
          const w = d.world;
          const slots = d.built.dominoes.map((h) => w.capsuleBodySlotOf(h));
          const fell = slots.map(() => -1);
          let worstPin = 0;
          for (let k = 0; k < 600; k++) {
            d.stepOnce();
            const a = w.capsuleBodies.angle;
            slots.forEach((s, i) => { if (fell[i] < 0 && Math.abs(a[s] - Math.PI / 2) > 0.3) fell[i] = k; });
            for (const j of w.joints()) {
              const st = w.jointState(j);
              worstPin = Math.max(worstPin, Math.hypot(st.bx - st.x, st.by - st.y));
            }
          }
          const balls = [0, 1, 2].map((i) => d.world.balls.y[i]);
          return { fell, worstPin, fallen: d.built.dominoes.length - fell.filter((f) => f < 0).length, balls };
        });
        console.log(`# dominoes: ${r.fallen} of 20 fallen in 600 steps, first at step ${r.fell[0]}, last at ${r.fell[19]}; bridge pins apart <= ${r.worstPin.toFixed(5)}; balls at y ${r.balls.map((y) => y.toFixed(2))}`);
        assert.equal(r.fallen, 20, `fell at steps ${r.fell}`);
        for (let i = 1; i < 20; i++) assert.ok(r.fell[i] > r.fell[i - 1], `domino ${i} after ${i - 1}: ${r.fell}`);
        assert.ok(r.worstPin < 0.02 * 0.5, `pins ${r.worstPin} apart at worst`);
        assert.ok(r.balls.every((y) => y > 3), `the balls lie on the bridge: ${r.balls}`);
        // The rewind (world.save()/restore() of capsule bodies and revolute joints): back to step 200
        // (mid-fall) and forward to the head again, bit for bit.
        const rw = await demo(page, (d) => {
          const head = d.state.steps;
          const hash = d.world.stateHash();
          d.seek(200);
          const mid = d.built.dominoes.length - d.built.dominoes.filter((h) => Math.abs(d.world.capsuleBodies.angle[d.world.capsuleBodySlotOf(h)] - Math.PI / 2) <= 0.3).length;
          d.seek(head);
          return { same: d.world.stateHash() === hash, mid, head };
        });
        assert.equal(rw.head, 600);
        assert.ok(rw.mid > 0 && rw.mid < 20, `rewound to step 200: ${rw.mid} fallen`);
        assert.equal(rw.same, true, 'the rewind replays the dominoes bit for bit');
        await frames(page, 2);
        assert.equal(await page.locator(`${sel} .readout [data-key="fallen"]`).textContent(), '20 of 20');
        assert.equal(await page.locator(`${sel} .readout [data-key="pins"]`).textContent(), '9');
        mkdirSync('/work/shots', { recursive: true });
        await page.locator(sel).screenshot({ path: '/work/shots/dominoes.png' });

        // A press on a standing domino (rebuilt, paused) grabs it: a drag joint at the point pressed, no ball
        // dropped; moved up 1.5 units and held for 60 steps, the domino's grabbed point follows to within
        // 5 cm; released, the joint goes and the domino falls back.
        await demo(page, (d) => d.build());
        const dom = await demo(page, (d) => { const s = d.world.capsuleBodySlotOf(d.built.dominoes[10]); return { h: d.built.dominoes[10], x: d.world.capsuleBodies.x[s], y: d.world.capsuleBodies.y[s] }; });
        const at = await client(page, D, dom.x, dom.y);
        await page.mouse.move(at.x, at.y);
        await page.mouse.down();
        const held = await demo(page, (d) => ({ grabbed: d.state.grabbed, drag: d.built.drag !== null && d.world.hasJoint(d.built.drag), joints: d.world.joints().length, kind: d.built.drag !== null ? d.world.jointState(d.built.drag).kind : null, ball: d.built.drag !== null ? d.world.jointState(d.built.drag).ball : null }));
        assert.deepEqual(held, { grabbed: dom.h, drag: true, joints: 10, kind: 'drag', ball: dom.h }, 'a press on a capsule body grabs it with a drag joint');
        assert.equal(await demo(page, (d) => d.world.balls.live), 3, 'a press on a domino drops no ball');
        const up = await client(page, D, dom.x, dom.y + 1.5);
        await page.mouse.move(up.x, up.y, { steps: 4 });
        const lift = await demo(page, (d, a) => {
          for (let k = 0; k < 60; k++) d.stepOnce();
          d.stage.invalidate();
          const st = d.world.jointState(d.built.drag);
          return { off: Math.hypot(st.anchorX - st.x, st.anchorY - st.y), tx: st.x, ty: st.y, y: d.world.capsuleBodies.y[d.world.capsuleBodySlotOf(a)] };
        }, dom.h);
        console.log(`# dominoes: a grabbed domino's point ${lift.off.toFixed(4)} from the pointer (${lift.tx.toFixed(2)}, ${lift.ty.toFixed(2)}) after 60 steps; its centre at y ${lift.y.toFixed(3)} (was ${dom.y.toFixed(3)})`);
        assert.ok(Math.abs(lift.ty - (dom.y + 1.5)) < 0.1, `the target follows the pointer: ${lift.ty}`);
        assert.ok(lift.off < 0.05, `the grabbed point within 5 cm of the pointer: ${lift.off}`);
        assert.ok(lift.y > dom.y + 1.2, `lifted: ${lift.y}`);
        await frames(page, 2);
        assert.equal(await page.locator(`${sel} .readout [data-key="pins"]`).textContent(), '9', 'the readout counts the pins, not the grab');
        await page.locator(sel).screenshot({ path: '/work/shots/dominoes-grab.png' }); // the held domino: a ring at its grab point, the dashed joint
        await page.mouse.up();
        const let_ = await demo(page, (d, a) => {
          const joints = d.world.joints().length, drag = d.built.drag;
          for (let k = 0; k < 90; k++) d.stepOnce();
          return { joints, drag, y: d.world.capsuleBodies.y[d.world.capsuleBodySlotOf(a)] };
        }, dom.h);
        assert.deepEqual([let_.joints, let_.drag], [9, null], 'released: the drag joint is gone');
        assert.ok(let_.y < dom.y + 0.5, `released, the domino falls back: ${let_.y}`);
        await demo(page, (d) => d.build());
        // A click on empty space (above the row, below the bridge) drops one, as in every scene.
        const empty = await client(page, D, -5, 2.5);
        await page.mouse.click(empty.x, empty.y);
        assert.equal(await demo(page, (d) => d.world.balls.live), 4, 'a click on empty space drops a ball');
        await demo(page, (d) => { for (let i = 0; i < 30; i++) d.stepOnce(); });
        const after = await demo(page, (d) => ({ bodies: d.world.capsuleBodies.live, joints: d.world.joints().length, hash: typeof d.world.stateHash() }));
        assert.deepEqual([after.bodies, after.joints], [28, 9]);
        await page.screenshot({ path: '/work/shots/dominoes-press.png' });
        assert.deepEqual(b.problems, []);
      } finally {
        await b.close();
      }
    } finally {
      await server.close();
    }
  });
});
