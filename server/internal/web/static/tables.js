// The lobby's tables (two to four players).
// The new table form shows one row per seat of the chosen variant, named
// as the variant names them (and their team), the name box only for a
// seat reserved for a player, and the leaver's computer only where a
// leaver is replaced (three or four without teams). Without the script
// the form shows four rows and the server takes those of the variant.
(function () {
  'use strict';
  const form = document.getElementById('tableform');
  const variant = document.getElementById('tablevariant');
  if (!form || !variant) return;
  const rows = Array.from(form.querySelectorAll('.tableseatrow'));
  const leaver = document.getElementById('tableleaverrow');
  const rated = document.getElementById('tablerated');
  const teamWord = document.documentElement.lang === 'fr' ? 'équipe' : 'team';
  let wasRated = rated ? rated.checked : true;

  function update() {
    const opt = variant.options[variant.selectedIndex];
    if (!opt) return;
    const n = Number(opt.dataset.players) || 2;
    const names = (opt.dataset.seats || '').split('|');
    const teams = opt.dataset.teams ? opt.dataset.teams.split(',') : null;
    let me = 0;
    rows.forEach((row, i) => {
      const on = i < n;
      row.hidden = !on;
      const sel = row.querySelector('select');
      sel.disabled = !on;
      const label = row.querySelector('.seatlabel');
      if (on && names[i]) label.textContent = names[i] + (teams ? ' (' + teamWord + ' ' + (Number(teams[i]) + 1) + ')' : '');
      if (on && sel.value === 'me') me++;
      const name = row.querySelector('input.seatname');
      name.hidden = !(on && sel.value === 'player');
      name.disabled = name.hidden;
    });
    if (me === 0) {
      rows[0].querySelector('select').value = 'me';
    }
    if (leaver) leaver.hidden = !(n > 2 && !teams);
    if (rated) {
      const other = !!opt.dataset.readings;
      if (other && !rated.disabled) wasRated = rated.checked;
      rated.disabled = other;
      rated.checked = other ? false : wasRated;
    }
  }
  // Choosing "me" at a seat frees the seat that was the visitor's.
  rows.forEach((row) => {
    const sel = row.querySelector('select');
    sel.addEventListener('change', () => {
      if (sel.value === 'me') {
        rows.forEach((other) => {
          const o = other.querySelector('select');
          if (o !== sel && o.value === 'me') o.value = 'open';
        });
      }
      update();
      if (sel.value === 'player') row.querySelector('input.seatname').focus();
    });
  });
  variant.addEventListener('change', update);
  update();
}());

// A table's page: fetched again when the lobby changes (its event
// stream) and every 15 seconds; a player sitting there goes to the game
// as soon as it starts.
(function () {
  'use strict';
  const box = document.getElementById('table');
  if (!box) return;
  const id = box.dataset.id;
  const every = Number(box.dataset.refresh) || 15000;
  let timer = null;
  let busy = false;

  function follow() {
    const st = document.getElementById('tablestatus');
    if (st && st.dataset.game) {
      window.location.assign(st.dataset.game);
      return true;
    }
    return false;
  }
  async function refresh() {
    if (timer) clearTimeout(timer);
    if (busy) { timer = setTimeout(refresh, 200); return; }
    busy = true;
    try {
      const res = await fetch('/tables/' + encodeURIComponent(id) + '/part', { credentials: 'same-origin', cache: 'no-store' });
      if (res.ok) {
        box.innerHTML = await res.text();
        if (follow()) return;
      }
    } catch (e) { /* the server is away: keep the page, try again */ }
    busy = false;
    const st = document.getElementById('tablestatus');
    if (st && st.dataset.status !== 'open') return; // nothing more will change
    timer = setTimeout(refresh, every);
  }
  if (follow()) return;
  if (window.EventSource) {
    const events = new EventSource('/lobby/events');
    events.onmessage = refresh;
  }
  timer = setTimeout(refresh, every);
}());
