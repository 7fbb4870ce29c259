// The new game form: as many seats as players, a level only for the
// computer's seats. Choosing another game reloads the form for it.
(function () {
  'use strict';
  var pick = document.getElementById('gamepick');
  if (pick) pick.addEventListener('change', function () { pick.form.submit(); });
  var f = document.getElementById('newgame');
  if (!f) return;
  var min = +f.dataset.min, max = +f.dataset.max;
  function players() {
    var m = /^(\d)$/.exec((f.elements.opt_players || {}).value || '');
    return m ? +m[1] : min;
  }
  // As many seats as players; a level only for the computer's seats.
  function seats() {
    var n = Math.max(min, Math.min(max, players()));
    f.querySelectorAll('.seatrow').forEach(function (row) {
      row.hidden = +row.dataset.seat >= n;
      var kind = row.querySelector('.seatkind'), level = row.querySelector('.levelfield');
      if (kind && level) level.hidden = kind.value !== 'computer';
    });
  }
  f.querySelectorAll('[name^=opt_], .seatkind').forEach(function (el) { el.addEventListener('change', seats); });
  seats();
})();
