package server

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// tablePlayer is one of the people of a browser test of the tables.
type tablePlayer struct {
	name, lang, size string
	w                context.Context
}

// fourAtTheLobby opens four windows (two French phones, two English
// laptops) and signs the four people up.
func fourAtTheLobby(t *testing.T, browser context.Context, ts string, names ...string) []*tablePlayer {
	t.Helper()
	var out []*tablePlayer
	for i, name := range names {
		p := &tablePlayer{name: name, lang: "fr", size: "phone", w: window(t, browser)}
		if i >= 2 {
			p.lang, p.size = "en", "laptop"
		}
		if p.size == "phone" {
			do(t, p.w, "phone", chromedp.EmulateViewport(390, 844))
		} else {
			do(t, p.w, "laptop", chromedp.EmulateViewport(1366, 768))
		}
		browserSignupAt(t, p.w, ts, name, p.lang)
		out = append(out, p)
	}
	return out
}

// browserSignupAt is browserSignup for a base URL.
func browserSignupAt(t *testing.T, w context.Context, base, name, lang string) {
	t.Helper()
	do(t, w, "signup "+name, chromedp.Navigate(base+"/signup?lang="+lang),
		chromedp.WaitVisible(chromedp.CSS(`#accountform`)),
		chromedp.SendKeys(chromedp.CSS(`#name`), name),
		chromedp.SendKeys(chromedp.CSS(`#password`), "password of "+name),
		chromedp.SendKeys(chromedp.CSS(`#password2`), "password of "+name),
		chromedp.Click(chromedp.CSS(`#submit`)))
	waitJS(t, w, name+" logged in", `!!document.getElementById('account')`)
}

// openTable has p open a table from the lobby's form: the variant, and
// the seats' choices by index ("me", "open", "player:NAME",
// "computer:LEVEL"); it returns the table's id once p is on its page.
func openTable(t *testing.T, p *tablePlayer, base, variant string, rated bool, seats ...string) string {
	t.Helper()
	do(t, p.w, "lobby", chromedp.Navigate(base+"/lobby?lang="+p.lang), chromedp.WaitVisible(chromedp.CSS(`#tableform`)))
	js := `(() => { const v = document.getElementById('tablevariant'); v.value = ` + jsString(variant) + `; v.dispatchEvent(new Event('change'));
		document.getElementById('tablerated').checked = ` + map[bool]string{true: "true", false: "false"}[rated] + `; return v.value; })()`
	if got := eval[string](t, p.w, js); got != variant {
		t.Fatalf("the form has no variant %q", variant)
	}
	for i, s := range seats {
		choice, name, _ := strings.Cut(s, ":")
		if choice == "computer" {
			choice, name = s, ""
		}
		eval[bool](t, p.w, `(() => { const s = document.getElementById('tableseat`+itoa(i)+`'); s.value = `+jsString(choice)+`; s.dispatchEvent(new Event('change')); return true; })()`)
		if name != "" {
			do(t, p.w, "name", chromedp.SendKeys(chromedp.CSS(`#tablename`+itoa(i)), name))
		}
	}
	// Only the variant's seats are shown.
	if n := eval[int](t, p.w, `[...document.querySelectorAll('.tableseatrow')].filter(r => !r.hidden).length`); n != len(seats) {
		t.Errorf("the form shows %d seats for %s, want %d", n, variant, len(seats))
	}
	screenshot(t, p.w, "table-form-"+p.lang+"-"+p.size)
	do(t, p.w, "open the table", chromedp.Click(chromedp.CSS(`#posttable`)))
	waitJS(t, p.w, "the table's page", `location.pathname.startsWith('/tables/') && !!document.getElementById('tableseats')`)
	return eval[string](t, p.w, `location.pathname.slice(8)`)
}

func itoa(i int) string { return string(rune('0' + i)) }

// sitFromLobby has p find table id in the lobby and click "sit" on the
// seat (0-based).
func sitFromLobby(t *testing.T, p *tablePlayer, base, id string, seat int) {
	t.Helper()
	do(t, p.w, "lobby", chromedp.Navigate(base+"/lobby?lang="+p.lang))
	sel := `li.lobbytable[data-id="` + id + `"] form[action="/tables/` + id + `/take"] input[value="` + itoa(seat+1) + `"] + button`
	waitJS(t, p.w, p.name+" sees the table", `!!document.querySelector('`+sel+`')`)
	do(t, p.w, p.name+" sits", chromedp.Click(chromedp.CSS(sel)))
}

// Four people who do not know each other find one table in the lobby: the
// host opens an L'Empire table for four in teams, the three others see it
// in their lobby and sit; the table starts when the last sits, and every
// page, the host's included, goes to the game without a link sent.
func TestBrowserFourMeetAtATable(t *testing.T) {
	browser := startBrowser(t)
	_, ts, _ := accountServer(t, Config{})
	ps := fourAtTheLobby(t, browser, ts.URL, "alice", "bruno", "carol", "dave")
	alice, bruno, carol, dave := ps[0], ps[1], ps[2], ps[3]
	id := openTable(t, alice, ts.URL, "empire|players=4 teams=true", true, "me", "open", "open", "open")
	screenshot(t, alice.w, "table-host-fr-phone")

	sitFromLobby(t, carol, ts.URL, id, 1)
	waitJS(t, carol.w, "carol at the table", `location.pathname === '/tables/`+id+`' && !!document.querySelector('li.tableseat.mine')`)
	screenshot(t, carol.w, "table-seated-en-laptop")
	waitJS(t, alice.w, "alice's page shows carol", `[...document.querySelectorAll('li.tableseat .who a')].some(a => a.textContent === 'carol')`)
	do(t, dave.w, "lobby", chromedp.Navigate(ts.URL+"/lobby?lang=en"))
	waitJS(t, dave.w, "dave sees the table", `!!document.querySelector('li.lobbytable[data-id="`+id+`"] button.take')`)
	screenshot(t, dave.w, "lobby-tables-en-laptop")
	sitFromLobby(t, bruno, ts.URL, id, 2)
	screenshot(t, bruno.w, "table-seated-fr-phone")
	sitFromLobby(t, dave, ts.URL, id, 3)
	for _, p := range ps {
		waitJS(t, p.w, p.name+" in the game", appIs(`a.dataset.you !== undefined && a.dataset.you !== ''`))
	}
	seatOf := map[string]int{"alice": 0, "carol": 1, "bruno": 2, "dave": 3}
	for _, p := range ps {
		if got := eval[string](t, p.w, `document.getElementById('app').dataset.you`); got != itoa(seatOf[p.name]) {
			t.Errorf("%s holds seat %q", p.name, got)
		}
	}
	screenshot(t, alice.w, "table-game-fr-phone")
	screenshot(t, dave.w, "table-game-en-laptop")
	noEnglish(t, bruno.w, "the game from a table")

	// They play it to the end by clicks, each in his own window.
	var pages []TablePage
	for _, p := range ps {
		pages = append(pages, TablePage{Ctx: p.w, Seat: seatOf[p.name], Name: p.name + "-" + p.lang + "-" + p.size})
	}
	end := PlayTableByClicks(t, pages, 400, nil)
	t.Logf("L'Empire for four in teams from a table: %s after %d plies (%s)", end.Result, end.Plies, end.Outcome)
	// Rated: the banner says each of the four changes, and each player's
	// page shows his new rating in the variant.
	shown := map[string]string{}
	for _, p := range ps {
		waitJS(t, p.w, p.name+" sees the rating changes", `!document.getElementById('bannerratings').hidden`)
		says := eval[string](t, p.w, `document.getElementById('bannerratings').textContent`)
		for _, q := range ps {
			i := strings.Index(says, q.name+" 1500 → ")
			if i < 0 {
				t.Fatalf("%s's banner lacks %s's change: %q", p.name, q.name, says)
			}
			after := says[i+len(q.name+" 1500 → "):]
			after = after[:strings.IndexAny(after, " ,")]
			shown[q.name] = after
		}
		screenshot(t, p.w, "table-rated-end-"+p.name+"-"+p.lang+"-"+p.size)
	}
	for _, q := range ps {
		if shown[q.name] == "1500" || shown[q.name] == "" {
			t.Errorf("%s's rating did not change: %q", q.name, shown[q.name])
		}
	}
	// The header's reminder follows the game: nothing waits for anyone now
	// (before, it counted the game for up to a minute).
	for _, p := range ps {
		waitJS(t, p.w, p.name+"'s reminder", `document.querySelector('#mygameslink .turnbadge').hidden && !document.title.startsWith('(')`)
		// The game's page asks for it again at every change of turn, not
		// only once a minute.
		if n := eval[int](t, p.w, `window.plateauTurns.asked()`); n < end.Plies/2 {
			t.Errorf("%s's page asked for the reminder again %d times in a game of %d plies", p.name, n, end.Plies)
		}
	}
	// The players' list beside the board shows the ratings the game left.
	listed := eval[[]string](t, alice.w, `[...document.querySelectorAll('#players .rating')].map(e => e.textContent)`)
	for name, seat := range seatOf {
		if seat >= len(listed) || !strings.HasPrefix(listed[seat], shown[name]+" (") {
			t.Errorf("the players' list shows %v, want %s's %s at seat %d", listed, name, shown[name], seat+1)
		}
	}
	for i, p := range ps {
		q := ps[(i+1)%len(ps)]
		do(t, p.w, q.name+"'s page", chromedp.Navigate(ts.URL+"/players/"+q.name+"?lang="+p.lang), chromedp.WaitVisible(chromedp.CSS(`.rating`)))
		page := eval[string](t, p.w, `document.querySelector('main').textContent`)
		if !strings.Contains(page, shown[q.name]) {
			t.Errorf("%s's page, seen by %s, lacks his new rating %s", q.name, p.name, shown[q.name])
		}
		if i == 0 || i == 3 {
			screenshot(t, p.w, "table-player-page-"+p.lang+"-"+p.size)
		}
	}
}

// A Saute table for three: one player resigns in the middle; his seat is
// played on by the computer, the two others play to the end, and he ranks
// last on every page.
func TestBrowserSauteTableGoesOnWhenOneLeaves(t *testing.T) {
	browser := startBrowser(t)
	_, ts, _ := accountServer(t, Config{})
	ps := fourAtTheLobby(t, browser, ts.URL, "alice", "bruno", "carol")
	alice, bruno, carol := ps[0], ps[1], ps[2]
	id := openTable(t, alice, ts.URL, "saute|players=3", true, "me", "open", "open")
	sitFromLobby(t, bruno, ts.URL, id, 1)
	sitFromLobby(t, carol, ts.URL, id, 2)
	for _, p := range ps {
		waitJS(t, p.w, p.name+" in the game", appIs(`a.dataset.you !== undefined && a.dataset.you !== ''`))
	}
	pages := []TablePage{{Ctx: alice.w, Seat: 0, Name: "alice-fr-phone"}, {Ctx: bruno.w, Seat: 1, Name: "bruno-fr-phone"}, {Ctx: carol.w, Seat: 2, Name: "carol-en-laptop"}}
	// Two rounds, then Bruno resigns on his turn.
	resigned := false
	func() {
		defer func() {
			if r := recover(); r != nil && r != errStopPlaying {
				panic(r)
			}
		}()
		PlayTableByClicks(t, pages, 400, func(ply int) {
			if ply == 7 && !resigned {
				resigned = true
				panic(errStopPlaying)
			}
		})
	}()
	do(t, bruno.w, "resign", chromedp.Click(chromedp.CSS(`#resign`)))
	waitJS(t, bruno.w, "the question", `!document.getElementById('resignconfirm').hidden`)
	do(t, bruno.w, "yes", chromedp.Click(chromedp.CSS(`#resignyes`)))
	// The game goes on for the two others: no banner, their turns come.
	waitJS(t, alice.w, "alice told bruno left", `document.getElementById('app').dataset.result === '*' && document.body.textContent.includes('bruno')`)
	screenshot(t, alice.w, "table-leaver-fr-phone")
	screenshot(t, bruno.w, "table-left-fr-phone")
	end := PlayTableByClicks(t, []TablePage{pages[0], pages[2]}, 600, nil)
	t.Logf("Saute for three, bruno gone at ply 7: %s after %d plies (%s)", end.Result, end.Plies, end.Outcome)
	if end.Result == "*" || strings.Contains(end.Result, "2") {
		t.Errorf("the game's result %q: bruno (seat 2) left, he cannot win", end.Result)
	}
	for _, p := range ps {
		waitJS(t, p.w, p.name+" sees the end", appIs(`a.dataset.result !== '*'`))
		says := eval[string](t, p.w, `document.getElementById('bannertext').textContent`)
		last := map[string]string{"fr": "3e bruno (a quitté la table)", "en": "3rd bruno (left)"}[p.lang]
		if !strings.Contains(says, last) {
			t.Errorf("%s's banner does not rank bruno last: %q", p.name, says)
		}
		screenshot(t, p.w, "table-leaver-end-"+p.name+"-"+p.lang+"-"+p.size)
	}
}

// errStopPlaying stops PlayTableByClicks from its afterPly.
var errStopPlaying = &struct{ error }{}
