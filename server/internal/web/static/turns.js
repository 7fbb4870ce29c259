// The reminder of a logged-in player: how many games wait for his move,
// in the header and in the page's title, checked every minute.
(function () {
  'use strict';
  const link = document.getElementById('mygameslink');
  if (!link) return;
  const badge = document.createElement('span');
  badge.className = 'turnbadge';
  badge.hidden = true;
  link.appendChild(badge);
  const title = document.title;
  async function check() {
    try {
      const res = await fetch('/my-games/turns', { credentials: 'same-origin', cache: 'no-store' });
      if (res.ok) {
        const n = (await res.json()).yourTurn || 0;
        badge.hidden = n === 0;
        badge.textContent = String(n);
        document.title = (n > 0 ? '(' + n + ') ' : '') + title;
      }
    } catch (e) { /* the server is away: try again later */ }
    setTimeout(check, 60000);
  }
  check();
}());
