package cli

import (
	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
)

func newRenderCommand(a *app) *cobra.Command {
	var mf matchFlags
	var opt render.Options
	var from []string
	var output outputFlag
	cmd := &cobra.Command{
		Use:   "render GAME [MOVE...]",
		Short: "Draw a position as an SVG picture",
		Long: `Play the given moves from the start position (or --position, or a --record
file), checking each one, and write an SVG drawing of the position to
standard output, or to the file -o names. The last move played is tinted.
The file is written only once the drawing is made: a refused move or a
wrong record leaves no file (the shell's "> FILE" would leave an empty
one).

Every place of the board a user can click (a cell, point, hole or edge) is an
element with a data-place attribute, so that a web page can turn clicks into
moves; docs/render.md describes the drawings and the attributes.

--highlight marks places with a ring. --from marks where the piece on a
place can go: the places that follow it in the click sequences of the legal
moves (give --from again for the next click: --from b1 --from b3). Labels
follow --lang.`,
		Example: `  plateau render pogo -o pogo.svg
  plateau render pogo 2b1-b3 --flip --size 600 -o board.svg
  plateau render empire --opt players=4 --from b3 -o moves.svg
  plateau play polygone --seat 1=random --seat 2=random --seed 3 --record partie.txt
  plateau render polygone --record partie.txt --lang fr -o partie.svg`,
		Args: argsGame(nil, true),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !render.Supported(args[0]) {
				if _, err := game.Lookup(args[0]); err != nil {
					return err
				}
				return usageErrorT(msgNoDrawing, args[0])
			}
			if opt.Size < 16 || opt.Size > 10000 {
				return usageErrorT(msgBadSize, opt.Size)
			}
			m, _, err := mf.build(cmd, args[0], args[1:])
			if err != nil {
				return err
			}
			s := m.State()
			if moves := m.Moves(); len(moves) > 0 {
				before := m.Start().Clone()
				for _, mv := range moves[:len(moves)-1] {
					before.Apply(mv)
				}
				opt.LastMove = render.Places(before, moves[len(moves)-1])
			}
			if len(from) > 0 {
				next := render.NextPlaces(s, from)
				if len(next) == 0 {
					return usageErrorT(msgFromNoMove, from, render.NextPlaces(s, nil))
				}
				opt.Highlight = append(opt.Highlight, next...)
			}
			opt.Lang = a.lang
			svg, err := render.SVG(s, opt)
			if err != nil {
				return err
			}
			return output.write(cmd, svg)
		},
	}
	mf.register(cmd)
	output.register(cmd, "write the drawing to this file (written only if the command succeeds) instead of standard output")
	cmd.Flags().IntVar(&opt.Size, "size", render.DefaultSize, "width of the drawing in pixels")
	cmd.Flags().BoolVar(&opt.Flip, "flip", false, "turn the board a half turn (the view from the other side)")
	cmd.Flags().BoolVar(&opt.NoCoordinates, "no-coords", false, "leave out the coordinates")
	cmd.Flags().StringArrayVar(&opt.Highlight, "highlight", nil, "mark a place with a ring (repeatable), e.g. --highlight e5")
	cmd.Flags().StringArrayVar(&from, "from", nil, "mark where the piece on this place can go (repeatable, one per click)")
	return cmd
}
