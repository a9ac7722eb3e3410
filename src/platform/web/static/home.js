// Suzerain — the home page ("my games"): each deadline in the viewer's own time zone (Intl, with
// the zone the browser reports; the server's text, in the site's zone, stays when that fails) and
// a countdown to it, updated every second. No framework, no inline code (the page's CSP).
(function () {
  'use strict';
  var lang = document.documentElement.lang === 'en' ? 'en-GB' : 'fr-FR';
  var fr = lang === 'fr-FR';

  // Dates in the visitor's own time zone: local-time.js.

  function pad(n) { return n < 10 ? '0' + n : String(n); }
  // The server's text (web/home.ts, timeLeft), with minutes and seconds: it visibly runs.
  function left(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    if (d > 0) return d + (fr ? ' j ' : ' d ') + h + ' h ' + pad(m) + ' min ' + pad(sec) + ' s';
    if (h > 0) return h + ' h ' + pad(m) + ' min ' + pad(sec) + ' s';
    return m + ' min ' + pad(sec) + ' s';
  }

  var counters = document.querySelectorAll('.countdown[data-deadline]');
  function tick() {
    var now = Date.now();
    for (var i = 0; i < counters.length; i++) {
      var c = counters[i];
      var ms = new Date(c.getAttribute('data-deadline')).getTime() - now;
      if (isNaN(ms)) continue;
      c.textContent = ms > 0 ? (c.getAttribute('data-left') || '{time}').split('{time}').join(left(ms)) : (c.getAttribute('data-passed') || '');
      c.setAttribute('data-ticking', '1');
    }
  }
  if (counters.length) { tick(); setInterval(tick, 1000); }
})();
