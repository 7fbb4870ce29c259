package lesson

import (
	"regexp"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
)

// Every game of the catalogue has a lesson of 4 to 8 steps, in the
// catalogue's order.
func TestEveryGameHasALesson(t *testing.T) {
	ids := game.IDs()
	if len(All()) != len(ids) {
		t.Fatalf("%d lessons for %d games", len(All()), len(ids))
	}
	for i, id := range ids {
		l := For(id)
		if l == nil {
			t.Errorf("%s has no lesson", id)
			continue
		}
		if All()[i] != l {
			t.Errorf("lesson %d is %s, want %s (the catalogue's order)", i, All()[i].Game, id)
		}
		if n := len(l.Steps); n < 4 || n > 8 {
			t.Errorf("%s: %d steps, want 4 to 8", id, n)
		}
		bothLanguages(t, id+" intro", l.Intro)
		if _, ok := l.Step(0); ok {
			t.Errorf("%s: step 0 exists", id)
		}
		if _, ok := l.Step(len(l.Steps) + 1); ok {
			t.Errorf("%s: a step after the last", id)
		}
	}
	if For("chess") != nil {
		t.Error("a lesson for an unknown game")
	}
}

func bothLanguages(t *testing.T, what string, text game.Text) {
	t.Helper()
	if strings.TrimSpace(text.EN) == "" || strings.TrimSpace(text.FR) == "" {
		t.Errorf("%s: missing a language: %+v", what, text)
	} else if text.EN == text.FR && len(text.EN) > 25 {
		t.Errorf("%s: the French is the English: %q", what, text.EN)
	}
}

// headings lists the section headings of a rules page.
func headings(t *testing.T, id, lang string) map[string]bool {
	t.Helper()
	page, err := docs.Rules(id, lang)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "#") {
			out[strings.TrimSpace(strings.TrimLeft(line, "#"))] = true
		}
	}
	return out
}

var quoted = regexp.MustCompile("`([^`]+)`")

// Every step: both languages, a section of the rules page in both
// languages, a position that decodes and is not over, places that the
// board has, moves written as the game writes them, accepted moves that are
// legal and do what the step says, wrong moves that are legal and not
// accepted, and notation in the text that is legal there.
func TestSteps(t *testing.T) {
	for _, l := range All() {
		en, fr := headings(t, l.Game, "en"), headings(t, l.Game, "fr")
		for i := range l.Steps {
			st := &l.Steps[i]
			name := l.Game + " step " + string(rune('1'+i))
			t.Run(name, func(t *testing.T) {
				bothLanguages(t, "title", st.Title)
				bothLanguages(t, "text", st.Text)
				bothLanguages(t, "done", st.Done)
				if st.Other.EN != "" || st.Other.FR != "" {
					bothLanguages(t, "other", st.Other)
				}
				if !en[st.Section.EN] || !fr[st.Section.FR] {
					t.Errorf("section %+v is not a heading of docs/rules/%s.md and %s.fr.md", st.Section, l.Game, l.Game)
				}
				s, err := l.State(st)
				if err != nil {
					t.Fatalf("position %q: %v", st.Position, err)
				}
				if s.ToMove() < 0 || s.Outcome().Ended() {
					t.Fatalf("the position is over: %+v", s.Outcome())
				}
				svg, err := render.SVG(s, render.Options{Highlight: st.Highlight})
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range st.Highlight {
					if !strings.Contains(string(svg), `data-place="`+p+`"`) {
						t.Errorf("highlighted place %s is not on the board", p)
					}
				}
				legal := game.LegalNotations(s)
				accepted := 0
				for _, n := range legal {
					if st.Accepts(n) {
						accepted++
						checkEffect(t, l, st, s, n)
					}
				}
				if accepted == 0 {
					t.Fatal("no legal move is accepted")
				}
				for _, a := range st.Accept {
					if pattern, ok := strings.CutSuffix(a, "*"); ok {
						found := false
						for _, n := range legal {
							found = found || strings.HasPrefix(n, pattern)
						}
						if !found {
							t.Errorf("accepted %q matches no legal move", a)
						}
						continue
					}
					canonical(t, s, a)
				}
				for _, w := range st.Wrong {
					bothLanguages(t, "wrong reply", w.Say)
					for _, n := range w.Moves {
						canonical(t, s, n)
						if st.Accepts(n) {
							t.Errorf("%s is both wrong and accepted", n)
						}
						for _, lang := range []string{"en", "fr"} {
							v, err := l.Check(st, n, lang)
							if err != nil || v.Right || v.Illegal || v.Says != w.Say.In(lang) {
								t.Errorf("Check(%s, %s): %+v, %v", n, lang, v, err)
							}
						}
					}
				}
				for _, lang := range []string{"en", "fr"} {
					for _, m := range quoted.FindAllStringSubmatch(st.Text.In(lang), -1) {
						if _, err := s.ParseMove(m[1]); err != nil {
							t.Errorf("the text quotes %q, which is not a legal move here: %v", m[1], err)
						}
					}
					answer := l.Answer(st)
					v, err := l.Check(st, answer, lang)
					if err != nil || !v.Right || v.Says != st.Done.In(lang) || v.After == nil {
						t.Errorf("the answer %q: %+v, %v", answer, v, err)
					}
				}
			})
		}
	}
}

// canonical checks that notation is a legal move written as the game
// writes it.
func canonical(t *testing.T, s game.State, notation string) {
	t.Helper()
	m, err := s.ParseMove(notation)
	if err != nil {
		t.Errorf("%q is not legal: %v", notation, err)
		return
	}
	if got := s.MoveString(m); got != notation {
		t.Errorf("%q is written %q by the game", notation, got)
	}
}

// checkEffect plays the accepted move n and checks the step's Effect with
// the rules engine.
func checkEffect(t *testing.T, l *Lesson, st *Step, s game.State, n string) {
	t.Helper()
	m, err := s.ParseMove(n)
	if err != nil {
		t.Errorf("accepted %s: %v", n, err)
		return
	}
	mover := s.ToMove()
	after := s.Clone()
	after.Apply(m)
	e := st.Effect
	o := after.Outcome()
	if e.Wins && !(o.Status == game.Win && o.Won(mover)) {
		t.Errorf("%s: the mover does not win: %+v", n, o)
	}
	if !e.Wins && !e.Ends && o.Ended() {
		t.Errorf("%s ends the game (%+v) and the step does not say so", n, o)
	}
	if e.Ends && !o.Ended() {
		t.Errorf("%s: the game goes on", n)
	}
	mine, theirs := pieces(t, s, mover)
	mine2, theirs2 := pieces(t, after, mover)
	claim := func(what string, want, before, after int) {
		switch {
		case want > 0 && after-before < want:
			t.Errorf("%s: %s pieces %d → %d, want at least %d more", n, what, before, after, want)
		case want < 0 && before-after < -want:
			t.Errorf("%s: %s pieces %d → %d, want at least %d fewer", n, what, before, after, -want)
		case want == 0 && what == "the other players'" && after < before:
			t.Errorf("%s: the other players lose pieces (%d → %d) and the step does not say so", n, before, after)
		}
	}
	claim("the mover's", e.Mine, mine, mine2)
	claim("the other players'", e.Theirs, theirs, theirs2)
	for _, d := range e.Denies {
		if _, err := after.ParseMove(d); err == nil {
			t.Errorf("%s: the next player may still play %s", n, d)
		}
	}
}

// pieces counts, from the position text, the pieces on the board of seat
// and of the other seats together: segments in Polygone, bricks in POLD.R.
func pieces(t *testing.T, s game.State, seat int) (mine, theirs int) {
	t.Helper()
	f := strings.Fields(s.Encode())
	v := s.Variant()
	count := make([]int, v.Players)
	switch v.Game.ID {
	case "pogo", "saute":
		// Nothing is ever taken: no count to make.
	case "polygone":
		for i := 0; i < 2; i++ {
			if f[i] != "-" {
				count[i] = len(strings.Split(f[i], ","))
			}
		}
	case "poldr":
		for i, r := range strings.Split(f[2], ",") {
			n := 0
			for _, c := range r {
				n = n*10 + int(c-'0')
			}
			count[i] = 16 - n
		}
	case "pods", "alignement":
		for _, c := range f[0] {
			switch {
			case c >= 'A' && c <= 'Z':
				count[0]++
			case c >= 'a' && c <= 'z':
				count[1]++
			}
		}
	case "blocus":
		count[0], count[1] = strings.Count(f[0], "G"), strings.Count(f[0], "g")
	case "empire":
		for i := range count {
			count[i] = strings.Count(f[0], string(rune('1'+i)))
		}
	case "solitaire":
		for _, c := range f[0] {
			if strings.ContainsRune("YRBG", c) {
				count[0]++
			}
		}
	case "porte":
		colours := map[int]string{2: "rg", 3: "rgb", 4: "rygb"}[v.Players]
		for i, c := range colours {
			count[i] = strings.Count(f[0], string(c))
		}
	default:
		t.Fatalf("no piece count for %s", v.Game.ID)
	}
	for i, c := range count {
		if i == seat {
			mine = c
		} else {
			theirs += c
		}
	}
	return mine, theirs
}

// Check: illegal input gets the rules engine's reason in the language
// asked for, without the list of legal moves; empty and long input are
// refused; no illegal input is ever right.
func TestCheck(t *testing.T) {
	l := For("pogo")
	st, _ := l.Step(1)
	for _, c := range []struct{ in, en, fr string }{
		{"3a1-a1", "a1 holds only 2 pieces", "a1 ne contient que 2 pions"},
		{"bonjour", "is not a move", "n'est pas un coup"},
		{"", "Click the board", "Cliquez sur le plateau"},
		{strings.Repeat("1", game.MaxInput+1), "too long", "trop long"},
	} {
		for lang, want := range map[string]string{"en": c.en, "fr": c.fr} {
			v, err := l.Check(st, c.in, lang)
			if err != nil || v.Right || !v.Illegal || !strings.Contains(v.Says, want) {
				t.Errorf("Check(%.20q, %s): %+v, %v; want %q", c.in, lang, v, err, want)
			}
			if strings.Contains(v.Says, "legal moves") || strings.Contains(v.Says, "coups possibles") {
				t.Errorf("Check(%.20q, %s) lists the legal moves: %q", c.in, lang, v.Says)
			}
		}
	}
	// Another legal move: the general answer, in both languages.
	en, _ := l.Check(st, "1a1-a2", "en")
	fr, _ := l.Check(st, "1a1-a2", "fr")
	if en.Right || en.Illegal || fr.Says == en.Says || en.Move != "1a1-a2" || en.After == nil {
		t.Errorf("another legal move: %+v / %+v", en, fr)
	}
	// Notation is read as the game reads it: case and spaces.
	if v, _ := l.Check(st, " 1B1 - B2 ", "en"); !v.Right || v.Move != "1b1-b2" {
		t.Errorf("1B1 - B2: %+v", v)
	}
	// Solitaire takes the book's notation.
	sol := For("solitaire")
	st, _ = sol.Step(3)
	if v, _ := sol.Check(st, "5D-1D", "fr"); !v.Right || v.Move != "f7-f3" {
		t.Errorf("5D-1D: %+v", v)
	}
}
