// The playground's rope bridge and its drag-joint grab, in Chromium: the
// page opened at #rope shows the scene (30 balls on 31 distance joints
// between two world points, heavy balls dropped on it, a pendulum and a
// double pendulum; no capsule bodies, so the rewind's world.save() works);
// after 4 s every link of the bridge is within 3% of its length. A press on
// a ball adds a drag joint (the log's 'grab'), the pointer's moves move its
// target, a release removes it; the rewind replays it all bit for bit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { skipReason, startDev, openPage } from './harness.js';
import { frames, show, client } from './helpers.js';

const skip = skipReason();
const D = 'playground';
const sel = `[data-demo="${D}"]`;
const demo = (page, f, arg) => page.evaluate(([src, a]) => new Function('d', 'a', `return (${src})(d, a);`)(window.__capsule2dPage.demos.playground, a), [f.toString(), arg]);

/** Every bridge link's length now over its rest length, minus 1. */
const stretches = (page) => demo(page, (d) => d.built.links.map((j) => {
  const s = d.world.jointState(j);
  const b = d.world.ballState(s.ball);
  return Math.hypot(s.x - b.x, s.y - b.y) / d.built.linkLength - 1;
}));

describe('playground: rope bridge and the drag joint (desktop 1280 × 800)', { skip }, () => {
  it('#rope opens the bridge; it holds; a grab is a drag joint, replayed by the rewind', async () => {
    const server = await startDev();
    try {
      const b = await openPage(`${server.url}#rope`, { viewport: { width: 1280, height: 800 } });
      const { page } = b;
      try {
        await frames(page, 3);
        assert.equal(await demo(page, (d) => d.state.scene), 'rope');
        assert.equal(await page.locator(`${sel} input[value="rope"]`).isChecked(), true);
        const built = await demo(page, (d) => ({
          balls: d.world.balls.live, joints: d.world.joints().length, links: d.built.links.length,
          planks: d.built.planks.length, L: d.built.linkLength, saved: d.timeline.snaps[0].bytes.length,
        }));
        assert.deepEqual([built.balls, built.joints, built.links, built.planks], [36, 34, 31, 30]);
        assert.ok(built.saved > 0, 'world.save() takes the scene (no capsule bodies)');
        // 4 s of steps (240), paused so the count is exact; the heavy balls land on the bridge.
        await demo(page, (d) => {
          d.setRunning(false);
          d.build();
          for (let i = 0; i < 240; i++) d.stepOnce();
        });
        const s = await stretches(page);
        const worst = Math.max(...s.map(Math.abs));
        console.log(`# rope bridge after 240 steps: longest link ${(100 * Math.max(...s)).toFixed(2)}% over, worst |stretch| ${(100 * worst).toFixed(2)}%`);
        assert.ok(worst < 0.03, `every link within 3% of its length: ${(100 * worst).toFixed(2)}%`);
        const heavy = await demo(page, (d) => [30, 31, 32].map((i) => d.world.ballState(d.world.ballHandle(i)).y));
        assert.ok(heavy.every((y) => y > 2.5 && y < 6.5), `the heavy balls lie on the bridge, above the floor: ${heavy.map((y) => y.toFixed(2))}`);
        // The readout shows the joints and the stretch.
        await frames(page, 2);
        assert.equal(await page.locator(`${sel} .readout [data-key="joints"]`).textContent(), '34');
        assert.match(await page.locator(`${sel} .readout [data-key="stretch"]`).textContent(), /^\d\.\d\d%$/);
        mkdirSync('/work/shots', { recursive: true });
        await page.locator(sel).screenshot({ path: '/work/shots/rope.png' });

        // Grab a plank near the middle while running: a drag joint pulls it up to the pointer.
        const plank = await demo(page, (d) => d.world.ballState(d.built.planks[15]));
        await demo(page, (d) => d.setRunning(true));
        const a = await client(page, D, plank.x, plank.y);
        await page.mouse.move(a.x, a.y);
        await page.mouse.down();
        const held = await demo(page, (d) => ({ grabbed: d.state.grabbed, drag: d.built.drag, joints: d.world.joints().length }));
        assert.notEqual(held.grabbed, null, 'a ball is held');
        assert.notEqual(held.drag, null);
        assert.equal(await demo(page, (d, h) => d.world.hasJoint(h), held.drag), true, 'the grab is a live joint');
        assert.equal(held.joints, 35, 'one joint more');
        const js = await demo(page, (d, h) => d.world.jointState(h), held.drag);
        assert.equal(js.kind, 'drag');
        assert.equal(js.ball, held.grabbed);
        const to = await client(page, D, plank.x, plank.y + 2);
        await page.mouse.move(to.x, to.y, { steps: 6 });
        // Steps run at the page's pace: wait up to 8 s for the joint to lift the plank.
        let at = await demo(page, (d, h) => d.world.ballState(h), held.grabbed);
        for (let t = 0; t < 80 && at.y < plank.y + 1.5; t++) {
          await page.waitForTimeout(100);
          at = await demo(page, (d, h) => d.world.ballState(h), held.grabbed);
        }
        assert.ok(at.y > plank.y + 1.5, `lifted toward the pointer: ${plank.y.toFixed(2)} → ${at.y.toFixed(2)}`);
        const target = await demo(page, (d, h) => d.world.jointState(h), held.drag);
        assert.ok(Math.abs(target.y - (plank.y + 2)) < 0.05, `the joint's target is the pointer: ${target.y.toFixed(2)}`);
        await page.mouse.up();
        const after = await demo(page, (d, h) => ({ grabbed: d.state.grabbed, drag: d.built.drag, live: d.world.hasJoint(h), joints: d.world.joints().length }), held.drag);
        assert.deepEqual(after, { grabbed: null, drag: null, live: false, joints: 34 }, 'the release removed the joint');
        // The rewind replays the joint calls: the same bits at the head, and a step while held has the joint.
        const r = await demo(page, (d) => {
          d.setRunning(false);
          const head = d.state.steps;
          const hash = d.world.stateHash();
          const log = d.timeline.log.map((e) => e.action.type);
          const grabAt = d.timeline.log.find((e) => e.action.type === 'grab').step;
          const from = Math.max(d.timeline.start, grabAt - 20);
          d.seek(from);
          d.seek(grabAt + 1);
          const heldThen = d.world.joints().length;
          d.seek(head);
          return { log, same: d.world.stateHash() === hash, heldThen, pulls: log.filter((t) => t === 'vel').length };
        });
        assert.ok(r.log.includes('grab') && r.log.includes('target') && r.log.includes('release'), `logged: ${[...new Set(r.log)]}`);
        assert.equal(r.pulls, 0, 'no velocity set by the page while running');
        assert.equal(r.heldThen, 35, 'replayed: the drag joint is there while held');
        assert.equal(r.same, true, 'the rewind replays the grab bit for bit');
        // Playing on from a step where the ball was held lets the joint go (no pointer holds it).
        const gone = await demo(page, (d) => {
          const grabAt = d.timeline.log.find((e) => e.action.type === 'grab').step;
          d.seek(grabAt + 2);
          const before = d.world.joints().length;
          d.stepOnce();
          return { before, after: d.world.joints().length, drag: d.built.drag };
        });
        assert.deepEqual(gone, { before: 35, after: 34, drag: null });
        assert.deepEqual(b.problems, []);
      } finally {
        await b.close();
      }
    } finally {
      await server.close();
    }
  });
});
