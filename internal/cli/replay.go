package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
)

func newReplayCommand(a *app) *cobra.Command {
	var mf matchFlags
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "replay [GAME] [MOVE...]",
		Short: "Play moves from a record or the command line and show the position",
		Long: `Play the moves of a game record (--record FILE, or - for standard input), then
the moves given on the command line, checking each one, and print the board
and the status: whose turn it is, or how the game ended. Repetition and the
ply limit apply, as in a real game.

Without --record, the game starts from its start position, or from --position,
with the options given by --opt. A record sets its own game, options and
position: GAME may then be left out.

--json prints one JSON object instead:
  game, options, players   the variant
  start_position, position the position texts at the start and now
  status                   ongoing, win, draw or over
  reason                   why the game ended ("" while ongoing)
  to_move, to_move_name    the seat to move, numbered from 1, and its name;
                           null when the game is over
  scores                   one score per seat (0s when the game keeps none)
  score_name               what the scores count, when the game keeps any
  winners                  the winning seats, numbered from 1
  ply                      the ply count of the position
  moves                    the moves played, in notation
  legal_moves              the legal moves now ([] when the game is over)

A refused move stops the replay with an error naming its number (from 1), the
move, the game's reason and the legal moves, and the exit status is 1.`,
		Example: `  plateau replay pogo 2b1-b3 2a3-c3
  plateau play pogo --seat 1=random --seat 2=random --seed 7 --record game.txt
  plateau replay pogo --record game.txt
  plateau replay --record game.txt --json
  plateau replay pogo --json 2b1-b3
  plateau replay pogo --position "DD,DD,DD/-,-,-/LL,LL,LL L 0" 1a1-a2`,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, moves, err := mf.gameAndMoves(args)
			if err != nil {
				return err
			}
			m, outcome, err := mf.build(cmd, id, moves)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return writeJSON(out, newPositionJSON(m, outcome, a.lang))
			}
			if line := readingsLine(m.Variant(), a.lang); line != "" {
				fmt.Fprintln(out, line)
			}
			fmt.Fprint(out, boardText(m.State(), a.lang))
			fmt.Fprintln(out, tr(a.lang, msgPositionText, m.State().Encode()))
			_, err = fmt.Fprintln(out, statusText(m.State(), outcome, a.lang))
			return err
		},
	}
	mf.register(cmd)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the position and its status as one JSON object")
	return cmd
}

func newLegalCommand() *cobra.Command {
	var mf matchFlags
	cmd := &cobra.Command{
		Use:   "legal [GAME] [MOVE...]",
		Short: "List the legal moves after some moves",
		Long: `Play the given moves from the start position (or --position, or a --record
file), checking each one, then print the legal moves, one a line, in the
game's notation. Nothing is printed when the game is over, also when
repetition or the ply limit ended it.`,
		Example: `  plateau legal pogo
  plateau legal pogo 2b1-b3 | wc -l`,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, moves, err := mf.gameAndMoves(args)
			if err != nil {
				return err
			}
			m, outcome, err := mf.build(cmd, id, moves)
			if err != nil || outcome.Ended() {
				return err
			}
			for _, mv := range legalNotations(m) {
				fmt.Fprintln(cmd.OutOrStdout(), mv)
			}
			return nil
		},
	}
	mf.register(cmd)
	return cmd
}

// statusText says whose turn it is, or how the game ended.
func statusText(s game.State, o game.Outcome, lang string) string {
	if !o.Ended() {
		return turnLine(s, lang)
	}
	return tr(lang, msgGameOver, s.Ply()) + "\n" + describeOutcome(s.Variant(), o, lang)
}

// matchFlags set up the match of replay and legal: a variant and position
// from the flags, or a record file.
type matchFlags struct {
	variantFlags
	recordFile string
}

func (f *matchFlags) register(cmd *cobra.Command) {
	f.variantFlags.register(cmd, true)
	cmd.Flags().StringVar(&f.recordFile, "record", "", "game record to replay first (- for standard input)")
}

// gameAndMoves splits the arguments of replay and legal: GAME then moves,
// where GAME may be left out when a record names it.
func (f *matchFlags) gameAndMoves(args []string) (id string, moves []string, err error) {
	if f.recordFile != "" && (len(args) == 0 || !isGameID(args[0])) {
		return "", args, nil
	}
	if len(args) == 0 {
		return "", nil, usageErrorT(msgMissingGame)
	}
	return args[0], args[1:], nil
}

func isGameID(s string) bool {
	_, err := game.Lookup(s)
	return err == nil
}

// build sets up the match and plays moves on it. The outcome is the
// match's, or the record's when the record says the game ended outside the
// rules (a resignation).
func (f *matchFlags) build(cmd *cobra.Command, id string, moves []string) (*game.Match, game.Outcome, error) {
	m, outcome, err := f.setUp(cmd, id)
	if err != nil || len(moves) == 0 {
		return m, outcome, err
	}
	if outcome.Ended() && !m.Outcome().Ended() {
		return nil, outcome, errorT(msgRecordEnded, f.recordFile, game.Text{EN: outcome.Reason, FR: game.ReasonText(outcome.Reason, "fr")})
	}
	if err := record.PlayMoves(m, moves); err != nil {
		return nil, outcome, withLegalMoves(m, err)
	}
	return m, m.Outcome(), nil
}

// setUp starts the match from the flags, or replays the record.
func (f *matchFlags) setUp(cmd *cobra.Command, id string) (*game.Match, game.Outcome, error) {
	if f.recordFile == "" {
		_, s, err := f.start(id)
		if err != nil {
			return nil, game.Outcome{}, err
		}
		m := game.NewMatch(s)
		return m, m.Outcome(), nil
	}
	if len(f.opts) > 0 || f.position != "" {
		return nil, game.Outcome{}, usageErrorT(msgRecordSetsOpts)
	}
	rec, err := readRecord(cmd.InOrStdin(), f.recordFile)
	if err != nil {
		return nil, game.Outcome{}, err
	}
	if id != "" {
		g, err := game.Lookup(id)
		if err != nil {
			return nil, game.Outcome{}, err
		}
		if rec.Game != g.ID {
			return nil, game.Outcome{}, errorT(msgRecordOfOther, f.recordFile, rec.Game, g.ID)
		}
	}
	m, err := rec.Replay()
	if err != nil {
		return nil, game.Outcome{}, errorT(msgInFile, f.recordFile, withLegalMoves(m, err))
	}
	if !m.Outcome().Ended() && rec.Result.Ended() {
		return m, rec.Result.Outcome(), nil
	}
	return m, m.Outcome(), nil
}

// readRecord reads a record file, or standard input for "-".
func readRecord(stdin io.Reader, path string) (*record.Record, error) {
	var rd io.Reader = stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		rd = f
	}
	rec, err := record.Parse(rd)
	if err != nil {
		return nil, errorT(msgInFile, path, err)
	}
	return rec, nil
}

// withLegalMoves adds the legal moves of m to the error of a refused move,
// unless the game's message already lists them (game.IllegalMoveError
// does), so that the user sees what would have been accepted.
func withLegalMoves(m *game.Match, err error) error {
	var me *record.MoveError
	if m == nil || !errors.As(err, &me) || strings.Contains(err.Error(), "legal moves:") {
		return err
	}
	legal := legalNotations(m)
	if len(legal) == 0 {
		return err
	}
	return errorT(msgWithLegalMoves, err, strings.Join(legal, " "))
}

// positionJSON is the JSON form of replay's answer; see the command's help.
type positionJSON struct {
	Game          string       `json:"game"`
	Options       game.Options `json:"options"`
	Readings      []string     `json:"readings,omitempty"` // the other readings of the rules, name=value
	Players       int          `json:"players"`
	StartPosition string       `json:"start_position"`
	Position      string       `json:"position"`
	Status        string       `json:"status"`
	Reason        string       `json:"reason"`
	ToMove        *int         `json:"to_move"`
	ToMoveName    *string      `json:"to_move_name"`
	Scores        []int        `json:"scores"`
	ScoreName     string       `json:"score_name,omitempty"`
	Winners       []int        `json:"winners"`
	Ply           int          `json:"ply"`
	Moves         []string     `json:"moves"`
	LegalMoves    []string     `json:"legal_moves"`
}

func newPositionJSON(m *game.Match, o game.Outcome, lang string) positionJSON {
	v, s := m.Variant(), m.State()
	p := positionJSON{
		Game:          v.Game.ID,
		Options:       game.Options{},
		Players:       v.Players,
		Readings:      v.Readings(),
		StartPosition: m.Start().Encode(),
		Position:      s.Encode(),
		Status:        o.Status.String(),
		Reason:        o.Reason,
		Scores:        append([]int(nil), o.Scores[:v.Players]...),
		ScoreName:     v.ScoreName.In(lang),
		Winners:       []int{},
		Ply:           s.Ply(),
		Moves:         append([]string{}, m.Notations()...),
		LegalMoves:    []string{},
	}
	for k, val := range v.Options {
		p.Options[k] = val
	}
	for _, seat := range o.WinnerSeats() {
		p.Winners = append(p.Winners, seat+1)
	}
	if !o.Ended() {
		seat, name := s.ToMove()+1, v.SeatName(s.ToMove(), lang)
		p.ToMove, p.ToMoveName = &seat, &name
		p.LegalMoves = append(p.LegalMoves, legalNotations(m)...)
	}
	return p
}
