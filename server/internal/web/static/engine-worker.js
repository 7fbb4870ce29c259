// The worker of the rules engine: runs the WebAssembly module of
// cmd/plateau-wasm (the rules, the renderer and the computer players, the
// server's own Go packages) off the page's thread. The page (engine.js)
// sends {op: 'init', exec, module} once, exec the URL of Go's wasm_exec.js
// and module the compiled WebAssembly.Module; then requests, each answered
// with the same id (docs/server.md). A request is answered only once the
// one before has been: a search holds the worker, and the page cancels it
// by ending the worker.
'use strict';
var engine = null, queue = [];
function run(req) {
  var a;
  try { a = engine(req); } catch (e) { a = { id: req && req.id, error: String(e) }; }
  postMessage(a);
}
self.onmessage = function (e) {
  var msg = e.data;
  if (msg && msg.op === 'init') {
    // Only the engine's own files, served by this site.
    if (typeof msg.exec !== 'string' || msg.exec.indexOf('/static/engine/') !== 0) {
      postMessage({ op: 'failed', error: 'bad wasm_exec.js address' });
      return;
    }
    try {
      importScripts(msg.exec);
      var go = new Go();
      WebAssembly.instantiate(msg.module, go.importObject).then(function (instance) {
        go.run(instance); // runs main until it waits: plateauEngine is set
        engine = self.plateauEngine;
        if (typeof engine !== 'function') throw new Error('the module set no plateauEngine');
        postMessage({ op: 'ready' });
        queue.forEach(run);
        queue = [];
      }).catch(function (err) { postMessage({ op: 'failed', error: String(err) }); });
    } catch (err) {
      postMessage({ op: 'failed', error: String(err) });
    }
    return;
  }
  if (!msg || typeof msg !== 'object') return;
  if (!engine) { queue.push(msg); return; }
  run(msg);
};
