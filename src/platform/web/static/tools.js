// Suzerain — tool pages: a choice in a list recomputes at once (numbers: Enter or the button).
// A choice may name the fields that no longer hold once it changes (data-resets): those are left
// out of the new request, so the tool fills in its defaults for the new choice.
(function () {
  'use strict';
  var form = document.getElementById('tool-form');
  if (!form) return;
  form.addEventListener('change', function (ev) {
    var t = ev.target;
    if (!t || t.tagName !== 'SELECT') return;
    var resets = (t.getAttribute('data-resets') || '').split(' ');
    for (var i = 0; i < resets.length; i++) {
      if (!resets[i]) continue;
      var fields = form.querySelectorAll('[name="' + resets[i] + '"]');
      for (var j = 0; j < fields.length; j++) fields[j].disabled = true;
    }
    form.submit();
  });
})();
