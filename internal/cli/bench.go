package cli

import (
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
)

// playoutBufSize is the move buffer of the playouts: large enough for the
// widest position of any game, so that the buffer never grows (and
// allocates) inside the measured loop.
const playoutBufSize = 4096

func newBenchCommand(a *app) *cobra.Command {
	var vf variantFlags
	var sf seedFlag
	var seconds float64
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "bench GAME",
		Short: "Measure the speed of random playouts",
		Long: `Play random games (uniformly random legal moves, with the repetition and ply
limit rules) from the start position on one goroutine, as fast as the rules
engine allows, and report the speed.

A warm-up of a tenth of the time (at least 0.2 s) comes first and is not
counted. Then for --seconds it prints the number of games, of plies (moves),
playouts per second, moves per second, the mean game length in plies and how
the games ended. --json prints the same as one JSON object.`,
		Example: `  plateau bench pogo --seconds 1
  plateau bench pogo --seconds 1 --seed 1 --json`,
		Args: argsGame(nil, false),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !(seconds > 0 && seconds <= 24*3600) {
				return usageErrorT(msgBadSeconds, seconds)
			}
			v, err := vf.variant(args[0])
			if err != nil {
				return err
			}
			seed := sf.value(cmd)
			b := newBencher(v, seed)
			measure := time.Duration(seconds * float64(time.Second))
			warmUp := max(measure/10, 200*time.Millisecond)
			b.run(warmUp)
			res := b.run(measure)
			res.Seed, res.WarmUpSeconds = seed, warmUp.Seconds()
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), res)
			}
			res.print(cmd.OutOrStdout(), v, a.lang)
			return nil
		},
	}
	vf.register(cmd, false)
	sf.register(cmd)
	cmd.Flags().Float64Var(&seconds, "seconds", 3, "how long to measure, in seconds, after the warm-up")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the results as one JSON object")
	return cmd
}

// bencher plays playouts with scratch space reused from one to the next.
type bencher struct {
	v     *game.Variant
	start game.State
	rng   *rand.Rand
	buf   []game.Move
	rep   *game.RepetitionTable
}

func newBencher(v *game.Variant, seed uint64) *bencher {
	b := &bencher{v: v, start: v.Start(), rng: newRNG(seed), buf: make([]game.Move, 0, playoutBufSize)}
	if v.Repetition > 0 {
		b.rep = game.NewRepetitionTable(max(v.PlyLimit, 1024))
	}
	return b
}

// endKey groups the playouts by how they ended.
type endKey struct {
	status  game.Status
	winners uint8
	reason  string
}

// run plays playouts for about d and counts them. The loop does nothing
// per move but game.Playout: one Clone per game, one clock reading per
// game, and a map update whose key already exists after the first games.
func (b *bencher) run(d time.Duration) benchResult {
	ends := map[endKey]int{}
	var games, plies int
	begin := time.Now()
	deadline := begin.Add(d)
	var now time.Time
	for now = begin; now.Before(deadline); now = time.Now() {
		o, n := game.Playout(b.start.Clone(), b.rng, b.buf, b.rep)
		games++
		plies += n
		ends[endKey{o.Status, o.Winners, o.Reason}]++
	}
	took := now.Sub(begin)
	res := benchResult{
		Game:              b.v.Game.ID,
		Options:           b.v.Options,
		Seconds:           took.Seconds(),
		Games:             games,
		Plies:             plies,
		PlayoutsPerSecond: perSecond(float64(games), took),
		MovesPerSecond:    perSecond(float64(plies), took),
		MeanLength:        float64(plies) / float64(max(games, 1)),
		Results:           []benchEnd{},
	}
	for k, n := range ends {
		end := benchEnd{
			Status:  k.status.String(),
			Reason:  k.reason,
			Winners: []int{},
			Count:   n,
			outcome: game.Outcome{Status: k.status, Winners: k.winners, Reason: k.reason},
		}
		for _, seat := range end.outcome.WinnerSeats() {
			end.Winners = append(end.Winners, seat+1)
		}
		res.Results = append(res.Results, end)
	}
	// Most frequent first; the rest only makes the order stable.
	sort.Slice(res.Results, func(i, j int) bool {
		oi, oj := res.Results[i].outcome, res.Results[j].outcome
		switch {
		case res.Results[i].Count != res.Results[j].Count:
			return res.Results[i].Count > res.Results[j].Count
		case oi.Status != oj.Status:
			return oi.Status < oj.Status
		case oi.Winners != oj.Winners:
			return oi.Winners < oj.Winners
		}
		return oi.Reason < oj.Reason
	})
	return res
}

// benchResult is bench's report; its JSON form is the --json output.
type benchResult struct {
	Game              string       `json:"game"`
	Options           game.Options `json:"options"`
	Seed              uint64       `json:"seed"`
	WarmUpSeconds     float64      `json:"warmup_seconds"`
	Seconds           float64      `json:"seconds"`
	Games             int          `json:"games"`
	Plies             int          `json:"plies"`
	PlayoutsPerSecond float64      `json:"playouts_per_second"`
	MovesPerSecond    float64      `json:"moves_per_second"`
	MeanLength        float64      `json:"mean_length"`
	// Results counts the games by how they ended, most frequent first.
	Results []benchEnd `json:"results"`
}

// benchEnd is one way the games ended and how many did.
type benchEnd struct {
	Status  string `json:"status"`
	Winners []int  `json:"winners"` // seats numbered from 1
	Reason  string `json:"reason"`
	Count   int    `json:"count"`

	outcome game.Outcome // for the text report
}

func (r benchResult) print(out io.Writer, v *game.Variant, lang string) {
	fmt.Fprintln(out, tr(lang, msgBenchHead, v, r.Seed, r.Seconds, r.WarmUpSeconds))
	fmt.Fprintln(out, tr(lang, msgBenchGames, r.Games))
	fmt.Fprintln(out, tr(lang, msgBenchPlies, r.Plies))
	fmt.Fprintln(out, tr(lang, msgBenchRate, r.PlayoutsPerSecond))
	fmt.Fprintln(out, tr(lang, msgBenchMoves, r.MovesPerSecond))
	fmt.Fprintln(out, tr(lang, msgBenchLength, r.MeanLength))
	fmt.Fprintln(out, msgBenchResults.In(lang))
	for _, end := range r.Results {
		fmt.Fprintf(out, "  %6d  %5.1f%%  %s\n", end.Count, 100*float64(end.Count)/float64(max(r.Games, 1)), describeEnd(v, end.outcome, lang))
	}
}
