// Play and pause for the page's animated examples (WCAG 2.2.2): each has a
// Pause / Play button, and under prefers-reduced-motion it starts paused,
// drawn once, until the visitor presses Play.

/** Whether the visitor asked the system for less motion. */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Wires a button to a Stage's fixed-step animation and starts it, or leaves
 * it paused under reduced motion. Returns setRunning(on).
 */
export function playPause(button, stage) {
  function setRunning(on) {
    stage.animate(on);
    button.textContent = on ? 'Pause' : 'Play';
    if (!on) stage.invalidate(); // one still picture
  }
  button.addEventListener('click', () => setRunning(!stage.running));
  setRunning(!reducedMotion());
  return setRunning;
}
