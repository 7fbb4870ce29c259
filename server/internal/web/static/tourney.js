// A tournament's page stays live: a stream of server-sent events says
// when the tournament changed (on any server), and the page fetches its
// body again. Every 15 seconds it fetches it anyway, should the stream
// break (a proxy, a server restarting).
(function () {
  'use strict';
  const box = document.getElementById('tournament');
  if (!box) return;
  const id = box.dataset.id;
  const mark = document.getElementById('tnlive');
  let busy = false, again = false, last = null;

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch('/tournaments/' + encodeURIComponent(id) + '/part', { credentials: 'same-origin', cache: 'no-store' })
      .then((r) => r.ok ? r.text() : Promise.reject(r.status))
      .then((html) => {
        // Keep a result being chosen by the director: no refresh while a
        // form of the page has the focus.
        const f = document.activeElement;
        if (f && box.contains(f) && f.tagName === 'SELECT') { again = true; return; }
        // The same body is not put back: a click under way keeps its
        // button.
        if (html === last) return;
        if (last !== null || box.innerHTML.trim() !== html.trim()) box.innerHTML = html;
        last = html;
      })
      .catch(() => {})
      .finally(() => {
        busy = false;
        if (again) { again = false; setTimeout(refresh, 500); }
      });
  }

  if (window.EventSource) {
    const es = new EventSource('/tournaments/' + encodeURIComponent(id) + '/events');
    es.onopen = () => { if (mark) mark.textContent = '· ' + box.dataset.live; };
    es.onerror = () => { if (mark) mark.textContent = '· ' + box.dataset.offline; };
    es.onmessage = () => refresh();
  }
  setInterval(refresh, 15000);
})();
