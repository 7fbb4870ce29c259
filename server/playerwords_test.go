package server

import (
	"html"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/puzzle"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/learn"
	"github.com/plateau-games/plateau/server/internal/web"
)

// A pasted record that cannot be read comes back in the form, with the
// reason above it in the page's language, to be corrected: not a bare
// error page that loses the text.
func TestBadPastedRecordKeepsTheText(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	text := "[Game \"pogo\"]\n\n1. 2b1-b3 2. zz9-zz9\n"
	for _, c := range []struct{ lang, want string }{{"en", "This record could not be read"}, {"fr", "Cette partie n'a pas pu être lue"}} {
		for _, path := range []string{"/archive/view", "/archive/analysis"} {
			resp, err := http.PostForm(ts.URL+path+"?lang="+c.lang, url.Values{"record": {text}})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			page := html.UnescapeString(string(b))
			if resp.StatusCode != http.StatusBadRequest {
				t.Errorf("%s %s: status %d, want 400", c.lang, path, resp.StatusCode)
			}
			if !strings.Contains(page, c.want) || !strings.Contains(page, `id="uploaderror"`) {
				t.Errorf("%s %s: no reason %q on the page", c.lang, path, c.want)
			}
			if !strings.Contains(page, "1. 2b1-b3 2. zz9-zz9") {
				t.Errorf("%s %s: the pasted text is lost", c.lang, path)
			}
		}
	}
}

// plural: French counts 0 and 1 as singular, English only 1.
func TestPlural(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{{"en", 0, "moves"}, {"en", 1, "move"}, {"en", 2, "moves"}, {"fr", 0, "move"}, {"fr", 1, "move"}, {"fr", 2, "moves"}} {
		if got := web.Plural(c.lang, c.n, "move", "moves"); got != c.want {
			t.Errorf("web.Plural(%s, %d) = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}

// The analysis names its judge by level and time in words, never a spec.
func TestJudgeWords(t *testing.T) {
	for _, c := range []struct{ lang, agent, budget, want string }{
		{"en", "hard (alphabeta:time=300ms)", "", "Judged by the computer at the hard level, 300 ms per position."},
		{"fr", "hard (alphabeta:time=300ms)", "", "Jugé par l'ordinateur au niveau difficile, 300 ms par position."},
		{"fr", "mcts:time=1500ms", "", "Jugé par une recherche arborescente Monte-Carlo, 1,5 s par position."},
		{"en", "myengine", "2s", "Judged by myengine, 2 s per position."},
	} {
		if got := learn.JudgeWords(nil, c.lang, c.agent, c.budget); got != c.want {
			t.Errorf("judgeWords(%q, %q) = %q, want %q", c.agent, c.budget, got, c.want)
		}
	}
}

// A puzzle is drawn from the side to play, as lichess turns its boards: a
// puzzle for the second player has the board turned; and after a try its
// standing no longer says that nobody has tried it.
func TestPuzzleTurnedForTheSideToPlayAndStandingAfterATry(t *testing.T) {
	s, ts := startServer(t, newMemStore())
	p := firstPuzzleWith(t, "saute", func(p *puzzle.Puzzle) bool {
		st, err := p.State()
		_, refuted := aRefutedMove(p)
		return err == nil && st.Variant().Players == 2 && st.ToMove() == 1 && refuted
	})
	st, _ := p.State()
	flipped, err := s.render.SVG(st, render.Options{Lang: "en", Status: learn.PuzzleStatus(st, "en"), Flip: true})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(ts.URL + "/puzzles/" + p.ID + "?lang=en")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), string(flipped)) {
		t.Errorf("puzzle %s for the second player is not drawn turned", p.ID)
	}
	if !strings.Contains(string(b), "nobody has tried it yet") {
		t.Errorf("a fresh puzzle does not say so")
	}
	wrong, _ := aRefutedMove(p)
	_, v := checkPuzzle(t, http.DefaultClient, ts.URL, p.ID, wrong.Move)
	if v.Standing == "" || strings.Contains(v.Standing, "nobody") {
		t.Errorf("after a try the standing says %q", v.Standing)
	}
}

// In a game of four the state carries the last moves with their movers
// and places (the page tints those since the viewer's last turn), and the
// drawing has no single last-move tint; a game of two has the tint and no
// recent moves.
func TestRecentMovesOfAGameOfFour(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	f := form("empire", "me", "me", "me", "me")
	f.Set("variant", "custom")
	f.Set("opt_players", "4")
	g := createGame(t, ts, f)
	c := dial(t, ts, g.id)
	st := c.hello(0, g.mine[0], g.mine[1], g.mine[2], g.mine[3])
	for ply := 0; ply < 5; ply++ {
		legal, _ := st["legal"].([]any)
		if len(legal) == 0 {
			t.Fatalf("no legal move at ply %d", ply)
		}
		mv, _ := legal[0].(map[string]any)
		c.move(ply, mv["move"].(string))
		st = c.expect("state", plyIs(ply+1))
	}
	recent, _ := st["recent"].([]any)
	if len(recent) != 5 {
		t.Fatalf("%d recent moves after 5, want 5: %v", len(recent), st["recent"])
	}
	for i, r := range recent {
		m := r.(map[string]any)
		if int(m["ply"].(float64)) != i+1 || int(m["seat"].(float64)) != i%4 || len(m["places"].([]any)) == 0 {
			t.Errorf("recent move %d: %v", i, m)
		}
	}
	if strings.Contains(st.str("svg"), `class="last"`) {
		t.Errorf("the drawing of a game of four still tints one last move")
	}
	g2 := createGame(t, ts, form("pogo", "me", "me"))
	c2 := dial(t, ts, g2.id)
	c2.hello(0, g2.mine[0], g2.mine[1])
	c2.move(0, "2b1-b3")
	st2 := c2.expect("state", plyIs(1))
	if st2["recent"] != nil || !strings.Contains(st2.str("svg"), `class="last"`) {
		t.Errorf("a game of two: recent %v, last-move tint %v", st2["recent"], strings.Contains(st2.str("svg"), `class="last"`))
	}
}
