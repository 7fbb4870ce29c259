package tui

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
	"github.com/plateau-games/plateau/render"
)

// screen drives a model as the program would, running the commands its
// updates return (synchronously: a computer's search runs to its end).
type screen struct {
	t *testing.T
	m *model
	// quit is set when a command asked the program to stop.
	quit bool
}

func newScreen(t *testing.T, cfg Config) *screen {
	t.Helper()
	cfg.NoPause = true
	if cfg.Width == 0 {
		cfg.Width, cfg.Height = 80, 24
	}
	sc := &screen{t: t, m: newModel(context.Background(), cfg)}
	sc.run(sc.m.Init())
	return sc
}

// run executes cmd and feeds its messages back, as Bubble Tea does.
func (sc *screen) run(cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
			sc.quit = true
		case tea.KeyPressMsg, tea.WindowSizeMsg, computerMoveMsg, onlineMsg, clockTick:
			_, next := sc.m.Update(msg)
			queue = append(queue, next)
		default:
			// Requests to the terminal (its background colour) have no
			// answer here.
		}
	}
}

// press types keys: names as Bubble Tea writes them ("up", "enter") or
// single characters.
func (sc *screen) press(keys ...string) {
	sc.t.Helper()
	for _, k := range keys {
		sc.run(func() tea.Msg { return keyMsg(k) })
	}
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)
	return tea.KeyPressMsg{Code: r[0], Text: k}
}

// typeText types each character of s.
func (sc *screen) typeText(s string) {
	for _, r := range s {
		sc.press(string(r))
	}
}

// text is the screen without colours.
func (sc *screen) text() string { return ansi.Strip(sc.m.render()) }

func local(n int) []Player {
	p := make([]Player, n)
	for i := range p {
		p[i] = Player{Who: "human", Local: true}
	}
	return p
}

func newMatch(t *testing.T, id string, opts ...string) *game.Match {
	t.Helper()
	o, err := game.ParseOptions(opts...)
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.NewVariant(id, o)
	if err != nil {
		t.Fatal(err)
	}
	return game.NewMatch(v.Start())
}

// goTo moves the cursor to place with the arrow keys only, as a player
// would: it fails when the place cannot be reached.
func (sc *screen) goTo(place string) {
	sc.t.Helper()
	for range 64 {
		if sc.m.cursor == place {
			return
		}
		from, to := sc.m.board.Spots[sc.m.cursor], sc.m.board.Spots[place]
		before := sc.m.cursor
		switch {
		case to.Row < from.Row:
			sc.press("up")
		case to.Row > from.Row:
			sc.press("down")
		case to.Col < from.Col:
			sc.press("left")
		default:
			sc.press("right")
		}
		if sc.m.cursor == before {
			// Straight ahead is blocked (another place nearer on the
			// way): try the other axis.
			if to.Col < from.Col {
				sc.press("left")
			} else if to.Col > from.Col {
				sc.press("right")
			}
		}
	}
	sc.t.Fatalf("the cursor did not reach %s from %s (stuck at %s)", place, sc.m.cursor, sc.m.cursor)
}

// playByKeys plays mv with the cursor and Enter, choosing in the menu when
// several moves share its places.
func (sc *screen) playByKeys(mv game.Move) {
	sc.t.Helper()
	st := sc.m.m.State()
	want := st.MoveString(mv)
	places := render.Places(st, mv)
	if len(places) == 0 {
		sc.press("m")
		sc.chooseInMenu(want)
		return
	}
	for _, p := range places {
		sc.goTo(p)
		sc.press("enter")
	}
	if sc.m.mode == modeMenu {
		sc.chooseInMenu(want)
	}
}

func (sc *screen) chooseInMenu(want string) {
	sc.t.Helper()
	if sc.m.mode != modeMenu {
		sc.t.Fatalf("no menu for %s: %q", want, sc.m.message)
	}
	for range len(sc.m.menu) {
		if sc.m.menu[sc.m.menuIndex].notation == want {
			sc.press("enter")
			return
		}
		sc.press("down")
	}
	sc.t.Fatalf("%s is not in the menu", want)
}

func TestPlayPogoAgainstComputerWithKeys(t *testing.T) {
	m := newMatch(t, "pogo")
	rnd, _ := ai.New("random", m.Variant(), 1)
	sc := newScreen(t, Config{Lang: "fr", Match: m, Players: []Player{{Who: "humain", Local: true}, {Who: "ordinateur", Agent: rnd}}})
	if !strings.Contains(sc.text(), "À vous") {
		t.Fatalf("the first screen does not ask for a move:\n%s", sc.text())
	}
	// 2b1-b3 with the cursor: b1, then b3.
	mv, err := m.State().ParseMove("2b1-b3")
	if err != nil {
		t.Fatal(err)
	}
	sc.playByKeys(mv)
	if got := m.Notations(); len(got) != 2 || got[0] != "2b1-b3" {
		t.Fatalf("after 2b1-b3 and the computer's reply: %v (%s)", got, sc.m.message)
	}
	screen := sc.text()
	for _, want := range []string{"Foncé a joué " + m.Notations()[1], "1. 2b1-b3  " + m.Notations()[1], "▶"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	// The computer's move is marked as the last move.
	if len(sc.m.lastPlaces) != 2 {
		t.Errorf("last move places: %v", sc.m.lastPlaces)
	}
	// A typed move, refused with the rules' words, then a legal one.
	sc.press(":")
	sc.typeText("zz")
	sc.press("enter")
	if !sc.m.isError || len(m.Moves()) != 2 {
		t.Fatalf("a typed wrong move: %q, %d moves", sc.m.message, len(m.Moves()))
	}
	legal := game.LegalNotations(m.State())
	sc.press(":")
	sc.typeText(legal[0])
	sc.press("enter")
	if len(m.Moves()) != 4 {
		t.Fatalf("a typed legal move: %q, moves %v", sc.m.message, m.Notations())
	}
	// Undo takes back the computer's reply and the player's move.
	sc.press("u")
	if len(m.Moves()) != 2 || !strings.Contains(sc.m.message, "2 coups repris") {
		t.Fatalf("undo: %q, moves %v", sc.m.message, m.Notations())
	}
	// Resign, confirmed.
	sc.press("r", "o")
	if sc.m.resigned == nil || !sc.m.resigned.Won(1) {
		t.Fatalf("resign: %+v", sc.m.resigned)
	}
	if !strings.Contains(sc.text(), "Foncé (2) gagne (abandon)") {
		t.Errorf("the end is not shown:\n%s", sc.text())
	}
	sc.press("q")
	if !sc.quit {
		t.Fatal("q after the end does not quit")
	}
}

// TestEveryGameToTheEndWithKeys plays every variant to its end (or a few
// dozen moves) with the cursor keys only, all seats at the keyboard, and
// checks that every screen fits 80x24.
func TestEveryGameToTheEndWithKeys(t *testing.T) {
	for _, g := range game.Games() {
		for _, opts := range g.AllVariants() {
			v, err := game.NewVariant(g.ID, opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(v.String(), func(t *testing.T) {
				m := game.NewMatch(v.Start())
				sc := newScreen(t, Config{Lang: "fr", Match: m, Players: local(v.Players)})
				rng := ai.NewRandom(newRand(uint64(len(v.String()))))
				for ply := 0; ply < 60 && !m.Outcome().Ended(); ply++ {
					checkFits(t, sc, 80, 24)
					mv, err := rng.Choose(context.Background(), m)
					if err != nil {
						t.Fatal(err)
					}
					want := m.State().MoveString(mv)
					sc.playByKeys(mv)
					if n := m.Notations(); len(n) != ply+1 || n[ply] != want {
						t.Fatalf("ply %d: wanted %s by keys, the game has %v (%q)", ply, want, n, sc.m.message)
					}
				}
				checkFits(t, sc, 80, 24)
			})
		}
	}
}

// checkFits fails when the screen is larger than w x h.
func checkFits(t *testing.T, sc *screen, w, h int) {
	t.Helper()
	lines := strings.Split(sc.text(), "\n")
	if len(lines) > h {
		t.Fatalf("%d lines on a %dx%d terminal:\n%s", len(lines), w, h, sc.text())
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Fatalf("a line of %d columns on a %dx%d terminal: %q", ansi.StringWidth(l), w, h, l)
		}
	}
}

func TestTooSmallTerminal(t *testing.T) {
	sc := newScreen(t, Config{Lang: "en", Match: newMatch(t, "pogo"), Players: local(2)})
	sc.m.Update(tea.WindowSizeMsg{Width: 60, Height: 20})
	if s := sc.text(); !strings.Contains(s, "needs at least 80x24") {
		t.Fatalf("a small terminal:\n%s", s)
	}
	sc.m.Update(tea.WindowSizeMsg{Width: 200, Height: 50})
	if s := sc.text(); strings.Contains(s, "needs at least") || !strings.Contains(s, "Players") {
		t.Fatalf("a large terminal:\n%s", s)
	}
}

// TestTargetsReadWithoutColour: the places a picked piece can go show a
// mark that needs no colour.
func TestTargetsReadWithoutColour(t *testing.T) {
	sc := newScreen(t, Config{Lang: "en", Match: newMatch(t, "pogo"), Players: local(2)})
	before := strings.Count(sc.text(), "•")
	sc.press("enter") // pick the first piece that can move
	after := strings.Count(sc.text(), "•")
	if len(sc.m.clicked) != 1 || after <= before {
		t.Fatalf("picked %v; target marks %d then %d:\n%s", sc.m.clicked, before, after, sc.text())
	}
	sc.press("esc")
	if len(sc.m.clicked) != 0 {
		t.Fatal("Esc does not start the move again")
	}
}

// TestCursorReachesEveryPlace: from the first place, the arrow keys reach
// every place of every game's start position.
func TestCursorReachesEveryPlace(t *testing.T) {
	for _, g := range game.Games() {
		for _, opts := range g.AllVariants() {
			v, _ := game.NewVariant(g.ID, opts)
			sc := newScreen(t, Config{Lang: "en", Match: game.NewMatch(v.Start()), Players: local(v.Players)})
			seen := map[string]bool{sc.m.cursor: true}
			queue := []string{sc.m.cursor}
			for len(queue) > 0 {
				p := queue[0]
				queue = queue[1:]
				for _, k := range []string{"up", "down", "left", "right"} {
					sc.m.cursor = p
					sc.press(k)
					if !seen[sc.m.cursor] {
						seen[sc.m.cursor] = true
						queue = append(queue, sc.m.cursor)
					}
				}
			}
			for id := range sc.m.board.Spots {
				if !seen[id] {
					t.Errorf("%s: the arrows never reach %s", v, id)
				}
			}
		}
	}
}

func TestHelpAndQuitAsks(t *testing.T) {
	sc := newScreen(t, Config{Lang: "fr", Match: newMatch(t, "pogo"), Players: local(2)})
	sc.press("?")
	if s := sc.text(); !strings.Contains(s, "Aide") || !strings.Contains(s, "retourner le plateau") {
		t.Fatalf("help:\n%s", s)
	}
	sc.press("x")
	sc.press("q")
	if sc.quit || sc.m.mode != modeQuit {
		t.Fatal("q in an unfinished game quits without asking")
	}
	sc.press("n")
	if sc.quit {
		t.Fatal("n still quits")
	}
	sc.press("ctrl+c")
	if !sc.quit {
		t.Fatal("Ctrl-C does not quit at once")
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 7)) }
