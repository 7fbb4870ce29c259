// The rules engine in the page: starts the worker (engine-worker.js) with
// the WebAssembly module once the page has shown the server's board, and
// passes requests to it. window.plateauEngine(config) returns null when the
// browser cannot run it (no Worker, no WebAssembly) or the page names no
// module; else an engine:
//   ready       a promise, resolved when the module runs, rejected if it
//               cannot (the page then keeps asking the server)
//   ask(req, progress)
//               a promise of the answer to req (webengine.Request); an
//               answer with an error resolves too, its error says why;
//               progress(done, total), if given, hears how far a long
//               request (a review) is
//   cancel()    ends what the worker is doing (a search) by ending the
//               worker: the pending answers resolve with {error:
//               'cancelled'}, and a new worker, given the compiled module
//               again, gets the game back (the last load and the moves
//               applied since)
//   stats       counts of requests, for the tests and the curious
(function () {
  'use strict';
  window.plateauEngine = function (config) {
    if (!config || !config.module || !config.exec || typeof Worker !== 'function' ||
      typeof WebAssembly !== 'object' || !WebAssembly.compile) return null;
    var worker = null, module = null, nextID = 0, pending = {}, progress = {}, game = [];
    var stats = { requests: 0, answers: 0, restarts: 0 };
    var readyResolve, readyReject;
    var ready = new Promise(function (resolve, reject) { readyResolve = resolve; readyReject = reject; });
    ready.catch(function () {}); // a page that never waits for it is not an error

    function start() {
      worker = new Worker('/static/engine-worker.js');
      worker.onmessage = function (e) {
        var a = e.data || {};
        if (a.op === 'ready') { readyResolve(); return; }
        if (a.op === 'failed') { fail(a.error); return; }
        if (a.op === 'progress') {
          if (progress[a.id]) progress[a.id](a.done, a.total);
          return;
        }
        var p = pending[a.id];
        if (!p) return;
        delete pending[a.id];
        delete progress[a.id];
        stats.answers++;
        p(a);
      };
      worker.onerror = function (e) { fail(e.message || 'worker error'); };
      worker.postMessage({ op: 'init', exec: config.exec, module: module });
    }
    function fail(why) {
      readyReject(new Error(why));
      Object.keys(pending).forEach(function (id) { pending[id]({ id: +id, error: 'engine failed: ' + why }); });
      pending = {};
      if (worker) worker.terminate();
      worker = null;
    }
    function send(req) {
      return new Promise(function (resolve) {
        if (!worker) { resolve({ id: req.id, error: 'no engine' }); return; }
        pending[req.id] = resolve;
        worker.postMessage(req);
      });
    }
    function ask(req, onProgress) {
      req = Object.assign({}, req, { id: ++nextID });
      stats.requests++;
      if (typeof onProgress === 'function') progress[req.id] = onProgress;
      // The game the worker holds, to give it back to a new worker.
      if (req.op === 'load') game = [req];
      var p = send(req);
      if (req.op === 'apply') {
        p.then(function (a) { if (!a.error) game.push(req); });
      }
      return p;
    }
    function cancel() {
      if (!worker) return;
      worker.terminate();
      Object.keys(pending).forEach(function (id) { pending[id]({ id: +id, error: 'cancelled' }); });
      pending = {};
      progress = {};
      stats.restarts++;
      start();
      game.forEach(function (req) { send(Object.assign({}, req, { id: ++nextID })); });
    }

    var compile = WebAssembly.compileStreaming ?
      WebAssembly.compileStreaming(fetch(config.module)) :
      fetch(config.module).then(function (r) { return r.arrayBuffer(); }).then(WebAssembly.compile);
    compile.then(function (m) { module = m; start(); }, function (err) { fail(String(err)); });
    window.plateauEngineStats = stats; // the page's engine, for the tests
    return { ready: ready, ask: ask, cancel: cancel, stats: stats };
  };
})();
