// The new game form. Options typed below the variant list apply only with
// "Options below": choose it when an option changes, and show as many seats
// as players. Choosing another game reloads the form for it.
(function () {
  'use strict';
  var pick = document.getElementById('gamepick');
  if (pick) pick.addEventListener('change', function () { pick.form.submit(); });
  var f = document.getElementById('newgame'), v = document.getElementById('variant');
  if (!f || !v) return;
  var min = +f.dataset.min, max = +f.dataset.max;
  function players() {
    var text = v.value === 'custom' ? 'players=' + ((f.elements.opt_players || {}).value || '') : v.value;
    var m = /players=(\d)/.exec(text);
    return m ? +m[1] : min;
  }
  function seats() {
    var n = Math.max(min, Math.min(max, players()));
    f.querySelectorAll('.seatrow').forEach(function (row) { row.hidden = +row.dataset.seat >= n; });
  }
  f.querySelectorAll('[name^=opt_]').forEach(function (el) {
    el.addEventListener('change', function () { v.value = 'custom'; seats(); });
  });
  v.addEventListener('change', seats);
  seats();
})();
