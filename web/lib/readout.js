// The numbers panel beside each canvas: one row per step of the formula,
// each with the formula on the left and its current value on the right.
//
// Nothing here is a live region: the values change on every pointer move.
// The canvas points at the panel with aria-describedby, and a Stage
// announces summary() once when a drag ends (web/lib/announce.js).
// Rows marked { page: true } are the working the page does itself in
// JavaScript; the other rows show what capsule2d returned.

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

let ids = 0;

export class Readout {
  /** @param {HTMLElement} el an element with class "readout" */
  constructor(el) {
    this.el = el;
    this.values = new Map();
    this.legend = null;
    el.setAttribute('aria-live', 'off');
    if (!el.id) el.id = `numbers-${el.closest('[data-demo]')?.dataset.demo ?? ++ids}`;
    el.readout = this;
  }

  /**
   * Adds a row. key names it for set(); formula is shown as text (it may
   * contain simple markup: <var>, <sub>, <sup>). short names the value in
   * the summary announced after a drag (rows without one are left out);
   * page marks a value the page computes itself rather than capsule2d.
   */
  row(key, formula, { note = false, short = '', page = false } = {}) {
    const row = document.createElement('div');
    row.className = ['row', note && 'note', page && 'page'].filter(Boolean).join(' ');
    const f = document.createElement('span');
    f.className = 'formula';
    f.innerHTML = formula;
    if (page) {
      const tag = document.createElement('span');
      tag.className = 'tag';
      tag.textContent = 'page';
      f.append(' ', tag);
      this.addLegend();
    }
    const v = document.createElement('span');
    v.className = 'value';
    v.dataset.key = key;
    row.append(f, v);
    if (this.legend) this.el.insertBefore(row, this.legend);
    else this.el.append(row);
    this.values.set(key, { row, out: v, short });
    return this;
  }

  addLegend() {
    if (this.legend) return;
    this.legend = document.createElement('p');
    this.legend.className = 'legend';
    this.legend.innerHTML = 'Values marked <span class="tag">page</span> are the working, done by this page in JavaScript; the others are what capsule2d returned.';
    this.el.append(this.legend);
  }

  /** Sets a row's value; cls marks it (e.g. "hit", "miss"). */
  set(key, text, cls = '') {
    const r = this.values.get(key);
    if (!r) return;
    const want = cls ? `value ${cls}` : 'value';
    if (r.out.textContent !== text) r.out.textContent = text;
    if (r.out.className !== want) r.out.className = want;
  }

  /** Shows or hides a row. */
  show(key, on) {
    const r = this.values.get(key);
    if (r) r.row.hidden = !on;
  }

  /** One short line of the values that have a short name ("t = 0.54, P = (1.00, 2.00)"). */
  summary() {
    const parts = [];
    for (const { row, out, short } of this.values.values()) {
      const v = out.textContent;
      if (!short || row.hidden || !v || v === '—') continue;
      parts.push(`${short} = ${v}`);
    }
    return parts.join(', ');
  }
}
