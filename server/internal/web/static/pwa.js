// Every page: registers the service worker (/sw.js, package offline) that
// keeps the site's files and the pages visited for use without the
// network, and shows the offline bar (#offlinebar, in the layout) while
// the browser says it is offline.
(function () {
  'use strict';
  if ('serviceWorker' in navigator && window.isSecureContext) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {
        // No service worker (private browsing, a policy): the site works
        // as before, online only.
      });
    });
  }
  var bar = document.getElementById('offlinebar');
  if (!bar) return;
  // On the offline game's page, its link in the bar is no use.
  if (location.pathname === '/play/offline' || document.getElementById('offline')) {
    var link = bar.querySelector('a');
    if (link) link.hidden = true;
  }
  function show() { bar.hidden = navigator.onLine !== false; }
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
  show();
})();
