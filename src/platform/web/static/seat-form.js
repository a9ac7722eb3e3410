// Suzerain — a ruleset's seat form (games/seat-form.ts): the running total of a group whose
// fields add up to at most `data-sum-max` (an Adventurer Kings King's talent levels), marked when
// over; and, in a form offering several games (creation, lobby), only the chosen game's seat form
// (and its host options, games/host-form.ts) is shown. Without a script every field shows and the server checks all. No inline code (CSP).
(function () {
  'use strict';
  var groups = document.querySelectorAll('.seat-group[data-sum-max]');
  for (var i = 0; i < groups.length; i++) (function (g) {
    var max = Number(g.getAttribute('data-sum-max'));
    var out = g.querySelector('.seat-total output');
    var box = g.querySelector('.seat-total');
    if (!out || !box) return;
    function update() {
      var inputs = g.querySelectorAll('input[type="number"]');
      var sum = 0;
      for (var j = 0; j < inputs.length; j++) { var n = Number(inputs[j].value); if (isFinite(n) && n > 0) sum += n; }
      out.textContent = String(sum);
      box.classList.toggle('over', sum > max);
    }
    g.addEventListener('input', update);
    update();
  })(groups[i]);

  var forms = document.querySelectorAll('.seat-form[data-ruleset], .host-form[data-ruleset]');
  if (forms.length === 0) return;
  var form = forms[0].closest('form');
  if (!form) return;
  function chosen() {
    var sel = form.querySelector('select[name="map"]');
    if (sel) return sel.value;
    var radio = form.querySelector('input[name="map"]:checked');
    return radio ? radio.value : null;
  }
  function show() {
    var kind = chosen();
    if (kind === null) return; // a join form: the game is known, its form always shows
    var ruleset = kind.indexOf('/') >= 0 ? kind.slice(0, kind.lastIndexOf('/')) : kind;
    for (var k = 0; k < forms.length; k++) forms[k].hidden = forms[k].getAttribute('data-ruleset') !== ruleset;
  }
  form.addEventListener('change', function (e) { if (e.target && e.target.name === 'map') show(); });
  show();
})();
