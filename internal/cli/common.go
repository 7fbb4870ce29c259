package cli

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
)

// variantFlags are the --opt and --position flags of the commands that set
// up a game.
type variantFlags struct {
	opts     []string
	position string
}

const (
	optUsage      = "game option as name=value (repeatable), e.g. --opt players=3"
	positionUsage = "start from this position text (as printed by 'replay --json') instead of the start position"
)

func (f *variantFlags) register(cmd *cobra.Command, withPosition bool) {
	cmd.Flags().StringArrayVar(&f.opts, "opt", nil, optUsage)
	if withPosition {
		cmd.Flags().StringVar(&f.position, "position", "", positionUsage)
	}
}

// variant resolves the game id and the options.
func (f *variantFlags) variant(id string) (*game.Variant, error) {
	opts, err := game.ParseOptions(startOpts(f.opts)...)
	if err != nil {
		return nil, err
	}
	return game.NewVariant(id, opts)
}

// start resolves the variant and its start position.
func (f *variantFlags) start(id string) (*game.Variant, game.State, error) {
	v, err := f.variant(id)
	if err != nil {
		return nil, nil, err
	}
	s, err := v.Position(f.position)
	if err != nil {
		return nil, nil, errorT(msgPositionFlag, err)
	}
	return v, s, nil
}

// seedFlag is the --seed flag of the commands that play random moves.
type seedFlag struct{ seed uint64 }

func (f *seedFlag) register(cmd *cobra.Command) {
	cmd.Flags().Uint64Var(&f.seed, "seed", 0, "seed of the random moves (default: from the clock, and printed)")
}

// value is the seed given, or one from the clock: random players should
// differ from run to run unless asked to repeat a run.
func (f *seedFlag) value(cmd *cobra.Command) uint64 {
	if cmd.Flags().Changed("seed") {
		return f.seed
	}
	return uint64(time.Now().UnixNano())
}

// newRNG is the generator of every random move of the command line, so
// that one seed always gives the same moves.
func newRNG(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

// legalNotations lists the moves legal in m (none once it is over).
func legalNotations(m *game.Match) []string {
	moves := m.LegalMoves(nil)
	out := make([]string, len(moves))
	for i, mv := range moves {
		out[i] = m.State().MoveString(mv)
	}
	return out
}

// perSecond is a rate for reports; a run too short to time counts as one
// nanosecond rather than dividing by zero.
func perSecond(n float64, d time.Duration) float64 {
	return n / max(d, time.Nanosecond).Seconds()
}

// writeJSON prints v as indented JSON, the --json output of the commands.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
