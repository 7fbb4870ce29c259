// The reminder of a logged-in player: how many games wait for his move,
// in the header and in the page's title, checked every minute, and at
// once when a game page sees the turn change (window.plateauTurns.soon).
(function () {
  'use strict';
  const link = document.getElementById('mygameslink');
  if (!link) return;
  const badge = document.createElement('span');
  badge.className = 'turnbadge';
  badge.hidden = true;
  link.appendChild(badge);
  const title = document.title;
  let timer = null;
  let asked = 0;
  async function check() {
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      const res = await fetch('/my-games/turns', { credentials: 'same-origin', cache: 'no-store' });
      if (res.ok) {
        const n = (await res.json()).yourTurn || 0;
        badge.hidden = n === 0;
        badge.textContent = String(n);
        document.title = (n > 0 ? '(' + n + ') ' : '') + title;
      }
    } catch (e) { /* the server is away: try again later */ }
    if (!timer) timer = setTimeout(check, 60000);
  }
  // soon checks a moment after a change (several changes, one request).
  window.plateauTurns = {
    soon: function () {
      asked++;
      if (timer) clearTimeout(timer);
      timer = setTimeout(check, 300);
    },
    asked: function () { return asked; } // for the tests

  };
  check();
}());
