// plateau's service worker (package offline; docs/server.md, "The offline
// site"). The server fills in VERSION (a hash of the static files, the
// templates, the strings and the rules engine's module), PRECACHE (what
// to fetch at install) and PAGES (the pages kept when visited).
//
//   - The files of the shell and the engine are fetched once per version
//     into their own cache, and answered from it (cache first): a new
//     version is a new service worker, whose activation deletes the old
//     caches.
//   - Pages listed in PAGES are fetched from the network first; a good
//     answer is kept (at most MAX_PAGES, the oldest dropped), and shown
//     again when the network fails. Any other page that fails to load
//     offline shows the offline game's page.
//   - Anything else (POSTs, the WebSocket, the API, pictures of moves,
//     live pages, accounts) is never touched: it goes to the network as
//     without a service worker.
//   - Logging out (POST /logout) empties the kept pages: the next person
//     at a shared computer does not find them.
'use strict';
var VERSION = /*VERSION*/'';
var PRECACHE = /*PRECACHE*/[];
var PAGES = /*PAGES*/[];
var FILES = 'plateau-files-' + VERSION;
var PAGE_CACHE = 'plateau-pages';
var OFFLINE_PAGE = '/play/offline';
var MAX_PAGES = 60;

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(FILES).then(function (cache) {
    // cache: 'reload': past the browser's HTTP cache, which may hold the
    // previous version's files for an hour; but the engine's files, whose
    // names carry their hash, are good wherever they come from (the page
    // may have just fetched the module).
    return Promise.all(PRECACHE.map(function (url) {
      var mode = url.indexOf('/static/engine/') === 0 ? 'default' : 'reload';
      return fetch(new Request(url, { cache: mode, credentials: 'same-origin' })).then(function (r) {
        if (!r.ok) throw new Error(url + ': ' + r.status);
        return cache.put(url, r);
      });
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return k !== FILES && k !== PAGE_CACHE;
    }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function keptPage(path) {
  return PAGES.some(function (p) {
    return p === path || (p.length > 1 && p.charAt(p.length - 1) === '/' && path.indexOf(p) === 0);
  });
}

// keep stores a page's answer unless it says not to (no-store: a private
// page) or is not a plain page; the cache holds at most MAX_PAGES.
function keep(request, response) {
  var cc = response.headers.get('Cache-Control') || '';
  var type = response.headers.get('Content-Type') || '';
  if (response.status !== 200 || response.type !== 'basic' || /no-store/.test(cc) || type.indexOf('text/html') !== 0) return Promise.resolve();
  return caches.open(PAGE_CACHE).then(function (cache) {
    return cache.put(request.url, response).then(function () {
      return cache.keys();
    }).then(function (keys) {
      // Keys come in insertion order: the oldest first.
      return Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map(function (k) { return cache.delete(k); }));
    });
  });
}

// offlinePage answers a page that did not load and is not kept as it
// is: the same page with another query (another step of a lesson), else
// the offline game.
function offlinePage(request, path) {
  var same = keptPage(path) ? caches.match(request.url, { ignoreSearch: true }) : Promise.resolve(undefined);
  return same.then(function (r) {
    return r || caches.match(OFFLINE_PAGE, { ignoreSearch: true });
  }).then(function (r) { return r || Response.error(); });
}

self.addEventListener('fetch', function (event) {
  var req = event.request;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.method === 'POST' && url.pathname === '/logout') {
    event.waitUntil(caches.delete(PAGE_CACHE));
    return;
  }
  if (req.method !== 'GET') return;
  if (req.mode === 'navigate') {
    var path = url.pathname;
    event.respondWith(fetch(req).then(function (r) {
      if (keptPage(path)) event.waitUntil(keep(req, r.clone()));
      return r;
    }).catch(function () {
      return caches.match(req.url).then(function (r) { return r || offlinePage(req, path); });
    }));
    return;
  }
  // The shell's files and the engine: from this version's cache, else the
  // network (kept for this version when it is one of the site's files).
  if (url.pathname.indexOf('/static/') === 0 || url.pathname.indexOf('/icons/') === 0 || url.pathname === '/manifest.webmanifest') {
    event.respondWith(caches.open(FILES).then(function (cache) {
      return cache.match(req, { ignoreSearch: url.pathname !== '/manifest.webmanifest', ignoreVary: true }).then(function (hit) {
        if (hit) return hit;
        return fetch(req).then(function (r) {
          if (r.ok && r.type === 'basic') event.waitUntil(cache.put(req, r.clone()));
          return r;
        });
      });
    }));
  }
});
