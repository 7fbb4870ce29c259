package cli

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

func newArenaCommand() *cobra.Command {
	var vf variantFlags
	var sf seedFlag
	var agents, sprtText string
	var games, openings, parallel int
	var asCSV, asJSON, progress bool
	cmd := &cobra.Command{
		Use:   "arena GAME --agents A,B[,C...]",
		Short: "Play a tournament between computer players and rate them",
		Long: `Play a tournament between computer players and print who won, with Elo
differences and their 95% intervals.

Who meets whom:
  two-player games      every pair of agents plays --games games, the agents
                        taking both seats in turn;
  3-4 players, as many  one table, the agents going through every seating
  agents as seats       (6 with 3 players, 24 with 4) in turn;
  more agents than      every group of as many agents as seats, each as
  seats                 above;
  fewer agents than     one table, the agents taking the seats in rotation
  seats                 (2 agents in 4 seats: A B A B, then B A B A, which
                        gives each agent one team in team games).
Give --games as a multiple of the number of seatings for balanced tables.
Each game starts with --openings uniformly random plies (default 2), each
opening played once from every seating, so that deterministic agents do not
repeat one game.

--agents is a comma-separated list of agent specs (random, easy, medium,
hard, max, mcts:..., alphabeta:..., engine:...). Commas also separate the
parameters of an agent: an item of the form key=value continues the agent
before it, so "mcts:iterations=100,threads=1,random" is two agents. An
engine spec (engine:[time=D] PROGRAM [ARGS]) runs to the next comma; quote
arguments that hold commas or spaces with '...' or "...".

Results. In games of three or four, agent A beats agent B in a game when
the seats of A got a higher reward (win 1, draw 1/2, loss 0). The score is
(wins + draws/2)/games; the Elo difference is −400·log10(1/score − 1), and
its 95% interval comes from score ± 1.96·σ/√n, with σ² the variance of one
game's result under the trinomial model (the observed win, draw and loss
frequencies), converted to Elo; "inf" marks an unbounded end (a side that
won every game). The agents' table adds each agent's games by seat and its
Elo against all the agents it met.

--sprt elo0,elo1[,alpha,beta] runs a sequential probability ratio test on
each pair (H0: the first agent is elo0 stronger than the second, H1: elo1;
alpha and beta default to 0.05) and stops a pair when the log-likelihood
ratio crosses ln(beta/(1-alpha)) (H0 accepted) or ln((1-beta)/alpha) (H1
accepted). The LLR is the normal approximation of the generalised SPRT.

Games run --parallel at a time (default: one per core); each game builds
its own agents. With iteration or depth budgets the results depend only on
--seed, not on --parallel (give mcts threads=N for the same moves on every
machine). --csv and --json print every game and the summary for programs;
a progress bar goes to stderr when it is a terminal, or with --progress;
otherwise a line every 30 seconds says how many games are done and the time left.`,
		Example: `  plateau arena pogo --agents easy,random --games 20 --seed 1
  plateau arena pogo --agents mcts:time=200ms,random --games 4 --parallel 2
  plateau arena alignement --agents medium,easy,random --games 4 --json
  plateau arena pogo --agents medium,easy --games 400 --sprt 0,100 --progress
  plateau arena poldr --opt players=3 --agents medium,easy,random --games 6
  plateau arena pogo --agents 'engine:time=200ms plateau engine,random' --games 2`,
		Args: argsGame(nil, false),
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			if asCSV && asJSON {
				return usageErrorT(msgCSVorJSON)
			}
			if games < 1 {
				return usageErrorT(msgArenaGames, games)
			}
			if openings < 0 {
				return usageErrorT(msgBadOpenings, openings)
			}
			if parallel < 1 {
				return usageErrorT(msgArenaParallel, parallel)
			}
			specs, err := splitAgents(agents)
			if err != nil {
				return usageErrorT(msgFlagError, "--agents", err)
			}
			v, err := vf.variant(args[0])
			if err != nil {
				return err
			}
			cfg := ai.ArenaConfig{Variant: v, Specs: specs, Games: games, Opening: openings, Seed: sf.value(cmd), Parallel: parallel}
			if sprtText != "" {
				t, err := ai.ParseSPRT(sprtText)
				if err != nil {
					return usageErrorT(msgFlagError, "--sprt", err)
				}
				cfg.SPRT = &t
			}
			if _, err := ai.ArenaTables(v.Players, len(specs)); err != nil {
				return &usageError{err}
			}
			report, finish := newProgressIn(cmd.ErrOrStderr(), "arena", progress, lang)
			cfg.Progress = report
			defer finish()
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			begin := time.Now()
			res, err := ai.Arena(ctx, cfg)
			if err != nil {
				if ctx.Err() != nil && cmd.Context().Err() == nil {
					return errorT(msgInterrupted)
				}
				return err
			}
			out := cmd.OutOrStdout()
			switch {
			case asJSON:
				return writeJSON(out, arenaJSON(res, cfg))
			case asCSV:
				return writeArenaCSV(out, res)
			}
			writeArenaText(out, res, cfg, time.Since(begin), lang)
			return nil
		},
	}
	vf.register(cmd, false)
	sf.register(cmd)
	cmd.Flags().StringVar(&agents, "agents", "", "comma-separated agent specs, at least two (see the description)")
	cmd.Flags().IntVar(&games, "games", 20, "games per pair (per table in games of three or four)")
	cmd.Flags().IntVar(&openings, "openings", 2, "uniformly random plies at the start of each game")
	cmd.Flags().IntVar(&parallel, "parallel", runtime.NumCPU(), "games played at once")
	cmd.Flags().StringVar(&sprtText, "sprt", "", "stop a pair early by a sequential test: elo0,elo1[,alpha,beta]")
	cmd.Flags().BoolVar(&asCSV, "csv", false, "print the games and the summary as CSV")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the games and the summary as JSON")
	cmd.Flags().BoolVar(&progress, "progress", false, "show a progress bar on stderr even when it is not a terminal")
	_ = cmd.MarkFlagRequired("agents")
	return cmd
}

// writerIsTerminal reports whether w is a terminal (a character device).
func writerIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// splitAgents reads --agents: specs separated by commas outside quotes,
// where an item key=value continues the spec before it (mcts:a=1,b=2).
func splitAgents(s string) ([]string, error) {
	var items []string
	var cur strings.Builder
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == ',':
			items = append(items, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteRune(r)
	}
	if quote != 0 {
		return nil, errorT(msgUnclosedQuote, quote, game.Quote(s))
	}
	items = append(items, cur.String())
	var specs []string
	for _, item := range items {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, errorT(msgEmptyAgent, game.Quote(s))
		}
		if isParam(item) {
			if len(specs) == 0 {
				return nil, errorT(msgParamNotAgent, game.Quote(item))
			}
			last := specs[len(specs)-1]
			if strings.HasPrefix(strings.ToLower(last), "engine:") {
				return nil, errorT(msgParamAfterEng, game.Quote(item))
			}
			specs[len(specs)-1] = last + "," + item
			continue
		}
		specs = append(specs, item)
	}
	if len(specs) < 2 {
		return nil, errorT(msgTwoAgents)
	}
	return specs, nil
}

// isParam reports whether an item of --agents is key=value: a word of
// letters before "=" (an agent name is followed by ":" instead).
func isParam(item string) bool {
	k, _, ok := strings.Cut(item, "=")
	if !ok || k == "" {
		return false
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_') {
			return false
		}
	}
	return true
}

// eloText writes an Elo difference, "+inf" or "-inf" when unbounded.
func eloText(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

func writeArenaText(w io.Writer, res *ai.ArenaResult, cfg ai.ArenaConfig, took time.Duration, lang string) {
	plies := 0
	for _, g := range res.Games {
		plies += len(g.Moves)
	}
	fmt.Fprintln(w, tr(lang, msgArenaHead,
		res.Variant, len(res.Specs), len(res.Tables), len(res.Games), float64(plies)/float64(max(len(res.Games), 1)), cfg.Opening, cfg.Seed, cfg.Parallel, took.Round(time.Second)))
	if res.SPRT != nil {
		lo, hi := res.SPRT.Bounds()
		fmt.Fprintln(w, tr(lang, msgArenaSPRT, res.SPRT.Elo0, res.SPRT.Elo1, res.SPRT.Alpha, res.SPRT.Beta, lo, hi))
	}
	fmt.Fprintln(w, "\n"+msgArenaPairs.In(lang))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := msgArenaPairsHead.In(lang)
	if res.SPRT != nil {
		head += msgArenaSPRTHead.In(lang)
	}
	fmt.Fprintln(tw, head)
	for _, p := range res.Pairs {
		line := fmt.Sprintf("  %s\t%s\t%d\t%d\t%d\t%d\t%.1f%%\t%s\t[%s, %s]", res.Specs[p.A], res.Specs[p.B], p.WDL.N(), p.WDL.W, p.WDL.D, p.WDL.L, 100*p.WDL.Score(), eloText(p.Elo.Elo), eloText(p.Elo.Low), eloText(p.Elo.High))
		if res.SPRT != nil {
			verdict := msgNoDecision.In(lang)
			switch p.Verdict {
			case ai.AcceptH0:
				verdict = msgH0Accepted.In(lang)
			case ai.AcceptH1:
				verdict = msgH1Accepted.In(lang)
			}
			if p.Stopped {
				verdict += tr(lang, msgStoppedAfter, p.WDL.N())
			}
			line += fmt.Sprintf("\t%.3f\t%s", p.LLR, verdict)
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	fmt.Fprintln(w, "\n"+msgArenaAgents.In(lang))
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, msgArenaAgentsHead.In(lang))
	for _, a := range res.Agents {
		perMove := time.Duration(0)
		if a.Moves > 0 {
			perMove = a.Thinking / time.Duration(a.Moves)
		}
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%d\t%d\t%.1f%%\t%.1f%%\t%s\t[%s, %s]\t%v\n", a.Spec, a.Seats, a.Wins, a.Draws, a.Losses, 100*a.Score(), 100*a.VsField.Score(), eloText(a.Elo.Elo), eloText(a.Elo.Low), eloText(a.Elo.High), perMove.Round(time.Microsecond))
	}
	tw.Flush()
}

// jsonElo is an Elo value for JSON, which has no infinity: null stands for
// an unbounded value (its sign follows from the score).
func jsonElo(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	r := math.Round(x*10) / 10
	return &r
}

type arenaJSONGame struct {
	Table   int       `json:"table"`
	Game    int       `json:"game"`
	Opening int       `json:"opening"`
	Seats   []string  `json:"seats"`
	Status  string    `json:"status"`
	Winners []int     `json:"winners"`
	Scores  []int     `json:"scores"`
	Rewards []float64 `json:"rewards"`
	Reason  string    `json:"reason"`
	Plies   int       `json:"plies"`
	Moves   []string  `json:"moves"`
}

type arenaJSONRecord struct {
	Agent    string   `json:"agent"`
	Opponent string   `json:"opponent,omitempty"`
	Games    int      `json:"games"`
	Wins     int      `json:"wins"`
	Draws    int      `json:"draws"`
	Losses   int      `json:"losses"`
	Score    float64  `json:"score"`
	Elo      *float64 `json:"elo"`
	EloLow   *float64 `json:"elo_low"`
	EloHigh  *float64 `json:"elo_high"`
	LLR      *float64 `json:"llr,omitempty"`
	Verdict  string   `json:"sprt,omitempty"`
	Stopped  bool     `json:"stopped,omitempty"`
	// Agents only: games by seat and mean reward.
	Seats      int     `json:"seats,omitempty"`
	SeatWins   int     `json:"seat_wins,omitempty"`
	SeatDraws  int     `json:"seat_draws,omitempty"`
	SeatLosses int     `json:"seat_losses,omitempty"`
	Points     float64 `json:"points,omitempty"`
	MsPerMove  float64 `json:"ms_per_move,omitempty"`
}

type arenaJSONSPRT struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	Lower float64 `json:"lower"`
	Upper float64 `json:"upper"`
}

type arenaJSONResult struct {
	Game         string            `json:"game"`
	Options      game.Options      `json:"options"`
	Agents       []string          `json:"agents"`
	GamesPerPair int               `json:"games_per_table"`
	OpeningPlies int               `json:"opening_plies"`
	Seed         uint64            `json:"seed"`
	SPRT         *arenaJSONSPRT    `json:"sprt,omitempty"`
	Games        []arenaJSONGame   `json:"games"`
	Pairs        []arenaJSONRecord `json:"pairs"`
	Standings    []arenaJSONRecord `json:"standings"`
}

func arenaJSON(res *ai.ArenaResult, cfg ai.ArenaConfig) arenaJSONResult {
	out := arenaJSONResult{Game: res.Variant.Game.ID, Options: res.Variant.Options, Agents: res.Specs, GamesPerPair: cfg.Games, OpeningPlies: cfg.Opening, Seed: cfg.Seed,
		Games: []arenaJSONGame{}, Pairs: []arenaJSONRecord{}, Standings: []arenaJSONRecord{}}
	if res.SPRT != nil {
		lo, hi := res.SPRT.Bounds()
		out.SPRT = &arenaJSONSPRT{res.SPRT.Elo0, res.SPRT.Elo1, res.SPRT.Alpha, res.SPRT.Beta, lo, hi}
	}
	for _, g := range res.Games {
		jg := arenaJSONGame{Table: g.Table + 1, Game: g.Game + 1, Opening: g.Opening + 1, Status: g.Outcome.Status.String(), Winners: []int{},
			Scores: g.Outcome.Scores[:res.Variant.Players], Rewards: g.Rewards, Reason: g.Outcome.Reason, Plies: len(g.Moves), Moves: g.Moves}
		for _, a := range g.Seats {
			jg.Seats = append(jg.Seats, res.Specs[a])
		}
		for _, seat := range g.Outcome.WinnerSeats() {
			jg.Winners = append(jg.Winners, seat+1)
		}
		out.Games = append(out.Games, jg)
	}
	record := func(agent string, r ai.WDL, e ai.EloEstimate) arenaJSONRecord {
		return arenaJSONRecord{Agent: agent, Games: r.N(), Wins: r.W, Draws: r.D, Losses: r.L, Score: r.Score(), Elo: jsonElo(e.Elo), EloLow: jsonElo(e.Low), EloHigh: jsonElo(e.High)}
	}
	for _, p := range res.Pairs {
		jr := record(res.Specs[p.A], p.WDL, p.Elo)
		jr.Opponent = res.Specs[p.B]
		if res.SPRT != nil {
			llr := p.LLR
			jr.LLR, jr.Verdict, jr.Stopped = &llr, p.Verdict.String(), p.Stopped
		}
		out.Pairs = append(out.Pairs, jr)
	}
	for _, a := range res.Agents {
		jr := record(a.Spec, a.VsField, a.Elo)
		jr.Seats, jr.SeatWins, jr.SeatDraws, jr.SeatLosses, jr.Points = a.Seats, a.Wins, a.Draws, a.Losses, a.Score()
		if a.Moves > 0 {
			jr.MsPerMove = float64(a.Thinking.Microseconds()) / 1000 / float64(a.Moves)
		}
		out.Standings = append(out.Standings, jr)
	}
	return out
}

// writeArenaCSV writes two CSV tables separated by an empty line: the
// games, then the summary (one row per pair, then one per agent).
func writeArenaCSV(w io.Writer, res *ai.ArenaResult) error {
	cw := csv.NewWriter(w)
	head := []string{"table", "game", "opening"}
	for s := 1; s <= res.Variant.Players; s++ {
		head = append(head, "seat"+strconv.Itoa(s))
	}
	head = append(head, "status", "winners", "scores", "reason", "plies", "moves")
	cw.Write(head)
	for _, g := range res.Games {
		row := []string{strconv.Itoa(g.Table + 1), strconv.Itoa(g.Game + 1), strconv.Itoa(g.Opening + 1)}
		for _, a := range g.Seats {
			row = append(row, res.Specs[a])
		}
		var winners, scores []string
		for _, seat := range g.Outcome.WinnerSeats() {
			winners = append(winners, strconv.Itoa(seat+1))
		}
		for seat := 0; seat < res.Variant.Players; seat++ {
			scores = append(scores, strconv.Itoa(g.Outcome.Scores[seat]))
		}
		row = append(row, g.Outcome.Status.String(), strings.Join(winners, " "), strings.Join(scores, " "), g.Outcome.Reason, strconv.Itoa(len(g.Moves)), strings.Join(g.Moves, " "))
		cw.Write(row)
	}
	cw.Flush()
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	cw.Write([]string{"kind", "agent", "opponent", "games", "wins", "draws", "losses", "score", "elo", "elo_low", "elo_high", "llr", "sprt"})
	row := func(kind, a, b string, r ai.WDL, e ai.EloEstimate, llr, verdict string) {
		cw.Write([]string{kind, a, b, strconv.Itoa(r.N()), strconv.Itoa(r.W), strconv.Itoa(r.D), strconv.Itoa(r.L),
			strconv.FormatFloat(r.Score(), 'f', 4, 64), eloText(e.Elo), eloText(e.Low), eloText(e.High), llr, verdict})
	}
	for _, p := range res.Pairs {
		llr, verdict := "", ""
		if res.SPRT != nil {
			llr, verdict = strconv.FormatFloat(p.LLR, 'f', 3, 64), p.Verdict.String()
		}
		row("pair", res.Specs[p.A], res.Specs[p.B], p.WDL, p.Elo, llr, verdict)
	}
	for _, a := range res.Agents {
		row("agent", a.Spec, "", a.VsField, a.Elo, "", "")
	}
	cw.Flush()
	return cw.Error()
}
