// Suzerain — the creation form of a private game (games/game-pages.ts, prompt-options.ts): the
// options of a game of prompts (pace, deadline classes…) are shown only when the kind chosen is
// played in prompts, each ruleset's own classes only for it, and a class's placeholder follows the
// pace chosen (its length at that pace). Without a script every field shows and the server ignores
// those that do not apply. A scenario file chosen is read into its text field. No framework, no inline code (the pages' CSP).
(function () {
  'use strict';
  // A host's own scenario file (games/host-form.ts): read into its text field, which the form sends
  // (the site's forms are not multipart). Without a script the JSON is pasted in the field.
  var files = document.querySelectorAll('input[type="file"][data-scenario-into]');
  for (var f = 0; f < files.length; f++) (function (input) {
    input.addEventListener('change', function () {
      var into = document.getElementById(input.getAttribute('data-scenario-into'));
      var file = input.files && input.files[0];
      if (!into || !file || typeof FileReader === 'undefined') return;
      var reader = new FileReader();
      reader.onload = function () { into.value = String(reader.result || ''); };
      reader.readAsText(file);
    });
  })(files[f]);

  var box = document.getElementById('prompt-options');
  var kind = document.querySelector('#create select[name="map"]');
  if (!box || !kind) return;
  var kinds = (box.getAttribute('data-kinds') || '').split(' ');
  var pace = document.getElementById('create-pace');
  function update() {
    var chosen = kind.value;
    var prompts = kinds.indexOf(chosen) >= 0;
    box.hidden = !prompts;
    var ruleset = chosen.slice(0, chosen.lastIndexOf('/'));
    var rows = box.querySelectorAll('.class-minutes');
    for (var i = 0; i < rows.length; i++) rows[i].hidden = rows[i].getAttribute('data-ruleset') !== ruleset;
    var inputs = box.querySelectorAll('input[data-minutes]');
    for (var j = 0; j < inputs.length; j++) {
      try { inputs[j].placeholder = String(JSON.parse(inputs[j].getAttribute('data-minutes'))[pace.value]); } catch (e) { /* keep the server's */ }
    }
  }
  kind.addEventListener('change', update);
  if (pace) pace.addEventListener('change', update);
  update();
})();
