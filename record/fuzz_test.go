package record_test

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
	"github.com/plateau-games/plateau/internal/fuzzseed"
	"github.com/plateau-games/plateau/record"
)

// recordSeeds are real records: the examples of docs/records.md and of the
// rules pages, and a short random game of every variant, written by Format
// and in some of the hand-edited forms Parse accepts.
func recordSeeds(tb testing.TB) []string {
	var seeds []string
	doc, err := os.ReadFile("../docs/records.md")
	if err != nil {
		tb.Fatal(err)
	}
	blocks := strings.Split(string(doc), "```")
	for i := 1; i < len(blocks); i += 2 {
		if b := strings.TrimSpace(blocks[i]); strings.HasPrefix(b, "[") {
			seeds = append(seeds, b+"\n")
		}
	}
	for i, v := range fuzzseed.Variants() {
		for _, b := range fuzzseed.RulesBlocks(v.Game.ID) {
			if strings.HasPrefix(b, "[") {
				seeds = append(seeds, b+"\n")
			}
		}
		m := fuzzseed.RandomGame(v, uint64(i), 8+4*i)
		r := record.FromMatch(m)
		r.Players = make([]string, v.Players)
		r.Players[0] = "human"
		r.Date = "2026.11.21"
		r.Tags = []record.Tag{{Name: "Event", Value: "fuzz \"seed\" {x}"}}
		text := record.Format(r)
		seeds = append(seeds, text)
		// The same game from a position of its own, its moves unnumbered
		// and with comments, as a person may edit it.
		if n := len(m.Moves()); n > 2 {
			from := game.NewMatch(v.Start())
			for _, mv := range m.Moves()[:2] {
				from.Play(mv)
			}
			r2 := *r
			r2.Position = from.State().Encode()
			r2.Moves = r.Moves[2:]
			seeds = append(seeds, record.Format(&r2))
			seeds = append(seeds, "; edited\n[game \""+strings.ToUpper(v.Game.ID)+"\"] {a comment\nover two lines}\n[Options \""+v.Options.String()+"\"]\n\n"+
				strings.Join(r.Moves, " {why} ")+" "+r.Result.String()+"\n")
			seeds = append(seeds, "[Game \""+v.Game.ID+"\"]\n[Options \""+v.Options.String()+"\"]\n1."+r.Moves[0]+" 2..."+r.Moves[1]+"\n")
		}
	}
	return seeds
}

// FuzzParse reads arbitrary text as a game record. Whatever Parse accepts
// is written by Format into a record that Parse reads back to the same
// record, and replaying it never panics.
func FuzzParse(f *testing.F) {
	for _, s := range recordSeeds(f) {
		f.Add(s)
	}
	f.Add("")
	f.Add("[Game \"pogo\"]\n1. 2b1-b3 {")
	f.Add("[Game \"pogo\"]\n[Result \"win 1, 3\"]\n1. 2b1-b3 win 1, 3\n")
	f.Add("[Game \"pogo\"]\n[Hints \"1:1,3 2 : 2\"]\n1. 2b1-b3 2. 1a3-a2 *\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := record.Parse(strings.NewReader(text))
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("empty error for %q", text)
			}
			return
		}
		out := record.Format(r)
		back, err := record.Parse(strings.NewReader(out))
		if err != nil {
			t.Fatalf("%q is read, but its record\n%s\nis refused: %v", text, out, err)
		}
		if again := record.Format(back); again != out {
			t.Fatalf("%q is read and written as\n%s\nwhich reads back as\n%s", text, out, again)
		}
		if !slices.Equal(back.Moves, r.Moves) || back.Position != r.Position || back.Game != r.Game ||
			back.Options.String() != r.Options.String() || back.Result.String() != r.Result.String() ||
			record.FormatHints(back.Hints) != record.FormatHints(r.Hints) {
			t.Fatalf("%q: the record written as\n%s\nreads back as another record: %+v / %+v", text, out, back, r)
		}
		m, err := r.Replay()
		var me *record.MoveError
		switch {
		case err == nil:
			if len(m.Notations()) != len(r.Moves) {
				t.Fatalf("%q: replayed %d moves of %d", text, len(m.Notations()), len(r.Moves))
			}
			// The replayed game records and reads again.
			if _, err := record.Parse(strings.NewReader(record.Format(record.FromMatch(m)))); err != nil {
				t.Fatalf("%q: the replayed game's record is refused: %v", text, err)
			}
		case errors.As(err, &me):
			if m == nil || len(m.Notations()) != me.Index-1 {
				t.Fatalf("%q: move %d refused, but the match is %v", text, me.Index, m)
			}
		}
	})
}
