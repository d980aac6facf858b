// The tutorial page: loads capsule2d once, then mounts every demo found in
// the page. A demo is an element with data-demo="name" holding a <canvas>, a
// .readout panel and its controls; its code is web/demos/<name>.js,
// registered in web/demos/index.js. To add a section, write the prose and
// the demo element in index.html and one module in web/demos/.
import * as capsule2d from 'capsule2d';
import { demos } from './demos/index.js';
import { loadColors } from './lib/draw.js';
import { announce } from './lib/announce.js';

const page = {
  ready: false,
  simd: false,
  /** The library itself, so tests can call the API the page uses. */
  api: capsule2d,
  /** Each mounted demo by name: { state, stages, ... } */
  demos: {},
  /** Demos left out because the library lacks a function: name → missing names. */
  skipped: {},
  error: null,
};

/** The table of contents, from the sections present. */
function buildToc() {
  const toc = document.querySelector('.toc');
  if (!toc) return;
  toc.textContent = '';
  for (const section of document.querySelectorAll('main > section[id]')) {
    const h2 = section.querySelector('h2');
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#${section.id}`;
    a.textContent = h2.textContent.replace(/^\s*\d+\s*/, '');
    li.append(a);
    toc.append(li);
  }
}
window.__capsule2dPage = page;

/** The "Use it" block once more in the footer (install line, example, links), without its ids. */
function footerUseIt() {
  const top = document.getElementById('use-it');
  const footer = document.querySelector('footer');
  if (!top || !footer || footer.querySelector('.use-it')) return;
  const copy = top.cloneNode(true);
  for (const el of [copy, ...copy.querySelectorAll('[id]')]) el.removeAttribute('id');
  copy.querySelector('details')?.removeAttribute('open');
  footer.prepend(copy);
}

/** The install line's Copy button: the command to the clipboard, "Copied" on the button for a moment. */
function copyButtons() {
  for (const button of document.querySelectorAll('button.copy[data-copy]')) {
    const source = document.getElementById(button.dataset.copy);
    if (!source) continue;
    button.addEventListener('click', async () => {
      const text = source.textContent;
      let ok = false;
      try {
        await navigator.clipboard.writeText(text);
        ok = true;
      } catch {
        // No clipboard API (an insecure origin): select the text for Ctrl+C.
        getSelection()?.selectAllChildren(source);
      }
      button.textContent = ok ? 'Copied' : 'Press Ctrl+C';
      announce(ok ? `Copied: ${text}` : 'Selected: press Ctrl+C to copy');
      clearTimeout(button.reset);
      button.reset = setTimeout(() => { button.textContent = 'Copy'; }, 2000);
    });
  }
}

/**
 * Each example's "Show code" listing under both the canvas and the numbers,
 * across the example's full width: in the side column it was cut off at
 * about 400 px (and scrolled sideways) while the space under the canvas
 * stayed empty.
 */
function listingsFullWidth() {
  for (const details of document.querySelectorAll('.demo > .side > details.code')) {
    details.closest('.demo').append(details);
  }
}

/** Every scrollable listing takes keyboard focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable). */
function focusableListings() {
  for (const pre of document.querySelectorAll('pre')) {
    if (!pre.hasAttribute('tabindex')) pre.tabIndex = 0;
  }
}

async function main() {
  loadColors();
  listingsFullWidth();
  focusableListings();
  copyButtons();
  footerUseIt();
  await capsule2d.init();
  page.simd = capsule2d.usingSimd();
  const badge = document.getElementById('build');
  if (badge) badge.textContent = page.simd ? 'WebAssembly SIMD build' : 'WebAssembly scalar build';

  for (const el of document.querySelectorAll('[data-demo]')) {
    const name = el.dataset.demo;
    const demo = demos[name];
    if (!demo) throw new Error(`no demo module registered for data-demo="${name}"`);
    // A demo whose functions this build of capsule2d lacks is left out
    // (with its section, if nothing else remains in it), never faked.
    const lacking = (demo.needs ?? []).filter((f) => typeof capsule2d[f] !== 'function');
    if (lacking.length > 0) {
      page.skipped[name] = lacking;
      const section = el.closest('section');
      el.remove();
      if (section && !section.querySelector('[data-demo]')) section.remove();
      continue;
    }
    page.demos[name] = demo.mount(el, capsule2d);
  }
  buildToc();
  document.documentElement.classList.add('ready');
  page.ready = true;
}

main().catch((e) => {
  page.error = String(e?.stack ?? e);
  const box = document.getElementById('load-error');
  if (box) {
    box.hidden = false;
    box.textContent = `The collision module could not start: ${e.message}`;
  }
  throw e;
});
