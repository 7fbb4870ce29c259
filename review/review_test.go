package review

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
	"github.com/plateau-games/plateau/games/pogo"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// missedWin is a POGO position where Light has one move that tops every
// stack, 3a2-c3, and 3a2-c1 lets Dark top every stack at once.
const (
	missedWin   = "-,-,DD/DDL,-,-/-,-,LLLLDDL L 10"
	winningMove = "3a2-c3"
	losingMove  = "3a2-c1"
)

// noTable makes the default place of the POGO solution an empty folder,
// so that the searches judge whatever the machine holds.
func noTable(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
}

func pogoMatch(t *testing.T, position string, moves ...string) *game.Match {
	t.Helper()
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := v.Position(position)
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(s)
	if err := record.PlayMoves(m, moves); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMissedWinIsABlunder(t *testing.T) {
	noTable(t)
	m := pogoMatch(t, missedWin, losingMove)
	before := pogoMatch(t, missedWin).State()
	win, _ := before.ParseMove(winningMove)
	for _, opt := range []Options{
		{},
		{Agent: "alphabeta:depth=2"},
		{Nodes: 500},
		{Agent: "mcts:iterations=500,threads=1"},
		{Agent: "medium", Time: 50 * time.Millisecond},
	} {
		r, err := Game(context.Background(), m, opt)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Plies) != 1 || !r.Complete || r.Exact {
			t.Fatalf("%+v: %+v", opt, r)
		}
		p := r.Plies[0]
		if p.Class != Blunder || p.Best != winningMove || p.Move != losingMove || p.Seat != 0 || p.Ply != 1 {
			t.Errorf("%+v: %+v", opt, p)
		}
		if p.Before.Result != Win || p.Before.Score != 1 || p.After.Result != Loss || p.Loss != 2 {
			t.Errorf("%+v (%s): before %+v, after %+v, loss %g", opt, r.Agent, p.Before, p.After, p.Loss)
		}
		if !strings.HasPrefix(r.Agent, "mcts") && (p.Before.Plies != 1 || p.After.Plies != 2) {
			t.Errorf("%+v (%s): win in %d, loss in %d", opt, r.Agent, p.Before.Plies, p.After.Plies)
		}
		if !reflect.DeepEqual(p.BestPlaces, render.Places(before, win)) || len(p.BestPlaces) != 2 || len(p.MovePlaces) != 2 {
			t.Errorf("places %v, %v", p.BestPlaces, p.MovePlaces)
		}
		// The series is for Light: won in one before the move, lost in one
		// after it (Dark tops every stack).
		want := []Point{{0, 0, Value{1, Win, 1}}, {1, 0, Value{-1, Loss, 1}}}
		if !reflect.DeepEqual(r.Series, want) {
			t.Errorf("%s: series %+v", r.Agent, r.Series)
		}
		if s := r.Seats[0]; s.Moves != 1 || s.Counts.Blunder != 1 || s.AverageLoss != 2 || r.Seats[1].Moves != 0 {
			t.Errorf("seats %+v", r.Seats)
		}
	}
	// The winning move is best, and the game ends there.
	r, err := Game(context.Background(), pogoMatch(t, missedWin, winningMove), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Plies[0]; p.Class != Best || p.Loss != 0 || p.After != p.Before || r.Series[1].Value.Result != Win {
		t.Errorf("%+v, series %+v", p, r.Series)
	}
}

// bestGame plays n plies of v from the start, each the best move of the
// analysis of spec (a new analyser each time, valuing every move).
func bestGame(t *testing.T, v *game.Variant, spec string, n int) *game.Match {
	t.Helper()
	m := game.NewMatch(v.Start())
	for len(m.Moves()) < n && !m.Outcome().Ended() {
		a, err := ai.NewAnalyser(spec, v, 7)
		if err != nil {
			t.Fatal(err)
		}
		an, err := a.Analyse(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Play(an.Best().Move); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestBestMovesAreBest: a game whose every move is the best of a search
// is judged best throughout by that search.
func TestBestMovesAreBest(t *testing.T) {
	for _, tc := range []struct{ game, spec string }{
		{"pogo", "alphabeta:depth=3"},
		{"pogo", "mcts:iterations=400,threads=1"},
		{"blocus", "hard"},
		{"poldr", "mcts:iterations=200,threads=1"},
	} {
		v, _ := game.NewVariant(tc.game, nil)
		m := bestGame(t, v, tc.spec, 12)
		r, err := Game(context.Background(), m, Options{Agent: tc.spec, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Plies {
			if p.Class != Best || p.Loss != 0 {
				t.Errorf("%s, %s: ply %d %s judged %s (best %s, %v against %v)", tc.game, tc.spec, p.Ply, p.Move, p.Class, p.Best, p.After, p.Before)
			}
		}
		if len(r.Plies) != len(m.Moves()) || len(r.Plies) == 0 {
			t.Errorf("%s: %d plies judged of %d", tc.game, len(r.Plies), len(m.Moves()))
		}
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		best, played Value
		want         Class
	}{
		{Value{0.3, "", 0}, Value{0.29, "", 0}, Best},
		{Value{0.3, "", 0}, Value{0.25, "", 0}, Good},
		{Value{0.3, "", 0}, Value{0.15, "", 0}, Inaccuracy},
		{Value{0.3, "", 0}, Value{0, "", 0}, Mistake},
		{Value{0.3, "", 0}, Value{-0.2, "", 0}, Blunder},
		{Value{0.3, "", 0}, Value{0.5, "", 0}, Best}, // a move the search liked more
		{Value{1, Win, 5}, Value{1, Win, 5}, Best},
		{Value{1, Win, 5}, Value{1, Win, 7}, Good},
		{Value{1, Win, 5}, Value{1, Win, 9}, Inaccuracy},
		{Value{1, Win, 1}, Value{1, Win, 41}, Inaccuracy},
		{Value{1, Win, 5}, Value{0, Draw, 0}, Blunder},
		{Value{1, Win, 5}, Value{-1, Loss, 2}, Blunder},
		{Value{0, Draw, 0}, Value{-1, Loss, 30}, Blunder},
		{Value{0, Draw, 0}, Value{0, Draw, 0}, Best},
		{Value{-1, Loss, 8}, Value{-1, Loss, 6}, Good},
		{Value{-1, Loss, 8}, Value{-1, Loss, 2}, Inaccuracy},
		{Value{1, Win, 0}, Value{1, Win, 3}, Best}, // MCTS: plies not counted
		{Value{1, Win, 3}, Value{0.7, "", 0}, Mistake},
		{Value{0.1, "", 0}, Value{-1, Loss, 4}, Blunder},
	} {
		if got := Classify(tc.best, tc.played); got != tc.want {
			t.Errorf("Classify(%v, %v) = %s, want %s", tc.best, tc.played, got, tc.want)
		}
	}
	for _, c := range Classes {
		var back Class
		text, _ := c.MarshalText()
		if err := back.UnmarshalText(text); err != nil || back != c || c.In("fr") == c.String() {
			t.Errorf("%s: %v, %s, %s", c, err, back, c.In("fr"))
		}
	}
	if s := (Value{Score: 0.4}).In("fr") + " " + (Value{1, Win, 7}).In("fr") + " " + (Value{0, Draw, 0}).In("en"); s != "+0.40 gain en 7 draw" {
		t.Errorf("values: %q", s)
	}
}

// table is the POGO solution: PLATEAU_POGO_TABLE, the default place of
// plateau solve pogo, or (without -short) solved here once, in about 20
// seconds and 430 MB.
var (
	tableOnce sync.Once
	tablePath string
	tableDir  string // removed by TestMain
)

func TestMain(m *testing.M) {
	code := m.Run()
	if tableDir != "" {
		os.RemoveAll(tableDir)
	}
	os.Exit(code)
}

func pogoTable(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("PLATEAU_POGO_TABLE"); p != "" {
		return p
	}
	if _, err := os.Stat(pogosolve.DefaultPath()); err == nil {
		return pogosolve.DefaultPath()
	}
	// The one ./scripts/test solved for every package that needs it.
	if p := os.Getenv("PLATEAU_TEST_POGO_TABLE"); p != "" {
		return p
	}
	if testing.Short() {
		t.Skip("no POGO solution, and solving it takes 20 s (set PLATEAU_POGO_TABLE)")
	}
	tableOnce.Do(func() {
		tab, err := pogosolve.Solve(pogosolve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		dir, err := os.MkdirTemp("", "plateau-review")
		if err != nil {
			t.Fatal(err)
		}
		tableDir = dir
		path := filepath.Join(dir, "pogo.solution")
		if err := tab.Save(path); err != nil {
			t.Fatal(err)
		}
		tablePath = path
	})
	if tablePath == "" {
		t.Fatal("solving POGO failed")
	}
	return tablePath
}

func TestExactPogo(t *testing.T) {
	path := pogoTable(t)
	opt := Options{Table: path}
	r, err := Game(context.Background(), pogoMatch(t, missedWin, losingMove), opt)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Plies[0]
	if !r.Exact || r.Agent != "perfect" || p.Class != Blunder || p.Best != winningMove ||
		p.Before != (Value{1, Win, 1}) || p.After != (Value{-1, Loss, 2}) {
		t.Fatalf("%s (exact %v): %+v", r.Agent, r.Exact, p)
	}
	// A game of the perfect player against random: its moves are best;
	// random's are judged by the solution's values of each move.
	v, _ := game.NewVariant("pogo", nil)
	perfect, err := ai.New("perfect:table="+path, v, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The table the perfect player loaded (ai keeps it by path), not a
	// second copy: reading it is a second of CPU.
	pp, err := ai.NewPerfect(path, v)
	if err != nil {
		t.Fatal(err)
	}
	table := pp.Table()
	m := game.NewMatch(v.Start())
	rng := rand.New(rand.NewPCG(3, 4))
	for len(m.Moves()) < 40 && !m.Outcome().Ended() {
		mv, err := perfect.Choose(context.Background(), m)
		if len(m.Moves())%2 == 1 {
			legal := m.LegalMoves(nil)
			mv = legal[rng.IntN(len(legal))]
		}
		if err != nil {
			t.Fatal(err)
		}
		m.Play(mv)
	}
	r, err = Game(context.Background(), m, Options{Table: path, Agent: "perfect:table=" + path})
	if err != nil {
		t.Fatal(err)
	}
	replay := game.NewMatch(v.Start())
	slower := 0
	for i, p := range r.Plies {
		values := table.Moves(replay.State().(*pogo.State))
		var played pogosolve.MoveValue
		for _, x := range values {
			if x.Notation == p.Move {
				played = x
			}
		}
		best := values[0].Value
		worse := played.Value.Result != best.Result
		if i%2 == 0 && p.Class != Best {
			t.Errorf("perfect's ply %d %s: %s", p.Ply, p.Move, p.Class)
		}
		if worse != (p.Class == Blunder) || p.Before.Plies != best.Plies || p.After.Plies != played.Value.Plies {
			t.Errorf("ply %d %s: %s (%v, %v), the solution: %v, best %v", p.Ply, p.Move, p.Class, p.Before, p.After, played.Value, best)
		}
		if p.Before.Result == p.After.Result && p.Before.Plies != p.After.Plies {
			slower++
		}
		if _, err := replay.PlayNotation(p.Move); err != nil {
			t.Fatal(err)
		}
	}
	if !r.Exact || !r.Complete || len(r.Plies) != len(m.Moves()) {
		t.Errorf("exact %v, complete %v, %d plies", r.Exact, r.Complete, len(r.Plies))
	}
	t.Logf("%d plies, %d with the same result but slower or quicker; seats %+v", len(r.Plies), slower, r.Seats)
}

// randomGame plays n random plies of v (fewer when the game ends).
func randomGame(t *testing.T, v *game.Variant, n int, seed uint64) *game.Match {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	m := game.NewMatch(v.Start())
	for len(m.Moves()) < n && !m.Outcome().Ended() {
		legal := m.LegalMoves(nil)
		if err := m.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// checkReview checks that a complete review of m is consistent.
func checkReview(t *testing.T, what string, m *game.Match, r *Review) {
	t.Helper()
	v := m.Variant()
	if !r.Complete || len(r.Plies) != len(m.Moves()) || len(r.Series) != len(m.Moves())+1 {
		t.Errorf("%s: complete %v, %d plies judged, %d points, for %d plies", what, r.Complete, len(r.Plies), len(r.Series), len(m.Moves()))
		return
	}
	counts := make([]int, v.Players)
	replay := game.NewMatch(m.Start())
	for i, p := range r.Plies {
		s := replay.State()
		if p.Ply != i+1 || p.Seat != s.ToMove() || p.Move != m.Notations()[i] {
			t.Errorf("%s: ply %+v, want %d by %d", what, p, i+1, s.ToMove())
		}
		if p.Class < Best || p.Class > Blunder || p.Loss < 0 || p.Loss > 2 {
			t.Errorf("%s: ply %d: class %s, loss %g", what, p.Ply, p.Class, p.Loss)
		}
		if p.Move == p.Best && (p.Class != Best || p.Loss != 0) {
			t.Errorf("%s: ply %d: the best move judged %s", what, p.Ply, p.Class)
		}
		if p.Move != p.Best && p.Class != Classify(p.Before, p.After) {
			t.Errorf("%s: ply %d: %s, but Classify says %s", what, p.Ply, p.Class, Classify(p.Before, p.After))
		}
		for _, x := range []Value{p.Before, p.After} {
			if x.Score < -1 || x.Score > 1 {
				t.Errorf("%s: ply %d: value %+v", what, p.Ply, x)
			}
		}
		if _, err := s.ParseMove(p.Best); err != nil {
			t.Errorf("%s: ply %d: best move %q: %v", what, p.Ply, p.Best, err)
		}
		if p.Best != "pass" && len(p.BestPlaces) == 0 {
			t.Errorf("%s: ply %d: no places for %s", what, p.Ply, p.Best)
		}
		if pt := r.Series[i]; pt.Ply != i || (r.Sides == 2 && pt.Seat != 0) || (r.Sides != 2 && pt.Seat != p.Seat) {
			t.Errorf("%s: point %d: %+v", what, i, pt)
		}
		counts[p.Seat]++
		replay.PlayNotation(p.Move)
	}
	for seat, sum := range r.Seats {
		n := 0
		for _, c := range Classes {
			n += sum.Counts.Of(c)
		}
		if sum.Seat != seat || sum.Moves != counts[seat] || n != counts[seat] {
			t.Errorf("%s: seat %d: %+v, %d moves", what, seat, sum, counts[seat])
		}
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Review
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(&back, r) {
		t.Errorf("%s: JSON does not read back (%v):\n%s", what, err, data)
	}
}

// TestEveryGame reviews a short random game of every game with two sides,
// and of some with more or fewer, with a tiny budget.
func TestEveryGame(t *testing.T) {
	noTable(t)
	variants := map[string]string{"solitaire": "", "poldr players=3": "", "saute players=3": "", "empire players=4 teams=true": ""}
	for _, g := range game.Games() {
		opts := game.Options{}
		if g.MinPlayers <= 2 && g.MaxPlayers >= 2 {
			if _, ok := g.Option("players"); ok {
				opts["players"] = "2"
			}
			v, err := game.NewVariant(g.ID, opts)
			if err != nil {
				t.Fatal(err)
			}
			variants[v.String()] = ""
		}
	}
	for name := range variants {
		id, rest, _ := strings.Cut(name, " ")
		opts, _ := game.ParseOptions(strings.Fields(rest)...)
		v, err := game.NewVariant(id, opts)
		if err != nil {
			t.Fatal(err)
		}
		m := randomGame(t, v, 10, 1)
		begin := time.Now()
		r, err := Game(context.Background(), m, Options{Nodes: 200, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkReview(t, name, m, r)
		if sides(v) == 2 && (r.Sides != 2 || !strings.Contains(r.Agent, "=200")) {
			t.Errorf("%s: %d sides, agent %s", name, r.Sides, r.Agent)
		}
		t.Logf("%s: %s, %d plies in %v", name, r.Agent, len(r.Plies), time.Since(begin).Round(time.Millisecond))
	}
}

// TestDeterministic: with a node budget and a seed, the review is the
// same on every run.
func TestDeterministic(t *testing.T) {
	noTable(t)
	for _, id := range []string{"pogo", "alignement", "poldr"} {
		v, _ := game.NewVariant(id, nil)
		m := randomGame(t, v, 12, 2)
		opt := Options{Nodes: 300, Seed: 5}
		a, err := Game(context.Background(), m, opt)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Game(context.Background(), m, opt)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two reviews differ:\n%+v\n%+v", id, a, b)
		}
	}
}

// TestCancel: a cancelled review returns the moves judged so far.
func TestCancel(t *testing.T) {
	noTable(t)
	v, _ := game.NewVariant("pogo", nil)
	m := randomGame(t, v, 30, 3)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls []int
	r, err := Game(ctx, m, Options{Nodes: 1000, Progress: func(done, total int) {
		calls = append(calls, done)
		if total != len(m.Moves()) && total != len(m.Moves())+1 {
			t.Errorf("total %d for %d plies", total, len(m.Moves()))
		}
		if done == 5 {
			cancel()
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Complete || len(r.Plies) != 5 || len(r.Series) != 5 || !reflect.DeepEqual(calls, []int{1, 2, 3, 4, 5}) {
		t.Errorf("complete %v, %d plies, %d points, progress %v", r.Complete, len(r.Plies), len(r.Series), calls)
	}
	if n := r.Seats[0].Moves + r.Seats[1].Moves; n != 5 {
		t.Errorf("seats count %d moves", n)
	}
	r, err = Game(ctx, m, Options{Nodes: 1000})
	if err != nil || r.Complete || len(r.Plies) != 0 {
		t.Errorf("cancelled before: %v, %+v", err, r)
	}
	// A time budget that the cancellation cuts short: an hour a move, so
	// a review that returns at all was stopped by the cancellation, with
	// the ply it was judging left out. The minute's bound only turns a
	// review deaf to it into a failure rather than a hang (idle, it
	// answers within milliseconds), however loaded the machine.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		r   *Review
		err error
	}
	out := make(chan result, 1)
	go func() {
		r, err := Game(ctx, m, Options{Time: time.Hour})
		out <- result{r, err}
	}()
	time.Sleep(100 * time.Millisecond) // the review is under way, or about to be: either is cut
	cancel()
	select {
	case res := <-out:
		if res.err != nil || res.r.Complete || len(res.r.Plies) != 0 {
			t.Errorf("cancelled during the first ply's hour: %v, complete %v, %d plies", res.err, res.r.Complete, len(res.r.Plies))
		}
	case <-time.After(time.Minute):
		t.Fatal("no answer a minute after the cancellation")
	}
}

func TestSpec(t *testing.T) {
	noTable(t)
	pogoV, _ := game.NewVariant("pogo", nil)
	alignement, _ := game.NewVariant("alignement", nil)
	empire3, _ := game.NewVariant("empire", game.Options{"players": "3"})
	for _, tc := range []struct {
		v    *game.Variant
		opt  Options
		want string
	}{
		{pogoV, Options{}, "hard"},
		{pogoV, Options{Nodes: 2000}, "alphabeta:nodes=2000"},
		{pogoV, Options{Time: time.Second}, "alphabeta:time=1s"},
		{pogoV, Options{Agent: "alphabeta:depth=3,noise=1", Nodes: 50}, "alphabeta:noise=1,nodes=50"},
		{pogoV, Options{Agent: "mcts:time=2s,threads=2", Nodes: 50}, "mcts:threads=2,iterations=50"},
		{pogoV, Options{Agent: "perfect", Nodes: 50}, "perfect"},
		{alignement, Options{Nodes: 2000}, "mcts:threads=1,iterations=2000"},
		{alignement, Options{Agent: "max", Time: 2 * time.Second}, "mcts:time=2s"},
		{empire3, Options{Nodes: 5000}, "mcts:iterations=5000,threads=1"},
		{empire3, Options{Agent: "hard"}, "mcts:iterations=10000,time=5s"},
	} {
		got, exact, err := Spec(tc.v, tc.opt)
		if err != nil || got != tc.want || exact != (got == "perfect") {
			t.Errorf("Spec(%s, %+v) = %q, %v, %v; want %q", tc.v, tc.opt, got, exact, err, tc.want)
		}
	}
	for _, opt := range []Options{{Nodes: 1, Time: time.Second}, {Nodes: -1}, {Agent: "nobody"}, {Agent: "random"}} {
		if _, err := Game(context.Background(), game.NewMatch(pogoV.Start()), opt); err == nil {
			t.Errorf("%+v: accepted", opt)
		}
	}
	// Paranoid alpha-beta does not judge games of more than two sides.
	if _, err := Game(context.Background(), game.NewMatch(empire3.Start()), Options{Agent: "alphabeta:depth=3"}); err == nil || !strings.Contains(err.Error(), "paranoid") {
		t.Errorf("alphabeta for three: %v", err)
	}
	// The POGO solution is the default judge when it is there.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pogo.solution"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, exact, _ := Spec(pogoV, Options{Table: filepath.Join(dir, "pogo.solution")}); !exact || !strings.HasPrefix(got, "perfect:table=") {
		t.Errorf("with a table: %s, %v", got, exact)
	}
}

// TestRecordAndEmpty: a record is judged as its match; a game without
// moves has its start position only; a bad record is refused.
func TestRecordAndEmpty(t *testing.T) {
	noTable(t)
	m := pogoMatch(t, "", "2b1-b3", "1a3-a2", "1c1-c2")
	rec := record.FromMatch(m)
	r, err := Record(context.Background(), rec, Options{Nodes: 500})
	if err != nil {
		t.Fatal(err)
	}
	checkReview(t, "record", m, r)
	r, err = Game(context.Background(), pogoMatch(t, ""), Options{Nodes: 500})
	if err != nil || len(r.Plies) != 0 || len(r.Series) != 1 || !r.Complete {
		t.Errorf("no moves: %v, %+v", err, r)
	}
	rec.Moves = append(rec.Moves, "zz")
	if _, err := Record(context.Background(), rec, Options{Nodes: 500}); err == nil || !strings.Contains(err.Error(), "zz") {
		t.Errorf("bad record: %v", err)
	}
}
