// Marks drawn over a board (the SVG of package render inside a container),
// shared by the game page, the lessons and puzzles, and the analysis board:
// the places a click can pick or reach (dots, rings, a band along a
// segment), and a suggested move as lichess draws its arrows (its places
// tinted under the pieces, an arrow from the first to the last over them).
// plateauMarks(board) gives the functions for the container board.
window.plateauMarks = function (board) {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';
  function svgEl(name, attrs) {
    var el = document.createElementNS(SVGNS, name);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    return el;
  }
  function placeElements(place) {
    return board.querySelectorAll('[data-place="' + CSS.escape(place) + '"]');
  }
  // shapeOf is the drawn shape of a place: a square, a point, a hexagon,
  // or the line of an edge.
  function shapeOf(g) {
    return g.querySelector('line, rect, circle, polygon, path, ellipse') || g;
  }
  // markLayer is the layer of the click marks, on top of the drawing.
  function markLayer() {
    var svg = board.querySelector('svg');
    if (!svg) return null;
    var layer = svg.querySelector('g.hints');
    if (!layer) {
      layer = svgEl('g', { 'class': 'hints', 'pointer-events': 'none' });
      svg.appendChild(layer);
    }
    return layer;
  }
  // pieceCentres are the centres of the pieces drawn on the board: a
  // target holding one (a capture, a stack to climb) gets a ring, not a dot.
  function pieceCentres() {
    var out = [];
    board.querySelectorAll('svg .piece').forEach(function (p) {
      try { var b = p.getBBox(); out.push([b.x + b.width / 2, b.y + b.height / 2]); } catch (e) {}
    });
    return out;
  }
  function occupied(box, pieces) {
    return pieces.some(function (c) { return c[0] > box.x && c[0] < box.x + box.width && c[1] > box.y && c[1] < box.y + box.height; });
  }
  // mark draws one mark of kind (sel, target, movable, cursor) on place;
  // a target holding a piece becomes "occupied" (pieces: pieceCentres()).
  function mark(layer, place, kind, pieces) {
    placeElements(place).forEach(function (g) {
      var el = shapeOf(g), box;
      try { box = el.getBBox(); } catch (e) { return; }
      var k = kind;
      if (k === 'target' && pieces && el.tagName !== 'line' && occupied(box, pieces)) k = 'occupied';
      if (el.tagName === 'line') {
        var l = svgEl('line', { 'class': 'hint-' + k + ' hint-line' });
        ['x1', 'y1', 'x2', 'y2'].forEach(function (a) { l.setAttribute(a, el.getAttribute(a)); });
        layer.appendChild(l);
        return;
      }
      var size = Math.min(box.width, box.height) || 20;
      layer.appendChild(svgEl('circle', { cx: box.x + box.width / 2, cy: box.y + box.height / 2,
        r: k === 'target' ? size * 0.12 : k === 'occupied' ? size * 0.42 : size * 0.44, 'class': 'hint-' + k }));
    });
  }
  // suggest draws a move given by its places on svg, in groups of class
  // "suggest" plus extra: each place's own shape tinted under the pieces,
  // an arrow from the first place to the last over them (a Polygone
  // segment is drawn over), below the click marks.
  function suggest(svg, places, extra) {
    var cls = 'suggest' + (extra ? ' ' + extra : '');
    var under = svgEl('g', { 'class': cls + ' suggest-under', 'pointer-events': 'none' });
    var over = svgEl('g', { 'class': cls + ' suggest-over', 'pointer-events': 'none' });
    var pl = svg.querySelector('g.places');
    if (pl && pl.parentNode === svg) svg.insertBefore(under, pl.nextSibling); else svg.appendChild(under);
    svg.insertBefore(over, svg.querySelector('g.hints'));
    var centres = [];
    places.forEach(function (p, i) {
      var g = svg.querySelector('[data-place="' + CSS.escape(p) + '"]');
      if (!g) return;
      var el = shapeOf(g), box;
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
    // The shaft from near the first place's centre (its piece's label
    // stays readable); the tip short of the last place's centre, so that
    // the arrow points at it without hiding it.
    var hw = size * 0.075, hh = size * 0.19, head = size * 0.3;
    var tx = z.x - ux * size * 0.12, ty = z.y - uy * size * 0.12;
    var bx = tx - ux * head, by = ty - uy * head;
    var sx = a.x + ux * size * 0.2, sy = a.y + uy * size * 0.2;
    var pts = [[sx + nx * hw, sy + ny * hw], [bx + nx * hw, by + ny * hw], [bx + nx * hh, by + ny * hh], [tx, ty],
      [bx - nx * hh, by - ny * hh], [bx - nx * hw, by - ny * hw], [sx - nx * hw, sy - ny * hw]];
    over.appendChild(svgEl('polygon', { 'class': 'suggest-arrow',
      points: pts.map(function (q) { return q[0].toFixed(1) + ',' + q[1].toFixed(1); }).join(' ') }));
  }
  // recent tints the places of the moves given ({places, colour}, oldest
  // first) under the pieces, each in its player's colour with a dark rim
  // (a white player's tint shows on the light board): the moves of a game
  // of three or four made since the viewer's last turn.
  function recent(svg, moves) {
    svg.querySelectorAll('g.recent').forEach(function (g) { g.remove(); });
    if (!moves.length) return;
    var under = svgEl('g', { 'class': 'recent', 'pointer-events': 'none' });
    var pl = svg.querySelector('g.places');
    if (pl && pl.parentNode === svg) svg.insertBefore(under, pl.nextSibling); else svg.appendChild(under);
    moves.forEach(function (m) {
      m.places.forEach(function (p) {
        var g = svg.querySelector('[data-place="' + CSS.escape(p) + '"]');
        if (!g) return;
        var el = shapeOf(g), box;
        try { box = el.getBBox(); } catch (e) { return; }
        var size = Math.min(box.width, box.height) || 20;
        var t = el.cloneNode(false);
        t.removeAttribute('id');
        t.setAttribute('class', 'recent-place');
        t.dataset.seat = m.seat;
        if (el.tagName === 'line') {
          t.setAttribute('stroke', m.colour);
          t.setAttribute('stroke-opacity', '0.8');
          t.setAttribute('stroke-width', (size > 40 ? 8 : 6));
          t.setAttribute('stroke-linecap', 'round');
        } else {
          t.setAttribute('fill', m.colour);
          t.setAttribute('fill-opacity', '0.55');
          t.setAttribute('stroke', '#2b2620');
          t.setAttribute('stroke-opacity', '0.55');
          t.setAttribute('stroke-width', Math.max(1.5, size * 0.05));
        }
        under.appendChild(t);
      });
    });
  }
  return { placeElements: placeElements, shapeOf: shapeOf, markLayer: markLayer, pieceCentres: pieceCentres, mark: mark, suggest: suggest, recent: recent };
};
