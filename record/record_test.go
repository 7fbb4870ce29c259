package record_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
	"github.com/plateau-games/plateau/record"
)

// randomMatch plays a seeded random POGO game to its end.
func randomMatch(t *testing.T, seed uint64) *game.Match {
	t.Helper()
	m := game.NewMatch(pogo.New())
	rng := rand.New(rand.NewPCG(seed, 0))
	var buf []game.Move
	for !m.Outcome().Ended() {
		buf = m.LegalMoves(buf)
		if err := m.Play(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func parse(t *testing.T, text string) *record.Record {
	t.Helper()
	r, err := record.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, text)
	}
	return r
}

func TestRoundTripFromMatch(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		m := randomMatch(t, seed)
		r := record.FromMatch(m)
		r.Players = []string{"human", "random"}
		r.Date = "2026.11.21"
		text := record.Format(r)
		back := parse(t, text)
		if !reflect.DeepEqual(back, r) {
			t.Fatalf("seed %d: round trip changed the record:\n%+v\n%+v\n%s", seed, r, back, text)
		}
		if again := record.Format(back); again != text {
			t.Fatalf("seed %d: second write differs:\n%s\n%s", seed, text, again)
		}
		replayed, err := back.Replay()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if replayed.State().Encode() != m.State().Encode() || replayed.Outcome() != m.Outcome() {
			t.Fatalf("seed %d: replay ends at %s %+v, game at %s %+v", seed,
				replayed.State().Encode(), replayed.Outcome(), m.State().Encode(), m.Outcome())
		}
	}
}

func TestRoundTripEveryField(t *testing.T) {
	r := &record.Record{
		Game:     "pogo",
		Options:  game.Options{"players": "4", "teams": "true"},
		Position: "DD,DD,DD/-,-,-/LL,LL,LL L 0",
		Players:  []string{"Ann \"the rock\"", `back\slash`, "", "random"},
		Date:     "2026.11.21",
		Result:   record.Result{Status: game.Win, Winners: []int{0, 2}, Scores: []int{12, 3, 0, -1}, Reason: "resignation"},
		Moves:    []string{"2b1-b3", "d4 b2", "pass"},
		Hints:    [][]int{{0, 2}, nil, {4, 1}},
		Tags:     []record.Tag{{"Event", "club night\nround 2"}, {"Site", ""}},
	}
	text := record.Format(r)
	if !strings.Contains(text, "1. 2b1-b3 2. d4 b2 3. pass win 1,3\n") || !strings.Contains(text, `[Result "win 1,3"]`) ||
		!strings.Contains(text, "[Scores \"12 3 0 -1\"]\n[Hints \"1:1,3 3:5,2\"]\n[Plies \"3\"]\n") {
		t.Fatalf("unexpected layout:\n%s", text)
	}
	if back := parse(t, text); !reflect.DeepEqual(back, r) {
		t.Fatalf("round trip changed the record:\n%+v\n%+v\n%s", r, back, text)
	}
}

func TestLongGameWraps(t *testing.T) {
	r := &record.Record{Game: "pogo", Options: game.Options{}}
	for i := 0; i < 100; i++ {
		r.Moves = append(r.Moves, "1a1-a2")
	}
	text := record.Format(r)
	for _, line := range strings.Split(text, "\n") {
		if len(line) > 79 {
			t.Fatalf("line of %d characters: %q", len(line), line)
		}
	}
	if back := parse(t, text); !reflect.DeepEqual(back, r) {
		t.Fatalf("round trip changed the record\n%s", text)
	}
}

func TestTolerantReading(t *testing.T) {
	text := `; a game typed by hand
   [game   "POGO" ]   { the id is case-insensitive }
[Player2 "random"]
[Comment "kept"]
[result "win 1"]

{ a comment
  over two lines } 1.2b1-b3   2...2a3-c3
; a comment line between moves
3.{glued comment}2c1-c3{another}win 1
`
	r := parse(t, text)
	want := &record.Record{
		Game:    "pogo",
		Players: []string{"", "random"},
		Result:  record.Result{Status: game.Win, Winners: []int{0}},
		Moves:   []string{"2b1-b3", "2a3-c3", "2c1-c3"},
		Tags:    []record.Tag{{"Comment", "kept"}},
	}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("got %+v\nwant %+v", r, want)
	}
	m, err := r.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if o := m.Outcome(); o.Status != game.Win || !o.Won(0) {
		t.Fatalf("replay outcome %+v", o)
	}
}

func TestUnnumberedMovesAndResultToken(t *testing.T) {
	r := parse(t, "[Game \"pogo\"]\n2b1-b3 1a3-a2 win 2, 1\n")
	if !reflect.DeepEqual(r.Moves, []string{"2b1-b3", "1a3-a2"}) {
		t.Fatalf("moves %q", r.Moves)
	}
	if r.Result.String() != "win 1,2" {
		t.Fatalf("result %q", r.Result.String())
	}
	// A file from an editor that writes a byte order mark and CRLF line ends.
	r = parse(t, "\ufeff[Game \"pogo\"]\r\n[Result \"*\"]\r\n\r\n1. 2b1-b3\r\n*\r\n")
	if r.Game != "pogo" || !reflect.DeepEqual(r.Moves, []string{"2b1-b3"}) {
		t.Fatalf("BOM and CRLF: %+v", r)
	}
	r = parse(t, "[Game \"pogo\"]\n")
	if len(r.Moves) != 0 || r.Result.Ended() || r.Options != nil {
		t.Fatalf("bare record: %+v", r)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty input"},
		{"1. 2b1-b3\n", "no Game tag"},
		{"[Game \"pogo\"]\n[Game \"pogo\"]\n", `line 2: second Game tag (the first is on line 1)`},
		{"[Game pogo]\n", `line 1: "[Game pogo]" is not a tag`},
		{"[Game \"pogo]\n", "line 1: the value of tag Game has no closing quote"},
		{"[Game \"pogo\"\n", `line 1: tag Game has no closing "]"`},
		{"[Game \"pogo\"] extra\n", `line 1: unexpected "extra" after the tag`},
		{"[Game \"\"]\n", "line 1: the Game tag is empty"},
		{"[Game \"pogo\"]\n[Options \"size\"]\n", `line 2: option "size" is not of the form name=value`},
		{"[Game \"pogo\"]\n[Result \"1-0\"]\n", `line 2: "1-0" is not a result`},
		{"[Game \"pogo\"]\n[Result \"win 5\"]\n", `line 2: seat "5" is not a number from 1 to 4`},
		{"[Game \"pogo\"]\n[Scores \"12 x\"]\n", `line 2: Scores tag "12 x": "x" is not a whole number`},
		{"[Game \"pogo\"]\n[Plies \"two\"]\n", `line 2: Plies tag "two" is not a whole number`},
		{"[Game \"pogo\"]\n[Hints \"1\"]\n", `line 2: Hints tag "1": "1" cannot be read`},
		{"[Game \"pogo\"]\n[Hints \"1:4 10\"]\n", `line 2: Hints tag "1:4 10": "10" cannot be read`},
		{"[Game \"pogo\"]\n[Hints \"5:1\"]\n", `line 2: Hints tag "5:1": seat 5 is not a number from 1 to 4`},
		{"[Game \"pogo\"]\n[Hints \"0:1\"]\n", `seat 0 is not a number from 1 to 4`},
		{"[Game \"pogo\"]\n[Hints \"1:1 1:2\"]\n", `seat 1 is given twice`},
		{"[Game \"pogo\"]\n[Hints \"1:0\"]\n", `move 0 is not a number from 1 to`},
		{"[Game \"pogo\"]\n[Hints \"1:99999999999999999999\"]\n", `move 99999999999999999999 is not a number from 1 to`},
		{"[Game \"pogo\"]\n[Hints \"\"]\n[hints \"1:1\"]\n", `line 3: second Hints tag`},
		{"[Game \"pogo\"]\n[Plies \"3\"]\n\n1. 2b1-b3\n", "line 2: the Plies tag says 3 moves but the record has 1"},
		{"[Game \"pogo\"]\n\n1. 2b1-b3\n[Date \"x\"]\n", `line 4: tag "[Date \"x\"]" after the moves`},
		{"[Game \"pogo\"]\n\n1. 2b1-b3 3. 1a3-a2\n", "line 3: move number 3. where 2. was expected"},
		{"[Game \"pogo\"]\n\n1. 2b1-b3\n2.\n", "line 4: move number 2. has no move after it"},
		{"[Game \"pogo\"]\n\n2b1-b3 2. 1a3-a2\n", "line 3: move number 2., but the moves before it have none"},
		{"[Game \"pogo\"]\n\n1. 2b1-b3 { never closed\n\n", `line 3: the comment opened with "{" is never closed`},
		{"[Game \"pogo\"]\n\n1. 2b1-b3 }\n", `line 3: "}" without a "{"`},
		{"[Game \"pogo\"]\n[Result \"win 1\"]\n\n1. 2b1-b3\ndraw\n", `line 5: the moves end with "draw" but the Result tag on line 2 says "win 1"`},
		{"[Game \"pogo\"]\n" + strings.Repeat("x", 2<<20), "line 2: longer than"},
	} {
		_, err := record.Parse(strings.NewReader(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q): error %v, want it to contain %q", tc.text, err, tc.want)
		}
	}
}

func TestReplayErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"[Game \"nosuchgame\"]\n", `unknown game "nosuchgame"`},
		{"[Game \"pogo\"]\n[Options \"size=4\"]\n", `pogo takes no options`},
		{"[Game \"pogo\"]\n[Position \"LL L 0\"]\n", `start position: POGO position text`},
		{"[Game \"pogo\"]\n[Player3 \"x\"]\n", "the record names 3 players but pogo has 2"},
		{"[Game \"pogo\"]\n[Hints \"3:1\"]\n", "the Hints tag names seat 3 but pogo has 2 players"},
		{"[Game \"pogo\"]\n\n1. 2b1-b3 2. 2b1-b2\n", `move 2 "2b1-b2": "2b1-b2" is not a legal move here`},
		{"[Game \"pogo\"]\n\n1. 2b1-b3 2. hello\n", `move 2 "hello": "hello" is not a move`},
		{"[Game \"pogo\"]\n[Result \"win 2\"]\n\n1. 2b1-b3 2. 2a3-c3 3. 2c1-c3\n",
			`the record says "win 2" but its moves give "win 1" (tops every stack)`},
	} {
		r := parse(t, tc.text)
		_, err := r.Replay()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Replay(%q): error %v, want it to contain %q", tc.text, err, tc.want)
		}
	}
	// The move error says which move it was.
	r := parse(t, "[Game \"pogo\"]\n\n1. 2b1-b3 2. zz\n")
	_, err := r.Replay()
	var me *record.MoveError
	if !errors.As(err, &me) || me.Index != 2 || me.Move != "zz" {
		t.Fatalf("error %v is not a MoveError for move 2", err)
	}
}

func TestReplayKeepsResultOutsideTheRules(t *testing.T) {
	// A resignation: the moves leave the game on, the record says it ended.
	r := parse(t, "[Game \"pogo\"]\n[Result \"win 2\"]\n[Reason \"resignation\"]\n\n1. 2b1-b3 win 2\n")
	m, err := r.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if m.Outcome().Ended() || r.Result.Reason != "resignation" || !r.Result.Outcome().Won(1) {
		t.Fatalf("match %+v, record %+v", m.Outcome(), r.Result)
	}
}

func TestFromMatchPosition(t *testing.T) {
	start, err := pogo.Decode("DD,D,DD/-,D,-/LL,LL,LL L 7")
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(start)
	if _, err := m.PlayNotation("1a1-a2"); err != nil {
		t.Fatal(err)
	}
	r := record.FromMatch(m)
	if r.Position != start.Encode() || r.Result.String() != "*" {
		t.Fatalf("record %+v", r)
	}
	back, err := parse(t, record.Format(r)).Replay()
	if err != nil {
		t.Fatal(err)
	}
	if back.State().Encode() != m.State().Encode() {
		t.Fatalf("replayed to %s, want %s", back.State().Encode(), m.State().Encode())
	}
	// From the start position, no Position tag is written.
	if text := record.Format(record.FromMatch(game.NewMatch(pogo.New()))); strings.Contains(text, "Position") {
		t.Fatalf("Position tag for the start position:\n%s", text)
	}
}

func TestResultStrings(t *testing.T) {
	for _, tc := range []struct {
		in, out string
	}{
		{"*", "*"}, {"draw", "draw"}, {"DRAW", "draw"}, {"over", "over"},
		{"win 1", "win 1"}, {"win 3,1", "win 1,3"}, {" win  2 , 4 ", "win 2,4"},
	} {
		r, err := record.ParseResult(tc.in)
		if err != nil || r.String() != tc.out {
			t.Errorf("ParseResult(%q) = %q, %v; want %q", tc.in, r.String(), err, tc.out)
		}
	}
	for _, bad := range []string{"", "win", "win 0", "win 1,1", "1-0", "draw 1", "lose 2"} {
		if _, err := record.ParseResult(bad); err == nil {
			t.Errorf("ParseResult(%q) accepted", bad)
		}
	}
}

// The Hints tag: who was given hints, for which moves. A record without
// it (every record before hints existed) has none; written by hand, it
// may have spaces around the colons and commas.
func TestHints(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  [][]int
	}{
		{"", nil},
		{"1:4", [][]int{{3}}},
		{"2:7", [][]int{nil, {6}}},
		{"1:4,10 2:7", [][]int{{3, 9}, {6}}},
		{" 2 : 7 , 7   1:1 ", [][]int{{0}, {6, 6}}},
		{"1:", [][]int{nil}},
	} {
		got, err := record.ParseHints(tc.value)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseHints(%q) = %v, %v; want %v", tc.value, got, err, tc.want)
		}
	}
	if got := record.FormatHints([][]int{{3, 9}, nil, {0}}); got != "1:4,10 3:1" {
		t.Errorf("FormatHints: %q", got)
	}
	if got := record.FormatHints([][]int{nil, {}}); got != "" {
		t.Errorf("FormatHints without hints: %q", got)
	}
	old := parse(t, "[Game \"pogo\"]\n[Result \"*\"]\n[Plies \"1\"]\n\n1. 2b1-b3 *\n")
	if old.Hints != nil {
		t.Errorf("a record without the tag has hints %v", old.Hints)
	}
	if text := record.Format(old); strings.Contains(text, "Hints") {
		t.Errorf("a record without hints writes the tag:\n%s", text)
	}
	r := parse(t, "[Game \"pogo\"]\n[Hints \"2:2\"]\n\n1. 2b1-b3 2. 1a3-a2 *\n")
	if _, err := r.Replay(); err != nil {
		t.Errorf("a record with hints does not replay: %v", err)
	}
}
