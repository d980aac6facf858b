// The numbers panel beside each canvas: one row per step of the formula,
// each with the formula on the left and its current value on the right.

/** A number with two decimals, a real minus sign, and no "-0.00". */
export function num(x, digits = 2) {
  if (!Number.isFinite(x)) return String(x);
  const s = x.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s.replace('-', '\u2212');
}

/** A vector as "(x, y)". */
export function vec(x, y, digits = 2) {
  return `(${num(x, digits)}, ${num(y, digits)})`;
}

export class Readout {
  /** @param {HTMLElement} el an element with class "readout" */
  constructor(el) {
    this.el = el;
    this.values = new Map();
    el.setAttribute('aria-live', 'off');
  }

  /**
   * Adds a row. key names it for set(); formula is shown as text (it may
   * contain simple markup: <var>, <sub>, <sup>).
   */
  row(key, formula, { note = false } = {}) {
    const row = document.createElement('div');
    row.className = note ? 'row note' : 'row';
    const f = document.createElement('span');
    f.className = 'formula';
    f.innerHTML = formula;
    const v = document.createElement('output');
    v.dataset.key = key;
    row.append(f, v);
    this.el.append(row);
    this.values.set(key, { row, out: v });
    return this;
  }

  /** Sets a row's value; cls marks it (e.g. "hit", "miss"). */
  set(key, text, cls = '') {
    const r = this.values.get(key);
    if (!r) return;
    if (r.out.textContent !== text) r.out.textContent = text;
    if (r.out.className !== cls) r.out.className = cls;
  }

  /** Shows or hides a row. */
  show(key, on) {
    const r = this.values.get(key);
    if (r) r.row.hidden = !on;
  }
}
