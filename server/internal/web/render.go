package web

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
)

// Renderer draws positions for the browser. It is the seam to package
// render: SVG draws a board whose clickable places carry a data-place
// attribute, and Places gives the sequence of places a player clicks to make
// a move (empty when a move has no place, such as a pass: the page then
// offers it as a button).
type Renderer interface {
	SVG(s game.State, o render.Options) ([]byte, error)
	Places(s game.State, m game.Move) []string
}

// TextRenderer draws the plain-text board inside an SVG. It is the fallback
// used until a game-aware drawing is plugged in: every game can be played
// with it by keyboard entry, none by clicks (it names no places).
type TextRenderer struct{}

func (TextRenderer) SVG(s game.State, _ render.Options) ([]byte, error) {
	lines := strings.Split(strings.TrimRight(s.String(), "\n"), "\n")
	width := 0
	for _, l := range lines {
		width = max(width, len([]rune(l)))
	}
	const cw, lh = 9, 18 // character width and line height at font-size 15
	w, h := width*cw+20, len(lines)*lh+20
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" class="board" role="img">`, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#f4ecd8"/>`, w, h)
	b.WriteString(`<text font-family="monospace" font-size="15" fill="#222" xml:space="preserve">`)
	for i, l := range lines {
		fmt.Fprintf(&b, `<tspan x="10" y="%d">%s</tspan>`, 24+i*lh, html.EscapeString(l))
	}
	b.WriteString(`</text></svg>`)
	return b.Bytes(), nil
}

func (TextRenderer) Places(game.State, game.Move) []string { return nil }

// DefaultRenderer is the drawing used when Config.Renderer is nil: package
// render for the games it knows, the text board for any other.
func DefaultRenderer() Renderer { return gameRenderer{} }

type gameRenderer struct{}

func (gameRenderer) SVG(s game.State, o render.Options) ([]byte, error) {
	if !render.Supported(s.Variant().Game.ID) {
		return TextRenderer{}.SVG(s, o)
	}
	return render.SVG(s, o)
}

func (gameRenderer) Places(s game.State, m game.Move) []string {
	if !render.Supported(s.Variant().Game.ID) {
		return nil
	}
	return render.Places(s, m)
}
