// The game page: shows the board the server draws, turns clicks on the
// board (or typed notation) into moves, and speaks the WebSocket protocol of
// docs/server.md. The server checks everything; this script only helps.
(function () {
  'use strict';
  var app = document.getElementById('app');
  var id = app.dataset.game;
  var M = {};
  try { M = JSON.parse(app.dataset.msg || '{}'); } catch (e) {}
  var $ = function (x) { return document.getElementById(x); };

  // Seat tokens arrive in the URL fragment (#me=SEAT-TOKEN,...&inv=...) and
  // are kept in local storage, so that the seat survives a reload.
  var key = 'plateau:' + id;
  var saved;
  try { saved = JSON.parse(localStorage.getItem(key)) || {}; } catch (e) { saved = {}; }
  saved.me = saved.me || {}; saved.inv = saved.inv || {};
  if (location.hash.length > 1) {
    var params = new URLSearchParams(location.hash.slice(1));
    ['me', 'inv'].forEach(function (kind) {
      (params.get(kind) || '').split(',').forEach(function (item) {
        var i = item.indexOf('-');
        if (i > 0) saved[kind][item.slice(0, i)] = item.slice(i + 1);
      });
    });
    try { localStorage.setItem(key, JSON.stringify(saved)); } catch (e) {}
    history.replaceState(null, '', location.pathname + location.search);
  }
  var tokens = Object.keys(saved.me).map(function (k) { return saved.me[k]; });

  var ws = null, state = null, view = -1, sel = [], retry = 500, clockTimer = null, stateAt = 0;

  function notice(text) { $('notice').textContent = text || ''; }

  function connect() {
    ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/games/' + id + '/ws');
    ws.onopen = function () {
      retry = 500;
      ws.send(JSON.stringify({ type: 'hello', tokens: tokens, ply: state ? state.ply : 0, lang: app.dataset.lang }));
    };
    ws.onmessage = function (e) {
      var msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      handle(msg);
    };
    ws.onclose = function () {
      ws = null;
      if (state && state.result !== '*') return; // nothing more will happen
      $('status').textContent = M.disconnected;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  function send(obj) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(obj));
  }

  function handle(msg) {
    switch (msg.type) {
      case 'state':
        state = msg; stateAt = Date.now(); sel = [];
        if (view >= state.ply) view = -1;
        render();
        break;
      case 'ack': case 'move':
        notice('');
        break;
      case 'reject': case 'error':
        notice(msg.message);
        break;
      case 'info':
        notice(M[msg.code] || msg.code);
        break;
    }
  }

  function seatName(i) { return state.seats[i] ? state.seats[i].name : String(i + 1); }
  function mine(i) { return state.you.indexOf(i) >= 0; }
  function myTurn() { return state && state.result === '*' && view < 0 && mine(state.toMove); }

  function render() {
    if (view < 0) {
      $('board').innerHTML = state.svg;
      app.dataset.ply = state.ply;
    }
    app.dataset.result = state.result;
    app.dataset.tomove = state.toMove;
    app.dataset.you = state.you.join(',');
    renderMoves();
    renderPlayers();
    renderStatus();
    renderPasses();
    renderOffer();
    renderClocks();
    renderInvites();
    highlight();
    var spectator = state.you.length === 0, over = state.result !== '*';
    $('actions').hidden = spectator || over;
    $('drawbtn').hidden = !state.casual;
    $('undobtn').hidden = !state.casual;
    $('entry').hidden = spectator || over;
  }

  function renderMoves() {
    var ol = $('movelist');
    ol.innerHTML = '';
    state.moves.forEach(function (m, i) {
      var li = document.createElement('li');
      li.textContent = m;
      li.dataset.ply = i + 1;
      if ((view < 0 && i + 1 === state.ply) || view === i + 1) li.className = 'current';
      li.onclick = function () { show(i + 1); };
      ol.appendChild(li);
    });
    var cur = ol.querySelector('.current');
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  }

  function renderPlayers() {
    var ol = $('players');
    ol.innerHTML = '';
    state.seats.forEach(function (s, i) {
      var li = document.createElement('li');
      li.textContent = s.name + (s.kind === 'computer' ? ' (' + s.agent + ')' : '') + (mine(i) ? ' — ' + M.you : '');
      if (i === state.toMove) li.className = 'tomove';
      ol.appendChild(li);
    });
  }

  function renderStatus() {
    var text;
    if (state.result !== '*') {
      text = M.gameover + ': ';
      var m = /^win (.*)$/.exec(state.result);
      if (m) text += m[1].split(',').map(function (n) { return seatName(+n - 1); }).join(', ') + ' ' + M.wins;
      else if (state.result === 'draw') text += M.draw;
      else text += M.over;
      if (state.reason) text += ' (' + (M['reason:' + state.reason] || state.reason) + ')';
    } else {
      text = seatName(state.toMove) + ' ' + M.tomove;
      if (mine(state.toMove)) text += ' (' + M.you + ')';
      if (state.thinking) text += ' — ' + M.thinking;
      if (state.you.length === 0) text += ' — ' + M.spectator;
    }
    $('status').textContent = text;
  }

  function renderPasses() {
    var div = $('passes');
    div.innerHTML = '';
    if (!myTurn()) return;
    (state.legal || []).forEach(function (m) {
      if (m.places.length) return;
      var b = document.createElement('button');
      b.textContent = m.move;
      b.className = 'passmove';
      b.onclick = function () { play(m.move); };
      div.appendChild(b);
    });
  }

  function renderOffer() {
    var div = $('offer'), o = state.offer;
    div.innerHTML = '';
    div.hidden = !o;
    if (!o) return;
    var p = document.createElement('p');
    p.textContent = seatName(o.by) + ' ' + (o.kind === 'draw' ? M.drawoffered : M.undoasked);
    div.appendChild(p);
    if (o.needs.some(mine)) {
      [['accept', true], ['decline', false]].forEach(function (a) {
        var b = document.createElement('button');
        b.textContent = M[a[0]];
        b.id = 'offer' + a[0];
        b.onclick = function () { send({ type: 'answer', accept: a[1] }); };
        div.appendChild(b);
      });
    } else {
      var w = document.createElement('p');
      w.textContent = M.waiting;
      div.appendChild(w);
    }
  }

  function fmtClock(ms) {
    ms = Math.max(0, ms);
    var s = Math.ceil(ms / 1000), m = Math.floor(s / 60);
    s = s % 60;
    return m + ':' + (s < 10 ? '0' : '') + s;
  }

  function renderClocks() {
    var div = $('clocks');
    if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    if (!state.clocks) { div.hidden = true; return; }
    div.hidden = false;
    function tick() {
      div.innerHTML = '';
      state.clocks.forEach(function (ms, i) {
        var span = document.createElement('span');
        if (i === state.running) ms -= Date.now() - stateAt;
        span.textContent = seatName(i) + ' ' + fmtClock(ms);
        span.className = 'clock' + (i === state.running ? ' running' : '');
        div.appendChild(span);
      });
    }
    tick();
    if (state.running >= 0) clockTimer = setInterval(tick, 250);
  }

  function renderInvites() {
    var div = $('invites'), seats = Object.keys(saved.inv);
    if (!seats.length || state.result !== '*') { div.hidden = true; return; }
    div.hidden = false;
    div.innerHTML = '';
    var h = document.createElement('p');
    h.textContent = M.invitelinks;
    div.appendChild(h);
    seats.forEach(function (seat) {
      var url = location.origin + '/games/' + id + '#me=' + seat + '-' + saved.inv[seat];
      var p = document.createElement('p');
      p.textContent = seatName(+seat) + ': ';
      var input = document.createElement('input');
      input.value = url; input.readOnly = true; input.className = 'invite'; input.dataset.seat = seat;
      input.onclick = function () { input.select(); };
      p.appendChild(input);
      div.appendChild(p);
    });
    var w = document.createElement('p');
    w.textContent = M.watchlink + ': ' + location.origin + '/games/' + id;
    div.appendChild(w);
  }

  // Clicks: every legal move has the sequence of places to click (its
  // "places"); clicks select the moves whose sequence starts with them.
  function startsWith(places, prefix) {
    for (var i = 0; i < prefix.length; i++) if (places[i] !== prefix[i]) return false;
    return true;
  }

  function candidates() {
    return (state.legal || []).filter(function (m) {
      return m.places.length > 0 && startsWith(m.places, sel);
    });
  }

  function highlight() {
    var board = $('board');
    board.querySelectorAll('.sel, .target').forEach(function (el) { el.classList.remove('sel', 'target'); });
    if (!myTurn()) return;
    var mark = function (place, cls) {
      board.querySelectorAll('[data-place="' + CSS.escape(place) + '"]').forEach(function (el) { el.classList.add(cls); });
    };
    sel.forEach(function (p) { mark(p, 'sel'); });
    if (!sel.length) return;
    candidates().forEach(function (m) { if (m.places.length > sel.length) mark(m.places[sel.length], 'target'); });
  }

  function click(place) {
    var next = sel.concat([place]);
    var list = (state.legal || []).filter(function (m) { return m.places.length >= next.length && startsWith(m.places, next); });
    if (!list.length) {
      // A click that continues no move starts a new selection.
      if (sel.length) { sel = []; click(place); }
      return;
    }
    sel = next;
    var exact = list.filter(function (m) { return m.places.length === sel.length; });
    var longer = list.length - exact.length;
    if (exact.length === 1 && !longer) { play(exact[0].move); return; }
    if (exact.length && !longer) { choose(exact); return; }
    if (exact.length) choose(exact);
    highlight();
  }

  function choose(list) {
    var dlg = $('choose'), div = $('choices');
    div.innerHTML = '';
    list.forEach(function (m) {
      var b = document.createElement('button');
      b.textContent = m.move;
      b.className = 'choice';
      b.dataset.move = m.move;
      b.onclick = function () { dlg.close(); play(m.move); };
      div.appendChild(b);
    });
    if (dlg.showModal) dlg.showModal(); else dlg.setAttribute('open', '');
  }
  $('choosecancel').onclick = function () { $('choose').close(); sel = []; highlight(); };

  function play(move) {
    sel = [];
    if (!state) return;
    send({ type: 'move', ply: state.ply, move: move });
  }

  $('board').addEventListener('click', function (e) {
    if (!state || !myTurn()) return;
    var el = e.target.closest('[data-place]');
    if (el) click(el.getAttribute('data-place'));
  });

  $('entry').addEventListener('submit', function (e) {
    e.preventDefault();
    var v = $('moveinput').value.trim();
    if (!v) return;
    $('moveinput').value = '';
    if (view >= 0) show(state.ply);
    play(v);
  });

  // History navigation: past positions are drawn by the server.
  function show(ply) {
    if (!state) return;
    ply = Math.max(0, Math.min(ply, state.ply));
    sel = [];
    if (ply === state.ply) {
      view = -1;
      render();
      return;
    }
    view = ply;
    app.dataset.ply = ply;
    fetch('/games/' + id + '/svg?ply=' + ply + '&lang=' + app.dataset.lang).then(function (r) { return r.text(); }).then(function (svg) {
      if (view === ply) { $('board').innerHTML = svg; renderMoves(); renderPasses(); }
    });
  }
  function current() { return view < 0 ? (state ? state.ply : 0) : view; }
  $('navfirst').onclick = function () { show(0); };
  $('navback').onclick = function () { show(current() - 1); };
  $('navfwd').onclick = function () { show(current() + 1); };
  $('navlast').onclick = function () { show(state ? state.ply : 0); };
  document.addEventListener('keydown', function (e) {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA') return;
    if (e.key === 'ArrowLeft') show(current() - 1);
    else if (e.key === 'ArrowRight') show(current() + 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(state ? state.ply : 0);
  });

  $('resign').onclick = function () { if (confirm($('resign').textContent + ' ?')) send({ type: 'resign' }); };
  $('drawbtn').onclick = function () { send({ type: 'draw' }); };
  $('undobtn').onclick = function () { send({ type: 'undo' }); };

  connect();
})();
