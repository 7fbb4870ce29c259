// A lesson's step, or a puzzle: turns clicks on the board (or typed
// notation) into a move, as the game page does, and asks the server
// whether it is the move wanted (POST .../check, JSON). No WebSocket: the
// server judges every move; this script only helps. A puzzle's wrong move
// comes back with the position after its refutation, until "try again".
(function () {
  'use strict';
  var app = document.getElementById('lesson') || document.getElementById('puzzle');
  if (!app) return;
  var $ = function (x) { return document.getElementById(x); };
  var M = {}, legal = [];
  try { M = JSON.parse(app.dataset.msg || '{}'); } catch (e) {}
  try { legal = JSON.parse(app.dataset.legal || '[]'); } catch (e) {}
  var sel = [], busy = false, solved = app.dataset.solved === '1';
  var kind = app.id; // the messages' prefix: lesson or puzzle
  var refuted = false, original = $('board').innerHTML;

  // The colour of the side the learner plays (no inline style: CSP).
  document.querySelectorAll('.swatch[data-colour]').forEach(function (s) { s.style.background = s.dataset.colour; });

  function feedback(kind, lead, text) {
    var p = $('feedback');
    p.className = 'feedback ' + kind;
    p.textContent = '';
    if (lead) {
      var b = document.createElement('strong');
      b.textContent = lead;
      p.appendChild(b);
      p.appendChild(document.createTextNode(' '));
    }
    p.appendChild(document.createTextNode(text || ''));
    p.hidden = !lead && !text;
  }

  function rated(text) {
    var p = $('rated');
    if (!p) return;
    p.textContent = text || '';
    p.hidden = !text;
  }

  function post(url, body, done) {
    busy = true;
    fetch(url, {
      method: 'POST', credentials: 'same-origin', body: body,
      headers: { 'Accept': 'application/json' }
    }).then(function (r) {
      return r.json();
    }).then(function (v) {
      busy = false;
      if (v.error) { feedback('illegal', '', v.error); return; }
      rated(v.rated);
      // The puzzle's standing after this try ("nobody has tried it" no
      // longer holds once you have).
      if (v.standing && $('standing')) $('standing').textContent = v.standing;
      done(v);
    }).catch(function (err) {
      busy = false;
      // A fetch that fails to reach the server (offline: the page came
      // from the service worker's copy) rejects with a TypeError; the
      // server's own failures are other errors.
      var offline = navigator.onLine === false || (err && err.name === 'TypeError');
      feedback('illegal', '', M[offline ? 'lesson:offline' : 'lesson:neterror']);
    });
  }

  function send(move) {
    if (busy || solved || refuted) return;
    sel = [];
    highlight();
    var body = new URLSearchParams();
    if (app.dataset.step) body.set('step', app.dataset.step);
    body.set('move', move);
    post(app.dataset.check, body, function (v) {
      if (!v.right) {
        feedback(v.illegal ? 'illegal' : 'wrong', v.illegal ? M['lesson:illegal'] : M[kind + ':wrong'], v.says);
        if (!v.illegal && kind === 'puzzle') refute(v);
        return;
      }
      solved = true;
      app.dataset.solved = '1';
      $('board').innerHTML = v.svg;
      feedback('right', M[kind + ':right'], v.says);
      finished();
    });
  }

  // A puzzle's wrong move: the board after it and its refutation, until
  // the player tries again or asks for the solution.
  function refute(v) {
    refuted = true;
    if (v.svg) $('board').innerHTML = v.svg;
    $('entry').hidden = true;
    $('solutionform').hidden = true;
    $('refuted').hidden = false;
    $('retry').focus({ preventScroll: true });
  }
  function retry() {
    refuted = false;
    $('board').innerHTML = original;
    feedback('', '', '');
    $('refuted').hidden = true;
    $('entry').hidden = false;
    $('solutionform').hidden = false;
    $('moveinput').focus({ preventScroll: true });
  }
  function showSolution(e) {
    e.preventDefault();
    if (busy || solved) return;
    post(app.dataset.solution, new URLSearchParams(), function (v) {
      solved = true;
      refuted = false;
      app.dataset.solved = '1';
      $('board').innerHTML = v.svg;
      feedback('shown', M['puzzle:shownlead'], v.says);
      $('refuted').hidden = true;
      finished();
    });
  }
  if (kind === 'puzzle') {
    $('retry').addEventListener('click', function (e) { e.preventDefault(); retry(); });
    $('solutionform').addEventListener('submit', showSolution);
    $('solutionafter').form.addEventListener('submit', showSolution);
  }

  // The move found (or shown): what comes next.
  function finished() {
    $('entry').hidden = true;
    if ($('solutionform')) $('solutionform').hidden = true;
    $('after').hidden = false;
    if ($('finish')) $('finish').hidden = false;
    var next = $('next') || $('firstgamebutton');
    if (next && next.focus) next.focus({ preventScroll: true });
    var box = $('finish') || $('after');
    if (box.scrollIntoView) box.scrollIntoView({ block: 'nearest' });
  }

  // Clicks: every legal move has the places to click; clicks select the
  // moves whose places start with them (the game page's logic).
  function startsWith(places, prefix) {
    for (var i = 0; i < prefix.length; i++) if (places[i] !== prefix[i]) return false;
    return true;
  }
  var marks = window.plateauMarks($('board')); // static/marks.js
  var placeElements = marks.placeElements, markLayer = marks.markLayer, pieceCentres = marks.pieceCentres, mark = marks.mark;
  // After a first click: the selected place, and where the move can go.
  function highlight() {
    var layer = markLayer();
    if (!layer) return;
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    $('board').querySelectorAll('.sel, .target').forEach(function (el) { el.classList.remove('sel', 'target'); });
    if (solved || refuted || !sel.length) return;
    var next = {};
    legal.forEach(function (m) {
      if (m.places.length > sel.length && startsWith(m.places, sel)) next[m.places[sel.length]] = true;
    });
    var pieces = pieceCentres();
    sel.forEach(function (p) { mark(layer, p, 'sel'); placeElements(p).forEach(function (el) { el.classList.add('sel'); }); });
    Object.keys(next).forEach(function (p) {
      mark(layer, p, 'target', pieces);
      placeElements(p).forEach(function (el) { el.classList.add('target'); });
    });
  }

  function click(place) {
    var next = sel.concat([place]);
    var list = legal.filter(function (m) { return m.places.length >= next.length && startsWith(m.places, next); });
    if (!list.length) {
      // A click on another piece that can move starts again from it;
      // any other click that makes no move is sent as it is, and the
      // rules engine says why it is not allowed.
      if (sel.length && legal.some(function (m) { return m.places[0] === place; })) { sel = []; click(place); return; }
      attempt(next);
      return;
    }
    sel = next;
    var exact = list.filter(function (m) { return m.places.length === sel.length; });
    var longer = list.length - exact.length;
    if (exact.length === 1 && !longer) { send(exact[0].move); return; }
    if (exact.length) choose(exact);
    highlight();
  }

  // attempt sends clicks that make no legal move, written as the games
  // read them: from-to cells, edges before/after (Polygone); a single
  // place is a placement (the answer's piece, as PODS writes it) where the
  // game has placements.
  function attempt(places) {
    sel = [];
    highlight();
    if (places.length === 1) {
      var answer = $('answermove') ? $('answermove').textContent : '', at = answer.indexOf('@');
      if (at >= 0) { send(answer.slice(0, at + 1) + places[0]); return; }
      if (legal.some(function (m) { return m.places.length === 1; })) { send(places[0]); return; }
      feedback('illegal', '', M['lesson:nostart']);
      return;
    }
    send(places.join(places[0].indexOf('-') >= 0 ? '/' : '-'));
  }

  // Several moves share the clicks: each is shown as the position it
  // leads to, with a sentence and its notation.
  function choose(list) {
    var dlg = $('choose'), div = $('choices');
    div.innerHTML = '';
    list.forEach(function (m) {
      var b = document.createElement('button');
      b.className = 'choice';
      b.dataset.move = m.move;
      var img = document.createElement('img');
      img.alt = m.says || m.move;
      img.width = 160;
      // Offline the picture does not come: the sentence and the notation
      // say the move.
      img.onerror = function () { img.hidden = true; };
      img.src = app.dataset.preview + '&move=' + encodeURIComponent(m.move);
      b.appendChild(img);
      var says = document.createElement('span');
      says.className = 'says';
      says.textContent = m.says || m.move;
      b.appendChild(says);
      var code = document.createElement('small');
      code.textContent = m.move;
      b.appendChild(code);
      b.onclick = function () { dlg.close(); send(m.move); };
      div.appendChild(b);
    });
    if (dlg.showModal) dlg.showModal(); else dlg.setAttribute('open', '');
  }
  $('choosecancel').onclick = function () { $('choose').close(); sel = []; highlight(); };

  $('board').addEventListener('click', function (e) {
    if (solved || refuted) return;
    var el = e.target.closest('[data-place]');
    if (el) click(el.getAttribute('data-place'));
  });

  // Typed moves go the same way; without this script the form posts and
  // the server answers with the page.
  $('entry').addEventListener('submit', function (e) {
    e.preventDefault();
    var v = $('moveinput').value.trim();
    if (!v) return;
    $('moveinput').value = '';
    send(v);
  });
  // A move without places (a pass) has no click: the typed entry takes it.
})();
