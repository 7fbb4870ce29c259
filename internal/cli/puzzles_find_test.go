package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/puzzle"
	"github.com/plateau-games/plateau/store"
)

// plateau puzzles find reads the same game from a record and from a
// server's store and finds the same puzzle in it, which verify proves; an
// unfinished stored game and a game of four are not read or skipped.
func TestPuzzlesFind(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "alignement.txt")
	mustRun(t, "", "play", "alignement", "--seat", "1=medium", "--seat", "2=medium", "--seed", "2", "--record", rec)
	fromRecord := filepath.Join(dir, "record.json")
	_, stderr, err := runSplit(t, "", "puzzles", "find", rec, "--out", fromRecord)
	if err != nil || !strings.Contains(stderr, "1 puzzles found in 1 games") {
		t.Fatalf("find in a record: %v %s", err, stderr)
	}
	r := readRecordFile(t, rec)

	db := filepath.Join(dir, "plateau.db")
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*store.Game{
		{ID: "played", GameID: "alignement"},
		{ID: "unfinished", GameID: "alignement"},
		{ID: "four", GameID: "saute", Options: "expert=false players=4 teams=false"},
	} {
		g.Seats = []store.Seat{{Kind: "human"}, {Kind: "human"}}
		if err := st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	for i, mv := range r.Moves {
		if err := st.AppendMove(ctx, "played", store.Move{Ply: i, Notation: mv}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.FinishGame(ctx, "played", r.Result.String(), "test"); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishGame(ctx, "four", "draw", "agreed"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	fromStore := filepath.Join(dir, "store.json")
	_, stderr, err = runSplit(t, "", "puzzles", "find", "--db", db, "--out", fromStore)
	if err != nil || !strings.Contains(stderr, "1 puzzles found in 1 games") || !strings.Contains(stderr, "1 games skipped") {
		t.Fatalf("find in a store: %v %s", err, stderr)
	}
	a, b := readPuzzles(t, fromRecord), readPuzzles(t, fromStore)
	if len(a) != 1 || len(b) != 1 || a[0].Position != b[0].Position || a[0].Key != b[0].Key ||
		a[0].Source.Record != rec || b[0].Source.Record != "played" || a[0].Source.Ply != b[0].Source.Ply {
		t.Fatalf("from the record %+v, from the store %+v", a, b)
	}
	mustRun(t, "", "puzzles", "verify", "--file", fromStore)
}

func readPuzzles(t *testing.T, path string) []puzzle.Puzzle {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ps []puzzle.Puzzle
	if err := json.Unmarshal(b, &ps); err != nil {
		t.Fatal(err)
	}
	return ps
}
