// The conformance of the browser's engine: node conformance.js WASM_EXEC
// MODULE CASES runs the WebAssembly module under Node and checks that its
// answers equal the native build's (CASES, written by
// TestEngineModuleConformance): legal moves with places and sentences,
// the SVG of every position along random playouts, the previews of the
// moves sharing clicks, the history's boards and a seeded search. It prints
// what differs and exits 1, or prints a summary and exits 0.
'use strict';
const fs = require('fs');
const crypto = require('crypto');
globalThis.require = require;
globalThis.fs = fs;
globalThis.path = require('path');
globalThis.TextEncoder = require('util').TextEncoder;
globalThis.TextDecoder = require('util').TextDecoder;
globalThis.performance ??= require('perf_hooks').performance;
globalThis.crypto ??= crypto;
require(process.argv[2]);

const sha = (s) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
const failures = [];
function fail(where, what, got, want) {
  failures.push(where + ': ' + what + ': module ' + JSON.stringify(got) + ', native ' + JSON.stringify(want));
}
function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

const go = new Go();
WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject).then((result) => {
  go.run(result.instance);
  const call = globalThis.plateauEngine;
  if (typeof call !== 'function') throw new Error('the module set no plateauEngine function');
  const cases = JSON.parse(fs.readFileSync(process.argv[4], 'utf8'));
  let id = 0, checks = 0;
  const ask = (req) => {
    req.id = ++id;
    const a = call(req);
    if (a.id !== req.id) fail('request ' + req.op, 'id', a.id, req.id);
    return a;
  };
  const legalOf = (a) => (a.legal || []).map((m) => ({ move: m.move, places: m.places, says: m.says || '' }));
  for (const c of cases) {
    const where = c.rules + ' ' + c.options + ' #' + c.playout;
    let a = ask({ op: 'load', rules: c.rules, options: c.options, lang: c.steps[0].lang });
    if (a.error) { fail(where, 'load', a.error, ''); continue; }
    if (c.search) {
      const s = ask({ op: 'search', level: c.search.level, seed: c.search.seed });
      checks++;
      if (s.error || s.move !== c.search.move) fail(where, 'search ' + c.search.level, s.error || s.move, c.search.move);
    }
    if (c.review) {
      // The analysis board's review of the first moves, as the native one.
      const r = c.review;
      ask({ op: 'load', rules: c.rules, options: c.options, moves: r.moves });
      const got = ask({ op: 'review', level: r.level, seed: r.seed, lang: r.lang });
      checks++;
      if (got.error) {
        fail(where, 'review', got.error, '');
      } else {
        const view = { captions: got.review.plies.map((p) => p.caption), accuracy: got.review.seats.map((s) => s.accuracy), graph: sha(got.review.graph) };
        const want = { captions: r.captions, accuracy: r.accuracy, graph: r.graph };
        if (!same(view, want)) fail(where, 'review at ' + r.level, view, want);
      }
      a = ask({ op: 'load', rules: c.rules, options: c.options, lang: c.steps[0].lang });
    }
    for (let ply = 0; ply < c.steps.length; ply++) {
      const st = c.steps[ply];
      const at = where + ' ply ' + ply;
      if (ply > 0) {
        a = ask({ op: 'apply', move: c.moves[ply - 1], lang: st.lang });
        if (a.error) { fail(at, 'apply ' + c.moves[ply - 1], a.error, ''); break; }
        checks++;
        if (!same(a.places || [], st.lastPlaces)) fail(at, 'places of the move', a.places, st.lastPlaces);
      } else {
        a = ask({ op: 'legal', lang: st.lang });
      }
      checks += 3;
      if (a.ply !== ply || a.toMove !== st.toMove || a.result !== st.result) fail(at, 'ply, turn, result', [a.ply, a.toMove, a.result], [ply, st.toMove, st.result]);
      if (!same(legalOf(a), st.legal)) fail(at, 'legal moves', legalOf(a), st.legal);
      const svg = ask({ op: 'svg', lang: st.lang, flip: st.flip });
      if (svg.error || sha(svg.svg) !== st.svg) fail(at, 'svg (' + st.lang + (st.flip ? ', flipped' : '') + ')', svg.error || sha(svg.svg), st.svg);
      if (st.choices && st.choices.length) {
        checks++;
        const p = ask({ op: 'previews', choices: st.choices, lang: st.lang, flip: st.flip });
        const got = p.error ? p.error : p.svgs.map(sha);
        if (!same(got, st.previews)) fail(at, 'previews of ' + st.choices.join(' '), got, st.previews);
      }
    }
    // The history's boards, drawn from a game loaded with its moves.
    a = ask({ op: 'load', rules: c.rules, options: c.options, moves: c.moves });
    if (a.error) { fail(where, 'load with the moves', a.error, ''); continue; }
    for (const h of c.history) {
      checks++;
      const svg = ask({ op: 'svg', ply: h.ply, lang: h.lang, flip: h.flip });
      if (svg.error || sha(svg.svg) !== h.svg) fail(where + ' history ply ' + h.ply, 'svg', svg.error || sha(svg.svg), h.svg);
    }
  }
  // Bad requests are answered with an error, never a crash.
  for (const bad of [{ op: 'nonsense' }, { op: 'load', rules: 'chess' }, { op: 'load', rules: 'pogo', moves: ['zz'] }, { op: 'load', rules: 'pogo', moves: 'x' },
    { op: 'svg', ply: 99999 }, { op: 'search', level: 'godlike' }, { op: 'apply', move: 'not a move' }]) {
    checks++;
    const r = ask(bad);
    if (!r.error) fail('bad request ' + JSON.stringify(bad), 'no error', r, 'an error');
  }
  if (failures.length) {
    console.log(failures.slice(0, 40).join('\n'));
    console.log(failures.length + ' differences in ' + checks + ' checks');
    process.exit(1);
  }
  console.log('conformance: ' + cases.length + ' playouts, ' + checks + ' checks, ' + id + ' requests, all equal');
  process.exit(0);
}).catch((err) => { console.error(err); process.exit(1); });
