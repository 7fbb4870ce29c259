package cli

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/analysis"
	"github.com/plateau-games/plateau/game"
)

var (
	msgLabNoVary        = game.Text{EN: "give at least one --vary OPTION=V1,V2 (the options of %s: %s)", FR: "donnez au moins un --vary OPTION=V1,V2 (les options de %s : %s)"}
	msgLabVaryFlag      = game.Text{EN: "--vary %q: %v", FR: "--vary %q : %v"}
	msgLabRanking       = game.Text{EN: "Ranking (lowest score first; score = balance gap + draw rate):", FR: "Classement (la note la plus basse d'abord ; note = écart à l'équilibre + taux de nulles) :"}
	msgLabReadings      = game.Text{EN: "Readings:", FR: "Lectures :"}
	msgLabReportWritten = game.Text{EN: "report written to %s (plots %s, %s, %s, %s)", FR: "rapport écrit dans %s (graphiques %s, %s, %s, %s)"}
)

func newLabCommand() *cobra.Command {
	var (
		vf       variantFlags
		seed     seedFlag
		vary     []string
		agent    string
		games    int
		out      string
		plots    string
		parallel int
		openings int
		asJSON   bool
	)
	cmd := &cobra.Command{
		Use:   "lab GAME --vary OPTION=V1,V2 [--vary ...]",
		Short: "Measure the readings of a game's rules side by side, and rank them",
		Long: `Play self-play games of every reading of GAME, one per combination of the
values of the --vary flags (over the options of --opt), with the same
computer player on every seat (the hard level by default), and report
what designers measure: balance (each seat's win rate with a 95% Wilson
interval, and the side farthest from an even share of the decided games),
decisiveness (the draw rate), duration (plies: mean, spread, distribution),
drama (how often the side the game's evaluation has ahead changes during a
game), the branching factor over the game, passes and stalemates (forced
passes, games ended because players could not move).

The readings are ranked by score = balance gap + draw rate, lowest first.
Each game starts with --openings random plies (default 2) so that games
differ; the figures depend only on the seed, not on --parallel. With --out
the report is written as Markdown (.md) or HTML (.html), with its plots
next to it as SVG or PNG files (--plots).`,
		Example: `  plateau lab poldr --vary size=6,7 --agent random --games 20 --seed 1
  plateau lab pods --vary level=basic,advanced --agent easy --games 10 --seed 1 --out pods.md`,
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
			g, err := game.Lookup(args[0])
			if err != nil {
				return err
			}
			if len(vary) == 0 {
				var names []string
				for _, o := range g.Options {
					names = append(names, fmt.Sprintf("%q", o.Name))
				}
				return usageErrorT(msgLabNoVary, g.ID, strings.Join(names, ", "))
			}
			base, err := game.ParseOptions(vf.opts...)
			if err != nil {
				return usageErrorT(msgFlagError, "--opt", err)
			}
			var varies []analysis.Vary
			for _, s := range vary {
				vr, err := analysis.ParseVary(s)
				if err != nil {
					return usageErrorT(msgLabVaryFlag, s, err)
				}
				varies = append(varies, vr)
			}
			readings, err := analysis.Readings(g.ID, base, varies)
			if err != nil {
				return usageErrorT(msgFlagError, "--vary", err)
			}
			s := seed.value(cmd)
			var configs []analysis.Config
			for _, r := range readings {
				configs = append(configs, analysis.Config{Variant: r.Variant, Label: r.Label, Agent: agent, Games: games, Seed: s, Parallel: parallel, Openings: openings})
			}
			stats, err := runAnalyses(cmd, lang, configs)
			if err != nil {
				return err
			}
			var plotFiles *analysis.Plots
			if out != "" {
				p, err := analysis.WriteLabReport(out, stats, plots)
				if err != nil {
					return errorT(msgWritingReport, err)
				}
				plotFiles = &p
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), struct {
					Seed     uint64            `json:"seed"`
					Ranking  []analysis.Ranked `json:"ranking"`
					Readings []*analysis.Stats `json:"readings"`
					Report   string            `json:"report,omitempty"`
					Plots    *analysis.Plots   `json:"plots,omitempty"`
				}{s, analysis.Rank(stats), stats, out, plotFiles})
			}
			w := cmd.OutOrStdout()
			fmt.Fprintln(w, tr(lang, msgSeedLine, s))
			fmt.Fprintln(w, tr(lang, msgLabRanking))
			rh, rr := analysis.RankingTableIn(stats, lang)
			printTable(w, rh, rr)
			fmt.Fprintln(w)
			fmt.Fprintln(w, tr(lang, msgLabReadings))
			lh, lr := analysis.LabTableIn(stats, lang)
			printTable(w, lh, lr)
			if out != "" {
				fmt.Fprintln(w, tr(lang, msgLabReportWritten, out, plotFiles.Readings, plotFiles.Lengths, plotFiles.Branching, plotFiles.WinRates))
			}
			return nil
		},
	}
	vf.register(cmd, false)
	seed.register(cmd)
	cmd.Flags().StringArrayVar(&vary, "vary", nil, "an option and the values to try, as name=v1,v2 (repeatable: every combination is a reading)")
	cmd.Flags().StringVar(&agent, "agent", "hard", "the computer player on every seat (see 'plateau play --help' for specs)")
	cmd.Flags().IntVar(&games, "games", 20, "games per reading")
	cmd.Flags().StringVar(&out, "out", "", "write a report to this file (.md or .html), with its plots next to it")
	cmd.Flags().StringVar(&plots, "plots", "svg", "format of the plot files: svg or png")
	cmd.Flags().IntVar(&parallel, "parallel", 0, "games played at once (0: one per CPU)")
	cmd.Flags().IntVar(&openings, "openings", 2, "uniformly random plies before the computer players play, so that games vary (0: none)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the statistics and the ranking as one JSON object")
	return cmd
}

// printTable prints a header and rows as aligned text.
func printTable(w io.Writer, header []string, rows [][]string) {
	width := make([]int, len(header))
	for _, row := range append([][]string{header}, rows...) {
		for i, c := range row {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	for _, row := range append([][]string{header}, rows...) {
		for i, c := range row {
			fmt.Fprintf(w, "%-*s", width[i]+2, c)
		}
		fmt.Fprintln(w)
	}
}
