// Suzerain — the map widget. A click on a territory shows what the player may know of it (the
// ruleset's own words, from #map-data); on the order page, picking a piece lights up the
// territories where it has a legal order, and choosing one writes the order line to the sheet
// (orders.js listens for the `suzerain:append-line` event). The map orders follow the sheet being
// written: after each save (orders.js sends `suzerain:sheet-saved`) they are reloaded from the
// server, which plays the sheet ahead (a knight whose men are levied may now attack). On the page of
// a game of prompts the map orders answer the open question: a sheet's line as above, or the
// question's guided form filled (prompt.js, `suzerain:fill-form`), reloaded when the questions
// change (the prompt part refreshed by live.js). The orders already written are drawn as numbered
// arrows (`trails`, the ruleset's mapTrails), redrawn with each reload. No framework, no inline code.
//
// From the keyboard (issue 22 §2): the map is one tab stop; the arrow keys move to the nearest
// territory that way, Home and End to the first and the last, Enter or Space opens the one in
// focus (its panel, and the orders of the piece picked there). The orders can also be given from
// two lists: the piece, then the territory aimed at (the territories where it has an order).
(function () {
  'use strict';
  var root = document.getElementById('map-widget');
  if (!root) return;
  var dataEl = document.getElementById('map-data');
  var data = { regions: {}, units: [], msgs: {} };
  try { data = JSON.parse(dataEl.textContent || '{}'); } catch (e) { /* keep empty */ }
  var info = document.getElementById('map-info');
  var unitSelect = document.getElementById('map-unit');
  var actionsEl = document.getElementById('map-actions');
  var writtenEl = document.getElementById('map-written');
  var targetSelect = document.getElementById('map-target');
  var svg = root.querySelector('svg');
  var selectedRegion = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function regionPaths(id) { return svg ? svg.querySelectorAll('path.region[data-region="' + id + '"]') : []; }
  function each(list, fn) { for (var i = 0; i < list.length; i++) fn(list[i]); }
  function currentUnit() {
    if (!unitSelect || !unitSelect.value) return null;
    for (var i = 0; i < data.units.length; i++) if (data.units[i].id === unitSelect.value) return data.units[i];
    return null;
  }

  function showInfo(id) {
    var r = data.regions[id];
    if (!info || !r) return;
    info.textContent = '';
    info.appendChild(el('h3', '', r.title));
    var dl = el('dl', 'kv');
    for (var i = 0; i < r.rows.length; i++) {
      dl.appendChild(el('dt', '', r.rows[i][0]));
      dl.appendChild(el('dd', '', r.rows[i][1]));
    }
    info.appendChild(dl);
  }

  function highlight() {
    if (!svg) return;
    each(svg.querySelectorAll('path.region'), function (p) { p.classList.remove('target', 'origin', 'selected'); });
    var u = currentUnit();
    if (u) {
      each(regionPaths(u.region), function (p) { p.classList.add('origin'); });
      for (var i = 0; i < u.actions.length; i++) each(regionPaths(u.actions[i].region), function (p) { p.classList.add('target'); });
    }
    if (selectedRegion) each(regionPaths(selectedRegion), function (p) { p.classList.add('selected'); });
  }

  function write(line) {
    document.dispatchEvent(new CustomEvent('suzerain:append-line', { detail: { line: line } }));
    if (writtenEl) writtenEl.textContent = (data.msgs.written || '') + ' ' + line;
  }
  // A game of prompts: the action fills the open question's guided form (prompt.js finds it and
  // says so by setting detail.done); a form no longer there means the question has moved on.
  function fill(a) {
    var detail = { form: a.form, label: a.label, done: false };
    document.dispatchEvent(new CustomEvent('suzerain:fill-form', { detail: detail }));
    if (!writtenEl) return;
    if (detail.done) writtenEl.textContent = (data.msgs.filled || '') + ' ' + a.label;
    else { writtenEl.textContent = data.msgs.formGone || ''; reloadUnits(); }
  }

  // The actions shown (as JSON): a reload of the map orders that leaves them unchanged keeps the
  // panel as it is, with what the player is typing in it.
  var shown = '';
  function actionsAt(id) {
    var u = currentUnit();
    return u ? u.actions.filter(function (a) { return a.region === id; }) : null;
  }
  function showActions(id) {
    if (!actionsEl) return;
    actionsEl.textContent = '';
    var list = actionsAt(id);
    shown = JSON.stringify(list);
    if (!list) return;
    if (!list.length) { actionsEl.appendChild(el('p', 'muted small', data.msgs.noAction)); return; }
    list.forEach(function (a) {
      var row = el('div', 'map-action');
      row.setAttribute('data-code', a.code);
      if (a.ask) {
        var lab = el('label', 'field');
        lab.appendChild(el('span', '', a.ask.label));
        var input = el('input');
        input.type = 'number';
        input.step = '1';
        if (a.ask.min !== undefined) input.min = String(a.ask.min);
        if (a.ask.max !== undefined) input.max = String(a.ask.max);
        if (a.ask.value !== undefined) input.value = String(a.ask.value);
        input.setAttribute('aria-label', a.ask.label);
        lab.appendChild(input);
        var b = el('button', 'add', a.label);
        b.type = 'button';
        b.addEventListener('click', function () {
          var n = Number(input.value);
          var lo = a.ask.min === undefined ? -Infinity : a.ask.min;
          var hi = a.ask.max === undefined ? Infinity : a.ask.max;
          if (input.value === '' || !Number.isInteger(n) || n < lo || n > hi) {
            input.classList.add('missing');
            if (writtenEl) writtenEl.textContent = String(data.msgs.badNumber || '').replace('{min}', String(lo)).replace('{max}', String(hi));
            return;
          }
          input.classList.remove('missing');
          write(a.line.split('{n}').join(String(n)));
        });
        row.appendChild(lab);
        row.appendChild(b);
      } else {
        var b2 = el('button', 'add', a.label);
        b2.type = 'button';
        b2.addEventListener('click', function () { if (a.form) fill(a); else write(a.line); });
        row.appendChild(b2);
      }
      actionsEl.appendChild(row);
    });
  }

  // Zoom: the drawing's width as a multiple of the frame's (the frame scrolls).
  var zoom = 1;
  var frame = root.querySelector('.map-frame');
  function setZoom(z) {
    if (!svg || !frame) return;
    var cx = (frame.scrollLeft + frame.clientWidth / 2) / frame.scrollWidth;
    var cy = (frame.scrollTop + frame.clientHeight / 2) / frame.scrollHeight;
    zoom = Math.max(1, Math.min(4, z));
    svg.style.width = (zoom * 100) + '%';
    frame.scrollLeft = cx * frame.scrollWidth - frame.clientWidth / 2;
    frame.scrollTop = cy * frame.scrollHeight - frame.clientHeight / 2;
  }
  each(root.querySelectorAll('[data-zoom]'), function (b) {
    b.addEventListener('click', function () {
      var k = b.getAttribute('data-zoom');
      setZoom(k === 'in' ? zoom * 1.5 : k === 'out' ? zoom / 1.5 : 1);
    });
  });

  // The region in view inside the frame (a map wider than its frame scrolls: the piece picked may
  // stand out of sight, e.g. on a phone), the page itself not scrolled.
  function reveal(id) {
    var p = regionPaths(id)[0];
    if (!p || !frame || !p.getBoundingClientRect) return;
    var f = frame.getBoundingClientRect();
    var r = p.getBoundingClientRect();
    if (r.left < f.left || r.right > f.right) frame.scrollLeft += (r.left + r.right) / 2 - (f.left + f.right) / 2;
    if (r.top < f.top || r.bottom > f.bottom) frame.scrollTop += (r.top + r.bottom) / 2 - (f.top + f.bottom) / 2;
  }

  function select(id) {
    selectedRegion = id;
    showInfo(id);
    showActions(id);
    highlight();
    if (targetSelect) targetSelect.value = hasOption(targetSelect, id) ? id : '';
  }
  function hasOption(sel, v) {
    for (var i = 0; i < sel.options.length; i++) if (sel.options[i].value === v) return true;
    return false;
  }

  // The territories where the piece picked has an order, for the "target" list: where it stands
  // first, then by name.
  function fillTargets() {
    if (!targetSelect) return;
    var keep = targetSelect.value;
    while (targetSelect.options.length > 1) targetSelect.remove(1);
    var u = currentUnit();
    targetSelect.disabled = !u;
    targetSelect.options[0].textContent = u ? '—' : (data.msgs.noTarget || '—');
    if (!u) return;
    var seen = {};
    var ids = [];
    u.actions.forEach(function (a) { if (!seen[a.region]) { seen[a.region] = true; ids.push(a.region); } });
    var names = data.names || {};
    ids.sort(function (a, b) {
      if (a === u.region) return -1;
      if (b === u.region) return 1;
      return String(names[a] || a).localeCompare(String(names[b] || b), document.documentElement.lang || undefined, { numeric: true });
    });
    ids.forEach(function (id) {
      var o = el('option', '', (names[id] || id) + (id === u.region ? ' ' + (data.msgs.here || '') : ''));
      o.value = id;
      targetSelect.appendChild(o);
    });
    targetSelect.value = hasOption(targetSelect, keep) ? keep : '';
  }
  if (targetSelect) {
    targetSelect.addEventListener('change', function () {
      if (targetSelect.value) select(targetSelect.value);
    });
  }

  if (svg) {
    svg.addEventListener('click', function (ev) {
      var t = ev.target;
      var g = t && t.closest ? t.closest('[data-region]') : null;
      if (!g) return;
      select(g.getAttribute('data-region'));
    });
    // One tab stop: the region in focus holds tabindex 0 (roving tabindex).
    var regions = svg.querySelectorAll('path.region[tabindex]');
    var focusRegion = function (p) {
      each(regions, function (q) { q.setAttribute('tabindex', q === p ? '0' : '-1'); });
      p.focus();
    };
    var nearest = function (from, dx, dy) {
      var x0 = Number(from.getAttribute('data-x'));
      var y0 = Number(from.getAttribute('data-y'));
      var best = null;
      var score = Infinity;
      each(regions, function (q) {
        if (q === from || q.getAttribute('data-region') === from.getAttribute('data-region')) return;
        var x = Number(q.getAttribute('data-x')) - x0;
        var y = Number(q.getAttribute('data-y')) - y0;
        var along = x * dx + y * dy;
        var across = Math.abs(x * dy - y * dx);
        if (along <= 0 || across > along * 2) return; // within 63° of the direction
        var s = along + 2 * across;
        if (s < score) { score = s; best = q; }
      });
      return best;
    };
    svg.addEventListener('keydown', function (ev) {
      var p = ev.target;
      if (!p || !p.classList || !p.classList.contains('region')) return;
      var k = ev.key;
      var dirs = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (k === 'Enter' || k === ' ' || k === 'Spacebar') {
        ev.preventDefault();
        select(p.getAttribute('data-region'));
      } else if (dirs[k]) {
        ev.preventDefault();
        var q = nearest(p, dirs[k][0], dirs[k][1]);
        if (q) focusRegion(q);
      } else if (k === 'Home' || k === 'End') {
        ev.preventDefault();
        if (regions.length) focusRegion(regions[k === 'Home' ? 0 : regions.length - 1]);
      }
    });
    svg.addEventListener('focusin', function (ev) {
      var p = ev.target;
      if (p && p.classList && p.classList.contains('region')) {
        each(regions, function (q) { q.setAttribute('tabindex', q === p ? '0' : '-1'); });
        // Keep the region in focus in view inside the scrolling frame.
        if (p.scrollIntoView) p.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
    });
  }

  // The link to the text version opens it.
  var tableEl = document.getElementById('map-table');
  each(document.querySelectorAll('a[href="#map-table"]'), function (a) {
    a.addEventListener('click', function () { if (tableEl) tableEl.open = true; });
  });
  // The orders written (the sheet's lines so far, `data.trails`): an arrow from region to region,
  // numbered as the lines, its words in a tooltip; drawn again with each reload of the map orders.
  var SVGNS = 'http://www.w3.org/2000/svg';
  function svgEl(tag, attrs) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, String(attrs[k]));
    return e;
  }
  function drawTrails(trails) {
    if (!svg) return;
    var old = svg.querySelector('g.trails');
    if (old) old.parentNode.removeChild(old);
    if (!trails || !trails.length || !data.at) return;
    var box = (svg.getAttribute('viewBox') || '0 0 1000 1000').split(/[\s,]+/).map(Number);
    var unit = Math.max(box[2], box[3]) / 400; // stroke and head sizes relative to the drawing
    var g = svgEl('g', { 'class': 'trails', 'pointer-events': 'none' });
    var defs = svgEl('defs', {});
    var head = svgEl('marker', { id: 'trail-head', viewBox: '0 0 10 10', refX: '8', refY: '5', markerWidth: '4', markerHeight: '4', orient: 'auto-start-reverse' });
    head.appendChild(svgEl('path', { d: 'M0 0L10 5L0 10z', 'class': 'trail-head' }));
    defs.appendChild(head);
    g.appendChild(defs);
    trails.forEach(function (t) {
      var a = data.at[t.from], b = data.at[t.to];
      if (!a || !b || (a[0] === b[0] && a[1] === b[1])) return;
      var dx = b[0] - a[0], dy = b[1] - a[1], len = Math.sqrt(dx * dx + dy * dy);
      var cut = Math.min(len / 4, 6 * unit); // start and end short of the names
      var x1 = a[0] + dx * cut / len, y1 = a[1] + dy * cut / len, x2 = b[0] - dx * cut / len, y2 = b[1] - dy * cut / len;
      var one = svgEl('g', { 'class': 'trail ' + (t.kind || 'move'), 'data-from': t.from, 'data-to': t.to });
      var title = svgEl('title', {});
      title.textContent = t.label;
      one.appendChild(title);
      one.appendChild(svgEl('line', { x1: x1, y1: y1, x2: x2, y2: y2, 'stroke-width': 1.6 * unit, 'marker-end': 'url(#trail-head)' }));
      var mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
      one.appendChild(svgEl('circle', { cx: mx, cy: my, r: 3.2 * unit, 'stroke-width': 0.5 * unit }));
      var n = svgEl('text', { x: mx, y: my + 1.6 * unit, 'font-size': 4.4 * unit, 'text-anchor': 'middle' });
      n.textContent = String(t.n);
      one.appendChild(n);
      g.appendChild(one);
    });
    svg.appendChild(g);
  }
  drawTrails(data.trails);

  // The map orders after the saved sheet; the piece picked stays picked.
  function setUnits(units) {
    data.units = units;
    if (unitSelect) {
      var keep = unitSelect.value;
      while (unitSelect.options.length > 1) unitSelect.remove(1);
      units.forEach(function (u) {
        var o = el('option', '', u.label);
        o.value = u.id;
        unitSelect.appendChild(o);
      });
      unitSelect.value = currentUnitIn(units, keep) ? keep : '';
    }
    fillTargets();
    if (selectedRegion && JSON.stringify(actionsAt(selectedRegion)) !== shown) showActions(selectedRegion);
    highlight();
    var ordersEl = document.getElementById('map-orders');
    if (ordersEl && data.prompts) ordersEl.hidden = !units.length;
    root.setAttribute('data-units-version', String(Number(root.getAttribute('data-units-version') || '0') + 1));
  }
  function currentUnitIn(units, id) {
    for (var i = 0; i < units.length; i++) if (units[i].id === id) return true;
    return false;
  }
  var loading = null;
  function reloadUnits() {
    if (!data.unitsUrl) return;
    var mine = loading = fetch(data.unitsUrl, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) { if (mine === loading && d && Array.isArray(d.units)) { setUnits(d.units); drawTrails(d.trails || []); } })
      .catch(function () { /* keep the current orders */ });
  }
  document.addEventListener('suzerain:sheet-saved', reloadUnits);
  // A game of prompts: the questions change when the prompt part is refreshed (live.js); its map orders with them.
  if (data.prompts) {
    document.addEventListener('suzerain:live-updated', function (ev) {
      if (ev.target && ev.target.id === 'prompt-part') reloadUnits();
    });
  }

  if (unitSelect) {
    unitSelect.addEventListener('change', function () {
      if (actionsEl) actionsEl.textContent = '';
      shown = '';
      var u = currentUnit();
      selectedRegion = u ? u.region : null;
      fillTargets();
      if (u) { showInfo(u.region); showActions(u.region); reveal(u.region); }
      if (targetSelect) targetSelect.value = u ? u.region : '';
      highlight();
    });
  }
})();
