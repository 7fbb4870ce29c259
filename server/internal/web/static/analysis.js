// The analysis board: steps through a game's review (the server draws
// each position on request), draws the better move as an arrow, and while
// the review runs polls its progress and reloads when it is done.
(function () {
  'use strict';
  var $ = function (x) { return document.getElementById(x); };
  var root = $('analysis');
  if (!root) return;
  var id = root.dataset.game, lang = root.dataset.lang;
  var last = +root.dataset.last, view = +root.dataset.ply;
  var items = document.querySelectorAll('#movelist li');
  var caption = $("caption"), startText = caption.dataset.start;

  if (root.dataset.state === 'running' && id) {
    var poll = function () {
      fetch('/games/' + encodeURIComponent(id) + '/analysis.json', { cache: 'no-store' }).then(function (r) { return r.json(); }).then(function (st) {
        if (st.state !== 'running') { location.reload(); return; }
        var bar = $('progressbar'), text = $('progresstext');
        bar.max = st.total; bar.value = st.done;
        text.textContent = text.textContent.replace(/\d+(\D+)\d+/, st.done + '$1' + st.total);
        setTimeout(poll, 1000);
      }).catch(function () { setTimeout(poll, 3000); });
    };
    setTimeout(poll, 1000);
  }

  // The better move: its places tinted and an arrow from the first to the
  // last, as the hint of the game page draws it (static/marks.js), in green.
  function drawBetter(places) {
    var svg = $('board').querySelector('svg');
    if (!svg || !places) return;
    window.plateauMarks($('board')).suggest(svg, places.split(' '), 'better');
  }

  function board(ply) {
    if (id) {
      return fetch('/games/' + encodeURIComponent(id) + '/svg?ply=' + ply + '&lang=' + lang).then(function (r) { return r.text(); });
    }
    var body = new FormData();
    body.append('record', $('recordtext').value);
    body.append('ply', ply);
    body.append('lang', lang);
    return fetch('/archive/svg', { method: 'POST', body: body }).then(function (r) { return r.text(); });
  }

  function show(ply) {
    ply = Math.max(0, Math.min(ply, last));
    view = ply;
    var li = null;
    items.forEach(function (x) {
      var on = +x.dataset.ply === ply;
      x.classList.toggle('current', on);
      if (on) li = x;
    });
    if (li) li.querySelector('a').scrollIntoView({ block: 'nearest' });
    caption.textContent = li ? li.dataset.caption : startText;
    caption.className = 'caption' + (li && li.dataset.class ? ' cap-' + li.dataset.class : '');
    var cur = $('egcursor'), graph = $('evalgraph');
    if (cur && graph) {
      var x = (+graph.dataset.pad + ply * +graph.dataset.step).toFixed(1);
      cur.setAttribute('x1', x); cur.setAttribute('x2', x);
    }
    if ($('playply')) $('playply').value = ply;
    $('navback').href = '?ply=' + Math.max(0, ply - 1);
    $('navfwd').href = '?ply=' + Math.min(last, ply + 1);
    if (id && history.replaceState) history.replaceState(null, '', '?ply=' + ply);
    board(ply).then(function (svg) {
      if (view !== ply) return;
      $('board').innerHTML = svg;
      drawBetter(li && li.dataset.best);
    });
  }

  document.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('#movelist a, #evalgraph a, .nav a');
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var m = /ply=(\d+)/.exec(a.getAttribute('href'));
    if (!m) return;
    e.preventDefault();
    show(+m[1]);
  });
  document.addEventListener('keydown', function (e) {
    if (e.target.closest && e.target.closest('input, textarea')) return;
    var to = { ArrowLeft: view - 1, ArrowRight: view + 1, Home: 0, End: last, ArrowUp: 0, ArrowDown: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  drawBetter($('board').dataset.best);
})();
