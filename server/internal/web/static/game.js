// The game page: shows the board the server draws, turns clicks on the
// board (or typed notation) into moves, and speaks the WebSocket protocol of
// docs/server.md. The server checks everything; this script only helps.
(function () {
  'use strict';
  var app = document.getElementById('app');
  var id = app.dataset.game;
  var M = {};
  try { M = JSON.parse(app.dataset.msg || '{}'); } catch (e) {}
  // Each seat's account rating in this variant ("" without an account).
  var ratings = [];
  try { ratings = JSON.parse(app.dataset.ratings || '[]'); } catch (e) {}
  var $ = function (x) { return document.getElementById(x); };
  // French puts a (non-breaking) space before a colon.
  var colon = app.dataset.lang === 'fr' ? '\u00a0: ' : ': ';

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
  var cursor = null; // the place under the keyboard cursor
  // A hint: the move the server found for this page's seat, shown while
  // its position is on the board; hintWaiting while one is searched.
  var hint = null, hintWaiting = false, localHint = -1; // localHint: the ply the engine searches a hint for
  var rematchURL = '';

  // The board is turned for the player on the other side (the second seat
  // of a two-player game) unless they chose otherwise; the choice is kept.
  var flipKey = 'plateau:flip:' + id, flipChoice = null;
  try { flipChoice = localStorage.getItem(flipKey); } catch (e) {}
  function defaultFlip() {
    var mine = Object.keys(saved.me).map(Number);
    if (+app.dataset.seats > 2) return false; // homeFlip decides, once the pieces are seen
    return mine.length > 0 && mine.indexOf(0) < 0 && mine.indexOf(1) >= 0;
  }
  // homeFlip is the turn that puts a player's pieces of a game of three
  // or four in the near half of the board, as he would sit at his side
  // of the table (null: his pieces do not say, or are not on the board).
  function homeFlip() {
    var svg = $('board').querySelector('svg');
    if (!svg || !svg.viewBox || !svg.viewBox.baseVal) return null;
    var colours = state.you.map(function (i) { return ((state.seats[i] || {}).colour || '').toLowerCase(); });
    var sum = 0, n = 0;
    svg.querySelectorAll('g.piece').forEach(function (g) {
      var shape = g.querySelector('[fill]'), bb;
      if (!shape || colours.indexOf((shape.getAttribute('fill') || '').toLowerCase()) < 0) return;
      try { bb = g.getBBox(); } catch (e) { return; }
      sum += bb.y + bb.height / 2; n++;
    });
    var vb = svg.viewBox.baseVal, mid = vb.y + vb.height / 2;
    if (!n || Math.abs(sum / n - mid) < vb.height * 0.05) return null;
    return state.flip !== (sum / n < mid);
  }
  var flip = flipChoice === null ? defaultFlip() : flipChoice === '1';
  var flipSet = false; // the board was turned for an account's seat

  // The rules engine in the page (engine.js, the server's Go packages built
  // for WebAssembly): the first board comes from the server's HTML and
  // nothing waits for the module; once it runs and holds the game at the
  // state's ply (engineGame), the legal moves, the choices' pictures, the
  // history's boards and the turned board are computed here. The server
  // still checks every move.
  var engine = null, engineOn = false, engineGame = -1, engineLegal = null;
  try { engine = window.plateauEngine ? window.plateauEngine(JSON.parse(app.dataset.engine || 'null')) : null; } catch (e) { engine = null; }
  if (engine) {
    engine.ready.then(function () {
      engineOn = true;
      app.dataset.engineready = '1';
      // The analysis is judged in this browser (analysis.js): the button
      // opens the analysis page instead of starting the server's review.
      document.querySelectorAll('form.analysisform').forEach(function (f) { f.method = 'get'; });
      syncEngine();
    }, function () { engine = null; });
  }
  // The game the worker holds (rules, options, start and moves): a state
  // that only adds moves to it is applied move by move (a delta's one or
  // two moves) rather than loaded again from the start.
  var held = null;
  function holdGame(st) {
    var pos = st.position || '', moves = st.moves || [], base = held;
    var extends_ = base && base.rules === st.rules && base.options === st.options && base.position === pos &&
      moves.length >= base.moves.length && base.moves.every(function (m, i) { return moves[i] === m; });
    if (!extends_) {
      held = null;
      return engine.ask({ op: 'load', rules: st.rules, options: st.options, position: pos, moves: moves, lang: app.dataset.lang }).then(function (a) {
        if (!a.error) held = { rules: st.rules, options: st.options, position: pos, moves: moves.slice() };
        return a;
      });
    }
    var todo = moves.slice(base.moves.length);
    var p = todo.length ? Promise.resolve(null) : engine.ask({ op: 'legal', lang: app.dataset.lang });
    todo.forEach(function (mv) {
      p = p.then(function (prev) {
        if (prev && prev.error) return prev;
        return engine.ask({ op: 'apply', move: mv, lang: app.dataset.lang }).then(function (a) {
          if (!a.error && held === base) base.moves.push(mv);
          return a;
        });
      });
    });
    return p.then(function (a) {
      if (a.error) held = null; // loaded again next time
      return a;
    });
  }
  function syncEngine() {
    if (!engineOn || !state) return;
    var st = state;
    // In the same line as the deltas' work: one game in the worker.
    engineChain = engineChain.then(function () { return holdGame(st); }).then(function (a) {
      if (!a || a.error || state !== st || a.ply !== st.ply) return;
      engineGame = a.ply;
      engineLegal = a.legal || [];
      app.dataset.engineply = a.ply;
      // The engine holds the game: moves, not boards, from now on.
      if (!engineWire && wireFailures < 3) {
        engineWire = true;
        app.dataset.enginewire = '1';
        send({ type: 'hello', tokens: tokens, ply: st.ply, lang: app.dataset.lang, flip: flip, engine: true });
      }
    }).catch(function (err) { app.dataset.engineerror = String(err && err.stack || err); });
  }
  function engineHolds() { return engineOn && state && engineGame === state.ply; }
  // The legal moves of the live position: the engine's once it holds the
  // game, else the server's.
  function legalMoves() {
    if (!state || state.result !== '*') return [];
    return engineHolds() && engineLegal ? engineLegal : (state.legal || []);
  }

  // Notices (refused moves, answers, errors) show over the bottom of the
  // board, where the eyes are, and fade after a while.
  var noticeTimer = null;
  function notice(text) {
    var p = $('notice');
    p.textContent = text || '';
    p.hidden = !text;
    if (noticeTimer) clearTimeout(noticeTimer);
    if (text) noticeTimer = setTimeout(function () { p.hidden = true; }, 8000);
  }
  function fmt(template) {
    var args = Array.prototype.slice.call(arguments, 1), i = 0;
    return String(template).replace(/%[sd]/g, function () { return args[i++]; });
  }

  function connect() {
    ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/games/' + id + '/ws');
    ws.onopen = function () {
      retry = 500;
      ws.send(JSON.stringify({ type: 'hello', tokens: tokens, ply: state ? state.ply : 0, lang: app.dataset.lang, flip: flip, engine: engineWire }));
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

  // Moves on the wire: once the engine holds the game, the page says so in
  // its hello (engineWire) and the server sends, after a first state
  // without board or legal moves, only what changes (a delta: the moves
  // added, the fields changed or gone). The engine completes each into a
  // whole state, one after the other; whatever it cannot complete, the
  // page asks the server for whole states again.
  var engineWire = false, engineChain = Promise.resolve(), wireFailures = 0;
  function viaEngine(build) {
    engineChain = engineChain.then(function () {
      var next = build();
      if (!next || !engineOn) { resync(); return; }
      return holdGame(next).then(function (a) {
        if (a.error || a.ply !== next.ply) { resync(); return; }
        return engine.ask({ op: 'svg', lang: app.dataset.lang, flip: !!next.flip, status: next.result !== '*' ? (next.outcome || '') : '',
          lastMove: next.recent && next.recent.length ? [] : (next.lastMove || []) }).then(function (d) {
          if (d.error) { resync(); return; }
          next.svg = d.svg;
          next.legal = next.result === '*' ? (a.legal || []) : [];
          takeState(next, true);
        });
      });
    }).catch(function (err) {
      // The chain goes on whatever failed: the next states come whole.
      app.dataset.engineerror = String(err && err.stack || err);
      resync();
    });
  }
  function mergeDelta(d) {
    if (!state || d.from !== state.ply) return null;
    var next = Object.assign({}, state);
    delete next.svg; delete next.legal;
    (d.del || []).forEach(function (k) { delete next[k]; });
    Object.keys(d.set || {}).forEach(function (k) { next[k] = d.set[k]; });
    next.moves = (state.moves || []).concat(d.add || []);
    next.type = 'state';
    return next;
  }
  function resync() {
    engineWire = false;
    wireFailures++; // after three, whole states only
    app.dataset.enginewire = '0';
    send({ type: 'hello', tokens: tokens, ply: state ? state.ply : 0, lang: app.dataset.lang, flip: flip, engine: false });
  }

  function handle(msg) {
    switch (msg.type) {
      case 'delta':
        viaEngine(function () { return mergeDelta(msg); });
        break;
      case 'state':
        if (msg.svg === undefined) { viaEngine(function () { return msg; }); break; }
        takeState(msg, false);
        break;
      default:
        handleOther(msg);
    }
  }

  // takeState shows a whole state: the server's, or one the engine
  // completed (local: the engine holds its game).
  function takeState(msg, local) {
        // A state of the same position (the engine's answer to a hello,
        // the server's after a presence, a flip or a reconnection) keeps
        // the pieces picked: the player's clicks are not undone under him.
        var same = state && msg.ply === state.ply && (msg.moves || []).join(' ') === (state.moves || []).join(' ');
        // A hint the engine searches for a position gone: end the search.
        if (localHint >= 0 && msg.ply !== localHint && engine) { localHint = -1; hintWaiting = false; engine.cancel(); }
        state = msg; stateAt = Date.now();
        if (!same) sel = [];
        // until the engine holds this state's game (syncEngine)
        if (local) {
          engineGame = msg.ply; engineLegal = msg.legal; app.dataset.engineply = msg.ply;
          app.dataset.localstates = (+app.dataset.localstates || 0) + 1;
        } else engineGame = -1;
        // A seat held by an account (the lobby's games) is known only now:
        // turn the board for the second player, once, unless he chose.
        if (flipChoice === null && !flipSet && tokens.length === 0 && state.seats.length === 2 &&
            state.you.length === 1 && state.you[0] === 1 && !state.flip) {
          flipSet = true; flip = true;
          send({ type: 'hello', tokens: tokens, ply: state.ply, lang: app.dataset.lang, flip: true, engine: engineWire });
        }
        if (view >= state.ply) view = -1;
        render();
        if (!local) syncEngine();
        // A game of three or four: turned, once, so that the player's
        // pieces are on his side, unless he chose.
        if (flipChoice === null && !flipSet && state.seats.length > 2 && state.you.length > 0 && view < 0) {
          flipSet = true;
          var want = homeFlip();
          if (want !== null && want !== state.flip) {
            flip = want;
            send({ type: 'hello', tokens: tokens, ply: state.ply, lang: app.dataset.lang, flip: flip, engine: engineWire });
          }
        }
  }

  function handleOther(msg) {
    switch (msg.type) {
      case 'ack': case 'move':
        notice('');
        break;
      case 'reject': case 'error':
        if (hintWaiting && msg.type === 'error') { hintWaiting = false; renderHint(); }
        notice(msg.message);
        break;
      case 'hint':
        hintWaiting = false;
        hint = msg;
        renderHint();
        highlight();
        break;
      case 'info':
        notice(msg.text || M[msg.code] || msg.code);
        break;
      case 'chat':
        chatReceive(msg);
        break;
      case 'chatdeleted':
        chatRemoved(msg.id);
        break;
      case 'rematch':
        // The rematch exists: made just now with this page's consent, it
        // opens; found later, the banner offers it.
        rematchURL = msg.url;
        if (msg.follow) { notice(M.rematchfollowing); location.href = msg.url; return; }
        if (state) renderBanner();
        break;
    }
  }

  // The chat: the players' channel for players, the spectators' for
  // spectators. Text is shown as text, never as markup. Muting hides the
  // channel, and is remembered.
  var chatModerator = false;
  var muteKey = 'plateau:chatmute';
  try { $('chatmute').checked = localStorage.getItem(muteKey) === '1'; } catch (e) {}
  function chatMuted() { return $('chatmute').checked; }
  $('chatmute').onchange = function () {
    try { localStorage.setItem(muteKey, chatMuted() ? '1' : '0'); } catch (e) {}
    $('chatlog').hidden = chatMuted();
  };
  function chatLine(m) {
    var li = document.createElement('li');
    li.dataset.id = m.id;
    var who = document.createElement('strong');
    who.textContent = m.author + ' ';
    var text = document.createElement('span');
    text.className = 'chattext';
    text.textContent = m.deleted ? M.chatremoved : m.text;
    li.appendChild(who);
    li.appendChild(text);
    if (chatModerator && !m.deleted) {
      var del = document.createElement('button');
      del.type = 'button';
      del.className = 'chatdel';
      del.textContent = M.chatdelete;
      del.onclick = function () { send({ type: 'chatdelete', id: m.id }); };
      li.appendChild(del);
    }
    return li;
  }
  function chatReceive(msg) {
    var log = $('chatlog');
    if (msg.history) {
      chatModerator = !!msg.moderator;
      log.innerHTML = '';
      $('chat').hidden = false;
      $('chatform').hidden = !msg.canWrite;
      $('chatlogin').hidden = !!msg.canWrite;
      if (msg.channel === 'spectators') $('chattitle').textContent = M.chatspectators;
      log.hidden = chatMuted();
    }
    msg.messages.forEach(function (m) { log.appendChild(chatLine(m)); });
    log.scrollTop = log.scrollHeight;
  }
  function chatRemoved(mid) {
    var li = $('chatlog').querySelector('li[data-id="' + mid + '"]');
    if (!li) return;
    li.querySelector('.chattext').textContent = M.chatremoved;
    var del = li.querySelector('.chatdel');
    if (del) del.remove();
  }
  $('chatform').onsubmit = function (e) {
    e.preventDefault();
    var text = $('chatinput').value.trim();
    if (!text) return;
    send({ type: 'chat', text: text });
    $('chatinput').value = '';
  };

  function seatName(i) { return state.seats[i] ? state.seats[i].name : String(i + 1); }
  function mine(i) { return state.you.indexOf(i) >= 0; }
  function myTurn() { return state && state.result === '*' && view < 0 && mine(state.toMove); }

  function render() {
    if (view < 0) {
      $('board').innerHTML = state.svg;
      app.dataset.ply = state.ply;
    }
    // The header's reminder ("my games") follows this game's turn at once
    // when the player holds a seat, not a minute later.
    if (state.you.length && window.plateauTurns &&
        (app.dataset.tomove !== String(state.toMove) || app.dataset.result !== state.result)) {
      window.plateauTurns.soon();
    }
    app.dataset.result = state.result;
    app.dataset.tomove = state.toMove;
    app.dataset.flip = state.flip ? '1' : '0';
    app.dataset.you = state.you.join(',');
    renderMoves();
    renderPlayers();
    renderTable();
    renderStatus();
    renderPasses();
    renderOffer();
    renderClocks();
    renderInvites();
    renderBanner();
    renderHistory();
    renderHint();
    highlight();
    var spectator = state.you.length === 0, over = state.result !== '*';
    $('actions').hidden = spectator || over;
    // Draws may be offered in rated games too, as on lichess; undos
    // only in casual ones.
    $('drawbtn').hidden = !!state.solo;
    if (spectator || over) resignConfirm(false);
    $('undobtn').hidden = !state.casual || state.solo;
    $('abortbtn').hidden = spectator || over || !state.abortable;
    renderAbort();
    $('entry').hidden = spectator || over;
  }

  // A game between people is aborted when the player to move does not make
  // his first move in time: say how long is left.
  var abortTimer = null;
  function renderAbort() {
    var p = $('abortline');
    if (abortTimer) { clearInterval(abortTimer); abortTimer = null; }
    if (!(state.abortIn >= 0) || state.result !== '*' || view >= 0) { p.hidden = true; return; }
    function tick() {
      p.textContent = fmt(M.abortsoon, seatName(state.toMove), fmtClock(state.abortIn - (Date.now() - stateAt)));
      p.hidden = false;
    }
    tick();
    abortTimer = setInterval(tick, 250);
  }

  // A rematch between people is a proposal: the others accept or
  // decline it, the proposer may withdraw it.
  function renderRematch(player) {
    var box = $('rematchbox'), rm = state.rematch, rb = $('rematch');
    box.innerHTML = '';
    box.hidden = true;
    if (rematchURL) {
      rb.textContent = M.playrematch;
      rb.classList.add('primary');
      rb.hidden = false;
      return;
    }
    rb.textContent = M.rematch;
    rb.classList.remove('primary');
    rb.hidden = !player;
    if (!rm || !player) return;
    rb.hidden = true;
    box.hidden = false;
    var p = document.createElement('p');
    var buttons;
    if (rm.needs.some(mine)) {
      p.textContent = fmt(M.rematchproposes, state.seats.length > 2 ? shortName(rm.by) : seatName(rm.by));
      buttons = [['rematchaccept', { type: 'rematch' }], ['rematchdecline', { type: 'rematchdecline' }]];
    } else {
      p.textContent = fmt(M.rematchwaiting, rm.needs.map(state.seats.length > 2 ? shortName : seatName).join(', '));
      buttons = [['rematchwithdraw', { type: 'rematchdecline' }]];
    }
    box.appendChild(p);
    // With three or four, who accepted and who is awaited, seat by seat.
    if (state.seats.length > 2) {
      var ul = document.createElement('ul');
      ul.className = 'rematchseats';
      state.seats.forEach(function (s, i) {
        var yes = (rm.accepted || []).indexOf(i) >= 0;
        var li = document.createElement('li');
        li.dataset.seat = i;
        li.dataset.accepted = yes ? '1' : '0';
        var sw = document.createElement('span');
        sw.className = 'swatch';
        sw.style.background = s.colour || '#888';
        li.appendChild(sw);
        li.appendChild(document.createTextNode(shortName(i) + ' '));
        var st = document.createElement('span');
        st.className = yes ? 'yes' : 'wait';
        st.textContent = (yes ? '✓ ' : '… ') + (yes ? M.rematchyes : M.rematchwait);
        li.appendChild(st);
        ul.appendChild(li);
      });
      box.appendChild(ul);
    }
    buttons.forEach(function (b) {
      var btn = document.createElement('button');
      btn.id = b[0];
      btn.textContent = M[b[0]];
      if (b[0] === 'rematchaccept') btn.className = 'primary';
      btn.onclick = function () { send(b[1]); };
      box.appendChild(btn);
    });
  }

  // The end of the game: who won and why, and what to do next.
  function renderBanner() {
    var over = state.result !== '*';
    var was = !$('banner').hidden;
    $('banner').hidden = !over;
    if (!over) return;
    // The end just came (a resignation from the side panel, on a phone
    // below the board): bring the banner into sight.
    if (!was && $('banner').scrollIntoView) $('banner').scrollIntoView({ block: 'nearest' });
    $('bannertext').textContent = state.outcome || M['sent:over'];
    $('bannerratings').textContent = state.ratings || '';
    $('bannerratings').hidden = !state.ratings;
    renderRematch(state.you.length > 0);
  }
  $('rematch').onclick = function () {
    if (rematchURL) { location.href = rematchURL; return; }
    send({ type: 'rematch' });
  };
  $('replay').onclick = function () { show(0); $('navfwd').focus(); };

  // Stepping through the game: say that the board is not live.
  function renderHistory() {
    var past = view >= 0 && state && view < state.ply;
    $('history').hidden = !past;
    app.classList.toggle('past', past);
    if (past) $('historytext').textContent = view === 0 ? fmt(M.startview, state.ply) : fmt(M.historyview, view, state.ply);
  }
  $('backtolive').onclick = function () { show(state ? state.ply : 0); };

  $('flip').onclick = function () {
    flip = !flip;
    try { localStorage.setItem(flipKey, flip ? '1' : '0'); } catch (e) {}
    send({ type: 'hello', tokens: tokens, ply: state ? state.ply : 0, lang: app.dataset.lang, flip: flip, engine: engineWire });
    if (view >= 0) { show(view); return; }
    // With the engine the turned board shows at once; the server's state
    // that follows draws the same.
    if (!engineHolds()) return;
    var st = state;
    engine.ask({ op: 'svg', lang: app.dataset.lang, flip: flip, status: st.result !== '*' ? (st.outcome || '') : '',
      lastMove: st.recent && st.recent.length ? [] : (st.lastMove || []) }).then(function (a) {
      if (a.error || state !== st || view >= 0) return;
      $('board').innerHTML = a.svg;
      highlight();
    });
  };

  // The moves some player had a hint for (numbered from 1).
  function hintedMoves() {
    var out = {};
    (state.hints || []).forEach(function (moves) { (moves || []).forEach(function (n) { out[n] = true; }); });
    return out;
  }

  function renderMoves() {
    var ol = $('movelist');
    ol.innerHTML = '';
    var hinted = hintedMoves();
    state.moves.forEach(function (m, i) {
      var li = document.createElement('li');
      li.textContent = m;
      li.dataset.ply = i + 1;
      if (hinted[i + 1]) { li.classList.add('hinted'); li.title = M.hinted; }
      if ((view < 0 && i + 1 === state.ply) || view === i + 1) li.classList.add('current');
      li.onclick = function () { show(i + 1); };
      ol.appendChild(li);
    });
    // The players who left the table (a game of three or four): a line
    // each after the moves.
    (state.leftEvents || []).forEach(function (text) {
      var li = document.createElement('li');
      li.textContent = text;
      li.className = 'leftevent';
      li.style.listStyle = 'none';
      ol.appendChild(li);
    });
    // At the live position the leaves, right after the last move, stay in
    // sight with it.
    var cur = view < 0 && (state.leftEvents || []).length ? ol.lastChild : ol.querySelector('.current');
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  }

  function renderPlayers() {
    var ol = $('players');
    ol.innerHTML = '';
    var myTeams = state.you.map(function (i) { return state.seats[i] ? state.seats[i].team : -1; });
    state.seats.forEach(function (s, i) {
      var li = document.createElement('li');
      var sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.background = s.colour;
      li.appendChild(sw);
      var name = document.createElement('span');
      name.textContent = s.name + (s.kind === 'computer' ? ' (' + (s.level || s.agent) + ')' : '');
      li.appendChild(name);
      // After a rated game, the rating it left and its change.
      var rating = (state.seatRatings && state.seatRatings[i]) || ratings[i];
      if (rating) {
        var rt = document.createElement('span');
        rt.className = 'rating';
        rt.textContent = rating;
        li.appendChild(rt);
      }
      var tags = [];
      if (mine(i)) tags.push(M.you);
      else if (state.teams && myTeams.indexOf(s.team) >= 0) tags.push(M.partner);
      if (tags.length) {
        var t = document.createElement('span');
        t.className = 'tag';
        t.textContent = tags.join(', ');
        li.appendChild(t);
      }
      if (s.kind !== 'computer') {
        var dot = document.createElement('span');
        dot.className = 'presence ' + (s.online ? 'on' : 'off');
        dot.title = s.online ? M.online : M.offline;
        dot.setAttribute('aria-label', dot.title);
        li.appendChild(dot);
      }
      var used = (state.hints && state.hints[i]) || [];
      if (used.length) {
        var h = document.createElement('span');
        h.className = 'hintsused';
        h.dataset.count = used.length;
        h.textContent = hintsText(used);
        li.appendChild(h);
      }
      li.dataset.online = s.online ? '1' : '0';
      if (i === state.toMove && state.result === '*') li.className = 'tomove';
      ol.appendChild(li);
    });
  }

  // A seat's short name: the player's name without the seat's colour
  // (the swatch shows it), the whole label in the title.
  function shortName(i) {
    var n = seatName(i), k = n.indexOf(' — ');
    return k >= 0 ? n.slice(k + 3) : n;
  }

  // A game of three or four, as Board Game Arena shows a table: the seats
  // in the order they play (colour, presence, clock, the one to move
  // outlined and saying whether it thinks), the teams, and the moves
  // since this page's player's last move, in words.
  function renderTable() {
    var order = state.order || [], box = $('tableview');
    box.hidden = !order.length;
    app.classList.toggle('table', order.length > 0);
    if (!order.length) return;
    var over = state.result !== '*';
    var ol = $('turnorder');
    ol.innerHTML = '';
    order.forEach(function (i) {
      var s = state.seats[i] || {};
      var li = document.createElement('li');
      li.dataset.seat = i;
      li.title = seatName(i) + (s.kind === 'computer' && s.level ? ' (' + s.level + ')' : '');
      li.style.borderLeftColor = s.colour || '#888';
      if (!over && i === state.toMove) li.classList.add('tomove');
      if (mine(i)) li.classList.add('mine');
      var sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.background = s.colour || '#888';
      li.appendChild(sw);
      var name = document.createElement('span');
      name.className = 'seatname';
      name.textContent = shortName(i);
      li.appendChild(name);
      if (s.kind === 'computer' && s.level) {
        var lv = document.createElement('span');
        lv.className = 'seatlevel';
        lv.textContent = s.level;
        li.appendChild(lv);
      }
      if (s.kind !== 'computer') {
        var dot = document.createElement('span');
        dot.className = 'presence ' + (s.online ? 'on' : 'off');
        dot.title = s.online ? M.online : M.offline;
        dot.setAttribute('aria-label', dot.title);
        li.appendChild(dot);
      }
      li.dataset.online = s.online ? '1' : '0';
      if (state.clocks) {
        var c = document.createElement('span');
        c.className = 'clock';
        c.dataset.clock = i;
        li.appendChild(c);
      }
      if (!over && i === state.toMove) {
        var st = document.createElement('span');
        st.className = 'seatstate';
        st.textContent = s.kind === 'computer' && state.thinking ? M.seatthinks : M.seattomove;
        li.appendChild(st);
      }
      ol.appendChild(li);
    });
    // Partners: "Alice & Carol vs Bob & Dave", teams in turn order.
    var teams = $('teams');
    teams.hidden = !state.teams;
    if (state.teams) {
      var groups = [], at = {};
      order.forEach(function (i) {
        var t = (state.seats[i] || {}).team;
        if (!(t in at)) { at[t] = groups.length; groups.push([]); }
        groups[at[t]].push(i);
      });
      teams.innerHTML = '';
      groups.forEach(function (g, k) {
        if (k) teams.appendChild(document.createTextNode(' ' + M.versus + ' '));
        var span = document.createElement('span');
        span.className = 'team';
        span.dataset.team = (state.seats[g[0]] || {}).team;
        g.forEach(function (i, j) {
          if (j) span.appendChild(document.createTextNode(' & '));
          var sw = document.createElement('span');
          sw.className = 'swatch';
          sw.style.background = (state.seats[i] || {}).colour || '#888';
          span.appendChild(sw);
          span.appendChild(document.createTextNode(shortName(i)));
        });
        teams.appendChild(span);
      });
    }
    // The moves since this page's player's last, in words.
    var set = recentSet(), since = $('since'), list = $('sincelist');
    since.hidden = !set.moves.length;
    $('sincetitle').textContent = set.title;
    list.innerHTML = '';
    set.moves.forEach(function (m) {
      var li = document.createElement('li');
      li.dataset.seat = m.seat;
      li.dataset.ply = m.ply;
      var sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.background = (state.seats[m.seat] || {}).colour || '#888';
      li.appendChild(sw);
      var parts = String(M.played).split('%s');
      li.appendChild(document.createTextNode(parts[0] || ''));
      var who = document.createElement('strong');
      who.textContent = shortName(m.seat);
      li.appendChild(who);
      li.appendChild(document.createTextNode(parts[1] || ' '));
      var code = document.createElement('span');
      code.className = 'notation';
      code.textContent = m.move;
      li.appendChild(code);
      li.appendChild(document.createTextNode(parts[2] || ''));
      if (m.says) {
        var says = document.createElement('span');
        says.className = 'says';
        says.textContent = ' — ' + m.says;
        li.appendChild(says);
      }
      list.appendChild(li);
    });
  }

  // "2 hints (moves 4, 9)".
  function hintsText(moves) {
    var n = moves.length;
    return (n === 1 ? M.hintsone : fmt(M.hintsmany, n)) + ' (' + fmt(n === 1 ? M.hintmove : M.hintmoves, moves.join(', ')) + ')';
  }

  // The hint button (for a player of a game that gives hints), the count
  // of this page's hints, and the hint in words under the board.
  function myHints() {
    var n = 0;
    (state.you || []).forEach(function (i) { n += ((state.hints && state.hints[i]) || []).length; });
    return n;
  }
  function hintLive() {
    return hint && state && view < 0 && state.result === '*' && hint.ply === state.ply;
  }
  function renderHint() {
    if (!state) return;
    var b = $('hintbtn');
    b.hidden = !state.hintable || state.you.length === 0 || state.result !== '*';
    b.disabled = hintWaiting || !myTurn();
    b.classList.toggle('waiting', hintWaiting);
    var n = myHints();
    $('hintcount').hidden = n === 0;
    $('hintcount').textContent = n;
    var line = $('hintline');
    if (hintWaiting) {
      line.textContent = M.hintsearching;
      line.hidden = false;
      line.classList.add('searching');
    } else if (hintLive()) {
      // The notation at the end is kept on one line: "(2b1-" and "b3)"
      // apart would read as two things.
      var tail = '(' + hint.move + ')', text = hint.text;
      line.textContent = '';
      if (text.slice(-tail.length) === tail) {
        line.appendChild(document.createTextNode(text.slice(0, -tail.length)));
        var code = document.createElement('span');
        code.className = 'notation';
        code.textContent = tail;
        line.appendChild(code);
      } else {
        line.textContent = text;
      }
      line.hidden = false;
      line.classList.remove('searching');
    } else {
      line.hidden = true;
    }
  }
  $('hintbtn').onclick = function () {
    if (!myTurn() || hintWaiting) return;
    if (hintLive()) { notice(hint.text); return; }
    hintWaiting = true;
    renderHint();
    if (!engineHolds()) { send({ type: 'hint' }); return; }
    // The page's engine searches, at the server's hint level, in its
    // worker; the server records the hint as if it had searched it.
    var st = state;
    localHint = st.ply;
    engine.ask({ op: 'search', level: 'hard', seed: Math.floor(Math.random() * 2147483647) }).then(function (a) {
      if (localHint !== st.ply) return; // cancelled: the position changed
      localHint = -1;
      if (state !== st && state.ply !== st.ply) { hintWaiting = false; renderHint(); return; }
      if (a.error) { send({ type: 'hint' }); return; } // the server searches it
      app.dataset.localhints = (+app.dataset.localhints || 0) + 1;
      send({ type: 'hint', ply: st.ply, move: a.move });
    });
  };

  function renderStatus() {
    var text;
    if (state.result !== '*') {
      text = state.outcome || M['sent:over'];
    } else {
      text = seatName(state.toMove) + ' ' + M.tomove;
      if (mine(state.toMove)) text += ' (' + M.you + ')';
      if (state.thinking) text += ' — ' + M.thinking;
      if (state.you.length === 0) text += ' — ' + M.spectator;
    }
    $('status').textContent = text;
    $('status').hidden = state.result !== '*'; // the banner says it
    // What to do in a phase the board does not make plain (placing).
    $('turnhint').textContent = state.turnHint || '';
    $('turnhint').hidden = !state.turnHint || !myTurn();
  }

  function renderPasses() {
    var div = $('passes');
    div.innerHTML = '';
    if (!myTurn()) return;
    legalMoves().forEach(function (m) {
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

  // m:ss under an hour; "5 h 03" under a day; "2 d 23 h" beyond (the
  // days of a correspondence game).
  function fmtClock(ms) {
    ms = Math.max(0, ms);
    var s = Math.ceil(ms / 1000), m = Math.floor(s / 60), h = Math.floor(m / 60), d = Math.floor(h / 24);
    if (d > 0) return d + ' ' + M.dayshort + ' ' + (h % 24) + ' ' + M.hourshort;
    if (h > 0) return h + ' ' + M.hourshort + ' ' + ((m % 60) < 10 ? '0' : '') + (m % 60);
    s = s % 60;
    return m + ':' + (s < 10 ? '0' : '') + s;
  }

  // The clocks show in the side panel and, on a phone (where the panel
  // is below the board), above the board too: always in view.
  function renderClocks() {
    var divs = [$('clocks'), $('boardclocks')];
    if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    divs.forEach(function (div) { div.hidden = !state.clocks; });
    if (!state.clocks) return;
    function tick() {
      divs.forEach(function (div) {
        div.innerHTML = '';
        state.clocks.forEach(function (ms, i) {
          var span = document.createElement('span');
          if (i === state.running) ms -= Date.now() - stateAt;
          var sw = document.createElement('span');
          sw.className = 'swatch';
          sw.style.background = (state.seats[i] || {}).colour || '#888';
          span.appendChild(sw);
          span.appendChild(document.createTextNode(seatName(i) + ' ' + fmtClock(ms)));
          span.className = 'clock' + (i === state.running ? ' running' : '');
          div.appendChild(span);
        });
      });
      $('turnorder').querySelectorAll('.clock').forEach(function (c) {
        var i = +c.dataset.clock, ms = state.clocks[i];
        if (i === state.running) ms -= Date.now() - stateAt;
        c.textContent = fmtClock(ms);
        c.classList.toggle('running', i === state.running);
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
      p.textContent = seatName(+seat) + colon;
      var input = document.createElement('input');
      input.value = url; input.readOnly = true; input.className = 'invite'; input.dataset.seat = seat;
      input.onclick = function () { input.select(); };
      input.setAttribute('aria-label', M.invitelinks + ' — ' + seatName(+seat));
      p.appendChild(input);
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'copy';
      b.textContent = M.copy;
      b.onclick = function () {
        var done = function () { b.textContent = M.copied + ' ✓'; setTimeout(function () { b.textContent = M.copy; }, 2000); };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(url).then(done, function () { input.select(); document.execCommand('copy'); done(); });
        } else { input.select(); document.execCommand('copy'); done(); }
      };
      p.appendChild(b);
      div.appendChild(p);
    });
    var w = document.createElement('p');
    w.textContent = M.watchlink + colon + location.origin + '/games/' + id;
    div.appendChild(w);
  }

  // Clicks: every legal move has the sequence of places to click (its
  // "places"); clicks select the moves whose sequence starts with them.
  function startsWith(places, prefix) {
    for (var i = 0; i < prefix.length; i++) if (places[i] !== prefix[i]) return false;
    return true;
  }

  function candidates() {
    return legalMoves().filter(function (m) {
      return m.places.length > 0 && startsWith(m.places, sel);
    });
  }

  // Marks drawn over the board (static/marks.js): the pieces that can
  // move (before a click), the selected piece, and where it can go (dots,
  // or a band along a segment), in a layer of their own on top of the
  // drawing; the hint as an arrow.
  var marks = window.plateauMarks($('board'));
  var placeElements = marks.placeElements, shapeOf = marks.shapeOf, markLayer = marks.markLayer,
    pieceCentres = marks.pieceCentres, mark = marks.mark;
  function drawHint(svg) {
    svg.querySelectorAll('g.suggest').forEach(function (g) { g.remove(); });
    if (!hintLive()) return;
    marks.suggest(svg, hint.places);
  }

  // The moves since this page's player last played, in a game of three
  // or four: the server gives per seat where its player's new moves start
  // (since) and where the last round starts (round). A spectator, a
  // player who just moved and everyone once the game is over see the
  // last round.
  function recentSet() {
    var list = (view < 0 && state.recent) || [];
    if (!list.length) return { moves: [], title: '' };
    var from = -1, title = M.sincelast;
    if (state.you.length && state.result === '*') {
      state.you.forEach(function (i) { from = Math.max(from, (state.since || [])[i] || 0); });
    }
    if (from < 0 || from >= state.ply) { from = state.round || 0; title = M.lastround; }
    return { moves: list.filter(function (m) { return m.ply > from; }), title: title };
  }
  function recentMoves() {
    return recentSet().moves.map(function (m) {
      return { seat: m.seat, places: m.places, colour: (state.seats[m.seat] || {}).colour || '#f2b134' };
    });
  }

  function highlight() {
    var board = $('board');
    board.querySelectorAll('.sel, .target, .movable').forEach(function (el) { el.classList.remove('sel', 'target', 'movable'); });
    var layer = markLayer();
    if (!layer) return;
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    if (state) marks.recent(layer.ownerSVGElement || board.querySelector('svg'), recentMoves());
    drawHint(layer.ownerSVGElement || board.querySelector('svg'));
    if (cursor) mark(layer, cursor, 'cursor');
    if (!myTurn()) return;
    var next = {};
    candidates().forEach(function (m) { if (m.places.length > sel.length) next[m.places[sel.length]] = true; });
    sel.forEach(function (p) { mark(layer, p, 'sel'); placeElements(p).forEach(function (el) { el.classList.add('sel'); }); });
    var places = Object.keys(next);
    // Before a click, ring the pieces that can move; where a move starts
    // on any empty point (a placement) that would ring the whole board.
    if (!sel.length && places.length > 24) return;
    var pieces = sel.length ? pieceCentres() : null;
    places.forEach(function (p) {
      mark(layer, p, sel.length ? 'target' : 'movable', pieces);
      placeElements(p).forEach(function (el) { el.classList.add(sel.length ? 'target' : 'movable'); });
    });
  }

  function click(place) {
    var next = sel.concat([place]);
    var list = legalMoves().filter(function (m) { return m.places.length >= next.length && startsWith(m.places, next); });
    if (!list.length) {
      if (!sel.length) return;
      // A click on another piece that can move starts a new selection;
      // any other click after a selection is sent as the move it spells,
      // and the server answers with the rules' reason (a newcomer learns
      // why, as in the lessons).
      if (legalMoves().some(function (m) { return m.places[0] === place; })) { sel = []; click(place); return; }
      var tried = next;
      sel = [];
      highlight();
      play(tried.join(tried[0].indexOf('-') >= 0 ? '/' : '-'));
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

  // zoomOn sets the drawing's view to its places' area, with a margin of
  // about a seventh of the board around them.
  function zoomOn(svg, places) {
    if (!svg) return;
    var vb = (svg.getAttribute('viewBox') || '').split(/[ ,]+/).map(Number);
    if (vb.length !== 4) return;
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    places.forEach(function (p) {
      var g = svg.querySelector('[data-place="' + CSS.escape(p) + '"]'), bb;
      if (!g) return;
      try { bb = shapeOf(g).getBBox(); } catch (e) { return; }
      x0 = Math.min(x0, bb.x); y0 = Math.min(y0, bb.y); x1 = Math.max(x1, bb.x + bb.width); y1 = Math.max(y1, bb.y + bb.height);
    });
    if (x0 === Infinity) return;
    var pad = Math.min(vb[2], vb[3]) * 0.15, cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    var side = Math.min(Math.max(x1 - x0, y1 - y0) + 2 * pad, vb[2], vb[3]);
    // Kept inside the drawing: a move at the edge is not drawn off-centre
    // against an empty margin.
    cx = Math.max(vb[0] + side / 2, Math.min(cx, vb[0] + vb[2] - side / 2));
    cy = Math.max(vb[1] + side / 2, Math.min(cy, vb[1] + vb[3] - side / 2));
    svg.setAttribute('viewBox', [cx - side / 2, cy - side / 2, side, side].map(function (v) { return v.toFixed(1); }).join(' '));
    svg.removeAttribute('width'); svg.removeAttribute('height');
  }

  // Several moves share the clicks: each is shown as the position it
  // leads to, with a sentence, and its notation.
  function choose(list) {
    var dlg = $('choose'), div = $('choices');
    div.innerHTML = '';
    var pics = [], local = engineHolds();
    // Each picture from the server, when the engine cannot draw them.
    function fetchPicture(pic, m) {
      fetch('/games/' + id + '/preview?ply=' + state.ply + '&move=' + encodeURIComponent(m.move) +
        '&lang=' + app.dataset.lang + (flip ? '&flip=1' : '')).then(function (r) { return r.ok ? r.text() : ''; }).then(function (svg) {
        pic.innerHTML = svg;
        zoomOn(pic.querySelector('svg'), m.places);
      });
    }
    list.forEach(function (m) {
      var b = document.createElement('button');
      b.className = 'choice';
      b.dataset.move = m.move;
      // The position after the move, drawn inline and zoomed on the
      // move's places: small pieces (PODS' pods and their feet) are told
      // apart at a glance, on a phone too.
      var pic = document.createElement('div');
      pic.className = 'preview';
      pic.setAttribute('role', 'img');
      pic.setAttribute('aria-label', m.says || m.move);
      pics.push(pic);
      if (!local) fetchPicture(pic, m);
      b.appendChild(pic);
      var says = document.createElement('span');
      says.className = 'says';
      says.textContent = m.says || m.move;
      b.appendChild(says);
      var code = document.createElement('small');
      code.textContent = m.move;
      b.appendChild(code);
      b.onclick = function () { dlg.close(); play(m.move); };
      div.appendChild(b);
    });
    if (local) {
      engine.ask({ op: 'previews', ply: state.ply, choices: list.map(function (m) { return m.move; }), lang: app.dataset.lang, flip: flip }).then(function (a) {
        list.forEach(function (m, i) {
          if (a.error || !a.svgs || !a.svgs[i]) { fetchPicture(pics[i], m); return; }
          pics[i].innerHTML = a.svgs[i];
          zoomOn(pics[i].querySelector('svg'), m.places);
        });
      });
    }
    if (dlg.showModal) dlg.showModal(); else dlg.setAttribute('open', '');
  }
  $('choosecancel').onclick = function () { $('choose').close(); sel = []; highlight(); };

  function play(move) {
    sel = [];
    // The keyboard cursor goes once the move is made (the arrows bring it
    // back): left on the board it reads as a mark of the position.
    cursor = null;
    if (!state) return;
    send({ type: 'move', ply: state.ply, move: move });
  }

  $('board').addEventListener('click', function (e) {
    if (!state) return;
    var el = e.target.closest('[data-place]');
    if (view >= 0 && view < state.ply) { notice(M.notlive); return; }
    if (!myTurn()) return;
    if (el) click(el.getAttribute('data-place'));
  });

  // The keyboard: arrows move a cursor from place to place (to the nearest
  // in that direction), Enter or Space clicks it, Escape cancels.
  function centres() {
    var out = [];
    $('board').querySelectorAll('[data-place]').forEach(function (g) {
      var b;
      try { b = shapeOf(g).getBBox(); } catch (e) { return; }
      out.push({ place: g.getAttribute('data-place'), x: b.x + b.width / 2, y: b.y + b.height / 2 });
    });
    return out;
  }
  function moveCursor(dx, dy) {
    var all = centres();
    if (!all.length) return;
    var from = null;
    all.forEach(function (c) { if (c.place === cursor) from = c; });
    if (!from) { cursor = all[0].place; highlight(); return; }
    var best = null, bestScore = Infinity;
    all.forEach(function (c) {
      var vx = c.x - from.x, vy = c.y - from.y;
      var along = vx * dx + vy * dy, across = Math.abs(vx * dy - vy * dx);
      if (along <= 0.5) return;
      var score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = c; }
    });
    if (best) cursor = best.place;
    highlight();
    var label = cursor;
    placeElements(cursor).forEach(function (g) { var t = g.querySelector('title'); if (t) label = t.textContent; });
    $('board').setAttribute('aria-label', label);
  }
  $('board').addEventListener('keydown', function (e) {
    var dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (dirs[e.key]) {
      e.preventDefault(); e.stopPropagation();
      moveCursor(dirs[e.key][0], dirs[e.key][1]);
    } else if ((e.key === 'Enter' || e.key === ' ') && cursor) {
      e.preventDefault(); e.stopPropagation();
      if (view >= 0 && view < state.ply) { notice(M.notlive); return; }
      if (myTurn()) click(cursor);
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      sel = []; highlight();
    }
  });

  $('entry').addEventListener('submit', function (e) {
    e.preventDefault();
    var v = $('moveinput').value.trim();
    if (!v) return;
    $('moveinput').value = '';
    if (view >= 0) show(state.ply);
    play(v);
  });

  // History navigation: past positions are drawn by the engine, or by the
  // server without it.
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
    renderHistory();
    renderHint();
    highlight();
    var drawn = function (svg) {
      if (view === ply) { $('board').innerHTML = svg; renderMoves(); renderPasses(); renderHistory(); }
    };
    var fromServer = function () {
      fetch('/games/' + id + '/svg?ply=' + ply + '&lang=' + app.dataset.lang + (flip ? '&flip=1' : '')).then(function (r) { return r.text(); }).then(drawn);
    };
    if (!engineHolds()) { fromServer(); return; }
    engine.ask({ op: 'svg', ply: ply, lang: app.dataset.lang, flip: flip }).then(function (a) {
      if (a.error) fromServer(); else drawn(a.svg);
    });
  }
  function current() { return view < 0 ? (state ? state.ply : 0) : view; }
  $('navfirst').onclick = function () { show(0); };
  $('navback').onclick = function () { show(current() - 1); };
  $('navfwd').onclick = function () { show(current() + 1); };
  $('navlast').onclick = function () { show(state ? state.ply : 0); };
  document.addEventListener('keydown', function (e) {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA' || e.target.id === 'board') return;
    if (e.key === 'ArrowLeft') show(current() - 1);
    else if (e.key === 'ArrowRight') show(current() + 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(state ? state.ply : 0);
  });

  // Resigning asks in the page (as lichess does), not in a window of the
  // browser: the question replaces the button until answered, or for
  // eight seconds.
  var resignTimer = null;
  function resignConfirm(open) {
    $('resign').hidden = open;
    $('resignconfirm').hidden = !open;
    if (resignTimer) { clearTimeout(resignTimer); resignTimer = null; }
    if (open) {
      $('resignno').focus();
      resignTimer = setTimeout(function () { resignConfirm(false); }, 8000);
    }
  }
  $('resign').onclick = function () { resignConfirm(true); };
  $('resignno').onclick = function () { resignConfirm(false); $('resign').focus(); };
  $('resignyes').onclick = function () { resignConfirm(false); send({ type: 'resign' }); };
  $('drawbtn').onclick = function () { send({ type: 'draw' }); };
  $('abortbtn').onclick = function () { if (confirm(M.abortconfirm)) send({ type: 'abort' }); };
  $('undobtn').onclick = function () { send({ type: 'undo' }); };

  connect();
})();
