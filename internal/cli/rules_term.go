package cli

import (
	"io"
	"os"
	"strconv"
	"strings"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/mattn/go-runewidth"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"golang.org/x/term"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
)

// The styles of --style: auto follows the terminal, the others are
// glamour's styles of those names.
const (
	styleAuto  = "auto"
	styleDark  = "dark"
	styleLight = "light"
	styleNoTTY = "notty"
)

var (
	msgBadStyle         = game.Text{EN: "--style %q: use auto, dark, light or notty", FR: "--style %q : choisissez auto, dark (fond sombre), light (fond clair) ou notty (sans couleurs)"}
	msgMarkdownAndStyle = game.Text{EN: "--markdown prints the page as it is written: it takes no --style", FR: "--markdown écrit la page telle quelle : pas de --style avec lui"}
)

// glamourStyles are the style sheets of --style.
var glamourStyles = map[string]ansi.StyleConfig{
	styleDark:  styles.DarkStyleConfig,
	styleLight: styles.LightStyleConfig,
	styleNoTTY: styles.NoTTYStyleConfig,
}

// terminalOf is the terminal w writes to, or nil when w is not one (a
// pipe, a file, a test's buffer).
func terminalOf(w io.Writer) *os.File {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return f
	}
	return nil
}

// terminalWidth is the width of the terminal tty in columns, 80 when it
// cannot be known.
func terminalWidth(tty *os.File) int {
	if tty != nil {
		if w, _, err := term.GetSize(int(tty.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 80
}

// autoStyle is the style of --style auto for the terminal tty: notty when
// NO_COLOR asks for no colours (https://no-color.org), else dark or light
// after the background, from COLORFGBG when the terminal sets it, else by
// asking the terminal (dark when it does not answer).
func autoStyle(in io.Reader, tty *os.File) string {
	if os.Getenv("NO_COLOR") != "" {
		return styleNoTTY
	}
	if fgbg := os.Getenv("COLORFGBG"); fgbg != "" {
		// "foreground;background" in the 16 ANSI colours: 7 (white)
		// and 9 to 15 (the bright ones) are light backgrounds.
		parts := strings.Split(fgbg, ";")
		if bg, err := strconv.Atoi(parts[len(parts)-1]); err == nil {
			if bg == 7 || bg >= 9 && bg <= 15 {
				return styleLight
			}
			return styleDark
		}
	}
	if f, ok := in.(*os.File); ok && tty != nil && term.IsTerminal(int(f.Fd())) {
		if !lipgloss.HasDarkBackground(f, tty) {
			return styleLight
		}
	}
	return styleDark
}

// renderRules lays a rules page of game g out for a terminal width columns
// wide in one of glamourStyles, with a text board after each example
// position of the page (docs.WithDiagrams, as the web page draws them).
// The result holds the style's ANSI sequences, in 256 colours: the caller
// adapts them to the terminal (colorprofile).
func renderRules(page string, g *game.Game, lang, style string, width int) (string, error) {
	sheet, ok := glamourStyles[style]
	if !ok {
		return "", usageErrorT(msgBadStyle, style)
	}
	var variants []*game.Variant
	for _, opts := range g.AllVariants() {
		if v, err := g.Variant(opts); err == nil {
			variants = append(variants, v)
		}
	}
	// Glamour puts the page in a margin, and a code block in another.
	codeWidth := width - int(marginOf(sheet.Document)) - int(marginOf(sheet.CodeBlock.StyleBlock))
	page = docs.WithDiagrams(page, variants, func(s game.State) string {
		return textDiagram(s, lang, codeWidth)
	})
	page = plainCodeBlocks(cutCodeLines(joinSoftBreaks(page), codeWidth))
	r, err := glamour.NewTermRenderer(glamour.WithStyles(sheet), glamour.WithWordWrap(width))
	if err != nil {
		return "", err
	}
	out, err := r.Render(page)
	if err != nil {
		return "", err
	}
	return trimLineEnds(out), nil
}

// joinSoftBreaks joins the lines of the text of list items (and of
// whatever text is not in a paragraph) into one: glamour rewraps a
// paragraph, but keeps the line breaks of the source in a list item, which
// then shows lines cut twice, at the source's width and at the terminal's.
func joinSoftBreaks(page string) string {
	src := []byte(page)
	doc := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(text.NewReader(src))
	var breaks []int // where the text before a soft line break stops
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		t, ok := n.(*ast.Text)
		if !entering || !ok || !t.SoftLineBreak() {
			return ast.WalkContinue, nil
		}
		block := n.Parent()
		for block != nil && block.Type() != ast.TypeBlock {
			block = block.Parent()
		}
		if block != nil && block.Kind() != ast.KindParagraph {
			breaks = append(breaks, t.Segment.Stop)
		}
		return ast.WalkContinue, nil
	})
	for i := len(breaks) - 1; i >= 0; i-- {
		// The spaces, the line break and the next line's indentation
		// become one space.
		start, end := breaks[i], breaks[i]
		for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		if end == len(src) || src[end] != '\n' {
			continue
		}
		end++
		for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		src = append(src[:start], append([]byte{' '}, src[end:]...)...)
	}
	return string(src)
}

// cutCodeLines cuts the lines of the fenced code blocks of a page that are
// wider than width (a long position text) into lines of width columns:
// glamour would wrap them past its margins.
func cutCodeLines(page string, width int) string {
	lines := strings.Split(page, "\n")
	var out []string
	inCode := false
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			inCode = !inCode
			out = append(out, l)
			continue
		}
		for inCode && width > 0 && runewidth.StringWidth(l) > width {
			head := runewidth.Truncate(l, width, "")
			if head == "" {
				break
			}
			out = append(out, head)
			l = l[len(head):]
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// plainCodeBlocks names the language of every code block without one:
// text. The boards and notations of a rules page are plain text, and
// glamour's highlighter, given no language, tries every lexer it knows on
// each block (their file name patterns, then their guessers): most of the
// time of laying a page out, for the plain text it ends up with.
func plainCodeBlocks(page string) string {
	lines := strings.Split(page, "\n")
	inCode := false
	for i, l := range lines {
		if trimmed := strings.TrimSpace(l); strings.HasPrefix(trimmed, "```") {
			if !inCode && trimmed == "```" {
				lines[i] = l + "text"
			}
			inCode = !inCode
		}
	}
	return strings.Join(lines, "\n")
}

func marginOf(b ansi.StyleBlock) uint {
	if b.Margin == nil {
		return 0
	}
	return *b.Margin
}

// trimLineEnds drops the spaces glamour pads every line with up to the
// wrap width (they are the only thing past the text, with their colour
// sequences), so that a terminal a little narrower than the width given
// does not wrap every line.
func trimLineEnds(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = trimPadding(l)
	}
	return strings.Join(lines, "\n")
}

// trimPadding removes the trailing run of spaces and SGR sequences
// ("\x1b[...m") of a line, then closes any style left open.
func trimPadding(l string) string {
	end := len(l)
	for end > 0 {
		switch {
		case l[end-1] == ' ':
			end--
		case l[end-1] == 'm':
			start := strings.LastIndex(l[:end], "\x1b[")
			if start < 0 || strings.ContainsFunc(l[start+2:end-1], func(r rune) bool { return r != ';' && (r < '0' || r > '9') }) {
				return l[:end] + resetIf(l[:end])
			}
			end = start
		default:
			return l[:end] + resetIf(l[:end])
		}
	}
	return ""
}

// resetIf is the SGR reset when s holds any escape sequence.
func resetIf(s string) string {
	if strings.Contains(s, "\x1b[") {
		return "\x1b[m"
	}
	return ""
}

// textDiagram is the Markdown of the text board of s (render.Text) in a
// code block: the board, then its legend wrapped to width columns. A game
// without text drawing, or a board wider than width, gives "" (no
// diagram: a board cut by the terminal would mislead).
func textDiagram(s game.State, lang string, width int) string {
	b, err := render.Text(s, render.Options{Lang: lang})
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	var out []string
	for i, l := range lines {
		if i < len(b.Rows) {
			if runewidth.StringWidth(l) > width {
				return ""
			}
			out = append(out, l)
			continue
		}
		out = append(out, wrapWords(l, width)...)
	}
	return "```\n" + strings.Join(out, "\n") + "\n```"
}

// wrapWords cuts a line of text into lines at most width columns wide, at
// spaces (a word longer than width stays whole).
func wrapWords(l string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(l) {
		switch {
		case line == "":
			line = w
		case runewidth.StringWidth(line)+1+runewidth.StringWidth(w) <= width:
			line += " " + w
		default:
			out = append(out, line)
			line = w
		}
	}
	return append(out, line)
}

// rulesWriter is where a laid-out page goes: through colorprofile to a
// terminal, which turns the colours into the ones the terminal has (or
// none); as it is otherwise, since a style was asked for by name.
func rulesWriter(w io.Writer, tty *os.File) io.Writer {
	if tty == nil {
		return w
	}
	return colorprofile.NewWriter(w, os.Environ())
}
