package docs

import (
	"strings"

	"github.com/plateau-games/plateau/game"
)

// WithDiagrams returns a rules page with a diagram after every code block
// that is a position text of one of variants. The rules pages give their
// example positions that way (a fenced block of its own, without a
// language), and each reader draws them from the very position, so that a
// drawing cannot disagree with the rules engine: the web page (package
// server) with an SVG figure, 'plateau rules' in a terminal with a text
// board.
//
// diagram gets the position decoded by the first variant that accepts the
// block and returns the Markdown to put after the block, surrounded by
// blank lines; "" adds nothing. The rest of the page is left as it is.
func WithDiagrams(page string, variants []*game.Variant, diagram func(s game.State) string) string {
	lines := strings.Split(page, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		out = append(out, lines[i])
		if strings.TrimSpace(lines[i]) != "```" {
			continue
		}
		// A fence opens a block: copy it to its closing fence.
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) != "```" {
			j++
		}
		if j == len(lines) {
			continue
		}
		block := strings.Join(lines[i+1:j], "\n")
		out = append(out, lines[i+1:j+1]...)
		i = j
		for _, v := range variants {
			s, err := v.Decode(strings.TrimSpace(block))
			if err != nil {
				continue
			}
			if d := diagram(s); d != "" {
				out = append(out, "", d, "")
			}
			break
		}
	}
	return strings.Join(out, "\n")
}
