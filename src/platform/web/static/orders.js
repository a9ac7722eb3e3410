// Suzerain — the order page (local times: local-time.js). No framework, no inline code:
// the page's Content-Security-Policy only allows same-origin scripts.
//  - guided form: each entry builds one line (its code, then the field values, each after its
//    prefix word; a value with spaces is quoted unless verbatim; empty optional fields are skipped,
//    as engine formLine) and appends it to the sheet; in the picker layout one entry is shown, the
//    one picked in the lists (section, group, order);
//  - the sheet is saved as it is typed (debounced POST with the CSRF header), and the referee's
//    issues are listed beside it (line number + reason) and marked in the line-number gutter;
//  - issues are errors (the line is not kept) or warnings (kept, but the referee will or may cancel
//    it); both are listed and marked in the gutter, and "ready" asks once more while there are any;
//  - the ready button is a toggle; while ready, the page notices when the turn is resolved.
// For screen readers and the keyboard (issue 22 §1): a save announces how many lines need
// attention (#save-status is a status region; the passing "modified/saving" go to #save-progress,
// which is not), the sheet carries aria-invalid and aria-describedby (the issue list) while there
// are issues, each issue on a line is a button selecting it, "ready" keeps the focus on its button
// (never disabled, aria-disabled while the request runs) and its state is a status region; after
// a resolution the page reloads with ?resolved=<step> and the server's "turn N resolved" message
// (#turn-resolved) is focused.
(function () {
  'use strict';

  var pageLang = document.documentElement.lang === 'en' ? 'en' : 'fr';
  var lang = pageLang === 'en' ? 'en-GB' : 'fr-FR';

  // Dates in the visitor's own time zone: local-time.js.

  // After a resolution: focus the message saying which turn was resolved, and drop the query so
  // that a later reload does not say it again.
  var resolvedEl = document.getElementById('turn-resolved');
  if (resolvedEl) {
    resolvedEl.focus();
    if (window.history && history.replaceState && /[?&]resolved=/.test(location.search)) {
      history.replaceState(null, '', location.pathname + location.search.replace(/([?&])resolved=\d*&?/, '$1').replace(/[?&]$/, '') + location.hash);
    }
  }

  // The editor is bound once (data-bound); the prompt page's live refresh may bring a new one (a
  // new sheet prompt), bound then (live.js fires suzerain:live-updated on the refreshed part).
  function init() {
    var root = document.getElementById('orders');
    if (!root || root.hasAttribute('data-bound')) return;
    root.setAttribute('data-bound', '1');

    var csrfMeta = document.querySelector('meta[name="csrf-token"]');
    var csrf = csrfMeta ? csrfMeta.getAttribute('content') : '';
    var msgs = {};
    try { msgs = JSON.parse(root.getAttribute('data-msgs') || '{}'); } catch (e) { msgs = {}; }
    function msg(key, vars) {
      var s = msgs[key] || key;
      if (vars) for (var k in vars) s = s.split('{' + k + '}').join(String(vars[k]));
      return s;
    }

    var step = root.getAttribute('data-step');
    var saveUrl = root.getAttribute('data-save-url');
    var sheetUrl = root.getAttribute('data-sheet-url');
    var readyUrl = root.getAttribute('data-ready-url');
    // The prompt page's sheet editor (prompt-page.ts) saves its drafts as answers: the text goes
    // under data-save-key, with the fields of data-save-fields (the decision, draft=1).
    var saveKey = root.getAttribute('data-save-key') || 'text';
    var saveFields = {};
    try { saveFields = JSON.parse(root.getAttribute('data-save-fields') || '{}'); } catch (e) { saveFields = {}; }
    var ta = document.getElementById('sheet-text');
    var gutter = document.getElementById('sheet-gutter');
    var issuesEl = document.getElementById('issues');
    var noIssuesEl = document.getElementById('no-issues');
    var statusEl = document.getElementById('save-status');
    var progressEl = document.getElementById('save-progress');
    var sheetForm = document.getElementById('sheet-form');
    var readyForm = document.getElementById('ready-form');
    var readyState = document.getElementById('ready-state');
    var readyButton = document.getElementById('ready-button');
    var readyInput = readyForm ? readyForm.querySelector('input[name="ready"]') : null;

    var badLines = {};
    var warnLines = {};
    var counts = { errors: 0, warnings: 0 };
    var readyWarning = document.getElementById('ready-warning');
    var confirmReady = false;
    var ready = readyForm ? readyForm.classList.contains('is-ready') : false;

    // ── gutter (line numbers, lines with an issue marked)
    function renderGutter() {
      if (!gutter || !ta) return;
      var n = Math.max(1, ta.value.split('\n').length);
      gutter.textContent = '';
      for (var i = 1; i <= n; i++) {
        var span = document.createElement('span');
        span.textContent = String(i);
        if (badLines[i]) { span.className = 'bad'; span.title = badLines[i]; }
        else if (warnLines[i]) { span.className = 'warn'; span.title = warnLines[i]; }
        gutter.appendChild(span);
        gutter.appendChild(document.createTextNode('\n'));
      }
      gutter.scrollTop = ta.scrollTop;
    }

    function selectLine(n) {
      if (!ta) return;
      var lines = ta.value.split('\n');
      if (n < 1 || n > lines.length) return;
      var start = 0;
      for (var i = 0; i < n - 1; i++) start += lines[i].length + 1;
      ta.focus();
      ta.setSelectionRange(start, start + lines[n - 1].length);
    }

    // ── issues
    // An issue's message in the page language; `message` (English) for issues without `text`.
    function issueText(it) {
      return (it.text && typeof it.text[pageLang] === 'string') ? it.text[pageLang] : it.message;
    }

    function renderIssues(issues) {
      badLines = {};
      warnLines = {};
      counts = { errors: 0, warnings: 0 };
      resetReadyWarning();
      if (!issuesEl) return;
      issuesEl.textContent = '';
      for (var i = 0; i < issues.length; i++) {
        var it = issues[i];
        var text = issueText(it);
        var warn = it.severity === 'warning';
        if (warn) counts.warnings++; else counts.errors++;
        var li = document.createElement('li');
        if (warn) li.className = 'warn';
        // An issue on a line is a button that selects the line (as the server draws it).
        var holder = li;
        if (it.line) {
          li.setAttribute('data-line', String(it.line));
          if (warn) { if (!badLines[it.line]) warnLines[it.line] = text; } else { badLines[it.line] = text; delete warnLines[it.line]; }
          holder = document.createElement('button');
          holder.type = 'button';
          holder.className = 'issue';
          holder.setAttribute('data-line', String(it.line));
          li.appendChild(holder);
        }
        var strong = document.createElement('strong');
        strong.textContent = (it.line ? msg('line', { n: it.line }) : msg('sheet')) + (warn ? ' ' + msg('warning') : '');
        holder.appendChild(strong);
        holder.appendChild(document.createTextNode((msgs.colon || ' : ') + text));
        if (it.candidates && it.candidates.length && !it.candidates.every(function (c) { return text.indexOf(c) >= 0; })) {
          var c = document.createElement('span');
          c.className = 'muted';
          c.textContent = ' — ' + msg('candidates', { list: it.candidates.join(', ') });
          holder.appendChild(c);
        }
        issuesEl.appendChild(li);
      }
      if (noIssuesEl) noIssuesEl.hidden = issues.length > 0;
      markSheet(issues.length);
      renderGutter();
    }

    // The sheet says it holds issues, and which (the list under it), while it does.
    function markSheet(n) {
      if (!ta) return;
      if (n > 0) { ta.setAttribute('aria-invalid', 'true'); ta.setAttribute('aria-describedby', 'sheet-help issues-title issues'); }
      else { ta.removeAttribute('aria-invalid'); ta.setAttribute('aria-describedby', 'sheet-help'); }
    }

    function attention(n) {
      return n === 0 ? msg('attention0') : n === 1 ? msg('attention1') : msg('attentionN', { n: n });
    }

    if (issuesEl) {
      var initial = issuesEl.querySelectorAll('li');
      for (var j = 0; j < initial.length; j++) {
        var isWarn = initial[j].classList.contains('warn');
        if (isWarn) counts.warnings++; else counts.errors++;
        var ln = Number(initial[j].getAttribute('data-line'));
        if (ln) { if (isWarn) { if (!badLines[ln]) warnLines[ln] = initial[j].textContent; } else { badLines[ln] = initial[j].textContent; delete warnLines[ln]; } }
      }
      issuesEl.addEventListener('click', function (ev) {
        var li = ev.target.closest ? ev.target.closest('[data-line]') : null;
        if (li) selectLine(Number(li.getAttribute('data-line')));
      });
    }

    // What is said (#save-status, a status region: saved with the count, errors, the resolution)
    // and what only shows (#save-progress: modified, saving), so that typing is not read aloud.
    function setStatus(text, cls) {
      if (progressEl) progressEl.textContent = '';
      if (!statusEl) return;
      statusEl.textContent = text;
      statusEl.className = cls || 'muted';
    }
    function setProgress(text) {
      if (!progressEl) { setStatus(text); return; }
      if (statusEl) statusEl.textContent = '';
      progressEl.textContent = text;
    }

    // ── ready toggle
    // "Ready" with lines in error or warned: said once beside the button, a second click confirms.
    function resetReadyWarning() {
      confirmReady = false;
      if (readyWarning) { readyWarning.hidden = true; readyWarning.textContent = ''; }
      if (readyButton && !ready) readyButton.textContent = msg('setReady');
    }
    function warnBeforeReady() {
      if (confirmReady || (!counts.errors && !counts.warnings)) return false;
      confirmReady = true;
      if (readyWarning) {
        var parts = [];
        if (counts.errors) parts.push(msg(counts.errors > 1 ? 'readyErrors' : 'readyError', { n: counts.errors }));
        if (counts.warnings) parts.push(msg(counts.warnings > 1 ? 'readyWarnings' : 'readyWarning', { n: counts.warnings }));
        readyWarning.textContent = parts.join(' ') + ' ' + msg('readyConfirm');
        readyWarning.hidden = false;
      }
      if (readyButton) readyButton.textContent = msg('readyAnyway');
      return true;
    }

    function renderReady() {
      if (!readyForm) return;
      readyForm.classList.toggle('is-ready', ready);
      if (readyInput) readyInput.value = ready ? '0' : '1';
      if (readyState) { readyState.textContent = msg(ready ? 'ready' : 'notReady'); readyState.className = 'badge' + (ready ? ' ok' : ''); }
      if (readyButton) { readyButton.textContent = msg(ready ? 'unsetReady' : 'setReady'); readyButton.className = ready ? '' : 'primary'; }
    }

    function checkStep(newStep, status) {
      if ((newStep !== undefined && String(newStep) !== String(step)) || (status && status !== 'running')) {
        setStatus(msg('resolved'), 'ok');
        // Reloaded with the step now reached: the page says (and focuses) which turn was resolved.
        var target = location.pathname + '?resolved=' + encodeURIComponent(String(newStep !== undefined ? newStep : step));
        setTimeout(function () { location.replace(target); }, 800);
        return true;
      }
      return false;
    }

    function post(url, body) {
      return fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify(body),
      }).then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (data) {
          if (!r.ok) throw new Error(data && data.error ? data.error : 'HTTP ' + r.status);
          return data;
        });
      });
    }

    // ── autosave
    var timer = null;
    var saving = null;
    var dirty = false;
    var lastSaved = ta ? ta.value : '';

    function save() {
      if (timer) { clearTimeout(timer); timer = null; }
      if (!ta || !document.contains(root)) return Promise.resolve(); // an editor the live refresh replaced saves nothing
      if (saving) { dirty = true; return saving; }
      var text = ta.value;
      if (text === lastSaved && !dirty) return Promise.resolve();
      dirty = false;
      setProgress(msg('saving'));
      var body = {};
      for (var key in saveFields) if (Object.prototype.hasOwnProperty.call(saveFields, key)) body[key] = saveFields[key];
      body[saveKey] = text;
      saving = post(saveUrl, body).then(function (data) {
        lastSaved = text;
        renderIssues(data.issues || []);
        if (typeof data.ready === 'boolean') { ready = data.ready; renderReady(); }
        document.dispatchEvent(new CustomEvent('suzerain:sheet-saved'));
        var now = new Date();
        var savedAt = msg('saved', { time: now.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) });
        setStatus(msg('savedCount', { saved: savedAt, count: attention((data.issues || []).length) }));
        checkStep(data.step);
      }).catch(function (e) {
        setStatus(msg('error', { error: e.message }), 'error');
      }).then(function () {
        saving = null;
        if (dirty || (ta && ta.value !== lastSaved)) { dirty = false; schedule(300); }
      });
      return saving;
    }

    function schedule(ms) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(save, ms);
    }

    if (ta) {
      ta.addEventListener('input', function () {
        setProgress(msg('modified'));
        renderGutter();
        schedule(700);
      });
      ta.addEventListener('scroll', function () { if (gutter) gutter.scrollTop = ta.scrollTop; });
      window.addEventListener('beforeunload', function () { if (ta.value !== lastSaved) save(); });
      renderGutter();
    }
    if (sheetForm) {
      sheetForm.addEventListener('submit', function (ev) { ev.preventDefault(); dirty = true; save(); });
    } else if (ta && ta.form) {
      // The prompt page: the sheet's form sends the answer itself; no draft is saved after it.
      ta.form.addEventListener('submit', function () {
        if (timer) { clearTimeout(timer); timer = null; }
        lastSaved = ta.value;
      });
    }

    // ── guided form entries
    function quote(v) {
      v = String(v).replace(/"/g, '').trim();
      return /\s/.test(v) ? '"' + v + '"' : v;
    }

    function appendLine(line) {
      if (!ta) return;
      var text = ta.value;
      if (text.length && !/\n$/.test(text)) text += '\n';
      ta.value = text + line + '\n';
      ta.scrollTop = ta.scrollHeight;
      renderGutter();
      setProgress(msg('modified'));
      schedule(100);
    }

    // Lines written by the map (map.js).
    document.addEventListener('suzerain:append-line', function (ev) {
      if (ev.detail && typeof ev.detail.line === 'string') appendLine(ev.detail.line);
    });

    function clearMissing(input) {
      input.classList.remove('missing');
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }

    var entries = root.querySelectorAll('.entry[data-code]');
    for (var e = 0; e < entries.length; e++) {
      (function (entry) {
        var button = entry.querySelector('button.add');
        var out = entry.querySelector('.entry-msg');
        if (!button) return;
        button.disabled = false;
        var fields = entry.querySelectorAll('[data-name]');
        for (var f = 0; f < fields.length; f++) {
          fields[f].addEventListener('input', function (ev2) { if (ev2.target.value) clearMissing(ev2.target); });
          fields[f].addEventListener('change', function (ev2) { if (ev2.target.value) clearMissing(ev2.target); });
        }
        button.addEventListener('click', function (ev) {
          // On the prompt page the button also submits the form without a script: here the line is added in place.
          ev.preventDefault();
          var parts = [entry.getAttribute('data-code')];
          var inputs = entry.querySelectorAll('[data-name]');
          for (var k = 0; k < inputs.length; k++) {
            var input = inputs[k];
            var value = String(input.value || '').trim();
            clearMissing(input);
            if (!value) {
              if (input.hasAttribute('data-optional')) continue;
              // The field is marked and tied to the message saying what to fill.
              input.classList.add('missing');
              input.setAttribute('aria-invalid', 'true');
              if (out && out.id) input.setAttribute('aria-describedby', out.id);
              if (out) { out.textContent = msg('fill', { field: input.getAttribute('data-label') || input.getAttribute('aria-label') || input.getAttribute('data-name') }); out.className = 'entry-msg error'; }
              input.focus();
              return;
            }
            var prefix = input.getAttribute('data-prefix');
            if (prefix) parts.push(prefix);
            parts.push(input.hasAttribute('data-verbatim') ? value : quote(value));
          }
          appendLine(parts.join(' '));
          if (out) { out.textContent = msg('added') + ' ' + parts.join(' '); out.className = 'entry-msg ok'; }
        });
      })(entries[e]);
    }

    // ── picker layout: lists of sections, groups (filtered by section) and orders (filtered by group)
    var picker = document.getElementById('form-picker');
    if (picker) {
      var pickSection = document.getElementById('pick-section');
      var pickGroup = document.getElementById('pick-group');
      var pickEntry = document.getElementById('pick-entry');
      var pickable = picker.querySelectorAll('.entry[data-pick]');
      var filter = function (select, attr, value) {
        var first = null;
        for (var i = 0; i < select.options.length; i++) {
          var o = select.options[i];
          var show = o.getAttribute(attr) === value;
          o.hidden = !show;
          o.disabled = !show;
          if (show && first === null) first = o.value;
        }
        if (select.selectedOptions.length === 0 || select.selectedOptions[0].hidden) select.value = first === null ? '' : first;
      };
      var showEntry = function () {
        for (var i = 0; i < pickable.length; i++) pickable[i].hidden = pickable[i].getAttribute('data-pick') !== pickEntry.value;
      };
      var onGroup = function () { filter(pickEntry, 'data-group', pickGroup.value); showEntry(); };
      var onSection = function () { if (pickSection) filter(pickGroup, 'data-section', pickSection.value); onGroup(); };
      if (pickSection) pickSection.addEventListener('change', onSection);
      pickGroup.addEventListener('change', onGroup);
      pickEntry.addEventListener('change', showEntry);
      onSection();
    }

    // ── ready
    // While ready, look now and then whether the turn has been resolved (quickly at first: with
    // early resolution it happens within a second or two of the last lord's "ready").
    var poll = null;
    var polls = 0;
    function startPolling() {
      if (poll || !sheetUrl) return;
      poll = setTimeout(function tick() {
        poll = null;
        if (!ready) return;
        polls++;
        fetch(sheetUrl, { credentials: 'same-origin', headers: { accept: 'application/json' } })
          .then(function (r) { return r.ok ? r.json() : { step: -1 }; })
          .then(function (data) { if (!checkStep(data.step)) startPolling(); })
          .catch(function () { startPolling(); });
      }, polls < 8 ? 1000 : 15000);
    }

    if (readyForm) {
      // The button is never disabled during the request (the focus would fall to <body>): it says
      // aria-disabled, and a second press meanwhile is ignored.
      var pending = false;
      readyForm.addEventListener('submit', function (ev) {
        ev.preventDefault();
        if (pending) return;
        pending = true;
        var want = !ready;
        if (readyButton) readyButton.setAttribute('aria-disabled', 'true');
        Promise.resolve(ta && ta.value !== lastSaved ? save() : null)
          .then(function () {
            // Lines in error or warned: say so first; a second click confirms.
            if (want && warnBeforeReady()) return null;
            return post(readyUrl, { ready: want });
          })
          .then(function (data) {
            if (data === null) return;
            confirmReady = false;
            if (readyWarning) readyWarning.hidden = true;
            ready = !!data.ready;
            renderReady();
            if (!checkStep(data.step, data.status) && ready) startPolling();
          })
          .catch(function (e2) { setStatus(msg('error', { error: e2.message }), 'error'); })
          .then(function () { pending = false; if (readyButton) readyButton.removeAttribute('aria-disabled'); });
      });
      if (ready) startPolling();
    }
  }
  init();
  document.addEventListener('suzerain:live-updated', init);
})();
