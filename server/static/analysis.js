// The analysis board: steps through a game's review (the server draws
// each position on request), draws the better move as an arrow, and while
// the review runs polls its progress and reloads when it is done.
(function () {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';
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

  function svgEl(name, attrs) {
    var el = document.createElementNS(SVGNS, name);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    return el;
  }
  // The better move: its places tinted and an arrow from the first to the
  // last, as the hint of the game page draws it, in green.
  function drawBetter(places) {
    var svg = $('board').querySelector('svg');
    if (!svg || !places) return;
    var under = svgEl('g', { 'class': 'suggest better suggest-under', 'pointer-events': 'none' });
    var over = svgEl('g', { 'class': 'suggest better suggest-over', 'pointer-events': 'none' });
    var pl = svg.querySelector('g.places');
    if (pl && pl.parentNode === svg) svg.insertBefore(under, pl.nextSibling); else svg.appendChild(under);
    svg.appendChild(over);
    var centres = [];
    places.split(' ').forEach(function (p, i) {
      var g = svg.querySelector('[data-place="' + CSS.escape(p) + '"]');
      if (!g) return;
      var el = g.querySelector('line, rect, circle, polygon, path, ellipse') || g, box;
      try { box = el.getBBox(); } catch (e) { return; }
      if (el.tagName === 'line') {
        var l = svgEl('line', { 'class': 'suggest-line' });
        ['x1', 'y1', 'x2', 'y2'].forEach(function (a) { l.setAttribute(a, el.getAttribute(a)); });
        over.appendChild(l);
        return;
      }
      var tint = el.cloneNode(false);
      tint.removeAttribute('id');
      tint.setAttribute('class', 'suggest-place ' + (i === 0 ? 'suggest-from' : 'suggest-to'));
      under.appendChild(tint);
      centres.push({ x: box.x + box.width / 2, y: box.y + box.height / 2, size: Math.min(box.width, box.height) || 20 });
    });
    if (centres.length < 2) return;
    var a = centres[0], z = centres[centres.length - 1];
    var dx = z.x - a.x, dy = z.y - a.y, len = Math.sqrt(dx * dx + dy * dy);
    var size = Math.min(a.size, z.size);
    if (len < size * 0.5) return;
    var ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
    var hw = size * 0.075, hh = size * 0.19, head = size * 0.3;
    var tx = z.x - ux * size * 0.12, ty = z.y - uy * size * 0.12;
    var bx = tx - ux * head, by = ty - uy * head;
    var sx = a.x + ux * size * 0.2, sy = a.y + uy * size * 0.2;
    var pts = [[sx + nx * hw, sy + ny * hw], [bx + nx * hw, by + ny * hw], [bx + nx * hh, by + ny * hh], [tx, ty],
      [bx - nx * hh, by - ny * hh], [bx - nx * hw, by - ny * hw], [sx - nx * hw, sy - ny * hw]];
    over.appendChild(svgEl('polygon', { 'class': 'suggest-arrow',
      points: pts.map(function (q) { return q[0].toFixed(1) + ',' + q[1].toFixed(1); }).join(' ') }));
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
