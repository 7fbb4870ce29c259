package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
)

func newRulesCommand(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "rules GAME",
		Short: "Print the rules of a game",
		Long: `Print the rules page of a game, as Markdown text: the rules as plateau plays
them, with the decisions it took where the original rule text is silent.

--lang fr prints the French page; where it is not written yet, the English
page is printed with a note.`,
		Example: `  plateau rules pogo
  plateau rules pogo --lang fr | less`,
		Args: argsGame(nil, false),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := game.Lookup(args[0])
			if err != nil {
				return err
			}
			page, err := docs.Rules(g.ID, a.lang)
			if err != nil {
				return err
			}
			if !strings.HasSuffix(page, "\n") {
				page += "\n"
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), page)
			return err
		},
	}
}
