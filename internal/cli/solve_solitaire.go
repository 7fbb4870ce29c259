package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/solitaire"
	solsolve "github.com/plateau-games/plateau/solve/solitaire"
)

// solitaireHelp is added to 'plateau solve --help'.
const solitaireHelp = `
plateau solve solitaire answers the challenge of the Solitaire rule sheet
("Solution en 23 coups… Qui dit mieux ?"): the fewest pieces that can be
left and, among the games leaving that many, the fewest moves. A beam
search finds a good game, then an exhaustive search (iterative deepening
with an exact transposition table and sound cuts: a removal bound and a
line cover bound) proves that no shorter game exists, as far as --time
allows. For the book layout: one piece in 12 moves, proven (5 to 10
minutes). The search is deterministic; --workers N splits it over N
searches, each with its own table (0: one). See docs/solve-solitaire.md.`

// addSolitaireFlags adds the flags of 'plateau solve solitaire' to the
// solve command; the other games' solvers ignore them.
func addSolitaireFlags(cmd *cobra.Command) {
	cmd.Long += "\n" + solitaireHelp
	cmd.Example += `
  plateau solve solitaire
  plateau solve solitaire --layout pele-mele --seed 3 --time 10m --json`
	cmd.Flags().String("layout", "book", "solitaire: start layout (book, pele-mele or 36 colour letters)")
	cmd.Flags().Uint64("seed", 0, "solitaire: with --layout pele-mele, the shuffle's seed")
	cmd.Flags().Duration("time", 0, "solitaire: stop the proof after this long (0: no limit) and report how far it got")
	cmd.Flags().Int("table-bits", 24, "solitaire: log2 of the transposition table's entries (33 bytes each)")
	cmd.Flags().Int("beam", solsolve.DefaultBeamWidth, "solitaire: width of the beam search that finds the first game")
	cmd.Flags().Bool("colour-cover", false, "solitaire: add the colour cover cut (fewer nodes, each dearer)")
}

func solveSolitaire(cmd *cobra.Command, f *solveFlags, file string) error {
	if file != "" || f.out != "" || f.verify {
		return usageErrorf("solve solitaire takes no table FILE, --out or --verify: it computes its answer each time")
	}
	flags := cmd.Flags()
	layout, _ := flags.GetString("layout")
	seed, _ := flags.GetUint64("seed")
	limit, _ := flags.GetDuration("time")
	bits, _ := flags.GetInt("table-bits")
	beam, _ := flags.GetInt("beam")
	colourCover, _ := flags.GetBool("colour-cover")
	// --workers (shared with pogo): parallel searches, each with its own
	// table; 0 means 1 here, so that node counts do not depend on the
	// machine.
	workers := max(f.workers, 1)
	opts := game.Options{"layout": layout}
	if flags.Changed("seed") {
		opts["seed"] = fmt.Sprint(seed)
	}
	v, err := game.NewVariant("solitaire", opts)
	if err != nil {
		return usageErrorf("--layout: %v", err)
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	opt := solsolve.Options{TableBits: bits, BeamWidth: beam, Workers: workers,
		ColourCover: colourCover, Progress: cmd.ErrOrStderr()}
	res, err := solsolve.Solve(ctx, v.Start().(*solitaire.State), opt)
	if err != nil {
		return err
	}
	if f.asJSON {
		return writeJSON(cmd.OutOrStdout(), res)
	}
	printSolitaire(cmd.OutOrStdout(), res)
	return nil
}

func printSolitaire(out io.Writer, r *solsolve.Result) {
	if r.Layout != "" {
		fmt.Fprintf(out, "layout %s\n", r.Layout)
	} else {
		fmt.Fprintf(out, "position %s\n", r.Position)
	}
	proof := func(ok bool) string {
		if ok {
			return "proven"
		}
		return "not proven"
	}
	fmt.Fprintf(out, "fewest pieces left: %d (%s)\n", r.Left, proof(r.LeftProven))
	fmt.Fprintf(out, "fewest moves leaving %d: %d (%s", r.Left, r.Moves, proof(r.MovesProven))
	if !r.MovesProven && r.LeftProven {
		fmt.Fprintf(out, "; no game of %d moves or fewer leaves %d: the answer is %d to %d moves", r.NoneWithin, r.Left, r.NoneWithin+1, r.Moves)
	}
	fmt.Fprintln(out, ")")
	fmt.Fprintf(out, "solution:  %s\n", strings.Join(r.Solution, " "))
	book := make([]string, len(r.Book))
	for i, b := range r.Book {
		book[i] = b
		if b == "" {
			book[i] = "(" + r.Solution[i] + ", off the book's grid)"
		}
	}
	fmt.Fprintf(out, "book:      %s\n", strings.Join(book, " "))
	fmt.Fprintf(out, "beam search (width %d): %d pieces in %d moves\n", r.BeamWidth, r.BeamLeft, r.BeamMoves)
	fmt.Fprintf(out, "exhaustive searches (the bounds: at least %d moves):\n", r.BoundFrom)
	for _, it := range r.Searches {
		within := fmt.Sprintf("within %2d moves", it.Moves)
		if it.Moves == 0 {
			within = "in any number of moves"
		}
		status := "none"
		switch {
		case it.Found:
			status = "found"
		case !it.Complete:
			status = "stopped"
		}
		fmt.Fprintf(out, "  at most %d pieces %s: %-7s %12d nodes %8.1f s\n", it.Target, within, status, it.Nodes, it.Seconds)
	}
	fmt.Fprintf(out, "total: %d nodes, %s\n", r.Nodes, (time.Duration(r.Seconds * float64(time.Second))).Round(time.Millisecond))
	switch {
	case r.Left == 1:
		fmt.Fprintln(out, "proof of the pieces: one piece is the least possible, since a jump never removes the jumping piece")
	case r.LeftProven:
		fmt.Fprintf(out, "proof of the pieces: the exhaustive searches above found no game leaving fewer than %d\n", r.Left)
	}
	switch {
	case r.MovesProven:
		fmt.Fprintf(out, "proof of the moves: every game of at most %d moves was searched (exact table, sound removal and cover bounds) and none leaves %d\n", r.Moves-1, r.Left)
	case r.LeftProven:
		fmt.Fprintf(out, "proof of the moves: no game of at most %d moves leaves %d (searched to the end); games of %d to %d moves were not searched to the end (time limit)\n", r.NoneWithin, r.Left, r.NoneWithin+1, r.Moves-1)
	}
}
