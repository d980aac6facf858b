// What the three games share: a fixed 60 Hz step whatever the display's
// refresh rate (at most 250 ms caught up after a stall), and the game-over band.

/** Calls tick() 60 times a second of real time and draw() once a frame. */
export function fixedLoop(tick, draw) {
  const DT = 1000 / 60;
  let last = performance.now(), lag = 0;
  function frame(now) {
    lag = Math.min(lag + now - last, 250);
    last = now;
    while (lag >= DT) { tick(); lag -= DT; }
    draw();
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
}

/** A white band across the middle of the canvas with `text` on it. */
export function gameOverBand(ctx, canvas, text) {
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(0, canvas.height / 2 - 30, canvas.width, 44);
  ctx.fillStyle = '#222';
  ctx.textAlign = 'center';
  ctx.fillText(text, canvas.width / 2, canvas.height / 2);
}
