package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/atomicfile"
	"github.com/plateau-games/plateau/loadtest"
)

func newLoadtestCommand() *cobra.Command {
	var (
		cfg       loadtest.Config
		games     string
		opts      []string
		jsonFile  string
		markdown  bool
		noPages   bool
		thinkFlag time.Duration
	)
	cmd := &cobra.Command{
		Use:   "loadtest",
		Short: "Measure the capacity of a running plateau server",
		Long: `Drive a running 'plateau serve' as browsers would, through its public API
only, and measure what it sustains.

Games are created with the new game form (POST /games); every human seat opens
the game's WebSocket (or one socket a game holds every seat, with
--socket-per-game), and plays random legal moves from the server's states
after a think time (--think, drawn from half to one and a half times it).
A game that ends is replaced by a new one. Spectators (--spectators) only
watch; --computer LEVEL makes the last seat a computer player.

Each step of --games keeps that many games in play: the games are created at
--create-rate a second, played for --warmup, then measured for --duration.
A line per step goes to stderr as the run goes; the final table to stdout
(--markdown: as Markdown), --json FILE writes everything. Latencies are p50 /
p90 / p99 / max of: a move sent to its ack ("ack"), to the move reaching the
other players' sockets ("opponent"), to the spectators' sockets
("spectators"); and from the ack of a move to the computer's reply
("computer"). Counts of rejects and errors by code, connection failures and
HTTP statuses follow the table. See docs/loadtest.md.

A load test can take a server down: only loopback targets are allowed
without --allow-remote. The run stops by itself after its last step; Ctrl-C
stops it early, resigning its games, and prints what was measured. Every
WebSocket is an open file here and in the server: the open file limit is
raised to its hard limit, and a step that would pass it is skipped.

Every connection of a load test comes from one address, so the server it
measures must lift its limits per client address, as in the first example
(a scratch store, load.db, in the background). The examples are short
runs; measure with the defaults (--warmup 5s --duration 20s) or longer, and
with more games (--games 1,16,64,1000), on a quiet machine: docs/loadtest.md
has the published runs. Another machine is measured with, for example,
--server http://10.0.0.5:8080 --allow-remote.`,
		Example: `  plateau serve --db load.db --create-per-minute -1 --max-websockets-per-client -1 --ws-messages-per-second 1000 &
  plateau loadtest --games 1,16 --warmup 1s --duration 1s
  plateau loadtest --games 200 --create-rate 100 --think 5s --warmup 1s --duration 1s --json load.json
  plateau loadtest --games 16 --spectators 20 --warmup 1s --duration 1s --markdown
  plateau loadtest --games 8 --computer medium --think 1s --warmup 1s --duration 1s
  plateau loadtest --game empire --opt players=4 --games 20 --socket-per-game --warmup 1s --duration 1s`,
		Args: argsNone,
		RunE: func(cmd *cobra.Command, args []string) error {
			steps, err := loadtest.ParseSteps(games)
			if err != nil {
				return usageErrorT(msgFlagError, "--games", err)
			}
			cfg.Steps = steps
			if len(opts) > 0 {
				o, err := game.ParseOptions(opts...)
				if err != nil {
					return usageErrorT(msgFlagError, "--opt", err)
				}
				cfg.Options = o
			}
			cfg.FetchPages = !noPages
			cfg.Think = thinkFlag
			if thinkFlag == 0 {
				cfg.Think = -1 // no wait: 0 means the default in Config
			}
			if cfg.Duration <= 0 {
				return usageErrorT(msgBadDuration, cfg.Duration)
			}
			if thinkFlag < 0 {
				return usageErrorT(msgBadThink, thinkFlag)
			}
			cfg.Progress = cmd.ErrOrStderr()
			cfg.Lang = langOf(cmd)
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			// A second Ctrl-C kills at once.
			context.AfterFunc(ctx, stop)
			rep, err := loadtest.Run(ctx, cfg)
			if err != nil {
				return err
			}
			if jsonFile != "" {
				b, err := json.MarshalIndent(rep, "", "  ")
				if err != nil {
					return err
				}
				if err := atomicfile.WriteFile(jsonFile, append(b, '\n'), 0o644); err != nil {
					return err
				}
			}
			out := cmd.OutOrStdout()
			if markdown {
				err = rep.WriteMarkdown(out)
			} else {
				err = rep.WriteText(out)
			}
			if err != nil {
				return err
			}
			if rep.Interrupted {
				fmt.Fprintln(cmd.ErrOrStderr(), msgRunStopped.In(cfg.Lang))
			}
			if len(rep.Steps) == 0 && rep.Interrupted {
				return errorT(msgStoppedNoSteps)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.Server, "server", "http://127.0.0.1:8080", "base URL of the plateau server")
	f.StringArrayVar(&cfg.Also, "also", nil, "another server of the same site (several plateau serve on one PostgreSQL): each game's sockets are spread over --server and these (repeatable)")
	f.BoolVar(&cfg.AllowRemote, "allow-remote", false, "allow a target that is not a loopback address")
	f.StringVar(&games, "games", "1,16,64", "steps: numbers of concurrent games, comma-separated")
	f.DurationVar(&cfg.Duration, "duration", 20*time.Second, "measuring time of each step (at most "+loadtest.MaxDuration.String()+")")
	f.DurationVar(&cfg.Warmup, "warmup", 5*time.Second, "time played before measuring, once a step's games are created")
	f.Float64Var(&cfg.CreateRate, "create-rate", 50, "games created a second, at most")
	f.DurationVar(&thinkFlag, "think", 2*time.Second, "mean think time before each move (0: none)")
	f.BoolVar(&cfg.SocketPerGame, "socket-per-game", false, "one WebSocket per game holding every human seat, instead of one per seat")
	f.IntVar(&cfg.Spectators, "spectators", 0, "spectators per game (WebSockets that only watch)")
	f.StringVar(&cfg.Computer, "computer", "", "make the last seat a computer at this level: easy, medium, hard, max or random")
	f.IntVar(&cfg.MaxPlies, "max-plies", 0, "resign a game once it has this many moves (0: play games to their end)")
	f.StringVar(&cfg.Game, "game", "pogo", "game id (see 'plateau games')")
	f.StringArrayVar(&opts, "opt", nil, optUsage)
	f.BoolVar(&cfg.Casual, "casual", false, "create casual games")
	f.Float64Var(&cfg.Clock, "clock", 0, "game clock in minutes (0: none)")
	f.Float64Var(&cfg.Increment, "increment", 0, "clock increment in seconds")
	f.BoolVar(&noPages, "no-pages", false, "open the WebSockets without fetching the game page first")
	f.Uint64Var(&cfg.Seed, "seed", 0, "seed of the random moves and think times (default: from the clock)")
	f.StringVar(&jsonFile, "json", "", "write the results as JSON to this file")
	f.BoolVar(&markdown, "markdown", false, "print the table in Markdown")
	return cmd
}
