package cli

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/review"
)

// analyze-game
var (
	msgMissingRecord = game.Text{EN: "missing RECORD, a game record file (- for standard input)", FR: "il manque PARTIE, le fichier d'une partie enregistrée (- pour l'entrée standard)"}
	msgReviewBudget  = game.Text{EN: "--budget and --nodes: give one budget, a time or a count", FR: "--budget et --nodes : donnez un seul budget, un temps ou un nombre"}
	msgReviewTime    = game.Text{EN: "--budget %v: give a duration more than 0, e.g. 1s", FR: "--budget %v : donnez une durée plus grande que 0, par exemple 1s"}
	msgReviewNodes   = game.Text{EN: "--nodes %d: give a count more than 0", FR: "--nodes %d : donnez un nombre plus grand que 0"}
	msgReviewHead    = game.Text{EN: "%s, %d plies, judged by %s.", FR: "%s, %d coups, jugée par %s."}
	msgReviewExact   = game.Text{EN: "Exact values of the POGO solution: win or loss in N plies with best play, or a draw.", FR: "Valeurs exactes de la solution de POGO : gain ou perte en N coups en jouant au mieux, ou nulle."}
	msgReviewScale   = game.Text{EN: "Values are for the player who moves, from -1 (lost) to +1 (won); proven results in words.", FR: "Les valeurs sont pour le joueur qui joue, de -1 (perdu) à +1 (gagné) ; les résultats prouvés en toutes lettres."}
	msgReviewColumns = game.Text{EN: "ply\tplayer\tmove\tverdict\tbetter move\tbest value\tvalue played", FR: "n°\tjoueur\tcoup\tverdict\tcoup meilleur\tvaleur du meilleur\tvaleur du coup joué"}
	msgReviewSummary = game.Text{EN: "Summary:", FR: "Bilan :"}
	msgReviewSumCols = game.Text{EN: "player\tmoves\tbest\tgood\tinaccuracies\tmistakes\tblunders\taverage loss", FR: "joueur\tcoups\tmeilleurs\tbons\timprécisions\terreurs\tgaffes\tperte moyenne"}
	msgReviewSeat    = game.Text{EN: "%s (%d)", FR: "%s (%d)"}
	msgReviewEnd     = game.Text{EN: "End: %s for %s.", FR: "Fin : %s pour %s."}
	msgReviewLast    = game.Text{EN: "Last position: %s for %s.", FR: "Dernière position : %s pour %s."}
	msgReviewCut     = game.Text{EN: "interrupted: %d of %d plies judged", FR: "interrompu : %d coups jugés sur %d"}
	msgReviewNoMoves = game.Text{EN: "The record has no moves: nothing to judge.", FR: "La partie enregistrée n'a aucun coup : rien à juger."}
	msgReviewDone    = game.Text{EN: "%d plies judged in %v", FR: "%d coups jugés en %v"}
)

func newAnalyzeGameCommand() *cobra.Command {
	var (
		budget time.Duration
		nodes  int64
		agent  string
		seed   uint64
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "analyze-game RECORD",
		Short: "Judge every move of a recorded game: best, good, inaccuracy, mistake, blunder",
		Long: `Read a game record (a file, or - for standard input) and judge each move:
for the position before it, the value of the best move and of the move
played, for the player who moved, from -1 (lost) to +1 (won), and a
verdict on the loss between them: best (up to 0.02), good (below 0.10),
inaccuracy (below 0.25), mistake (below 0.50) or blunder. Then a summary
per player: the moves of each kind and the average loss.

The judge is the game's hard level with its own budget, or the search of
--agent (a level, alphabeta:... or mcts:...); --budget gives it a time per
position, --nodes a count per position (positions for alpha-beta,
playouts for MCTS), which gives the same verdicts on every run with the
same --seed. For POGO, once 'plateau solve pogo' has written its solution,
the values are exact (win or loss in N plies, or a draw) and a move that
gives away a win or a draw is a blunder; --agent hard judges by search
instead. Games of three or four players without teams are judged by MCTS.

--json prints the review as one JSON object: each ply (seat from 0, move,
best move, values before and after, loss, class, the places of the best
move for an arrow), the series of values over the game and the summary
per seat. A progress bar goes to stderr on a terminal; Ctrl-C stops the
review and prints the moves judged so far. See docs/analysis.md.`,
		Example: `  plateau play pogo --seat 1=random --seat 2=random --seed 3 --record game.txt
  plateau analyze-game game.txt --nodes 2000
  plateau analyze-game game.txt --nodes 2000 --json
  plateau analyze-game game.txt --agent medium --lang fr
  plateau play poldr --seat 1=random --seat 2=random --seed 1 --record poldr.txt
  plateau analyze-game poldr.txt --nodes 300`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) == 0:
				return usageErrorT(msgMissingRecord)
			case len(args) > 1:
				return usageErrorT(msgUnexpectedArg, args[1])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			if cmd.Flags().Changed("budget") && cmd.Flags().Changed("nodes") {
				return usageErrorT(msgReviewBudget)
			}
			if cmd.Flags().Changed("budget") && budget <= 0 {
				return usageErrorT(msgReviewTime, budget)
			}
			if cmd.Flags().Changed("nodes") && nodes <= 0 {
				return usageErrorT(msgReviewNodes, nodes)
			}
			path := args[0]
			rec, err := readRecord(cmd.InOrStdin(), path)
			if err != nil {
				return err
			}
			m, err := rec.Replay()
			if err != nil {
				return errorT(msgInFile, path, withLegalMoves(m, err))
			}
			v := m.Variant()
			opt := review.Options{Agent: agent, Time: budget, Nodes: nodes, Seed: seed}
			spec, _, err := review.Spec(v, opt)
			if err == nil {
				_, err = ai.NewAnalyser(spec, v, seed)
			}
			if err != nil {
				return usageErrorT(msgFlagError, "--agent", err)
			}
			if writerIsTerminal(cmd.ErrOrStderr()) {
				report, finish := newProgressIn(cmd.ErrOrStderr(), "analyze-game", false, lang)
				opt.Progress = report
				defer finish()
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			begin := time.Now()
			r, err := review.Game(ctx, m, opt)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				if err := writeJSON(out, r); err != nil {
					return err
				}
			} else {
				writeReview(out, v, m, r, lang)
			}
			if !r.Complete {
				return errorT(msgReviewCut, len(r.Plies), len(m.Moves()))
			}
			if !asJSON {
				fmt.Fprintln(cmd.ErrOrStderr(), tr(lang, msgReviewDone, len(r.Plies), time.Since(begin).Round(time.Millisecond)))
			}
			return nil
		},
	}
	cmd.Flags().DurationVar(&budget, "budget", 0, "thinking time per position, e.g. 1s (default: the judge's own budget)")
	cmd.Flags().Int64Var(&nodes, "nodes", 0, "positions (alpha-beta) or playouts (MCTS) per position: the same verdicts on every run")
	cmd.Flags().StringVar(&agent, "agent", "", "the judge: a level or a search spec (default: the POGO solution when there is one, else hard)")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the search (MCTS playouts)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the review as one JSON object")
	return cmd
}

// writeReview prints the review as two aligned tables, the plies and the
// summary per seat.
func writeReview(w io.Writer, v *game.Variant, m *game.Match, r *review.Review, lang string) {
	seatText := func(seat int) string { return tr(lang, msgReviewSeat, v.SeatName(seat, lang), seat+1) }
	fmt.Fprintln(w, tr(lang, msgReviewHead, r.Game, len(m.Moves()), agentName(r.Agent, lang)))
	if line := readingsLine(v, lang); line != "" {
		fmt.Fprintln(w, line)
	}
	if r.Exact {
		fmt.Fprintln(w, tr(lang, msgReviewExact))
	} else {
		fmt.Fprintln(w, tr(lang, msgReviewScale))
	}
	if len(m.Moves()) == 0 {
		fmt.Fprintln(w, tr(lang, msgReviewNoMoves))
		return
	}
	fmt.Fprintln(w)
	rows := [][]string{strings.Split(tr(lang, msgReviewColumns), "\t")}
	for _, p := range r.Plies {
		better := ""
		if p.Class != review.Best {
			better = p.Best
		}
		rows = append(rows, []string{strconv.Itoa(p.Ply), seatText(p.Seat), p.Move, p.Class.In(lang), better, p.Before.In(lang), p.After.In(lang)})
	}
	writeColumns(w, rows, map[int]bool{0: true})
	if n := len(r.Series); r.Complete && n > 0 {
		last := r.Series[n-1]
		msg := msgReviewLast
		if m.Outcome().Ended() {
			msg = msgReviewEnd
		}
		fmt.Fprintln(w, tr(lang, msg, last.Value.In(lang), seatText(last.Seat)))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, tr(lang, msgReviewSummary))
	rows = [][]string{strings.Split(tr(lang, msgReviewSumCols), "\t")}
	for _, s := range r.Seats {
		row := []string{seatText(s.Seat), strconv.Itoa(s.Moves)}
		for _, c := range review.Classes {
			row = append(row, strconv.Itoa(s.Counts.Of(c)))
		}
		rows = append(rows, append(row, fmt.Sprintf("%.3f", s.AverageLoss)))
	}
	writeColumns(w, rows, map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true})
}

// writeColumns prints rows as columns two spaces apart, widths counted in
// characters; the columns of right are aligned on the right.
func writeColumns(w io.Writer, rows [][]string, right map[int]bool) {
	var width []int
	for _, row := range rows {
		for i, c := range row {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, c := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if right[i] {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
			if i < len(row)-1 {
				b.WriteString("  ")
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}
