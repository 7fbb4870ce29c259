package cli

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
)

func newGamesCommand(a *app) *cobra.Command {
	var variants bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games",
		Long: `List the registered games, one a line: the id used by the other commands, the
number of players ("2", or "2-4" for a range) and the game's name (in French
with --lang fr).

With --variants, the variants each game declares (the option sets its rule
text describes) are listed under it, indented, as options for --opt.`,
		Example: `  plateau games
  plateau games --variants --lang fr`,
		Args: argsNone,
		RunE: func(cmd *cobra.Command, args []string) error {
			games := game.Games()
			width := 0
			for _, g := range games {
				width = max(width, len(g.ID))
			}
			out := cmd.OutOrStdout()
			for _, g := range games {
				fmt.Fprintf(out, "%-*s  %-3s  %s\n", width, g.ID, playerCounts(g), g.Name.In(a.lang))
				if !variants {
					continue
				}
				for _, opts := range g.Variants {
					text := opts.String()
					if text == "" {
						text = msgDefaultOptions.In(a.lang)
					}
					fmt.Fprintf(out, "%*s  %s\n", width, "", text)
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&variants, "variants", false, "also list each game's declared variants")
	return cmd
}

// playerCounts is "2", or "2-4" when the game takes a range of players.
func playerCounts(g *game.Game) string {
	if g.MinPlayers == g.MaxPlayers {
		return strconv.Itoa(g.MinPlayers)
	}
	return fmt.Sprintf("%d-%d", g.MinPlayers, g.MaxPlayers)
}

// argsNone refuses any positional argument, as a usage error.
func argsNone(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErrorT(msgUnexpectedNone, args[0], cmd.CommandPath())
	}
	return nil
}
