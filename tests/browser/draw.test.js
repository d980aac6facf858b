// drawWorld on a real canvas in Chromium: every kind of object in one world
// (awake and sleeping balls, a plain capsule, a kinematic and a pivoted
// capsule, thick and thin chains, a floor), drawn with a background; pixels
// read back show each kind's mark (a hollow sleeping ball, a dashed
// kinematic core, a pivoted capsule's pin, a chain's hollow inside) and that
// clear leaves no trail. The picture goes to test-results/page/draw-world.png.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, servePage, shot } from './harness.js';

const skip = skipReason();

describe('drawWorld in Chromium', { skip }, () => {
  const served = servePage({ viewport: { width: 900, height: 700 } });

  it('each kind reads apart on a real canvas, without relying on colour; clear leaves no trail', async () => {
    const { page, problems } = served.browser;
    const r = await page.evaluate(() => {
      const { World, drawWorld } = window.__capsule2dPage.api;
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 500;
      canvas.id = 'draw-world';
      canvas.style.cssText = 'position: fixed; left: 0; top: 0; z-index: 1000; width: 800px; height: 500px';
      document.body.append(canvas);
      const ctx = canvas.getContext('2d', { willReadFrequently: true }); // read back below
      const w = new World({ ballCapacity: 16, gravityY: 0 });
      w.addLine(-20, 0, 20, 0); // floor at y 0
      w.addCapsule(1, 2, 7, 2, 0.3); // plain
      w.addKinematicCapsule(12, 2, 0, 6, 0.3); // dashed core, pivot at the middle (12, 2)
      w.addKinematicCapsule(12, 4.5, 0, 6, 0.04); // too thin for a dash inside: a dashed body
      w.addPivotedCapsule(22, 2, 0.2, 6, 0.3, { lowerAngle: -0.4, upperAngle: 0.4 }); // a pin at (22, 2)
      w.addChain([1, 6, 4, 7, 7, 6, 10, 7], 0.3); // a thick chain: a hollow tube
      w.addChain([14, 7, 17, 6, 20, 7, 23, 6], 0.05, { oneSided: true }); // thin, one-sided: square ends, ticks
      const awake = [w.addBall(3, 11, 0.8, { angle: 0.3 }), w.addBall(6, 11, 0.6)];
      const asleep = [w.addBall(12, 11, 0.8, { awake: false, angle: 1 }), w.addBall(15, 11, 0.6, { awake: false })];
      const o = { scale: 30, originX: 30, originY: 460, background: '#fbfcfe', lineWidth: 2 };
      // same colour for awake and asleep, plain, kinematic, pivoted and chain: only the marks tell
      const same = { ...o, ballColor: '#2f6fb2', sleepColor: '#2f6fb2' };
      drawWorld(ctx, w, same);
      const px = (x, y) => [...ctx.getImageData(Math.round(30 + x * 30), Math.round(460 - y * 30), 1, 1).data];
      const out = {
        // the centres' left side (the spokes point right-ish): filled vs hollow
        awakeInside: px(3 - 0.4, 11),
        asleepInside: px(12 - 0.4, 11),
        asleepRim: px(12 - 0.8 + 1 / 30, 11), // 1 px inside the rim
        // along the kinematic core: the dash's mark colour and the body's between dashes
        kinCore: Array.from({ length: 60 }, (_, k) => px(9.5 + k * 0.1, 2)[0]),
        // the plain capsule's core: solid
        plainCore: Array.from({ length: 40 }, (_, k) => px(2 + k * 0.1, 2)[0]),
        pin: px(22, 2),
        chainInside: px(7, 6),
        thinKin: Array.from({ length: 60 }, (_, k) => px(9.5 + k * 0.1, 4.5)[0]),
        thinRing: px(12, 4.5 + 4 / 30), // the ring's top, 4 px above the thin core
      };
      // clear: moving a ball and drawing again leaves nothing where it was
      const b = w.balls, i = w.slotOf(awake[0]);
      b.y[i] = 14;
      drawWorld(ctx, w, { ...o, background: undefined, clear: true });
      out.trail = px(3 - 0.4, 11); // cleared: transparent
      out.moved = px(3 - 0.4, 14);
      drawWorld(ctx, w, same); // the picture for the screenshot, with the ball moved
      out.asleep = asleep.length;
      return out;
    });
    const path = await shot(page, 'draw-world', '#draw-world');
    console.log(`# screenshot: ${path}`);
    const blue = [0x2f, 0x6f, 0xb2, 255], bg = [0xfb, 0xfc, 0xfe, 255];
    assert.deepEqual(r.awakeInside, blue, 'an awake ball is filled');
    assert.deepEqual(r.asleepInside, bg, 'a sleeping ball is hollow: the background inside');
    assert.deepEqual(r.asleepRim, blue, 'a sleeping ball: its rim in its colour');
    const light = (v) => v > 200; // white dash (255) against the kinematic colour (red 0xb8 = 184)
    const runs = r.kinCore.reduce((n, v, k) => n + (k > 0 && light(v) !== light(r.kinCore[k - 1]) ? 1 : 0), 0);
    assert.ok(runs >= 8, `the kinematic core alternates dash and body: ${runs} changes (${r.kinCore.join(' ')})`);
    assert.ok(r.plainCore.every((v) => v === 0x44), `the plain capsule is solid: ${r.plainCore.join(' ')}`);
    assert.deepEqual(r.pin, [255, 255, 255, 255], 'the pivoted capsule: a white pin at its pivot');
    assert.deepEqual(r.chainInside, [255, 255, 255, 255], 'the thick chain: hollow (its inside in the mark colour)');
    const gaps = r.thinKin.reduce((n, v, k) => n + (k > 0 && light(v) !== light(r.thinKin[k - 1]) ? 1 : 0), 0);
    assert.ok(gaps >= 4, `the thin kinematic capsule is dashed: ${gaps} changes`);
    assert.deepEqual(r.thinRing.slice(0, 3), [0xb8, 0x6b, 0x00], 'a thin capsule\'s pivot ring: in its colour, not white on the background');
    assert.deepEqual(r.trail, [0, 0, 0, 0], 'clear: no trail where the ball was');
    assert.deepEqual(r.moved, blue, 'the ball drawn where it went');
    assert.deepEqual(problems, []);
  });
});
