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
allows. For the book layout: one piece in 12 moves, proven in 5 to 10
minutes without --time (the example stops after 1 s and reports how far
the proof got). The search is deterministic; --workers N splits it over N
searches, each with its own table (0: one). See docs/solve-solitaire.md.`

// addSolitaireFlags adds the flags of 'plateau solve solitaire' to the
// solve command; the other games' solvers ignore them.
func addSolitaireFlags(cmd *cobra.Command) {
	cmd.Long += "\n" + solitaireHelp
	cmd.Example += `
  plateau solve solitaire --time 1s
  plateau solve solitaire --layout pele-mele --seed 3 --beam 1000 --table-bits 20 --json`
	cmd.Flags().String("layout", "book", "solitaire: start layout (book, pele-mele or 36 colour letters)")
	cmd.Flags().Uint64("seed", 0, "solitaire: with --layout pele-mele, the shuffle's seed")
	cmd.Flags().Duration("time", 0, "solitaire: stop the proof after this long (0: no limit) and report how far it got")
	cmd.Flags().Int("table-bits", 24, "solitaire: log2 of the transposition table's entries (33 bytes each)")
	cmd.Flags().Int("beam", solsolve.DefaultBeamWidth, "solitaire: width of the beam search that finds the first game")
	cmd.Flags().Bool("colour-cover", false, "solitaire: add the colour cover cut (fewer nodes, each dearer)")
}

func solveSolitaire(cmd *cobra.Command, f *solveFlags, file string) error {
	if file != "" || f.out != "" || f.verify {
		return usageErrorT(msgSolitaireNoTable)
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
		return usageErrorT(msgFlagError, "--layout", err)
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
		ColourCover: colourCover, Progress: cmd.ErrOrStderr(), Lang: langOf(cmd)}
	res, err := solsolve.Solve(ctx, v.Start().(*solitaire.State), opt)
	if err != nil {
		return err
	}
	if f.asJSON {
		return writeJSON(cmd.OutOrStdout(), res)
	}
	printSolitaire(cmd.OutOrStdout(), res, langOf(cmd))
	return nil
}

func printSolitaire(out io.Writer, r *solsolve.Result, lang string) {
	line := func(msg game.Text, args ...any) { fmt.Fprintln(out, tr(lang, msg, args...)) }
	if r.Layout != "" {
		line(msgSolLayout, r.Layout)
	} else {
		line(msgSolPosition, r.Position)
	}
	proof := func(ok bool) string {
		if ok {
			return msgProven.In(lang)
		}
		return msgNotProven.In(lang)
	}
	line(msgSolFewestPieces, r.Left, proof(r.LeftProven))
	fmt.Fprint(out, tr(lang, msgSolFewestMoves, r.Left, r.Moves, proof(r.MovesProven)))
	if !r.MovesProven && r.LeftProven {
		fmt.Fprint(out, tr(lang, msgSolRange, r.NoneWithin, r.Left, r.NoneWithin+1, r.Moves))
	}
	fmt.Fprintln(out, ")")
	line(msgSolSolution, strings.Join(r.Solution, " "))
	book := make([]string, len(r.Book))
	for i, b := range r.Book {
		book[i] = b
		if b == "" {
			book[i] = tr(lang, msgSolOffGrid, r.Solution[i])
		}
	}
	line(msgSolBook, strings.Join(book, " "))
	line(msgSolBeam, r.BeamWidth, r.BeamLeft, r.BeamMoves)
	line(msgSolSearches, r.BoundFrom)
	for _, it := range r.Searches {
		within := tr(lang, msgSolWithin, it.Moves)
		if it.Moves == 0 {
			within = msgSolAnyMoves.In(lang)
		}
		status := msgSolNone
		switch {
		case it.Found:
			status = msgSolFound
		case !it.Complete:
			status = msgSolStopped
		}
		line(msgSolSearch, it.Target, within, status.In(lang), it.Nodes, it.Seconds)
	}
	line(msgSolTotal, r.Nodes, (time.Duration(r.Seconds * float64(time.Second))).Round(time.Millisecond))
	if r.BeamMoves == 0 && r.Left > 1 && !r.LeftProven {
		line(msgSolNoGame)
	}
	switch {
	case r.Left == 1:
		line(msgSolProofOne)
	case r.LeftProven:
		line(msgSolProofPieces, r.Left)
	}
	switch {
	case r.MovesProven:
		line(msgSolProofMoves, r.Moves-1, r.Left)
	case r.LeftProven:
		line(msgSolProofRange, r.NoneWithin, r.Left, r.NoneWithin+1, r.Moves-1)
	}
}
