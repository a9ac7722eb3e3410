// Suzerain — dates in the visitor's own time zone, on every page that shows one: each
// <time datetime="…" data-local> is rewritten with Intl in the zone the browser reports
// (data-local="short": a medium date without the zone's name). When that fails, the server's text
// (in the site's or the game's zone) stays. A part of a page refreshed by the live script
// (live.js, event `suzerain:live-updated`) gets its dates rewritten too. No framework, no inline
// code (the pages' CSP).
(function () {
  'use strict';
  var lang = document.documentElement.lang === 'en' ? 'en-GB' : 'fr-FR';
  function rewrite(root) {
    var times = root.querySelectorAll('time[data-local]');
    for (var i = 0; i < times.length; i++) {
      var el = times[i];
      var d = new Date(el.getAttribute('datetime'));
      if (isNaN(d.getTime())) continue;
      try {
        var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        var full = el.getAttribute('data-local') !== 'short';
        el.textContent = new Intl.DateTimeFormat(lang, { dateStyle: full ? 'full' : 'medium', timeStyle: 'short' }).format(d) + (full && zone ? ' (' + zone + ')' : '');
        if (zone) el.title = zone;
      } catch (e) { /* keep the server's text */ }
    }
  }
  rewrite(document);
  document.addEventListener('suzerain:live-updated', function (ev) { if (ev.target && ev.target.querySelectorAll) rewrite(ev.target); });
})();
