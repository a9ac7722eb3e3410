// Suzerain — live pages (live/routes.ts). A page that wants its game's events marks ONE element
// (usually <body>) with data-live-game="<game id>" and loads this script. It then holds an
// EventSource on /games/<id>/live (which reconnects by itself) and, on each game event:
//  (a) dispatches a CustomEvent 'suzerain:live' on document, detail = the event's data
//      ({ kind, step?, player? });
//  (b) for every element with data-live-src="<same-origin url>", fetches that URL (credentials of
//      the site) and replaces the element's content with the response; debounced, one fetch at a
//      time per element (an event during a fetch asks for one more afterwards). The focused element,
//      if it had an id and the new content has it again, gets the focus (and its caret) back, and
//      every text field with an id keeps what was typed in it, every list with an id the choice made
//      in it (when the new list still offers that choice).
//      The element then receives a 'suzerain:live-updated' event. An element of the old content
//      with an id and data-live-keep="<key>" whose id comes again with the same key is kept as it
//      was (the prompt page's sheet being written: its text, its script's handlers, its caret).
// It announces nothing itself: the page says what changed (an aria-live region of its own).
// No framework, no inline code (the pages' CSP).
(function () {
  'use strict';
  var host = document.querySelector('[data-live-game]');
  if (!host || typeof EventSource === 'undefined') return;
  var id = host.getAttribute('data-live-game');
  if (!/^\d+$/.test(id || '')) return;
  var DEBOUNCE_MS = 150;
  var state = typeof WeakMap === 'function' ? new WeakMap() : null;

  function sameOrigin(url) {
    try { return new URL(url, location.href).origin === location.origin; } catch (e) { return false; }
  }

  function replace(el, text) {
    var active = document.activeElement;
    var keep = active && active !== document.body && el.contains(active) && active.id ? active.id : null;
    var start = null, end = null;
    try { start = active.selectionStart; end = active.selectionEnd; } catch (e) { /* not a text field */ }
    var kept = el.querySelectorAll('[data-live-keep][id]');
    // What the player has typed in a field with an id is his: the field that comes again gets it back
    // (an answer being written when a live event arrives is not lost).
    var typed = {};
    var fields = el.querySelectorAll('input[id]:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea[id]');
    for (var i = 0; i < fields.length; i++) if (fields[i].value !== fields[i].defaultValue) typed[fields[i].id] = fields[i].value;
    // and so is a choice he made in a list (a guided form half filled: the gift's receiver, a card's pile)
    var lists = el.querySelectorAll('select[id]:not([multiple])');
    for (var s = 0; s < lists.length; s++) {
      var o = lists[s].options[lists[s].selectedIndex];
      if (o && !o.defaultSelected) typed[lists[s].id] = lists[s].value;
    }
    el.innerHTML = text;
    for (var id in typed) {
      var field = document.getElementById(id);
      if (!field || !el.contains(field)) continue;
      if (field.tagName === 'TEXTAREA' || field.tagName === 'INPUT') field.value = typed[id];
      else if (field.tagName === 'SELECT') for (var j = 0; j < field.options.length; j++) if (field.options[j].value === typed[id]) { field.selectedIndex = j; break; }
    }
    for (var k = 0; k < kept.length; k++) {
      var fresh = document.getElementById(kept[k].id);
      if (fresh && el.contains(fresh) && fresh.getAttribute('data-live-keep') === kept[k].getAttribute('data-live-keep')) fresh.parentNode.replaceChild(kept[k], fresh);
    }
    if (keep) {
      var again = document.getElementById(keep);
      if (again && el.contains(again)) {
        try {
          again.focus();
          if (start !== null && typeof again.setSelectionRange === 'function') again.setSelectionRange(start, end);
        } catch (e) { /* focus is a nicety */ }
      }
    }
    try { el.dispatchEvent(new CustomEvent('suzerain:live-updated', { bubbles: true })); } catch (e) { /* old browser */ }
  }

  function refresh(el) {
    var src = el.getAttribute('data-live-src');
    if (!src || !sameOrigin(src) || !state) return;
    var s = state.get(el);
    if (!s) { s = { timer: null, busy: false, again: false }; state.set(el, s); }
    if (s.busy) { s.again = true; return; }
    if (s.timer) clearTimeout(s.timer);
    s.timer = setTimeout(function () {
      s.timer = null;
      s.busy = true;
      fetch(src, { credentials: 'same-origin', headers: { 'X-Requested-With': 'live' } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (text) { if (text !== null && document.contains(el)) replace(el, text); })
        .catch(function () { /* the next event tries again */ })
        .then(function () {
          s.busy = false;
          if (s.again) { s.again = false; refresh(el); }
        });
    }, DEBOUNCE_MS);
  }

  function onGame(ev) {
    var data = null;
    try { data = JSON.parse(ev.data); } catch (e) { return; }
    try { document.dispatchEvent(new CustomEvent('suzerain:live', { detail: data })); } catch (e) { /* old browser */ }
    refreshAll();
  }
  function refreshAll() {
    var els = document.querySelectorAll('[data-live-src]');
    for (var i = 0; i < els.length; i++) refresh(els[i]);
  }

  // Closed when the page is left (a stream counts against the user's limit), opened again when
  // the browser brings the page back from its cache.
  var source = null;
  function open() {
    if (source) return;
    source = new EventSource('/games/' + id + '/live');
    source.addEventListener('game', onGame);
    // Once the stream is open (the first time and after a reconnection), the live parts are fetched
    // again: what happened between the page's rendering and the stream's start (an answer resolving
    // its step just after the page was read) is never sent to it as an event.
    source.addEventListener('open', refreshAll);
  }
  open();
  window.addEventListener('pagehide', function () { if (source) { source.close(); source = null; } });
  window.addEventListener('pageshow', function (ev) { if (ev.persisted) open(); });
})();
