// The analysis board: steps through a game's review, draws the better move
// as an arrow, and while the server's review runs polls its progress and
// reloads when it is done. With the browser's rules engine (engine.js) the
// boards are drawn in the page and the game can be judged in the browser
// (webengine's op review), cancelable, at the depth the player chooses;
// POGO's positions get the server's exact values when it has the solution.
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

  // The engine, once ready, holds the game: boards and the review.
  var engine = null, loaded = null, budgetWords = '', running = null;
  var local = $('localanalysis');
  var conf = null;
  try { conf = root.dataset.engine ? JSON.parse(root.dataset.engine) : null; } catch (e) { conf = null; }
  if (conf && window.plateauEngine) engine = window.plateauEngine(conf);
  if (engine) {
    engine.ready.then(function () {
      loaded = engine.ask({ op: 'load', rules: root.dataset.rules, options: root.dataset.options, position: root.dataset.position,
        moves: JSON.parse(root.dataset.moves || '[]'), lang: lang }).then(function (a) {
        if (a.error) throw new Error(a.error);
        root.dataset.engineready = '1';
        if (local) {
          // Judged here, not on the server's searches.
          local.hidden = false;
          document.querySelectorAll('form.startanalysis:not(.localanalysis)').forEach(function (f) { f.hidden = true; });
        }
      });
      loaded.catch(function () { loaded = null; });
    }, function () {});
  }

  function progressText(done, total) {
    $('localtext').textContent = local.dataset.running.replace('{done}', done).replace('{total}', total);
    $('localbar').max = Math.max(total, 1);
    $('localbar').value = done;
  }

  function exactValues() {
    var body = new URLSearchParams();
    body.append('options', root.dataset.options);
    body.append('position', root.dataset.position);
    body.append('moves', JSON.parse(root.dataset.moves || '[]').join('\n'));
    $('localtext').textContent = local.dataset.exactask;
    return fetch('/analysis/pogo-values', { method: 'POST', body: body }).then(function (r) {
      return r.ok ? r.json() : null;
    }).then(function (j) { return j && j.positions; }, function () { return null; });
  }

  function showReview(rv) {
    var byPly = {};
    rv.plies.forEach(function (p) { byPly[p.ply] = p; });
    items.forEach(function (li) {
      var p = byPly[+li.dataset.ply];
      if (!p) return;
      li.dataset.caption = p.caption;
      li.dataset.best = p.best;
      li.dataset['class'] = p['class'];
      var a = li.querySelector('a');
      a.className = 'mv c-' + p['class'];
      a.textContent = p.move;
      if (p.mark) {
        var mark = document.createElement('span');
        mark.className = 'mark';
        mark.title = p.word;
        mark.textContent = p.mark;
        a.appendChild(mark);
      }
    });
    var names = Array.prototype.map.call(document.querySelectorAll('ol.players li'), function (li) { return li.textContent; });
    var table = $('localsummary'), body = table.querySelector('tbody');
    body.textContent = '';
    rv.seats.forEach(function (s) {
      var tr = document.createElement('tr');
      [names[s.seat] || String(s.seat + 1), s.inaccuracies, s.mistakes, s.blunders, s.accuracy + ' %'].forEach(function (x) {
        var td = document.createElement('td');
        td.textContent = x;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    table.hidden = false;
    var meta = $('localmeta');
    meta.textContent = rv.exact ? local.dataset.exact : local.dataset.by.replace('%s', budgetWords);
    meta.hidden = false;
    $('graphbox').innerHTML = rv.graph;
    $('graphbox').hidden = !rv.graph;
    local.hidden = true;
    root.dataset.state = 'local';
    show(view);
  }

  if (local) {
    local.addEventListener('submit', function (e) {
      e.preventDefault();
      if (!loaded) return;
      var budget = $('localbudget').value, req = { op: 'review', lang: lang };
      budgetWords = $('localbudget').selectedOptions[0].textContent;
      if (/^[0-9]+$/.test(budget)) { req.level = 'hard'; req.timeMs = +budget; } else { req.level = budget; }
      $('localstart').disabled = true;
      $('localprogress').hidden = false;
      progressText(0, last);
      var run = running = { cancelled: false };
      loaded.then(function () {
        return root.dataset.rules === 'pogo' ? exactValues() : null;
      }).then(function (known) {
        // Stopped while the server was asked: nothing to stop in the worker.
        if (run.cancelled) return { error: 'cancelled' };
        if (known) req.known = known;
        progressText(0, last);
        return engine.ask(req, progressText);
      }).then(function (a) {
        $('localstart').disabled = false;
        if (a.error) {
          $('localtext').textContent = a.error === 'cancelled' ? local.dataset.stopped : local.dataset.failed + ' ' + a.error;
          return;
        }
        $('localprogress').hidden = true;
        showReview(a.review);
      });
    });
    $('localcancel').addEventListener('click', function () {
      if (running) running.cancelled = true;
      engine.cancel();
    });
  }

  function board(ply) {
    if (loaded) {
      return loaded.then(function () { return engine.ask({ op: 'svg', ply: ply, lang: lang }); }).then(function (a) {
        if (a.error) throw new Error(a.error);
        return a.svg;
      });
    }
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
