package solitairesolve

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/plateau-games/plateau/games/blockade/solitaire"
)

// TestMeasure runs the deepening for one piece from the book layout up to
// PLATEAU_SOLITAIRE_MEASURE moves (no beam search) and logs the node counts:
// PLATEAU_SOLITAIRE_MEASURE=8 go test ./solve/solitaire -run TestMeasure -v
// PLATEAU_SOLITAIRE_BITS sets the table's log2 size (at least 22, the
// default); PLATEAU_SOLITAIRE_COLOUR=1 adds the colour cover.
func TestMeasure(t *testing.T) {
	limit, _ := strconv.Atoi(os.Getenv("PLATEAU_SOLITAIRE_MEASURE"))
	if limit == 0 {
		t.Skip("set PLATEAU_SOLITAIRE_MEASURE to a number of moves")
	}
	root := newPosition(solitaire.New())
	bitsN, _ := strconv.Atoi(os.Getenv("PLATEAU_SOLITAIRE_BITS"))
	sr := &searcher{ctx: context.Background(), p: *root, table: newTable(max(bitsN, 22)),
		colourCover: os.Getenv("PLATEAU_SOLITAIRE_COLOUR") != ""}
	for d := sr.lowerBound(1); d <= limit; d++ {
		it := sr.iterate(1, d)
		t.Logf("within %d moves: found %v, %d nodes, %.1f s", d, it.Found, it.Nodes, it.Seconds)
		if it.Found {
			break
		}
	}
}
