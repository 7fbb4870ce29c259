// The lab: choosing another game reloads the form for it; a run's page
// follows its progress until it ends, then shows its report.
(function () {
  'use strict';
  var pick = document.getElementById('labgamepick');
  if (pick) pick.addEventListener('change', function () { pick.form.submit(); });
  var table = document.getElementById('labreadings');
  if (!table || table.dataset.state !== 'running') return;
  var run = table.dataset.run, fr = table.dataset.lang === 'fr';
  // French counts 0 and 1 as singular, English 1 only (web.Plural).
  function of(n) { return (n === 1 || (fr && n === 0)) ? table.dataset.ofOne : table.dataset.ofMany; }
  var rows = table.querySelectorAll('tbody tr');
  function poll() {
    fetch('/lab/runs/' + encodeURIComponent(run) + '/progress', { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (p) {
        if (!p) return setTimeout(poll, 5000);
        if (p.state !== 'running') { location.reload(); return; }
        rows.forEach(function (row, i) {
          var bar = row.querySelector('progress'), count = row.querySelector('.count');
          var n = p.done[i] || 0;
          if (bar) bar.value = n;
          if (count) count.textContent = of(n).replace('%d', n).replace('%d', p.games);
        });
        setTimeout(poll, 2000);
      })
      .catch(function () { setTimeout(poll, 5000); });
  }
  setTimeout(poll, 2000);
})();
// The link to share, whole.
(function () {
  'use strict';
  var share = document.getElementById('labsharelink');
  if (share) share.textContent = location.origin + share.getAttribute('href');
})();
