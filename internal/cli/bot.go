package cli

import (
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/bot"
	"github.com/plateau-games/plateau/game"
)

func newBotCommand() *cobra.Command {
	var cfg bot.Config
	var games string
	var rated, casual bool
	var players []int
	cmd := &cobra.Command{
		Use:   "bot --server URL --token TOKEN [--agent SPEC | -- PROGRAM ARGS...]",
		Short: "Play on a plateau server as a bot account",
		Long: `Connect to a plateau server as a bot account, accept the open challenges that
match the settings below, take the seats of the lobby's tables (two to four
players) that their hosts reserve for the bot (and, with --open-seats, open
seats) at tables that match them, and play them, like a lichess bot: with a computer
player of plateau (--agent, default hard) or with a program speaking the
engine protocol (docs/engine-protocol.md) given after --. Unfinished games of
the bot are resumed when it starts again. It runs until Ctrl-C or SIGTERM.

The operator makes the bot account and its token on the server:
  plateau users add stockbot --bot
  plateau users token add stockbot`,
		Example: `  plateau serve --addr 127.0.0.1:8080 &
  plateau users add stockbot --bot
  plateau users token add stockbot | sed -n 2p > bot.token
  plateau bot --server http://127.0.0.1:8080 --token "$(cat bot.token)" --agent hard
  plateau bot --server http://127.0.0.1:8080 --token "$(cat bot.token)" --games pogo,pods --casual -- plateau engine --agent mcts:time=1s`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				if cmd.Flags().Changed("agent") {
					return usageErrorT(msgAgentOrProgram)
				}
				cfg.Agent = "engine:" + quoteArgs(args)
			}
			if games != "" {
				for _, g := range strings.Split(games, ",") {
					if g = strings.TrimSpace(g); g != "" {
						cfg.Games = append(cfg.Games, g)
					}
				}
			}
			cfg.Rated, cfg.Casual = rated, casual
			for _, n := range players {
				if n < 2 || n > 4 {
					return usageErrorT(msgBotPlayers, n)
				}
			}
			cfg.Players = players
			cfg.Log = slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
			cfg.Lang = langOf(cmd)
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return bot.Run(ctx, cfg)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&cfg.Server, "server", "", "the server's address, http(s)://host[:port]")
	fl.StringVar(&cfg.Token, "token", "", "the bot account's token (plateau users token add BOT)")
	fl.StringVar(&cfg.Agent, "agent", "hard", "the computer player: easy, medium, hard, max, mcts:..., alphabeta:...")
	fl.StringVar(&games, "games", "", "accept these games only, e.g. pogo,pods (default: every game the player plays)")
	fl.BoolVar(&rated, "rated", false, "accept rated challenges (with neither --rated nor --casual: both)")
	fl.BoolVar(&casual, "casual", false, "accept casual challenges")
	fl.DurationVar(&cfg.MaxClock, "max-clock", 0, "accept clocks up to this time per player, e.g. 30m (0: any)")
	fl.IntVar(&cfg.MaxGames, "max-games", 2, "games played at once")
	fl.DurationVar(&cfg.Poll, "poll", 2*time.Second, "how often to look for challenges")
	fl.IntSliceVar(&players, "players", nil, "sit at tables of these player counts only, e.g. 3,4 (default: any)")
	fl.BoolVar(&cfg.OpenSeats, "open-seats", false, "also take open seats of tables, not only the seats reserved for the bot")
	cmd.MarkFlagRequired("server")
	cmd.MarkFlagRequired("token")
	return cmd
}

// quoteArgs joins a program and its arguments into an engine command line,
// quoting the arguments that hold spaces or quotes.
func quoteArgs(args []string) string {
	var parts []string
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"") {
			// The engine spec's reader takes '...' and "..." and joins
			// adjacent quoted parts, so a ' becomes '"'"'.
			a = "'" + strings.ReplaceAll(a, "'", `'"'"'`) + "'"
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

var msgBotPlayers = game.Text{EN: "--players %d: a table has 2 to 4 players", FR: "--players %d : une table a de 2 à 4 joueurs"}
