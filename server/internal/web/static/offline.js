// The game against the computer that the browser plays alone (/play/offline,
// package offline): the rules engine's module in a worker (engine.js) holds
// the game, draws the board (op svg), lists the legal moves with the places
// to click (op legal), plays the computer's moves (op search) and writes
// the record (op record); nothing goes to the server, so that the page
// works with the network off once the service worker keeps it. The game
// in progress is kept in localStorage and comes back after a reload.
(function () {
  'use strict';
  var app = document.getElementById('offline');
  if (!app) return;
  var $ = function (x) { return document.getElementById(x); };
  var lang = app.dataset.lang || 'en';
  var M = {}, catalogue = [], config = null;
  try { M = JSON.parse(app.dataset.msg || '{}'); } catch (e) {}
  try { catalogue = JSON.parse(app.dataset.catalogue || '[]'); } catch (e) {}
  try { config = JSON.parse(app.dataset.engine || 'null'); } catch (e) {}
  var KEY = 'plateau-offline-game';
  var board = $('board');

  // The game: what is kept (g), and what the engine last said of it.
  var g = null;        // {rules, options, seat, level, moves, end, date, flip}
  var legal = [], toMove = -1, result = 'ongoing', variant = null;
  var view = null;     // the ply shown when looking back, null for the live position
  var sel = [], busy = false, thinking = false, gen = 0;
  var test = window.plateauOffline = { legal: [], moves: [], record: '' };

  function say(key) { return M[key] || key; }
  function fmt(s) { var args = [].slice.call(arguments, 1); return s.replace(/%[sd]/g, function () { return String(args.shift()); }); }
  function status(text) { $('status').textContent = text; }
  function notice(text) {
    var n = $('notice');
    n.textContent = text || '';
    n.hidden = !text;
    if (text) setTimeout(function () { if (n.textContent === text) n.hidden = true; }, 3000);
  }

  var engine = window.plateauEngine && window.plateauEngine(config);
  if (!engine) { status(say('off:noengine')); return; }

  function findVariant(rules, options) {
    for (var i = 0; i < catalogue.length; i++) {
      if (catalogue[i].id !== rules) continue;
      for (var j = 0; j < catalogue[i].variants.length; j++) {
        if (catalogue[i].variants[j].options === options) return { game: catalogue[i], v: catalogue[i].variants[j] };
      }
    }
    return null;
  }
  function save() {
    try { if (g) localStorage.setItem(KEY, JSON.stringify(g)); else localStorage.removeItem(KEY); } catch (e) {}
  }
  function team(seat) { return variant.v.teams ? variant.v.teams[seat] : seat; }
  function seatName(seat) {
    var name = variant.v.seats[seat] || String(seat + 1);
    return seat === g.seat ? name + ' (' + say('you') + ')' : name;
  }

  // ---- The setup form: every variant of the catalogue, your seat, the level.
  function fillSelect(sel, items) {
    sel.innerHTML = '';
    items.forEach(function (it) {
      var o = document.createElement('option');
      o.value = it.value;
      o.textContent = it.label;
      sel.appendChild(o);
    });
  }
  function setupGame() {
    var gm = catalogue.filter(function (x) { return x.id === $('offgame').value; })[0] || catalogue[0];
    fillSelect($('offvariant'), gm.variants.map(function (v) {
      return { value: v.options, label: v.label + ' — ' + fmt(say('off:players'), v.seats.length) };
    }));
    setupVariant();
  }
  function setupVariant() {
    var f = findVariant($('offgame').value, $('offvariant').value);
    if (!f) return;
    fillSelect($('offseat'), f.v.seats.map(function (s, i) { return { value: String(i), label: (i + 1) + '. ' + s }; }));
  }
  fillSelect($('offgame'), catalogue.map(function (x) { return { value: x.id, label: x.name }; }));
  $('offgame').addEventListener('change', setupGame);
  $('offvariant').addEventListener('change', setupVariant);
  setupGame();

  function showSetup() {
    app.classList.add('setupmode');
    $('setup').hidden = false;
    $('playing').hidden = true;
    $('entry').hidden = true;
    $('banner').hidden = true;
    $('passes').innerHTML = '';
    if (g) { $('offgame').value = g.rules; setupGame(); $('offvariant').value = g.options; setupVariant(); $('offseat').value = String(g.seat); $('offlevel').value = g.level; }
  }
  $('setup').addEventListener('submit', function (e) {
    e.preventDefault();
    var d = new Date();
    var pad = function (n) { return (n < 10 ? '0' : '') + n; };
    start({
      rules: $('offgame').value, options: $('offvariant').value, seat: +$('offseat').value,
      level: $('offlevel').value, moves: [], end: null, flip: false,
      date: d.getFullYear() + '.' + pad(d.getMonth() + 1) + '.' + pad(d.getDate())
    }, false);
  });

  // ---- Playing.
  function start(game, resumed) {
    var f = findVariant(game.rules, game.options);
    if (!f) { g = null; save(); showSetup(); return; }
    gen++;
    if (thinking) engine.cancel();
    thinking = false;
    g = game;
    variant = f;
    view = null;
    sel = [];
    save();
    $('setup').hidden = true;
    $('playing').hidden = false;
    app.classList.remove('setupmode');
    $('gametitle').textContent = f.v.title;
    $('ruleslink').href = '/rules/' + g.rules;
    app.dataset.rules = g.rules;
    app.dataset.seat = String(g.seat);
    status(say('off:loading'));
    engine.ready.then(function () {
      return engine.ask({ op: 'load', rules: g.rules, options: g.options, moves: g.moves, lang: lang });
    }).then(function (a) {
      if (a.error) {
        // A kept game the engine no longer reads (another version's
        // rules): start over.
        g = null; save(); showSetup(); status(fmt(say('off:enginefail'), a.error));
        return;
      }
      took(a);
      if (resumed && !over()) notice(say('off:resumed'));
      next();
    }, function (err) {
      status(fmt(say('off:enginefail'), err && err.message ? err.message : String(err)));
    });
  }

  // took reads the engine's answer about the live position.
  function took(a) {
    legal = a.legal || [];
    toMove = a.toMove;
    result = a.result || 'ongoing';
    test.legal = legal;
    test.moves = g.moves.slice();
    app.dataset.ply = String(g.moves.length);
    app.dataset.tomove = String(toMove);
  }

  function over() { return !!g.end || result !== 'ongoing'; }

  // next: the computer's turn, the player's, or the end.
  function next() {
    var my = gen;
    draw();
    moveList();
    players();
    if (over()) { finish(); return; }
    if (toMove !== g.seat) {
      thinking = true;
      app.dataset.busy = '1';
      status(say('off:thinking'));
      engine.ask({ op: 'search', level: g.level, seed: Math.floor(Math.random() * 2147483647) }).then(function (a) {
        if (my !== gen) return;
        thinking = false;
        if (a.error) { app.dataset.busy = '0'; status(fmt(say('off:enginefail'), a.error)); return; }
        return play(a.move);
      });
      return;
    }
    app.dataset.busy = '0';
    status(say('off:yourturn') + ' — ' + fmt(say('off:youplay'), variant.v.seats[g.seat]));
    passes();
    app.dataset.ready = '1';
  }

  function play(move) {
    var my = gen;
    busy = true;
    return engine.ask({ op: 'apply', move: move, lang: lang }).then(function (a) {
      busy = false;
      if (my !== gen) return;
      if (a.error) { notice(say('off:illegal') + ' ' + a.error); next(); return; }
      g.moves.push(a.move);
      save();
      took(a);
      view = null;
      next();
    });
  }

  function draw() {
    var my = gen;
    var req = { op: 'svg', lang: lang, flip: !!g.flip };
    if (view !== null) req.ply = view;
    // A resigned game's board says so, not whose turn it was.
    else if (g.end) req.status = fmt(say('sent:resigned'), seatName(g.end.resigned - 1));
    engine.ask(req).then(function (a) {
      if (my !== gen || a.error) return;
      board.innerHTML = a.svg;
      sel = [];
      highlight();
      app.dataset.shown = String(a.ply);
    });
    $('history').hidden = view === null;
    if (view !== null) $('historytext').textContent = fmt(M.historyview || '%d / %d', view, g.moves.length);
  }

  function moveList() {
    var ol = $('movelist');
    ol.innerHTML = '';
    g.moves.forEach(function (m, i) {
      var li = document.createElement('li');
      li.textContent = m;
      if (view !== null && i + 1 === view) li.className = 'current';
      li.onclick = function () { look(i + 1); };
      ol.appendChild(li);
    });
    ol.scrollTop = ol.scrollHeight;
  }

  function players() {
    var ol = $('players');
    ol.innerHTML = '';
    variant.v.seats.forEach(function (s, i) {
      var li = document.createElement('li');
      li.textContent = seatName(i) + (i === g.seat ? '' : ' — ' + say('level:' + g.level));
      if (i === toMove && !over()) li.className = 'tomove';
      ol.appendChild(li);
    });
  }

  // Moves without places (a pass) are buttons.
  function passes() {
    $('resign').hidden = over();
    var div = $('passes');
    div.innerHTML = '';
    $('entry').hidden = over();
    if (over() || toMove !== g.seat) return;
    legal.filter(function (m) { return !m.places.length; }).forEach(function (m) {
      var b = document.createElement('button');
      b.textContent = m.says || (m.move === 'pass' ? say('off:pass') : m.move);
      b.dataset.move = m.move;
      b.onclick = function () { div.innerHTML = ''; play(m.move); };
      div.appendChild(b);
    });
  }

  // ---- The end: the result in words, the record.
  function tag(rec, name) {
    var m = new RegExp('^\\[' + name + ' "((?:[^"\\\\]|\\\\.)*)"\\]$', 'm').exec(rec);
    return m ? m[1].replace(/\\(.)/g, '$1') : '';
  }
  // recordOf asks the engine for the game's record file.
  function recordOf() {
    var names = variant.v.seats.map(function (s, i) { return i === g.seat ? 'human' : 'computer ' + g.level; });
    var req = { op: 'record', players: names, date: g.date };
    if (g.end) req.resigned = g.end.resigned;
    return engine.ask(req).then(function (a) {
      if (a.error) throw new Error(a.error);
      test.record = a.record;
      return a.record;
    });
  }
  function sentence(res, reason) {
    var words = res.split(/\s+/), head;
    if (words[0] === 'win') {
      var winners = words.slice(1).join('').split(',').map(function (n) { return seatName(+n - 1); });
      head = winners.length === 1 ? fmt(say('sent:wins'), winners[0]) :
        fmt(say('sent:winmany'), winners.slice(0, -1).join(', '), winners[winners.length - 1]);
    } else if (words[0] === 'draw') {
      head = say('sent:draw');
    } else {
      head = say('sent:over');
    }
    var r = /^resigned (\d+)$/.exec(reason);
    var why = r ? fmt(say('sent:resigned'), seatName(+r[1] - 1)) : (reason ? (M['reason:' + reason] || reason) : '');
    return why ? head + ' — ' + why : head;
  }
  function finish() {
    notice(''); // the end's banner says what matters now
    app.dataset.busy = '0';
    $('resign').hidden = true;
    $('resignconfirm').hidden = true;
    $('entry').hidden = true;
    $('passes').innerHTML = '';
    legal = [];
    test.legal = [];
    recordOf().then(function (rec) {
      var res = tag(rec, 'Result'), reason = tag(rec, 'Reason');
      var mine = res.indexOf('win ') === 0 && res.slice(4).split(',').some(function (n) { return team(+n - 1) === team(g.seat); });
      var lead = res.indexOf('win ') === 0 ? (mine ? say('off:youwin') : say('off:youlose')) : '';
      var text = (lead ? lead + ' ' : '') + sentence(res, reason);
      status(sentence(res, reason));
      $('bannertext').textContent = text;
      $('banner').hidden = false;
      app.dataset.result = res;
    }, function (err) { status(fmt(say('off:enginefail'), err.message)); });
  }

  function download(e) {
    if (e) e.preventDefault();
    if (!g) return;
    recordOf().then(function (rec) {
      var a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([rec], { type: 'text/plain;charset=utf-8' }));
      a.download = g.rules + '-offline-' + g.date.replace(/\./g, '') + '.txt';
      document.body.appendChild(a);
      a.click();
      setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    }, function (err) { notice(err.message); });
  }
  $('download').addEventListener('click', download);
  $('downloadend').addEventListener('click', download);

  function newGame() { gen++; if (thinking) engine.cancel(); thinking = false; g = null; save(); showSetup(); status(''); board.innerHTML = ''; }
  $('newgame').addEventListener('click', newGame);
  $('again').addEventListener('click', newGame);
  $('resign').addEventListener('click', function () { if (g && !over()) $('resignconfirm').hidden = false; });
  $('resignno').addEventListener('click', function () { $('resignconfirm').hidden = true; });
  $('resignyes').addEventListener('click', function () {
    $('resignconfirm').hidden = true;
    if (!g || over()) return;
    gen++;
    if (thinking) engine.cancel();
    thinking = false;
    g.end = { resigned: g.seat + 1 }; // the engine writes the result (op record)
    save();
    next();
  });
  $('flip').addEventListener('click', function () { if (g) { g.flip = !g.flip; save(); draw(); } });

  // ---- Looking back through the game.
  function look(ply) {
    if (!g) return;
    ply = Math.max(0, Math.min(ply, g.moves.length));
    view = ply === g.moves.length ? null : ply;
    draw();
    moveList();
  }
  $('navfirst').onclick = function () { look(0); };
  $('navback').onclick = function () { look((view === null ? g.moves.length : view) - 1); };
  $('navfwd').onclick = function () { look((view === null ? g.moves.length : view) + 1); };
  $('navlast').onclick = function () { look(g.moves.length); };
  $('backtolive').onclick = function () { look(g.moves.length); };

  // ---- Clicks: the legal moves' places, as on the game page and in the
  // lessons (marks.js draws the marks).
  var marks = window.plateauMarks(board);
  function startsWith(places, prefix) {
    for (var i = 0; i < prefix.length; i++) if (places[i] !== prefix[i]) return false;
    return true;
  }
  function myTurn() { return g && !over() && !thinking && !busy && view === null && toMove === g.seat; }
  function highlight() {
    var layer = marks.markLayer();
    if (!layer) return;
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    board.querySelectorAll('.sel, .target').forEach(function (el) { el.classList.remove('sel', 'target'); });
    if (!myTurn() || !sel.length) return;
    var nxt = {};
    legal.forEach(function (m) {
      if (m.places.length > sel.length && startsWith(m.places, sel)) nxt[m.places[sel.length]] = true;
    });
    var pieces = marks.pieceCentres();
    sel.forEach(function (p) { marks.mark(layer, p, 'sel'); marks.placeElements(p).forEach(function (el) { el.classList.add('sel'); }); });
    Object.keys(nxt).forEach(function (p) {
      marks.mark(layer, p, 'target', pieces);
      marks.placeElements(p).forEach(function (el) { el.classList.add('target'); });
    });
  }
  function click(place) {
    if (!myTurn()) return;
    var nxt = sel.concat([place]);
    var list = legal.filter(function (m) { return m.places.length >= nxt.length && startsWith(m.places, nxt); });
    if (!list.length) {
      // Another piece that can move starts again from it; any other
      // click cancels the selection.
      var again = sel.length && legal.some(function (m) { return m.places[0] === place; });
      sel = [];
      if (again) { click(place); return; }
      if (nxt.length > 1 || !legal.some(function (m) { return m.places[0] === place; })) notice(say('off:illegal'));
      highlight();
      return;
    }
    sel = nxt;
    var exact = list.filter(function (m) { return m.places.length === sel.length; });
    if (exact.length === 1 && list.length === 1) { sel = []; play(exact[0].move); return; }
    if (exact.length) choose(exact);
    highlight();
  }
  // Several moves share the clicks: each is shown as the position it
  // leads to (op previews), with its sentence and notation.
  function choose(list) {
    var dlg = $('choose'), div = $('choices');
    div.innerHTML = '';
    var slots = list.map(function (m) {
      var b = document.createElement('button');
      b.className = 'choice';
      b.dataset.move = m.move;
      var pic = document.createElement('div');
      pic.className = 'preview';
      b.appendChild(pic);
      var s = document.createElement('span');
      s.className = 'says';
      s.textContent = m.says || m.move;
      b.appendChild(s);
      var code = document.createElement('small');
      code.textContent = m.move;
      b.appendChild(code);
      b.onclick = function () { dlg.close(); sel = []; play(m.move); };
      div.appendChild(b);
      return pic;
    });
    engine.ask({ op: 'previews', choices: list.map(function (m) { return m.move; }), lang: lang, flip: !!g.flip }).then(function (a) {
      (a.svgs || []).forEach(function (svg, i) { if (slots[i]) slots[i].innerHTML = svg; });
    });
    if (dlg.showModal) dlg.showModal(); else dlg.setAttribute('open', '');
  }
  $('choosecancel').onclick = function () { $('choose').close(); sel = []; highlight(); };
  board.addEventListener('click', function (e) {
    var el = e.target.closest('[data-place]');
    if (el) click(el.getAttribute('data-place'));
  });
  $('entry').addEventListener('submit', function (e) {
    e.preventDefault();
    var v = $('moveinput').value.trim();
    if (!v || !myTurn()) return;
    $('moveinput').value = '';
    play(v);
  });

  engine.ready.then(null, function (err) { status(fmt(say('off:enginefail'), err && err.message ? err.message : String(err))); });

  // A game kept from before comes back; else the form.
  var kept = null;
  try { kept = JSON.parse(localStorage.getItem(KEY) || 'null'); } catch (e) {}
  if (kept && typeof kept === 'object' && Array.isArray(kept.moves) && typeof kept.rules === 'string' && typeof kept.options === 'string') {
    kept.seat = +kept.seat || 0;
    start(kept, true);
  } else {
    showSetup();
    engine.ready.then(function () { if (!g) status(''); });
  }
})();
