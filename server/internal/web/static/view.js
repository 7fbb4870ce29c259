// The viewer of an uploaded record: the record stays in the page and the
// server draws each position on request (nothing is stored).
(function () {
  'use strict';
  var $ = function (x) { return document.getElementById(x); };
  var items = document.querySelectorAll('#movelist li');
  var last = items.length, view = last;
  function show(ply) {
    ply = Math.max(0, Math.min(ply, last));
    view = ply;
    items.forEach(function (li, i) { li.className = i + 1 === ply ? 'current' : ''; });
    var body = new FormData();
    body.append('record', $('recordtext').value);
    body.append('ply', ply);
    body.append('lang', document.getElementById('viewer').dataset.lang);
    fetch('/archive/svg', { method: 'POST', body: body }).then(function (r) { return r.text(); }).then(function (svg) {
      if (view === ply) $('board').innerHTML = svg;
    });
  }
  items.forEach(function (li, i) { li.onclick = function () { show(i + 1); }; });
  $('navfirst').onclick = function () { show(0); };
  $('navback').onclick = function () { show(view - 1); };
  $('navfwd').onclick = function () { show(view + 1); };
  $('navlast').onclick = function () { show(last); };
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') show(view - 1);
    else if (e.key === 'ArrowRight') show(view + 1);
  });
})();
