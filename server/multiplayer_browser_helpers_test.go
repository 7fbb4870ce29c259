package server

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
)

// Playing a game of several people to its end by clicks, one browser
// context per seat (issue 25): the coordinator's test of a table of four,
// and TestBrowserEmpireForFourInTeams, use it.

// TablePage is one seat's game page, open in its own browser context.
type TablePage struct {
	Ctx  context.Context
	Seat int
	Name string // for messages and screenshots ("alice-fr-phone")
}

// TableEnd is how a game played by PlayTableByClicks ended.
type TableEnd struct {
	Result  string // the record's result: "win 1,3", "draw", "over"
	Outcome string // the end in words, as the first page's banner says it
	Plies   int
}

// QuickMove chooses a legal move of m's position that brings the end
// near: a move that wins for the mover's side at once, else the best by
// the game's evaluation after the move (material first: captures), else
// the one leaving the next player the fewest moves; a move that loses at
// once last. rng breaks ties, so that the players do not shuffle back and
// forth. It uses only the game API and ai's evaluations.
func QuickMove(m *game.Match, rng *rand.Rand) (game.Move, error) {
	s := m.State()
	seat := s.ToMove()
	legal := s.LegalMoves(nil)
	if seat < 0 || len(legal) == 0 {
		return 0, fmt.Errorf("the game is over: no move to choose")
	}
	v := s.Variant()
	eval, hasEval := ai.LookupEval(v.Game.ID)
	var best game.Move
	bestScore := 0.0
	for i, mv := range legal {
		c := s.Clone()
		c.Apply(mv)
		var score float64
		switch o := c.Outcome(); {
		case o.Ended() && o.Won(seat):
			score = 1e9
		case o.Ended() && o.Winners != 0:
			score = -1e9
		case o.Ended():
			score = -1e6 // a draw: rather play on to a result
		case hasEval:
			score = eval(c, seat)
		default:
			score = -float64(len(c.LegalMoves(nil)))
		}
		score += rng.Float64() * 0.05
		if i == 0 || score > bestScore {
			best, bestScore = mv, score
		}
	}
	return best, nil
}

// tableMatch reads the game shown at origin/games/id as it is stored: its
// record, replayed.
func tableMatch(t *testing.T, origin, id string) (*game.Match, *record.Record) {
	t.Helper()
	resp, err := http.Get(origin + "/games/" + id + "/record")
	if err != nil {
		t.Fatalf("the game's record: %v", err)
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the game's record: status %d, %v", resp.StatusCode, err)
	}
	rec, err := record.Parse(strings.NewReader(string(b)))
	if err != nil {
		t.Fatalf("the game's record does not read: %v\n%s", err, b)
	}
	m, err := rec.Replay()
	if err != nil {
		t.Fatalf("the game's record does not replay: %v", err)
	}
	return m, rec
}

// PlayTableByClicks plays the game shown by pages (one per human seat;
// computer seats are the server's) to its end, by clicks on the boards:
// the page of the seat to move clicks the places of the move QuickMove
// chooses (a move without places by its button; among moves sharing the
// clicks, the one in the dialog), and every page is waited for until it
// shows the move. afterPly, if not nil, is called after each ply (for
// screenshots and checks along the way). It fails the test past maxPlies.
func PlayTableByClicks(t *testing.T, pages []TablePage, maxPlies int, afterPly func(ply int)) TableEnd {
	t.Helper()
	if len(pages) == 0 {
		t.Fatal("PlayTableByClicks: no page")
	}
	first := pages[0].Ctx
	origin := eval[string](t, first, `location.origin`)
	id := eval[string](t, first, `document.getElementById('app').dataset.game`)
	bySeat := map[int]TablePage{}
	for _, p := range pages {
		bySeat[p.Seat] = p
	}
	rng := rand.New(rand.NewPCG(uint64(len(pages)), 25)) // the same game each run
	for {
		m, rec := tableMatch(t, origin, id)
		ply := len(m.Notations())
		if rec.Result.Ended() || m.ToMove() < 0 {
			for _, p := range pages {
				waitJS(t, p.Ctx, p.Name+" shows the end", appIs(`a.dataset.result !== '*' && !document.getElementById('banner').hidden`))
			}
			return TableEnd{Result: rec.Result.String(), Outcome: eval[string](t, first, `document.getElementById('bannertext').textContent`), Plies: ply}
		}
		if ply >= maxPlies {
			t.Fatalf("the game is not over after %d plies", ply)
		}
		seat := m.ToMove()
		p, human := bySeat[seat]
		if human {
			waitJS(t, p.Ctx, fmt.Sprintf("%s's page at ply %d, its turn", p.Name, ply),
				appIs(fmt.Sprintf(`a.dataset.ply === '%d' && a.dataset.tomove === '%d' && a.dataset.you.split(',').indexOf('%d') >= 0`, ply, seat, seat)))
			mv, err := QuickMove(m, rng)
			if err != nil {
				t.Fatal(err)
			}
			playByClicks(t, p, ply, m.State(), mv)
		}
		// Every page shows the move (a computer's too) before the next.
		for _, q := range pages {
			waitJS(t, q.Ctx, fmt.Sprintf("%s's page past ply %d", q.Name, ply),
				appIs(fmt.Sprintf(`+a.dataset.ply > %d || a.dataset.result !== '*'`, ply)))
		}
		if afterPly != nil {
			afterPly(ply + 1)
		}
	}
}

// playByClicks makes mv on p's page by clicking its places on the board,
// as a player does, and picks it in the dialog when other moves share
// the clicks; a move without places is its button under the board.
func playByClicks(t *testing.T, p TablePage, ply int, s game.State, mv game.Move) {
	t.Helper()
	notation := s.MoveString(mv)
	places := render.Places(s, mv)
	if len(places) == 0 {
		click(t, p.Ctx, p.Name+" plays "+notation, `#passes button.passmove`)
		return
	}
	for i, place := range places {
		sel := `#board [data-place="` + place + `"]`
		if i > 0 {
			// The page marks where the selection can go before the next
			// click is taken.
			waitJS(t, p.Ctx, p.Name+" selects "+strings.Join(places[:i], ","), `document.querySelectorAll('#board .hints .hint-sel').length > 0 || document.getElementById('choose').open`)
		}
		if eval[bool](t, p.Ctx, `document.getElementById('choose').open`) {
			break
		}
		click(t, p.Ctx, fmt.Sprintf("%s clicks %s for %s", p.Name, place, notation), sel)
	}
	// Moves sharing these clicks: the dialog shows each; pick this one.
	// The dialog, the move's echo or a notice comes: wait as long as a
	// loaded machine needs (a short wait would leave the dialog open).
	tctx, cancel := context.WithTimeout(p.Ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(tctx, chromedp.Poll[bool](`document.getElementById('choose').open || +document.getElementById('app').dataset.ply > `+strconv.Itoa(s.Ply())+` || !document.getElementById('notice').hidden`,
		chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		return // the move is on its way: the caller waits for it
	}
	if eval[bool](t, p.Ctx, `document.getElementById('choose').open`) {
		click(t, p.Ctx, p.Name+" picks "+notation, `#choices .choice[data-move="`+notation+`"]`)
	}
}
