package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/puzzle"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
	"github.com/plateau-games/plateau/store"
)

// plateau puzzles: the stored puzzles of package puzzle (list, show,
// check), their generator and their verifier.

func newPuzzlesCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "puzzles",
		Short: "Puzzles of the two-sided games: list, show, check, generate, find, verify",
		Long: `Puzzles are positions taken from real games (self-play of the computer
levels) where exactly one move is right, proved by search. In every game but
POGO the right move (the key) forces a win within N plies, and every other
legal move lets the opponent force a win: both are proved by an exhaustive
search that counts only wins, with the game's own end rules, so the key is
the only winning move, not only the best one found. In the sets where such
positions are too rare (blocus), a puzzle may instead have a horizon H: the
key forces a win within N plies and no other move forces one within H plies
(H at least N+4), also proved; those moves are marked "nowin" unless proved
to lose. In POGO the strong solution (plateau solve pogo) decides: a win
puzzle has exactly one move that keeps the win, a save puzzle exactly one
move that keeps the draw.

The puzzles come in sets, one per variant (pods-basic, poldr-7, ...; a game
with a single set is named by its id), stored in the program. 'list' shows
the sets or a set's puzzles, 'show' one puzzle, 'check' answers a move,
'generate' makes a set again from self-play games, 'find' looks for puzzles
in played games (records, a server's stored games) and 'verify' proves the
stored puzzles again. See docs/puzzles.md.`,
		Example: `  plateau puzzles list
  plateau puzzles list saute
  plateau puzzles show saute-1
  plateau puzzles show saute-1 --solution`,
		Args: noCommandArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	cmd.AddCommand(newPuzzlesListCommand(), newPuzzlesShowCommand(), newPuzzlesCheckCommand(),
		newPuzzlesGenerateCommand(), newPuzzlesFindCommand(), newPuzzlesVerifyCommand())
	return cmd
}

// argsExactly checks that a command got its n named arguments.
func argsExactly(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < len(names) {
			return usageErrorT(msgMissingArg, names[len(args)])
		}
		if len(args) > len(names) {
			return usageErrorT(msgUnexpectedArg, args[len(names)])
		}
		return nil
	}
}

func newPuzzlesListCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list [SET]",
		Short: "List the puzzle sets, or the puzzles of one set",
		Long: `Without SET, list the puzzle sets: id, game and options, how many puzzles
each holds, and how many of each kind (win in N plies, save). With SET (a set
id, or a game id when the game has one set), list its puzzles: id, the side to
move, what to find, and the game the position comes from. --json prints the
puzzles themselves, answers included.`,
		Example: `  plateau puzzles list
  plateau puzzles list pods-basic
  plateau puzzles list blocus --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageErrorT(msgUnexpectedArg, args[1])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				return listPuzzleSets(out, lang, asJSON)
			}
			ps, err := puzzle.Load(args[0])
			if err != nil {
				return err
			}
			if asJSON {
				if ps == nil {
					ps = []puzzle.Puzzle{}
				}
				return writeJSON(out, ps)
			}
			for _, p := range ps {
				fmt.Fprintf(out, "%-18s %s  %s\n", p.ID, puzzleTask(p, lang), tr(lang, msgPuzzleSource, p.Source.Level, p.Source.Seed, p.Source.Game, p.Source.Ply))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON: the sets with their counts, or the puzzles of SET")
	return cmd
}

// setSummary is one set in 'puzzles list --json'.
type setSummary struct {
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Options game.Options   `json:"options,omitempty"`
	Count   int            `json:"count"`
	Kinds   map[string]int `json:"kinds"`
}

func listPuzzleSets(out io.Writer, lang string, asJSON bool) error {
	var sums []setSummary
	for _, s := range puzzle.Sets() {
		ps, err := puzzle.Load(s.ID)
		if err != nil {
			return err
		}
		sums = append(sums, setSummary{ID: s.ID, Game: s.Game, Options: s.Options, Count: len(ps), Kinds: puzzle.Counts(ps)})
	}
	if asJSON {
		return writeJSON(out, sums)
	}
	for _, s := range sums {
		var kinds []string
		for _, k := range puzzle.CountKeys(s.Kinds) {
			kinds = append(kinds, fmt.Sprintf("%s %d", kindName(k, lang), s.Kinds[k]))
		}
		opts := s.Options.String()
		if opts == "" {
			opts = "-"
		}
		fmt.Fprintf(out, "%-14s %-10s %-20s %s  %s\n", s.ID, s.Game, opts, tr(lang, msgPuzzleCount, s.Count), strings.Join(kinds, ", "))
	}
	return nil
}

// kindName is a key of puzzle.Counts in lang: "win in 3", "save".
func kindName(k, lang string) string {
	if k == "save" {
		return tr(lang, msgPuzzleKindSave)
	}
	var n int
	fmt.Sscanf(k, "win in %d", &n)
	return tr(lang, msgPuzzleKindWin, n)
}

// puzzleTask says what to find: "Dark (player 2) to move: the only move
// that wins (in 3 plies)".
func puzzleTask(p puzzle.Puzzle, lang string) string {
	side := fmt.Sprint(p.Player)
	if v, err := game.NewVariant(p.Game, p.Options); err == nil {
		side = seatLabel(v, p.Player-1, lang)
	}
	switch {
	case p.Kind == puzzle.KindSave:
		return tr(lang, msgPuzzleTaskSave, side)
	case p.N == 1:
		return tr(lang, msgPuzzleTaskWin1, side)
	case p.Horizon > 0:
		return tr(lang, msgPuzzleTaskHorizon, side, p.N, p.Horizon)
	}
	return tr(lang, msgPuzzleTaskWin, side, p.N)
}

// findPuzzle is the stored puzzle id, or a usage error naming the sets.
func findPuzzle(id string) (puzzle.Puzzle, error) {
	p, ok := puzzle.Find(id)
	if !ok {
		return p, errorT(msgPuzzleUnknown, id, strings.Join(puzzle.SetIDs(), ", "))
	}
	return p, nil
}

func newPuzzlesShowCommand() *cobra.Command {
	var solution, asJSON bool
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Show a puzzle: its board and what to find",
		Long: `Show the puzzle ID ("saute-1", see 'plateau puzzles list SET'): its board,
the position text (for 'plateau replay --position' or 'plateau render
--position'), the side to move and what to find. --solution adds the answer:
the key move, and for every other move the opponent's reply that refutes it
and in how many plies it loses (or, in POGO, that it only draws). --json
prints the puzzle as stored.`,
		Example: `  plateau puzzles show saute-1
  plateau puzzles show saute-1 --solution
  plateau puzzles show pogo-1 --json`,
		Args: argsExactly("ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			out := cmd.OutOrStdout()
			p, err := findPuzzle(args[0])
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(out, p)
			}
			s, err := p.State()
			if err != nil {
				return err
			}
			fmt.Fprintln(out, tr(lang, msgPuzzleHead, p.ID, gameTitle(p, lang)))
			fmt.Fprintln(out)
			fmt.Fprintln(out, strings.TrimRight(game.StateText(s, lang), "\n"))
			fmt.Fprintln(out)
			fmt.Fprintln(out, tr(lang, msgPositionText, p.Position))
			fmt.Fprintln(out, puzzleTask(p, lang))
			fmt.Fprintln(out, tr(lang, msgPuzzleSource, p.Source.Level, p.Source.Seed, p.Source.Game, p.Source.Ply))
			if !solution {
				return nil
			}
			fmt.Fprintln(out)
			switch {
			case p.Kind == puzzle.KindSave:
				fmt.Fprintln(out, tr(lang, msgPuzzleKeySave, p.Key))
			case p.N == 1:
				fmt.Fprintln(out, tr(lang, msgPuzzleKeyWin1, p.Key))
			default:
				fmt.Fprintln(out, tr(lang, msgPuzzleKeyWin, p.Key, p.N))
			}
			for _, w := range p.Wrong {
				fmt.Fprintln(out, "  "+wrongText(w, p.Horizon, lang))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&solution, "solution", false, "show the answer: the key, and the refutation of every other move")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the puzzle as JSON, answer included")
	return cmd
}

// gameTitle is the puzzle's game with its options: "PODS (level=basic
// orientation=0)".
func gameTitle(p puzzle.Puzzle, lang string) string {
	name := p.Game
	if g, err := game.Lookup(p.Game); err == nil {
		name = g.Name.In(lang)
	}
	if len(p.Options) > 0 {
		name += " (" + p.Options.String() + ")"
	}
	return name
}

// wrongText says what a wrong move leads to.
func wrongText(w puzzle.Wrong, horizon int, lang string) string {
	switch {
	case w.Result == "nowin" && w.Reply != "":
		return tr(lang, msgPuzzleWrongNoWin, w.Move, horizon, w.Reply)
	case w.Result == "nowin":
		return tr(lang, msgPuzzleWrongNoWinBare, w.Move, horizon)
	case w.Result == "draw":
		return tr(lang, msgPuzzleWrongDraw, w.Move, w.Reply)
	case w.Reply == "":
		return tr(lang, msgPuzzleWrongAtOnce, w.Move)
	}
	return tr(lang, msgPuzzleWrongLoss, w.Move, w.Reply, w.Plies)
}

func newPuzzlesCheckCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "check ID MOVE",
		Short: "Say whether a move solves a puzzle, and if not, how it is refuted",
		Long: `Answer MOVE (in the game's notation, as 'plateau puzzles show ID' and
'plateau legal' write it) to the puzzle ID: right, or wrong with the
opponent's reply that refutes it. The exit status is 0 for the right move,
1 for a wrong or illegal one.`,
		Example: `  plateau puzzles check saute-1 i8-l8`,
		Args:    argsExactly("ID", "MOVE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			p, err := findPuzzle(args[0])
			if err != nil {
				return err
			}
			w, legal := p.Answer(args[1])
			switch {
			case !legal:
				s, err := p.State()
				if err != nil {
					return err
				}
				if _, err := s.ParseMove(args[1]); err != nil {
					return err
				}
				return errorT(msgPuzzleNotListed, args[1])
			case w == nil:
				fmt.Fprintln(cmd.OutOrStdout(), tr(lang, msgPuzzleRight, p.Key))
				return nil
			}
			return errorT(msgPuzzleWrong, wrongText(*w, p.Horizon, lang))
		},
	}
	return cmd
}

func newPuzzlesGenerateCommand() *cobra.Command {
	var (
		count, parallel, maxGames int
		seed                      uint64
		out, table                string
		progress                  bool
	)
	cmd := &cobra.Command{
		Use:   "generate SET",
		Short: "Make a puzzle set from self-play games",
		Long: `Play self-play games of the set's variant and keep the positions that are
puzzles, until --count of them (or --max-games games). Game number g (from 0)
starts with a few uniformly random plies, then one of the set's computer
levels (in turn from game to game) plays both sides, everything drawn from
--seed and g: the same seed always gives the same games and the same
puzzles, whatever --parallel. Every position of
every game is analysed; a position already found is kept once.

The puzzles are written as JSON (an array, one puzzle a line) to --out, or
to the standard output; a summary goes to stderr, with a progress bar on a
terminal (or with --progress). POGO's set needs its solution (--table,
default: where 'plateau solve pogo' writes it). A run takes from seconds to
hours depending on the game: docs/puzzles.md gives the command, seed and
time of each stored set.`,
		Example: `  plateau puzzles generate porte --count 1 --seed 1 --out porte.json
  plateau puzzles verify --file porte.json`,
		Args: argsExactly("SET"),
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			if count < 1 {
				return usageErrorT(msgPuzzleBadCount, count)
			}
			if parallel < 1 {
				return usageErrorT(msgPuzzleBadParallel, parallel)
			}
			if maxGames < 0 {
				return usageErrorT(msgPuzzleBadMaxGames, maxGames)
			}
			set, err := puzzle.LookupSet(args[0])
			if err != nil {
				return err
			}
			opt := puzzle.Options{Count: count, Seed: seed, MaxGames: maxGames, Parallel: parallel}
			if set.Solved {
				if opt.Table, err = puzzle.LoadTable(table); err != nil {
					return err
				}
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			report, finish := puzzleProgress(cmd.ErrOrStderr(), progress, count, lang)
			opt.Progress = report
			begin := time.Now()
			ps, st, err := puzzle.Generate(ctx, set, opt)
			finish()
			if err != nil {
				if errors.Is(err, context.Canceled) {
					return errorT(msgInterrupted)
				}
				return err
			}
			if err := writePuzzles(cmd.OutOrStdout(), out, ps); err != nil {
				return err
			}
			errOut := cmd.ErrOrStderr()
			fmt.Fprintln(errOut, tr(lang, msgPuzzleGenerated, set.ID, countedWords(lang, len(ps), countPuzzles), countedWords(lang, st.Games, countGames), countedWords(lang, st.Positions, countPositions), time.Since(begin).Seconds()))
			printCounts(errOut, ps, lang)
			if len(ps) < count {
				fmt.Fprintln(errOut, tr(lang, msgPuzzleShort, len(ps), count))
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&count, "count", 200, "number of puzzles to find")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the self-play games (the same seed gives the same puzzles)")
	cmd.Flags().StringVarP(&out, "out", "o", "", "write the puzzles to this file (default: the standard output)")
	cmd.Flags().IntVar(&parallel, "parallel", 1, "games played and analysed at once")
	cmd.Flags().IntVar(&maxGames, "max-games", 0, "stop after this many games even with fewer puzzles (0: no limit)")
	cmd.Flags().StringVar(&table, "table", "", "pogo: the solution file (default: where 'plateau solve pogo' writes it)")
	cmd.Flags().BoolVar(&progress, "progress", false, "show a progress bar on stderr even when it is not a terminal")
	return cmd
}

func newPuzzlesFindCommand() *cobra.Command {
	var (
		out, table, db string
		limit          int
		progress       bool
	)
	cmd := &cobra.Command{
		Use:   "find [RECORD...]",
		Short: "Find the puzzles of played games: records, or a server's stored games",
		Long: `Analyse every position of played games as 'generate' analyses self-play:
game records (files, or - for standard input), and with --db the finished
games of a plateau server's store (an SQLite file or a postgres:// URL; the
newest --limit of them). A game whose variant has no puzzle set (four
players, a PODS board turned at random) is skipped. The puzzles found are
written as JSON like 'generate' writes them, each with the game it comes
from (its file or the stored game's id) and the ply, numbered in each set
from 1; 'plateau puzzles verify --file' proves them again. POGO's need its
solution (--table).`,
		Example: `  plateau play alignement --seat 1=medium --seat 2=medium --seed 2 --record alignement.txt
  plateau puzzles find alignement.txt --out found.json
  plateau puzzles verify --file found.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			if len(args) == 0 && db == "" {
				return usageErrorT(msgPuzzleFindNothing)
			}
			if limit < 1 {
				return usageErrorT(msgPuzzleBadLimit, limit)
			}
			var games []puzzle.PlayedGame
			for _, path := range args {
				rec, err := readRecord(cmd.InOrStdin(), path)
				if err != nil {
					return err
				}
				m, err := rec.Replay()
				if err != nil {
					return errorT(msgInFile, path, err)
				}
				games = append(games, puzzle.PlayedGame{Name: path, Match: m})
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			if db != "" {
				stored, err := storedGames(ctx, db, limit)
				if err != nil {
					return err
				}
				games = append(games, stored...)
			}
			var tbl *pogosolve.Table
			for _, g := range games {
				if set, ok := puzzle.SetOf(g.Match.Variant()); ok && set.Solved && tbl == nil {
					var err error
					if tbl, err = puzzle.LoadTable(table); err != nil {
						return err
					}
				}
			}
			report, finish := func(int) {}, func() {}
			if progress || writerIsTerminal(cmd.ErrOrStderr()) {
				r, f := newProgressIn(cmd.ErrOrStderr(), tr(lang, msgPuzzleGamesBar), true, lang)
				report, finish = func(done int) { r(done, len(games)) }, f
			}
			begin := time.Now()
			ps, st, skipped, err := puzzle.FromGames(ctx, games, tbl, report)
			finish()
			if err != nil {
				if errors.Is(err, context.Canceled) {
					return errorT(msgInterrupted)
				}
				return err
			}
			if err := writePuzzles(cmd.OutOrStdout(), out, ps); err != nil {
				return err
			}
			errOut := cmd.ErrOrStderr()
			fmt.Fprintln(errOut, tr(lang, msgPuzzleFound, len(ps), st.Games, st.Positions, time.Since(begin).Seconds()))
			if skipped > 0 {
				fmt.Fprintln(errOut, tr(lang, msgPuzzleNoSet, skipped))
			}
			printCounts(errOut, ps, lang)
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "write the puzzles to this file (default: the standard output)")
	cmd.Flags().StringVar(&db, "db", "", "also the finished games of this store: an SQLite file or a postgres:// URL")
	cmd.Flags().IntVar(&limit, "limit", 1000, "with --db: the newest games read, at most")
	cmd.Flags().StringVar(&table, "table", "", "pogo: the solution file (default: where 'plateau solve pogo' writes it)")
	cmd.Flags().BoolVar(&progress, "progress", false, "show a progress bar on stderr even when it is not a terminal")
	return cmd
}

// storedGames reads the newest finished games of a store, at most limit,
// replayed; a stored game whose moves no longer replay is skipped.
func storedGames(ctx context.Context, dsn string, limit int) ([]puzzle.PlayedGame, error) {
	// Only read: a mistyped file name must not make an empty store.
	if !strings.Contains(dsn, "://") {
		if _, err := os.Stat(dsn); err != nil {
			return nil, errorT(msgPuzzleNoStore, dsn)
		}
	}
	st, err := store.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	finished := true
	var out []puzzle.PlayedGame
	const page = 200
	for offset := 0; offset < limit; offset += page {
		list, err := st.ListGames(ctx, store.Filter{Finished: &finished, Limit: min(page, limit-offset), Offset: offset})
		if err != nil {
			return nil, err
		}
		for _, g := range list {
			full, err := st.LoadGame(ctx, g.ID)
			if err != nil {
				return nil, err
			}
			if m, ok := replayStored(full); ok {
				out = append(out, puzzle.PlayedGame{Name: full.ID, Match: m})
			}
		}
		if len(list) < page {
			break
		}
	}
	return out, nil
}

// replayStored rebuilds a stored game's match; false when its rules or
// moves no longer replay (a game of an older version).
func replayStored(g *store.Game) (*game.Match, bool) {
	opts, err := game.ParseOptions(strings.Fields(g.Options)...)
	if err != nil {
		return nil, false
	}
	v, err := game.NewVariant(g.GameID, opts)
	if err != nil {
		return nil, false
	}
	start, err := v.Position(g.Position)
	if err != nil {
		return nil, false
	}
	m := game.NewMatch(start)
	for _, mv := range g.Moves {
		if _, err := m.PlayNotation(mv.Notation); err != nil {
			return nil, false
		}
	}
	return m, true
}

// printCounts writes how many puzzles of each kind ps holds, a line each.
func printCounts(w io.Writer, ps []puzzle.Puzzle, lang string) {
	counts := puzzle.Counts(ps)
	for _, k := range puzzle.CountKeys(counts) {
		fmt.Fprintf(w, "  %-12s %d\n", kindName(k, lang), counts[k])
	}
}

// writePuzzles writes ps to the file out (through a temporary file renamed
// at the end, so that a failure leaves no partial file), or to w when out
// is empty.
func writePuzzles(w io.Writer, out string, ps []puzzle.Puzzle) error {
	if out == "" {
		return puzzle.Write(w, ps)
	}
	f, err := os.CreateTemp(filepath.Dir(out), filepath.Base(out)+".tmp*")
	if err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := puzzle.Write(f, ps); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), out); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// puzzleProgress reports the puzzles found: a bar on a terminal (or with
// bar), else a line every 30 seconds.
func puzzleProgress(w io.Writer, bar bool, count int, lang string) (report func(puzzles, games int), finish func()) {
	if bar || writerIsTerminal(w) {
		r, f := newProgressIn(w, tr(lang, msgPuzzleBar), true, lang)
		return func(puzzles, _ int) { r(puzzles, count) }, f
	}
	begin := time.Now()
	last := begin
	var mu sync.Mutex
	return func(puzzles, games int) {
		mu.Lock()
		defer mu.Unlock()
		if now := time.Now(); now.Sub(last) >= progressLineEvery {
			last = now
			fmt.Fprintln(w, tr(lang, msgPuzzleProgress, puzzles, count, games, now.Sub(begin).Round(time.Second)))
		}
	}, func() {}
}

func newPuzzlesVerifyCommand() *cobra.Command {
	var file, table string
	cmd := &cobra.Command{
		Use:   "verify [SET...]",
		Short: "Prove the stored puzzles again",
		Long: `Prove every stored puzzle of the sets named (default: all) again from scratch,
or those of --file (written by 'plateau puzzles generate'): the key and the
wrong moves are exactly the legal moves; the key wins within its N plies and
not sooner; each wrong move's reply wins for the opponent within the plies
given, and not sooner; in a puzzle with a horizon, after each "nowin" move
(and its reply) the mover has no win within the horizon. POGO's puzzles are checked against its solution
(--table, default: where 'plateau solve pogo' writes it); without it they
are skipped when no set is named. Prints one line a set; the exit status is
1 if any puzzle fails.`,
		Example: `  plateau puzzles verify saute
  plateau puzzles verify saute pods-basic`,
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			out := cmd.OutOrStdout()
			type job struct {
				name string
				ps   []puzzle.Puzzle
			}
			var jobs []job
			switch {
			case file != "":
				if len(args) > 0 {
					return usageErrorT(msgPuzzleFileAndSets)
				}
				f, err := os.Open(file)
				if err != nil {
					return err
				}
				ps, err := puzzle.Read(f)
				f.Close()
				if err != nil {
					return errorT(msgInFile, file, err)
				}
				jobs = append(jobs, job{file, ps})
			case len(args) == 0:
				for _, s := range puzzle.Sets() {
					ps, err := puzzle.Load(s.ID)
					if err != nil {
						return err
					}
					jobs = append(jobs, job{s.ID, ps})
				}
			default:
				for _, id := range args {
					set, err := puzzle.LookupSet(id)
					if err != nil {
						return err
					}
					ps, err := puzzle.Load(set.ID)
					if err != nil {
						return err
					}
					jobs = append(jobs, job{set.ID, ps})
				}
			}
			var tbl *pogosolve.Table
			failed := 0
			for _, j := range jobs {
				begin := time.Now()
				bad, skipped := 0, false
				for _, p := range j.ps {
					set, err := puzzle.LookupSet(p.Set)
					if err == nil && set.Solved && tbl == nil {
						if tbl, err = puzzle.LoadTable(table); err != nil {
							if len(args) == 0 && file == "" && errors.Is(err, puzzle.ErrNoTable) {
								skipped = true
								break
							}
							return err
						}
					}
					if err := puzzle.Verify(p, tbl); err != nil {
						bad++
						fmt.Fprintln(cmd.ErrOrStderr(), errorText(lang, err))
					}
				}
				switch {
				case skipped:
					fmt.Fprintln(out, tr(lang, msgPuzzleSkipped, j.name))
				case bad > 0:
					fmt.Fprintln(out, tr(lang, msgPuzzleVerifyBad, j.name, bad, len(j.ps)))
				default:
					fmt.Fprintln(out, tr(lang, msgPuzzleVerified, j.name, len(j.ps), time.Since(begin).Seconds()))
				}
				failed += bad
			}
			if failed > 0 {
				return errorT(msgPuzzleFailed, failed)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&file, "file", "", "verify the puzzles of this file instead of the stored ones")
	cmd.Flags().StringVar(&table, "table", "", "pogo: the solution file (default: where 'plateau solve pogo' writes it)")
	return cmd
}

// The messages of plateau puzzles.
var (
	msgPuzzleCount          = game.Text{EN: "%3d puzzles", FR: "%3d problèmes"}
	msgPuzzleKindWin        = game.Text{EN: "win in %d", FR: "gain en %d"}
	msgPuzzleKindSave       = game.Text{EN: "save", FR: "sauvetage"}
	msgPuzzleTaskWin        = game.Text{EN: "%s to move: find the only move that wins (in %d plies)", FR: "%s au trait : trouvez le seul coup gagnant (en %d coups)"}
	msgPuzzleTaskWin1       = game.Text{EN: "%s to move: find the only move that wins (at once)", FR: "%s au trait : trouvez le seul coup gagnant (tout de suite)"}
	msgPuzzleKeyWin1        = game.Text{EN: "Solution: %s wins at once. Every other move loses:", FR: "Solution : %s gagne tout de suite. Tout autre coup perd :"}
	msgPuzzleTaskSave       = game.Text{EN: "%s to move: find the only move that does not lose (it keeps the draw)", FR: "%s au trait : trouvez le seul coup qui ne perd pas (il garde la nulle)"}
	msgPuzzleSource         = game.Text{EN: "(from self-play at %s, seed %d, game %d, ply %d)", FR: "(tiré d'une partie de l'ordinateur contre lui-même au niveau %s, graine %d, partie %d, coup %d)"}
	msgPuzzleUnknown        = game.Text{EN: "no puzzle %q: a puzzle id is a set and a number, e.g. saute-1; the sets are %s", FR: "pas de problème %q : l'identifiant d'un problème est une série et un numéro, par exemple saute-1 ; les séries : %s"}
	msgPuzzleHead           = game.Text{EN: "Puzzle %s, %s", FR: "Problème %s, %s"}
	msgPuzzleKeyWin         = game.Text{EN: "Solution: %s wins in %d plies. Every other move loses:", FR: "Solution : %s gagne en %d coups. Tout autre coup perd :"}
	msgPuzzleKeySave        = game.Text{EN: "Solution: %s keeps the draw. Every other move loses:", FR: "Solution : %s garde la nulle. Tout autre coup perd :"}
	msgPuzzleWrongLoss      = game.Text{EN: "%s: refuted by %s, lost in %d plies", FR: "%s : réfuté par %s, perdu en %d coups"}
	msgPuzzleNoStore        = game.Text{EN: "%s: no such store (an SQLite file written by plateau serve, or a postgres:// URL)", FR: "%s : pas de telle base (un fichier SQLite écrit par plateau serve, ou une URL postgres://)"}
	msgPuzzleGamesBar       = game.Text{EN: "games", FR: "parties"}
	msgPuzzleFindNothing    = game.Text{EN: "no games to analyse: give game records, or a store with --db", FR: "aucune partie à analyser : donnez des parties enregistrées, ou une base avec --db"}
	msgPuzzleBadLimit       = game.Text{EN: "--limit %d: at least 1", FR: "--limit %d : au moins 1"}
	msgPuzzleFound          = game.Text{EN: "%d puzzles found in %d games (%d positions analysed) in %.0f s", FR: "%d problèmes trouvés dans %d parties (%d positions analysées) en %.0f s"}
	msgPuzzleNoSet          = game.Text{EN: "%d games skipped: their variant has no puzzle set", FR: "%d parties ignorées : leur variante n'a pas de série de problèmes"}
	msgPuzzleWrongNoWin     = game.Text{EN: "%s: no forced win within %d plies, %s defends", FR: "%s : pas de gain forcé en %d coups, %s se défend"}
	msgPuzzleWrongNoWinBare = game.Text{EN: "%s: no forced win within %d plies", FR: "%s : pas de gain forcé en %d coups"}
	msgPuzzleTaskHorizon    = game.Text{EN: "%s to move: find the move that wins in %d plies (no other move forces a win within %d)", FR: "%s au trait : trouvez le coup qui gagne en %d coups (aucun autre ne force le gain en %d)"}
	msgPuzzleWrongAtOnce    = game.Text{EN: "%s: lost at once", FR: "%s : perdu tout de suite"}
	msgPuzzleWrongDraw      = game.Text{EN: "%s: only a draw, after %s", FR: "%s : seulement nulle, après %s"}
	msgPuzzleRight          = game.Text{EN: "%s is right: the only move.", FR: "%s est juste : c'est le seul coup."}
	msgPuzzleWrong          = game.Text{EN: "wrong: %s", FR: "faux : %s"}
	msgPuzzleNotListed      = game.Text{EN: "%s is not one of the puzzle's moves", FR: "%s n'est pas un des coups du problème"}
	msgPuzzleBadCount       = game.Text{EN: "--count %d: give 1 or more", FR: "--count %d : donnez 1 ou plus"}
	msgPuzzleBadParallel    = game.Text{EN: "--parallel %d: give 1 or more", FR: "--parallel %d : donnez 1 ou plus"}
	msgPuzzleBadMaxGames    = game.Text{EN: "--max-games %d: give 0 (no limit) or more", FR: "--max-games %d : donnez 0 (sans limite) ou plus"}
	msgPuzzleBar            = game.Text{EN: "puzzles", FR: "problèmes"}
	msgPuzzleProgress       = game.Text{EN: "puzzles: %d/%d found in %d games, %v", FR: "problèmes : %d/%d trouvés en %d parties, %v"}
	msgPuzzleGenerated      = game.Text{EN: "%s: %s from %s (%s) in %.0f s", FR: "%s : %s de %s (%s) en %.0f s"}
	// The counted words of msgPuzzleGenerated, singular then plural (French
	// takes the singular for 0 and 1).
	countPuzzles         = [2]game.Text{{EN: "%d puzzle", FR: "%d problème tiré"}, {EN: "%d puzzles", FR: "%d problèmes tirés"}}
	countGames           = [2]game.Text{{EN: "%d game", FR: "%d partie"}, {EN: "%d games", FR: "%d parties"}}
	countPositions       = [2]game.Text{{EN: "%d position analysed", FR: "%d position analysée"}, {EN: "%d positions analysed", FR: "%d positions analysées"}}
	msgPuzzleShort       = game.Text{EN: "only %d of the %d puzzles asked for: raise --max-games", FR: "seulement %d des %d problèmes demandés : augmentez --max-games"}
	msgPuzzleFileAndSets = game.Text{EN: "give either --file or sets, not both", FR: "donnez --file ou des séries, pas les deux"}
	msgPuzzleSkipped     = game.Text{EN: "%s: not verified: no POGO solution (run 'plateau solve pogo', or give --table)", FR: "%s : non vérifié : pas de solution de POGO (lancez 'plateau solve pogo', ou donnez --table)"}
	msgPuzzleVerifyBad   = game.Text{EN: "%s: %d of %d puzzles FAIL", FR: "%s : %d problèmes sur %d en ÉCHEC"}
	msgPuzzleVerified    = game.Text{EN: "%s: %d puzzles proved again in %.1f s", FR: "%s : %d problèmes prouvés à nouveau en %.1f s"}
	msgPuzzleFailed      = game.Text{EN: "%d puzzles fail", FR: "%d problèmes en échec"}
)
