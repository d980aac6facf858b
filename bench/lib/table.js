// Plain-text tables for the terminal (and pasted as-is into the README).

/** Prints rows (arrays of strings) under a header, columns padded. */
export function printTable(title, header, rows, log = console.log) {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells) =>
    '| ' + cells.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join(' | ') + ' |';
  log('');
  log(title);
  log(line(header));
  log('|' + widths.map((w, c) => (c === 0 ? ':' : '-') + '-'.repeat(w) + (c === 0 ? '-' : ':')).join('|') + '|');
  for (const r of rows) log(line(r.map((x) => x ?? '')));
}

/** 1234.5 -> "1.23 k"-style is too cute; keep plain numbers with units. */
export function fmtMs(ms) {
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toFixed(3);
}

/** Pair tests per second as "1,234 M/s". */
export function fmtRate(perSecond) {
  return `${Math.round(perSecond / 1e6).toLocaleString('en-US')} M/s`;
}

export function fmtRatio(x) {
  if (!Number.isFinite(x)) return '-';
  if (x >= 100) return `${x.toFixed(0)}x`;
  if (x >= 10) return `${x.toFixed(1)}x`;
  return `${x.toFixed(2)}x`;
}
