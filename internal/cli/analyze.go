package cli

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/analysis"
	"github.com/plateau-games/plateau/game"
)

func newAnalyzeCommand() *cobra.Command {
	var (
		vf       variantFlags
		seed     seedFlag
		agent    string
		games    int
		compare  []string
		out      string
		plots    string
		parallel int
		openings int
		asJSON   bool
	)
	cmd := &cobra.Command{
		Use:   "analyze GAME",
		Short: "Self-play statistics of a game and its variants, with plots",
		Long: `Play many games of GAME with the same computer player on every seat and
report what a designer wants to know: game length (plies), branching factor
(legal moves per position, and its mean by ply), each seat's win rate with a
95% Wilson interval (seat 1 moves first), the draw rate, why the games
ended and how often players passed.

--compare runs one variant per value, each made of --opt and the compared
options (which win), and shows them side by side, one column each. With
--out the report is written as Markdown (.md) or HTML (.html), with its
plots (game length histogram, branching factor by ply, win rates with
error bars) next to it as SVG or PNG files (--plots). Games run in parallel
(--parallel, default one per CPU); the results depend only on the seed.

Each game starts with --openings uniformly random plies (default 2, drawn
from the seed), so that a deterministic player does not play the same game
over and over; the report says how many different games were played, and
a warning says when some were the same.`,
		Example: `  plateau analyze pogo --agent random --games 500
  plateau analyze poldr --compare size=6 --compare size=7 --agent random --games 200 --out report.md
  plateau analyze empire --opt players=4 --compare teams=false --compare teams=true --games 50 --out empire.html --plots png
  plateau analyze pogo --agent easy --games 100 --seed 1 --json`,
		Args: argsGame(nil, false),
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			if games < 1 {
				return usageErrorT(msgAnalyzeGames, games)
			}
			if parallel < 0 {
				return usageErrorT(msgAnalyzeParallel, parallel)
			}
			if openings < 0 {
				return usageErrorT(msgBadOpenings, openings)
			}
			if parallel == 0 {
				parallel = runtime.NumCPU()
			}
			plots = strings.ToLower(plots)
			if plots != "svg" && plots != "png" {
				return usageErrorT(msgBadPlots, plots)
			}
			if out != "" {
				ext := strings.ToLower(out[strings.LastIndex(out, ".")+1:])
				if !strings.Contains(out, ".") || (ext != "md" && ext != "markdown" && ext != "html" && ext != "htm") {
					return usageErrorT(msgBadOut, out)
				}
			}
			base, err := game.ParseOptions(vf.opts...)
			if err != nil {
				return usageErrorT(msgFlagError, "--opt", err)
			}
			if len(compare) == 0 {
				compare = []string{""}
			}
			s := seed.value(cmd)
			var configs []analysis.Config
			for _, c := range compare {
				extra, err := game.ParseOptions(c)
				if err != nil {
					return usageErrorT(msgCompareFlag, c, err)
				}
				opts := game.Options{}
				for k, v := range base {
					opts[k] = v
				}
				for k, v := range extra {
					opts[k] = v
				}
				v, err := game.NewVariant(args[0], opts)
				if err != nil {
					return err
				}
				label := extra.String()
				if label == "" {
					label = v.String()
				}
				configs = append(configs, analysis.Config{Variant: v, Label: label, Agent: agent, Games: games, Seed: s, Parallel: parallel, Openings: openings})
			}
			stats, err := runAnalyses(cmd, lang, configs)
			if err != nil {
				return err
			}
			var plotFiles *analysis.Plots
			if out != "" {
				p, err := analysis.WriteReport(out, stats, plots)
				if err != nil {
					return errorT(msgWritingReport, err)
				}
				plotFiles = &p
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), struct {
					Seed     uint64            `json:"seed"`
					Variants []*analysis.Stats `json:"variants"`
					Report   string            `json:"report,omitempty"`
					Plots    *analysis.Plots   `json:"plots,omitempty"`
				}{s, stats, out, plotFiles})
			}
			printAnalysis(cmd.OutOrStdout(), s, stats, lang)
			if out != "" {
				fmt.Fprintln(cmd.OutOrStdout(), tr(lang, msgReportWritten, out, plotFiles.Lengths, plotFiles.Branching, plotFiles.WinRates))
			}
			return nil
		},
	}
	vf.register(cmd, false)
	seed.register(cmd)
	cmd.Flags().StringVar(&agent, "agent", "random", "the computer player on every seat (see 'plateau play --help' for specs)")
	cmd.Flags().IntVar(&games, "games", 100, "games per variant")
	cmd.Flags().StringArrayVar(&compare, "compare", nil, "a variant to compare, as options name=value[,name=value] over --opt (repeatable)")
	cmd.Flags().StringVar(&out, "out", "", "write a report to this file (.md or .html), with its plots next to it")
	cmd.Flags().StringVar(&plots, "plots", "svg", "format of the plot files: svg or png")
	cmd.Flags().IntVar(&parallel, "parallel", 0, "games played at once (0: one per CPU)")
	cmd.Flags().IntVar(&openings, "openings", 2, "uniformly random plies before the computer players play, so that games vary (0: none)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the statistics as one JSON object")
	return cmd
}

// printAnalysis prints the summary table as aligned text.
func printAnalysis(w io.Writer, seed uint64, stats []*analysis.Stats, lang string) {
	header, rows := analysis.TableIn(stats, lang)
	width := make([]int, len(header))
	for _, row := range append([][]string{header}, rows...) {
		for i, c := range row {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	line := func(row []string) {
		for i, c := range row {
			fmt.Fprintf(w, "%-*s", width[i]+2, c)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, tr(lang, msgSeedLine, seed))
	line(header)
	for _, row := range rows {
		line(row)
	}
}

// runAnalyses plays the self-play games of each configuration in turn, with
// a progress bar and a closing line each (plateau analyze and plateau lab).
func runAnalyses(cmd *cobra.Command, lang string, configs []analysis.Config) ([]*analysis.Stats, error) {
	var stats []*analysis.Stats
	for _, c := range configs {
		begin := time.Now()
		report, finish := newProgressIn(cmd.ErrOrStderr(), c.Label, false, lang)
		c.Progress = report
		st, err := analysis.Run(cmd.Context(), c)
		finish()
		if err != nil {
			return nil, err
		}
		fmt.Fprintln(cmd.ErrOrStderr(), tr(lang, msgAnalyzeDone, c.Label, c.Games, time.Since(begin).Round(time.Millisecond)))
		if st.Distinct < st.Games {
			fmt.Fprintln(cmd.ErrOrStderr(), tr(lang, msgAnalyzeSame, c.Label, st.Distinct, st.Games))
		}
		stats = append(stats, st)
	}
	return stats, nil
}
