// Command pogo-independent is a POGO engine written independently of the
// rest of plateau, from the French rule sheet, the project's rules decisions
// (DECISIONS.md) and the protocol description (docs/engine-protocol.md) only.
// It imports nothing but the Go standard library, and speaks plateau's engine
// protocol on its standard input and output, so plateau can play against it:
//
//	plateau arena pogo --agents 'max,engine:depth=6 pogo-indep --player minimax'
//
// Players (--player): random; greedy (one ply, a simple heuristic); minimax
// (alpha-beta with iterative deepening and its own evaluation); mcts (plain
// UCT with random playouts); program (another program's search, through
// --program: laurentg/README.md).
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	player := flag.String("player", "minimax", "the player: random, greedy, minimax, mcts or program")
	depth := flag.Int("depth", 6, "minimax: plies searched when go gives no budget")
	iterations := flag.Int("iterations", 10000, "mcts: playouts when go gives no budget")
	movetime := flag.Duration("time", 0, "thinking time when go gives no budget (instead of --depth or --iterations)")
	c := flag.Float64("c", 1.4, "mcts: exploration constant of UCT")
	seed := flag.Uint64("seed", 0, "seed of the random choices (setoption seed overrides it)")
	logIn := flag.Bool("log", false, "echo the commands received to standard error")
	perft := flag.Int("perft", -1, "print the perft count of the start position to this depth and exit")
	flag.StringVar(&programCommand, "program", "", "program: the command that answers positions with its move (see program.go)")
	flag.Parse()

	if *perft >= 0 {
		for d := 0; d <= *perft; d++ {
			fmt.Printf("perft %d %d\n", d, Perft(StartBoard(), d))
		}
		return
	}
	def := Budget{}
	switch {
	case *movetime > 0:
		def.Time = *movetime
	case *player == "mcts":
		def.Iterations = *iterations
	default:
		def.Depth = *depth
	}
	p, err := NewPlayer(*player, def, *c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pogo-independent:", err)
		os.Exit(2)
	}
	srv := NewServer(p, *seed, os.Stdout)
	if *logIn {
		srv.log = os.Stderr
	}
	if err := srv.Run(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "pogo-independent:", err)
		os.Exit(1)
	}
}
