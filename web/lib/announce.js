// The page's one polite live region. Nothing else on the page is live: the
// numbers panels change on every pointer move and would flood a screen
// reader. A Stage announces one short summary here when a drag ends, when a
// run of arrow-key moves pauses, or when a tap places a point.

let region = null;

function liveRegion() {
  if (region?.isConnected) return region;
  region = document.getElementById('announcer');
  if (!region) {
    region = document.createElement('div');
    region.id = 'announcer';
    region.className = 'visually-hidden';
    document.body.append(region);
  }
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  return region;
}

/** Says one short text (once: the same text twice in a row is said again). */
export function announce(text) {
  if (!text) return;
  const el = liveRegion();
  el.textContent = el.textContent === text ? `${text}\u00a0` : text;
}
