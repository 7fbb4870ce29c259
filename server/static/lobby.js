// The lobby: the list of challenges is fetched again every few seconds
// (the server renders it); when one of the visitor's own challenges leaves
// the list, its status tells whether it was accepted, and then the browser
// goes to the game.
(function () {
  'use strict';
  const box = document.getElementById('challenges');
  if (!box) return;
  const every = Number(box.dataset.refresh) || 3000;
  const mine = () => new Set(Array.from(box.querySelectorAll('tr[data-mine]')).map((tr) => tr.dataset.id));
  let known = mine();

  async function follow(gone) {
    for (const id of gone) {
      try {
        const res = await fetch('/challenges/' + encodeURIComponent(id), { credentials: 'same-origin', cache: 'no-store' });
        if (!res.ok) continue;
        const st = await res.json();
        if (st.status === 'accepted' && st.game) {
          window.location.assign('/games/' + encodeURIComponent(st.game));
          return true;
        }
      } catch (e) { /* try again next round */ }
    }
    return false;
  }

  async function refresh() {
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
    setTimeout(refresh, every);
  }
  setTimeout(refresh, every);
}());
