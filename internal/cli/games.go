package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

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
text describes) are listed under it, indented, as options for --opt, the
other readings of the rules they choose named in words; then each other
reading of the game's rules (DECISIONS.md, "Alternative readings") with
its words: a game played with one is never rated.`,
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
					if words := g.ReadingsText(opts, a.lang); words != "" {
						text += " (" + words + ")"
					}
					fmt.Fprintf(out, "%*s  %s\n", width, "", text)
				}
				readingLines(out, g, width, a.lang)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&variants, "variants", false, "also list each game's declared variants")
	return cmd
}

// readingLines lists the other readings of g's rules, one a line with
// its words: "throne=near: near throne"; a free value (the start
// position) as NAME=VALUE.
func readingLines(out io.Writer, g *game.Game, width int, lang string) {
	var list []string
	for _, o := range g.Options {
		if !game.IsReading(o.Name) {
			continue
		}
		if len(o.Values) == 0 {
			words, _ := game.ReadingWords(o.Name, msgReadingValue.In(lang), lang)
			list = append(list, fmt.Sprintf(msgReadingLine.In(lang), o.Name+"="+msgReadingValue.In(lang), words))
			continue
		}
		for _, v := range o.Values {
			if strings.EqualFold(v, o.Default) {
				continue
			}
			if words, ok := game.ReadingWords(o.Name, v, lang); ok {
				list = append(list, fmt.Sprintf(msgReadingLine.In(lang), o.Name+"="+v, words))
			}
		}
	}
	if len(list) == 0 {
		return
	}
	fmt.Fprintf(out, "%*s  %s\n", width, "", msgOtherReadings.In(lang))
	for _, l := range list {
		fmt.Fprintf(out, "%*s    %s\n", width, "", l)
	}
}

// readingsLine names the game and the other readings of its rules that v
// plays, in a sentence; "" when it plays the usual ones.
func readingsLine(v *game.Variant, lang string) string {
	words := v.Game.ReadingsText(v.Options, lang)
	if words == "" {
		return ""
	}
	t := msgReadingIntro
	if len(v.Readings()) > 1 {
		t = msgReadingsIntro
	}
	return tr(lang, t, v.Game.Name.In(lang), words)
}

// startOpts lets --opt start=POSITION be written with the position text's
// own spaces and commas ("--opt 'start=... 1 0'"): an item that starts
// with start= is that one option, written as the option's value writes
// them (game.StartValue).
func startOpts(items []string) []string {
	out := make([]string, len(items))
	for i, item := range items {
		if value, ok := strings.CutPrefix(strings.TrimSpace(item), "start="); ok {
			item = "start=" + game.StartValue(strings.Join(strings.Fields(value), " "))
		}
		out[i] = item
	}
	return out
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
