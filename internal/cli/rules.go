package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
)

func newRulesCommand(a *app) *cobra.Command {
	var markdown bool
	var style string
	cmd := &cobra.Command{
		Use:   "rules GAME",
		Short: "Print the rules of a game",
		Long: `Print the rules page of a game: the rules as plateau plays them, with the
decisions it took where the original rule text is silent.

In a terminal the page is laid out for it: headings, emphasis, lists and
tables, lines wrapped to the terminal's width, colours that suit its
background, and after every example position of the page, its board drawn
with characters. Anywhere else (a pipe, a file) the page is printed as the
Markdown text it is written in; --markdown prints that in a terminal too.

--style sets the colours of the layout: auto (the default: dark or light
after the terminal's background, none when NO_COLOR is set), dark, light,
or notty (no colours). A style other than auto lays the page out even when
standard output is not a terminal, 80 columns wide.

--lang fr prints the French page; where it is not written yet, the English
page is printed with a note.`,
		Example: `  plateau rules pogo
  plateau rules pogo --lang fr
  plateau rules poldr --style light
  plateau rules pogo --markdown | head -n 20`,
		Args: argsGame(nil, false),
		RunE: func(cmd *cobra.Command, args []string) error {
			style = strings.ToLower(strings.TrimSpace(style))
			if _, ok := glamourStyles[style]; !ok && style != styleAuto {
				return usageErrorT(msgBadStyle, style)
			}
			if markdown && cmd.Flags().Changed("style") {
				return usageErrorT(msgMarkdownAndStyle)
			}
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
			out := cmd.OutOrStdout()
			tty := terminalOf(out)
			if markdown || (style == styleAuto && tty == nil) {
				_, err = fmt.Fprint(out, page)
				return err
			}
			if style == styleAuto {
				style = autoStyle(cmd.InOrStdin(), tty)
			}
			text, err := renderRules(page, g, a.lang, style, terminalWidth(tty))
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(rulesWriter(out, tty), text)
			return err
		},
	}
	cmd.Flags().BoolVar(&markdown, "markdown", false, "print the page as Markdown text, also in a terminal")
	cmd.Flags().StringVar(&style, "style", styleAuto, "colours of the page laid out: auto, dark, light or notty (no colours)")
	return cmd
}
