// Suzerain — the page of a game of prompts (games/prompt-page.ts). When the live script (live.js)
// refreshes the prompt part and a prompt for the player appears that was not there before, the
// page's status region says so (« À vous de jouer : … » / "Your turn: …"), for screen readers and
// for eyes elsewhere on the page. A prompt is known by when it was asked and its id
// (data-prompt-key), so a free action that leaves it open does not announce it again.
// An order given on the map (map.js, `suzerain:fill-form`) fills the open question's guided form:
// the entry it names, each field set, its <details> opened, its button in focus — the player sends
// it, or changes a field first. A live refresh of the questions keeps it filled.
// No framework, no inline code (the pages' CSP).
(function () {
  'use strict';
  var part = document.getElementById('prompt-part');
  var region = document.getElementById('play-announce');
  if (!part || !region) return;
  // The last order given on the map, applied again when live.js refreshes the prompt part (the
  // stream's first refresh may land just after the click: the entry comes back filled and marked)
  // until the player changes a field of it himself.
  var fromMap = null;
  function fill(f, focus) {
    var article = document.getElementById('prompt-' + f.decision);
    if (!article || article.closest('#prompt-part') !== part) return false;
    var forms = article.querySelectorAll('form.answer-form');
    var form = null;
    for (var i = 0; i < forms.length; i++) if (forms[i].getAttribute('data-code') === f.code) form = forms[i];
    if (!form) return false;
    for (var name in f.values) {
      if (!Object.prototype.hasOwnProperty.call(f.values, name)) continue;
      var input = form.elements.namedItem('f_' + name);
      if (!input) return false; // a field this entry does not have: the map and the form no longer agree
      input.value = f.values[name];
      if (input.value !== String(f.values[name])) return false; // not among the field's options
    }
    for (var p = form.parentNode; p && p !== article; p = p.parentNode) if (p.tagName === 'DETAILS') p.open = true;
    var prev = part.querySelectorAll('form.from-map');
    for (var j = 0; j < prev.length; j++) prev[j].classList.remove('from-map');
    form.classList.add('from-map');
    var button = form.querySelector('button[type="submit"]');
    if (focus && form.scrollIntoView) form.scrollIntoView({ block: 'nearest' });
    if (button && (focus || document.activeElement === document.body || !document.activeElement)) button.focus();
    return true;
  }
  document.addEventListener('suzerain:fill-form', function (ev) {
    var d = ev.detail || {};
    if (!d.form) return;
    fromMap = null;
    if (!fill(d.form, true)) return;
    fromMap = d.form;
    d.done = true;
  });
  function changedByHand(ev) {
    if (fromMap && ev.target && ev.target.closest && ev.target.closest('form.from-map')) fromMap = null;
  }
  part.addEventListener('input', changedByHand);
  part.addEventListener('change', changedByHand);
  part.addEventListener('suzerain:live-updated', function () {
    if (fromMap && !fill(fromMap, false)) fromMap = null;
  });
  function open() {
    var out = {};
    var els = part.querySelectorAll('[data-prompt-key]');
    for (var i = 0; i < els.length; i++) {
      if (!els[i].hasAttribute('data-answered')) out[els[i].getAttribute('data-prompt-key')] = els[i].getAttribute('data-prompt') || '';
    }
    return out;
  }
  var known = open();
  part.addEventListener('suzerain:live-updated', function () {
    var now = open();
    var fresh = [];
    for (var k in now) if (Object.prototype.hasOwnProperty.call(now, k) && !Object.prototype.hasOwnProperty.call(known, k)) fresh.push(now[k]);
    for (var j in known) if (Object.prototype.hasOwnProperty.call(known, j)) now[j] = known[j];
    known = now;
    if (!fresh.length) return;
    var msg = region.getAttribute('data-msg') || '{prompt}';
    region.textContent = msg.replace('{prompt}', fresh.join(' · '));
    region.hidden = false;
  });
})();
