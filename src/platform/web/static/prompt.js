// Suzerain — the page of a game of prompts (games/prompt-page.ts). When the live script (live.js)
// refreshes the prompt part and a prompt for the player appears that was not there before, the
// page's status region says so (« À vous de jouer : … » / "Your turn: …"), for screen readers and
// for eyes elsewhere on the page. A prompt is known by when it was asked and its id
// (data-prompt-key), so a free action that leaves it open does not announce it again.
// No framework, no inline code (the pages' CSP).
(function () {
  'use strict';
  var part = document.getElementById('prompt-part');
  var region = document.getElementById('play-announce');
  if (!part || !region) return;
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
