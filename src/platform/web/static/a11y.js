// Suzerain — on every page (layout.ts): a box that scrolls sideways or down (a wide table's
// .table-wrap, a map's .map-frame) can be reached and scrolled from the keyboard, and is named for
// a screen reader (issue 22 §4, WCAG 2.1.1): it gets tabindex="0", role="region" and a name — its
// table's caption, its image's name, or the heading before it. Only boxes that really scroll become
// tab stops; a box given its own tabindex by the server is left alone. Checked again when the page
// is resized or a live part of it is replaced. No framework, no inline code (the pages' CSP).
(function () {
  'use strict';
  var SELECTOR = '.table-wrap, .map-frame, .scroll-box';
  var MARK = 'data-a11y-scroll';

  function text(el) { return el ? (el.textContent || '').replace(/\s+/g, ' ').trim() : ''; }

  function nameOf(box) {
    var caption = box.querySelector('caption');
    if (text(caption)) return text(caption);
    var img = box.querySelector('[role="img"][aria-label], svg[aria-label]');
    if (img) return img.getAttribute('aria-label');
    var title = box.querySelector('svg > title');
    if (text(title)) return text(title);
    // The nearest heading before the box, in document order.
    var heads = document.querySelectorAll('main h1, main h2, main h3, main h4');
    var best = null;
    for (var i = 0; i < heads.length; i++) {
      if (heads[i].compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING) best = heads[i];
    }
    return text(best) || document.title;
  }

  function update() {
    var boxes = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (box.hasAttribute('tabindex') && !box.hasAttribute(MARK)) continue;
      var scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
      if (scrolls && !box.hasAttribute(MARK)) {
        // MARK lists what this script set, to take back only that when the box stops scrolling.
        var set = ['tabindex'];
        box.setAttribute('tabindex', '0');
        if (!box.hasAttribute('role')) { box.setAttribute('role', 'region'); set.push('role'); }
        if (!box.hasAttribute('aria-label') && !box.hasAttribute('aria-labelledby')) { box.setAttribute('aria-label', nameOf(box)); set.push('aria-label'); }
        box.setAttribute(MARK, set.join(' '));
      } else if (!scrolls && box.hasAttribute(MARK)) {
        var was = box.getAttribute(MARK).split(' ');
        for (var j = 0; j < was.length; j++) box.removeAttribute(was[j]);
        box.removeAttribute(MARK);
      }
    }
  }

  var queued = false;
  function later() {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(function () { queued = false; update(); });
  }
  update();
  window.addEventListener('resize', later);
  window.addEventListener('load', update);
  if (window.MutationObserver) new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
})();
