// The lobby: the server says when the list of challenges changes (an
// event stream, /lobby/events), and the page fetches the list again (the
// server renders it); it also fetches it every 15 seconds, should the
// stream break. When one of the visitor's own challenges leaves the list,
// its status tells whether it was accepted, and then the browser goes to
// the game.
// A variant with another reading of the rules is never rated: choosing
// one unticks "rated" and says why (the server refuses it anyway).
(function () {
  'use strict';
  const variant = document.getElementById('variant'), rated = document.getElementById('rated');
  const note = document.getElementById('readingsnote');
  if (!variant || !rated || !note) return;
  let wasRated = rated.checked;
  function readings() {
    const opt = variant.options[variant.selectedIndex];
    const other = !!(opt && opt.dataset.readings);
    if (other && !rated.disabled) wasRated = rated.checked;
    rated.disabled = other;
    rated.checked = other ? false : wasRated;
    note.hidden = !other;
  }
  variant.addEventListener('change', readings);
  readings();
}());

(function () {
  'use strict';
  const box = document.getElementById('challenges');
  if (!box) return;
  const every = Number(box.dataset.refresh) || 15000;
  // The visitor's own challenges, and the tables he sits at: when one
  // leaves the list, its status says whether it became a game.
  const mine = () => new Set(Array.from(box.querySelectorAll('[data-mine]')).map((el) => (el.dataset.kind === 'table' ? 'table:' : '') + el.dataset.id));
  let known = mine();
  let timer = null;
  let busy = false;

  async function follow(gone) {
    for (const id of gone) {
      try {
        const table = id.startsWith('table:');
        const url = table ? '/tables/' + encodeURIComponent(id.slice(6)) + '/status' : '/challenges/' + encodeURIComponent(id);
        const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
        if (!res.ok) continue;
        const st = await res.json();
        if ((st.status === 'accepted' || st.status === 'started') && st.game) {
          window.location.assign('/games/' + encodeURIComponent(st.game));
          return true;
        }
      } catch (e) { /* try again next round */ }
    }
    return false;
  }

  async function refresh() {
    if (timer) clearTimeout(timer);
    if (busy) { timer = setTimeout(refresh, 200); return; }
    busy = true;
    try {
      const res = await fetch('/lobby/list', { credentials: 'same-origin', cache: 'no-store' });
      if (res.ok) {
        box.innerHTML = await res.text();
        const now = mine();
        const gone = Array.from(known).filter((id) => !now.has(id));
        known = now;
        if (gone.length && await follow(gone)) return;
      }
    } catch (e) { /* the server is away: keep the list, try again */ }
    busy = false;
    timer = setTimeout(refresh, every);
  }
  if (window.EventSource) {
    const events = new EventSource('/lobby/events');
    events.onmessage = refresh;
  }
  timer = setTimeout(refresh, every);
}());
