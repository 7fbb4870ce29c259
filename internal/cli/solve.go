package cli

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// solveFlags are the flags of 'plateau solve', shared by every game that
// has a solver.
type solveFlags struct {
	out     string
	verify  bool
	asJSON  bool
	workers int
}

// solvers maps a game id to its solver. A solver gets the table file named
// on the command line ("" when none) and writes its report.
var solvers = map[string]func(cmd *cobra.Command, f *solveFlags, file string) error{
	"pogo":      solvePogo,
	"solitaire": solveSolitaire,
}

func newSolveCommand() *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve GAME [FILE]",
		Short: "Solve a game completely",
		Long: `Solve a game: find the value of its positions with best play. Each game
with a solver is described below.

plateau solve pogo computes the value of every one of the 232,792,560 POGO
positions (every arrangement of the 12 pieces in the 9 stacks, either side
to move) by retrograde analysis: whether the side to move wins, loses or
draws with best play, and in how many plies. It takes about 20 s on two
cores and 430 MB, shows its progress on stderr, writes the table (58 MB)
to --out (default: pogo.solution in the plateau folder of the user cache
directory, e.g. ~/.cache/plateau/pogo.solution), then prints the value of
the start position, of each opening move (for Light, best first, with how
many of Dark's replies are mistakes) and statistics. --json prints the
same as one JSON object. See docs/solve-pogo.md.

With FILE, or with --verify, the POGO table is read from FILE (default:
the default path above) instead of being computed. --verify then checks
every entry against the entries of its successors, which proves the whole
table, and fails with exit status 1 on the first inconsistency.`,
		Example: `  plateau solve pogo
  plateau solve pogo --verify
  plateau solve pogo --out pogo.solution
  plateau solve pogo pogo.solution --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if err := argsGame(nil, true)(cmd, args); err != nil {
				return err
			}
			if len(args) > 2 {
				return usageErrorT(msgUnexpectedArg, args[2])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := game.Lookup(args[0])
			if err != nil {
				return err
			}
			solver, ok := solvers[g.ID]
			if !ok {
				ids := make([]string, 0, len(solvers))
				for id := range solvers {
					ids = append(ids, id)
				}
				sort.Strings(ids)
				return errorT(msgNoSolver, g.ID, strings.Join(ids, ", "))
			}
			file := ""
			if len(args) == 2 {
				file = args[1]
			}
			if f.out != "" && (file != "" || f.verify) {
				return usageErrorT(msgOutWithFile)
			}
			if f.workers < 0 {
				return usageErrorT(msgBadWorkers, f.workers)
			}
			return solver(cmd, &f, file)
		},
	}
	cmd.Flags().StringVar(&f.out, "out", "", "pogo: write the table to this file (default: the user cache directory)")
	cmd.Flags().BoolVar(&f.verify, "verify", false, "pogo: read the table (FILE, or the default file) and check every entry")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print the report as one JSON object")
	cmd.Flags().IntVar(&f.workers, "workers", 0, "pogo: goroutines to use (0: one per CPU)")
	addSolitaireFlags(cmd)
	return cmd
}

// pogoReport is the output of 'plateau solve pogo'; its JSON form is the
// --json output.
type pogoReport struct {
	Table    string  `json:"table"`
	Solved   bool    `json:"solved"`   // computed by this run, not read
	Verified bool    `json:"verified"` // checked by this run
	Seconds  float64 `json:"seconds"`  // computing or reading, and checking
	// Start is the value of the start position for Light, to move.
	Start pogosolve.Value `json:"start"`
	// Openings are Light's opening moves with their value for Light, best
	// first.
	Openings []pogosolve.MoveValue `json:"openings"`
	Stats    pogosolve.Stats       `json:"stats"`
}

func solvePogo(cmd *cobra.Command, f *solveFlags, file string) error {
	lang := langOf(cmd)
	opt := pogosolve.Options{Workers: f.workers, Progress: cmd.ErrOrStderr(), Lang: lang}
	begin := time.Now()
	var t *pogosolve.Table
	var err error
	rep := pogoReport{}
	if file == "" && !f.verify {
		rep.Table = f.out
		if rep.Table == "" {
			rep.Table = pogosolve.DefaultPath()
		}
		if t, err = pogosolve.Solve(opt); err != nil {
			return err
		}
		if err := t.Save(rep.Table); err != nil {
			return errorT(msgSavingTable, err)
		}
		rep.Solved = true
	} else {
		rep.Table = file
		if rep.Table == "" {
			rep.Table = pogosolve.DefaultPath()
		}
		if t, err = pogosolve.Load(rep.Table); err != nil {
			if os.IsNotExist(err) && file == "" {
				return errorT(msgSolveFirst, err)
			}
			return err
		}
		if t.Pieces() != pogosolve.Pieces {
			return errorT(msgWrongPieces, rep.Table, t.Pieces(), pogosolve.Pieces)
		}
		if f.verify {
			if err := t.Verify(opt); err != nil {
				return errorT(msgFailsVerify, rep.Table, err)
			}
			rep.Verified = true
		}
	}
	rep.Seconds = time.Since(begin).Seconds()
	start := pogo.New()
	rep.Start = t.Value(start)
	rep.Openings = t.Moves(start)
	rep.Stats = t.Stats()
	if f.asJSON {
		return writeJSON(cmd.OutOrStdout(), rep)
	}
	rep.print(cmd.OutOrStdout(), lang)
	return nil
}

func (r pogoReport) print(out io.Writer, lang string) {
	line := func(msg game.Text, args ...any) { fmt.Fprintln(out, tr(lang, msg, args...)) }
	switch {
	case r.Solved:
		line(msgPogoSolved, r.Seconds, r.Table)
	case r.Verified:
		line(msgPogoVerified, r.Table, r.Seconds)
	default:
		line(msgPogoRead, r.Table, r.Seconds)
	}
	line(msgPogoStart, r.Start.In(lang))
	line(msgPogoOpenings)
	for _, m := range r.Openings {
		line(msgPogoOpening, m.Notation, m.Value.In(lang), m.Replies, m.Mistakes, m.Blunders)
	}
	s := r.Stats
	line(msgPogoPositions, s.Positions)
	line(msgPogoWon, s.Won)
	line(msgPogoLost, s.Lost, s.Terminal)
	line(msgPogoDrawn, s.Drawn)
	line(msgPogoUnreachable, s.Unreachable)
	line(msgPogoLongestWin, s.LongestWin, s.LongestWinExample)
	line(msgPogoLongestLoss, s.LongestLoss, s.LongestLossExample)
}
