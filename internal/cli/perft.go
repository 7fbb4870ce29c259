package cli

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
)

func newPerftCommand() *cobra.Command {
	var vf variantFlags
	var divide bool
	cmd := &cobra.Command{
		Use:   "perft GAME DEPTH",
		Short: "Count the move tree of a position (rules engine check)",
		Long: `Count the leaf nodes of the move tree from the start position (or --position)
for every depth from 1 to DEPTH, the way chess engines are checked: depth 0
counts 1, a finished game counts 0, a pass is a move, and the software rules
(repetition, ply limit) are not applied.

Each depth prints "depth N: COUNT" with its time and leaf nodes per second.
The last line is the count at DEPTH alone, for scripts. --divide first prints
the count below each legal move ("MOVE: COUNT"), to compare with another
implementation.`,
		Example: `  plateau perft pogo 4
  plateau perft pogo 3 --divide
  plateau perft pogo 2 --position "DD,DD,DD/-,-,-/LL,LL,LL L 0"`,
		Args: argsGame([]string{"DEPTH"}, false),
		RunE: func(cmd *cobra.Command, args []string) error {
			depth, err := strconv.Atoi(args[1])
			if err != nil || depth < 0 {
				return usageErrorT(msgBadDepth, args[1])
			}
			_, s, err := vf.start(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if divide && depth > 0 {
				for _, e := range game.PerftDivide(s, depth) {
					fmt.Fprintf(out, "%s: %d\n", e.Move, e.Nodes)
				}
			}
			nodes := game.Perft(s, 0)
			for d := 1; d <= depth; d++ {
				begin := time.Now()
				nodes = game.Perft(s, d)
				took := time.Since(begin)
				fmt.Fprintln(out, tr(langOf(cmd), msgPerftDepth, d, nodes, took.Seconds(), perSecond(float64(nodes), took)))
			}
			_, err = fmt.Fprintln(out, nodes)
			return err
		},
	}
	vf.register(cmd, true)
	cmd.Flags().BoolVar(&divide, "divide", false, "first print the count below each legal move")
	return cmd
}
