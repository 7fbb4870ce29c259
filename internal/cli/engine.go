package cli

import (
	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/engine"
)

func newEngineCommand() *cobra.Command {
	var agent string
	var seed uint64
	cmd := &cobra.Command{
		Use:   "engine",
		Short: "Speak the plateau engine protocol on stdin and stdout",
		Long: `Run plateau as an engine: a line protocol on standard input and output, in
the spirit of UCI and GTP, through which another program (a graphical
interface, a tournament manager, plateau's own "engine:" agents) uses the
rules and the computer players. docs/engine-protocol.md describes it with a
full session.

Commands: plateau (handshake), games, newgame GAME [name=value ...],
position start|TEXT [moves M1 M2 ...], moves M1 M2 ..., legal,
go [iterations N|time MS|depth D] [agent SPEC], stop, perft D, show, status,
setoption agent SPEC, setoption seed N, quit. Every command is answered with
data lines and then one final line: ok, error MESSAGE, or (for go)
bestmove MOVE.

--agent is the agent of go when none is named (default hard, the level);
--seed its seed (default 0, so that budgets in iterations or depth repeat).

quit (like stop) ends a running search at once, as a game program expects;
at the end of the input a running search finishes and answers first, so
a script piped in without quit gets its searched move.`,
		Example: `  plateau engine
  printf 'plateau\nnewgame pogo\nposition start moves 2b1-b3\ngo depth 4\n' | plateau engine
  plateau engine --agent mcts:time=1s
  plateau arena pogo --agents 'engine:time=100ms plateau engine,random' --games 2`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s := engine.NewServer(cmd.InOrStdin(), cmd.OutOrStdout())
			s.Agent = agent
			s.Seed = seed
			s.Lang = langOf(cmd)
			return s.Run(cmd.Context())
		},
	}
	cmd.Flags().StringVar(&agent, "agent", engine.DefaultAgent, "agent of go when none is named: "+ai.Levels[0]+", mcts:..., alphabeta:..., see docs/ai.md")
	cmd.Flags().Uint64Var(&seed, "seed", 0, "seed of the agents")
	return cmd
}
