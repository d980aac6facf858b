// Rewind for a scene on capsule2d's World: the last `span` steps can be shown
// again, and played on from any of them.
//
// A Timeline keeps snapshots of the world (world.save(), with the page's own
// state beside it) every `interval` steps, and a log of what the visitor did
// and when (balls dropped, flipper keys, grabs, settings): each action is
// stamped with the step it came after. Step s is shown again by restoring
// the newest snapshot at or before s and replaying the steps between with
// the same actions: the world is deterministic, so the replay gives the same
// bits as the first run. Playing on (or acting) from a step in the past
// forgets the steps after it: a new future starts there.
//
// The snapshot interval follows the world's size, so the ring stays within
// `budget` bytes: 6 steps for a few hundred balls, 33 for 10,000 (2.7 MB a
// snapshot), at most `maxInterval`; a replay is then at most that many steps.
export class Timeline {
  /**
   * @param {object} [o]
   * @param {number} [o.span] steps that can be rewound (600: 10 s at 60 steps/s)
   * @param {number} [o.budget] bytes the snapshots may take in all
   * @param {number} [o.minInterval] steps between snapshots, at least
   * @param {number} [o.maxInterval] and at most
   */
  constructor({ span = 600, budget = 64 * 2 ** 20, minInterval = 6, maxInterval = 60 } = {}) {
    this.span = span;
    this.budget = budget;
    this.minInterval = minInterval;
    this.maxInterval = maxInterval;
    this.reset({ bytes: new Uint8Array(0), extra: null });
  }

  /** Starts over at step 0 from a snapshot { bytes, extra }; the interval follows its size. */
  reset(snap) {
    /** Snapshots, oldest first: { step, bytes, extra }. */
    this.snaps = [{ step: 0, ...snap }];
    /** Actions, in the order they happened: { step, action }. */
    this.log = [];
    /** The newest step reached. */
    this.head = 0;
    /** The step shown (below head after a rewind). */
    this.cursor = 0;
    const size = snap.bytes.length;
    this.interval = Math.min(this.maxInterval,
      Math.max(this.minInterval, Math.ceil((this.span * size) / this.budget)));
  }

  /** The oldest step that can be shown. */
  get start() {
    return Math.max(this.snaps[0].step, this.head - this.span);
  }

  /** Bytes held by the snapshots. */
  get bytes() {
    return this.snaps.reduce((n, s) => n + s.bytes.length, 0);
  }

  /** True when the step shown is in the past. */
  get rewound() {
    return this.cursor < this.head;
  }

  /** Forgets what came after the step shown (a new future starts there). */
  fork() {
    if (this.cursor >= this.head) return;
    const at = this.cursor;
    this.snaps = this.snaps.filter((s) => s.step <= at);
    this.log = this.log.filter((e) => e.step <= at);
    this.head = at;
  }

  /** Logs an action taken at the step shown (forking first when that step is in the past). */
  record(action) {
    this.fork();
    this.log.push({ step: this.cursor, action });
  }

  /**
   * After a live step to `step`: a snapshot when the step is a multiple of the
   * interval (save() gives { bytes, extra }), and what fell out of the span forgotten.
   */
  stepped(step, save) {
    this.head = step;
    this.cursor = step;
    if (step % this.interval !== 0) return;
    const snap = { step, ...save() };
    this.snaps.push(snap);
    // Snapshots grow as contacts form: a longer interval keeps the ring within the budget.
    this.interval = Math.min(this.maxInterval, Math.max(this.interval, Math.ceil((this.span * snap.bytes.length) / this.budget)));
    // Keep the newest snapshot at or before head - span: every step from there on stays reachable.
    while (this.snaps.length > 1 && this.snaps[1].step <= this.head - this.span) this.snaps.shift();
    const first = this.snaps[0].step;
    if (this.log.length && this.log[0].step < first) this.log = this.log.filter((e) => e.step >= first);
  }

  /** The newest snapshot at or before `step`. */
  snapshotFor(step) {
    let best = this.snaps[0];
    for (const s of this.snaps) if (s.step <= step) best = s;
    return best;
  }

  /** The actions logged at `step`, in order. */
  actionsAt(step) {
    const out = [];
    for (const e of this.log) if (e.step === step) out.push(e.action);
    return out;
  }
}
