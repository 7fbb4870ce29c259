package tui

import (
	"fmt"
	"image/color"
	"strings"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
)

// Colours of the view: the board's from the web board (package render),
// the rest readable on a dark or a light terminal.
var (
	boardBg     = lipgloss.Color(render.BoardColour)
	boardAltBg  = lipgloss.Color(render.BoardAltColour)
	lineFg      = lipgloss.Color(render.LineColour)
	inkFg       = lipgloss.Color(render.InkColour)
	lastBg      = lipgloss.Color(render.LastMoveColour)
	highlightBg = lipgloss.Color(render.HighlightColour)
	pickedBg    = lipgloss.Color("#5b8def")
	white       = lipgloss.Color("#ffffff")
)

// marks says how a place is shown beyond its own colours.
type marks struct {
	cursor, picked, target, last bool
}

func (m *model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	if m.m != nil {
		v.WindowTitle = "plateau — " + m.variant().Title(m.lang) // with its other readings of the rules
	}
	return v
}

// render is the whole screen as text.
func (m *model) render() string {
	w, h := m.width, m.height
	if w == 0 || h == 0 {
		w, h = minWidth, minHeight
	}
	if w < minWidth || h < minHeight {
		return lipgloss.NewStyle().Width(w).Render(tr(m.lang, wTooSmall, w, h, minWidth, minHeight))
	}
	// On a large terminal the game keeps a comfortable size, centred.
	lw, lh := min(w, maxWidth), min(h, maxHeight)
	screen := m.layout(lw, lh)
	m.offX, m.offY = (w-lipgloss.Width(screen))/2, (h-lipgloss.Height(screen))/2
	if m.offX == 0 && m.offY == 0 {
		return screen
	}
	pad := strings.Repeat(" ", m.offX)
	lines := strings.Split(screen, "\n")
	for i := range lines {
		lines[i] = pad + lines[i]
	}
	return strings.Repeat("\n", m.offY) + strings.Join(lines, "\n")
}

// The largest layout: beyond it the screen is centred.
const (
	maxWidth  = 110
	maxHeight = 40
)

// layout is the screen in w x h.
func (m *model) layout(w, h int) string {
	if m.mode == modeHelp {
		return m.helpScreen()
	}
	if m.m == nil {
		return m.message
	}
	board := m.boardText()
	boardW, boardH := lipgloss.Width(board), len(m.board.Rows)
	// Under the board: its legend, a blank line when there is room, the
	// message and the keys. The legend gives way first on a short
	// terminal, the panel beside the board takes what is left.
	legend := m.board.Legend
	// A long message (a refusal's reason) wraps onto up to three lines,
	// as far as the board leaves room, rather than being cut.
	status := m.statusLines(w, max(1, min(3, h-boardH-1)))
	free := h - boardH - 1 - len(status)
	blank := len(legend)+1 <= free
	if len(legend) > free {
		legend = legend[:max(0, free)]
	}
	topH := h - 1 - len(status) - len(legend)
	if blank {
		topH--
	}
	panel := m.panel(max(20, w-boardW-3), max(boardH, topH))
	top := lipgloss.JoinHorizontal(lipgloss.Top, board, "   ", panel)
	var lines []string
	lines = append(lines, top)
	faint := lipgloss.NewStyle().Faint(true)
	for _, l := range legend {
		lines = append(lines, faint.Render(truncate(l, w)))
	}
	if blank {
		lines = append(lines, "")
	}
	lines = append(lines, status...)
	keys := tr(m.lang, wKeys)
	if lipgloss.Width(keys) > w {
		keys = tr(m.lang, wKeysShort)
	}
	lines = append(lines, faint.Render(truncate(keys, w)))
	return strings.Join(lines, "\n")
}

// statusLines is the message, the typed move, or the prompt of the turn,
// wrapped at word boundaries onto at most maxLines lines of w columns.
func (m *model) statusLines(w, maxLines int) []string {
	if m.mode == modeTyping {
		return []string{lipgloss.NewStyle().Bold(true).Render(tr(m.lang, wTypeMove)) + string(m.input) + "▌"}
	}
	text := m.message
	style := lipgloss.NewStyle()
	if m.isError {
		// Red that reads on the terminal's background.
		red := "#b3261e"
		if m.dark {
			red = "#ff6b6b"
		}
		style = style.Foreground(lipgloss.Color(red)).Bold(true)
	}
	// After the others' moves, the prompt follows what they played.
	if text != "" && m.played && !m.isError && m.localTurn() {
		if prompt := m.prompt(); lipgloss.Width(text+" "+prompt) <= w {
			text += " " + prompt
		}
	}
	if text == "" {
		switch {
		case m.over():
			text = tr(m.lang, m.overText())
		case m.online != nil && m.online.offline:
			text = tr(m.lang, wOffline)
		case m.online != nil && m.online.offer != nil && m.online.mustAnswer():
			t := wDrawAsk
			if m.online.offer.Kind == "undo" {
				t = wUndoAsk
			}
			text = tr(m.lang, t, m.seatName(m.online.offer.By))
		case m.localTurn():
			text = m.prompt()
		case m.online != nil && !m.hasLocalSeat():
			text = tr(m.lang, wSpectator)
		default:
			text = tr(m.lang, wWaiting, m.seatName(m.m.ToMove()))
		}
	}
	var out []string
	for _, l := range wrapWords(text, w, maxLines) {
		out = append(out, style.Render(l))
	}
	return out
}

// wrapWords breaks text at spaces into lines of at most w columns, at
// most maxLines of them, the last cut with an ellipsis if text is longer.
func wrapWords(text string, w, maxLines int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case lipgloss.Width(line+" "+word) <= w:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	lines = append(lines, line)
	if len(lines) > maxLines {
		// The rest joins the last line, which the ellipsis then cuts.
		lines = append(lines[:maxLines-1], strings.Join(lines[maxLines-1:], " "))
	}
	for i, l := range lines {
		lines[i] = truncate(l, w)
	}
	return lines
}

// prompt asks the player at the keyboard for the next pick.
func (m *model) prompt() string {
	switch {
	case len(m.clicked) > 0:
		return tr(m.lang, wPickNext)
	case render.TurnHint(m.m.State(), m.lang) != "":
		return render.TurnHint(m.m.State(), m.lang)
	case len(render.NextPlaces(m.m.State(), nil)) > 0 && !m.movesHaveTwoPicks():
		return tr(m.lang, wYourTurnPlace)
	}
	return tr(m.lang, wYourTurn)
}

// movesHaveTwoPicks says whether some legal move is made of two picks or
// more (a piece, then where it goes).
func (m *model) movesHaveTwoPicks() bool {
	st := m.m.State()
	for _, mv := range st.LegalMoves(nil) {
		if len(render.Places(st, mv)) > 1 {
			return true
		}
	}
	return false
}

// boardText draws the board with its marks.
func (m *model) boardText() string {
	placeMarks := map[string]marks{}
	set := func(ids []string, f func(*marks)) {
		for _, id := range ids {
			mk := placeMarks[id]
			f(&mk)
			placeMarks[id] = mk
		}
	}
	set(m.lastPlaces, func(k *marks) { k.last = true })
	set(m.clicked, func(k *marks) { k.picked = true })
	set(m.nextPlaces(), func(k *marks) { k.target = true })
	if m.cursor != "" {
		set([]string{m.cursor}, func(k *marks) { k.cursor = true })
	}
	var out []string
	if m.runs == nil || len(m.runs) > maxRuns {
		m.runs = map[styledRun]string{}
	}
	for r, row := range m.board.Rows {
		var b strings.Builder
		var run []rune
		var runLook cellLook
		flush := func() {
			if len(run) > 0 {
				// A board changes by a few places a move: most runs were
				// drawn for the last screen already.
				k := styledRun{runLook, string(run)}
				text, ok := m.runs[k]
				if !ok {
					text = runLook.style().Render(k.text)
					m.runs[k] = text
				}
				b.WriteString(text)
				run = run[:0]
			}
		}
		for c, cell := range row {
			mk := placeMarks[cell.Place]
			ch := cell.Ch
			// An empty place that can be picked shows a dot, so that the
			// targets read without colour.
			if mk.target && !mk.picked && cell.Role != render.RolePiece && cell.Place != "" {
				if s, ok := m.board.Spots[cell.Place]; ok && s.Row == r && s.Col == c && (ch == '.' || ch == ' ' || ch == '·') {
					ch = '•'
				}
			}
			spot, ok := m.board.Spots[cell.Place]
			centre := ok && spot.Row == r && spot.Col == c
			look := m.cellLook(cell, mk, centre)
			if look != runLook {
				flush()
				runLook = look
			}
			run = append(run, ch)
		}
		flush()
		out = append(out, b.String())
	}
	return strings.Join(out, "\n")
}

// maxRuns bounds the runs of board characters a model keeps drawn: a
// screen has a few hundred.
const maxRuns = 1024

// styledRun is a run of board characters drawn in one look.
type styledRun struct {
	look cellLook
	text string
}

// cellLook is what decides the style of a board character: characters of
// equal looks are drawn as one run. It is compared rather than the styles
// themselves, which are built only for the runs not drawn before (building
// a style for each character and naming it with fmt cost the view most of
// its time).
type cellLook struct {
	bg, fg                  color.Color // nil: the terminal's own
	bold, under, rev, faint bool
}

func (k cellLook) style() lipgloss.Style {
	s := lipgloss.NewStyle()
	if k.faint {
		s = s.Faint(true)
	}
	if k.bg != nil {
		s = s.Background(k.bg)
	}
	if k.fg != nil {
		s = s.Foreground(k.fg)
	}
	return s.Bold(k.bold).Underline(k.under).Reverse(k.rev)
}

// cellLook is the look of one board character.
func (m *model) cellLook(c render.TextCell, mk marks, centre bool) cellLook {
	var bg, fg color.Color
	bold := false
	switch c.Role {
	case render.RoleBoard:
		bg, fg = boardBg, inkFg
	case render.RoleAlt:
		bg, fg = boardAltBg, inkFg
	case render.RoleLine:
		bg, fg = boardBg, lineFg
	case render.RoleMark, render.RolePiece:
		bold = true
		v := m.variant()
		switch {
		case c.Colour != "":
			// A colour of its own (Solitaire's pieces, thrones, POLD.R's
			// pawn), with ink that reads on it.
			bg, fg = m.colourPair(c.Colour)
		case c.Seat >= 0 && c.Seat < v.Players:
			bg, fg = lipgloss.Color(render.SeatColour(v, c.Seat)), lipgloss.Color(render.SeatInk(v, c.Seat))
		default:
			bg, fg = boardBg, inkFg
		}
	}
	piece := c.Role == render.RolePiece
	// The edges of a piece drawn over several characters ("[4]") take the
	// place's tint, so that a piece that was moved, or can be taken,
	// shows it; its centre keeps the piece's colours.
	if piece && c.Place != "" && (mk.last || mk.target || mk.picked) && !centre && !unicode.IsLetter(c.Ch) && !unicode.IsDigit(c.Ch) {
		piece = false
	}
	if c.Place != "" {
		switch {
		case mk.picked && !piece:
			bg, fg = pickedBg, white
		case mk.target && !piece:
			bg, fg = highlightBg, white
		case mk.last && !piece:
			bg, fg = lastBg, inkFg
		}
	}
	// Attributes that survive NO_COLOR: the cursor in reverse video, what
	// can be picked (and what is picked) underlined, the last move bold.
	return cellLook{
		bg: bg, fg: fg,
		bold:  bold || (c.Place != "" && (mk.last || mk.picked)),
		under: c.Place != "" && (mk.target || mk.picked),
		rev:   c.Place != "" && mk.cursor,
		faint: c.Role == render.RoleCoord,
	}
}

// inkPair is a cell's colour of its own and the ink that reads on it.
type inkPair [2]color.Color

// colourPair is the inkPair of a cell colour, read once per colour.
func (m *model) colourPair(hex string) (bg, fg color.Color) {
	if p, ok := m.colours[hex]; ok {
		return p[0], p[1]
	}
	if m.colours == nil || len(m.colours) > 256 {
		m.colours = map[string]inkPair{}
	}
	p := inkPair{lipgloss.Color(hex), lipgloss.Color(inkOn(hex))}
	m.colours[hex] = p
	return p[0], p[1]
}

// inkOn is dark ink on a pale colour and white on a dark one.
func inkOn(hex string) string {
	var r, g, b int
	if _, err := fmt.Sscanf(strings.TrimPrefix(hex, "#"), "%02x%02x%02x", &r, &g, &b); err != nil {
		return render.InkColour
	}
	if 299*r+587*g+114*b > 140000 {
		return render.InkColour
	}
	return "#ffffff"
}

// panel is the column beside the board: the game, the players, the moves
// or the menu.
func (m *model) panel(w, h int) string {
	v := m.variant()
	bold := lipgloss.NewStyle().Bold(true)
	faint := lipgloss.NewStyle().Faint(true)
	var lines []string
	title := v.Game.Name.In(m.lang)
	if opts := variantWords(v, m.lang); opts != "" {
		title += " · " + opts
	}
	for _, l := range wrapWords(title, w, 3) { // whole: the options name the readings of the rules
		lines = append(lines, bold.Render(l))
	}
	lines = append(lines, "")
	lines = append(lines, faint.Render(tr(m.lang, wPlayers)))
	toMove := -1
	if !m.over() {
		toMove = m.m.ToMove()
	}
	for seat := range v.Players {
		lines = append(lines, m.playerLines(seat, seat == toMove, w)...)
	}
	if o := m.outcome(); o.Ended() {
		lines = append(lines, "", bold.Render(truncate(m.outcomeText(), w)))
	} else if m.search != nil {
		lines = append(lines, "", lipgloss.NewStyle().Italic(true).Render(truncate(tr(m.lang, wThinking, m.seatName(m.searchSeat)), w)))
	}
	lines = append(lines, "")
	if m.mode == modeMenu {
		lines = append(lines, m.menuLines(w, h-len(lines))...)
	} else {
		lines = append(lines, faint.Render(tr(m.lang, wMoves)))
		lines = append(lines, m.moveLines(w, h-len(lines))...)
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	return lipgloss.NewStyle().Width(w).Render(strings.Join(lines, "\n"))
}

// playerLines show a seat on two lines: whose turn, its colour, name,
// team and clock; then who holds it.
func (m *model) playerLines(seat int, toMove bool, w int) []string {
	v := m.variant()
	arrow := "  "
	if toMove {
		arrow = "▶ "
	}
	// The seat's number in its pieces' colours: it reads on a dark and
	// on a light terminal alike.
	swatch := lipgloss.NewStyle().Background(lipgloss.Color(render.SeatColour(v, seat))).
		Foreground(lipgloss.Color(render.SeatInk(v, seat))).Bold(true).Render(fmt.Sprintf("%d", seat+1))
	name := v.SeatName(seat, m.lang)
	if v.Teams != nil {
		name += " · " + tr(m.lang, wTeam, v.Team(seat)+1)
	}
	clock := ""
	if m.online != nil {
		clock = m.online.clockText(seat, time.Now())
	}
	line := arrow + swatch + " " + truncate(name, w-4-lipgloss.Width(clock)-1)
	if clock != "" {
		pad := w - lipgloss.Width(line) - lipgloss.Width(clock)
		line += strings.Repeat(" ", max(1, pad)) + clock
	}
	if toMove {
		line = lipgloss.NewStyle().Bold(true).Render(line)
	}
	lines := []string{line}
	if seat < len(m.players) && m.players[seat].Who != "" {
		lines = append(lines, "    "+lipgloss.NewStyle().Faint(true).Render(truncate(m.players[seat].Who, w-4)))
	}
	return lines
}

// moveLines lists the moves a round a line, the last ones that fit.
func (m *model) moveLines(w, h int) []string {
	notes := m.m.Notations()
	if len(notes) == 0 {
		return []string{lipgloss.NewStyle().Faint(true).Render(tr(m.lang, wNoMoves))}
	}
	per := max(1, m.variant().Players)
	var lines []string
	for i := 0; i < len(notes); i += per {
		end := min(len(notes), i+per)
		line := fmt.Sprintf("%3d. %s", i/per+1, strings.Join(notes[i:end], "  "))
		lines = append(lines, truncate(line, w))
	}
	if h < 1 {
		h = 1
	}
	if len(lines) > h {
		lines = lines[len(lines)-h:]
	}
	return lines
}

// menuLines shows the menu around its selected line.
func (m *model) menuLines(w, h int) []string {
	h = max(3, h)
	first := 0
	if m.menuIndex >= h {
		first = m.menuIndex - h + 1
	}
	var lines []string
	for i := first; i < len(m.menu) && len(lines) < h; i++ {
		it := m.menu[i]
		text := it.notation
		if it.label != "" && !strings.Contains(it.label, it.notation) {
			text += "  " + it.label
		} else if it.label != "" {
			text = it.label
		}
		if i == m.menuIndex {
			lines = append(lines, lipgloss.NewStyle().Reverse(true).Bold(true).Render(truncate("› "+text, w)))
		} else {
			lines = append(lines, truncate("  "+text, w))
		}
	}
	return lines
}

// outcomeText says how the game ended.
func (m *model) outcomeText() string {
	if m.online != nil && m.online.outcomeText != "" {
		return m.online.outcomeText
	}
	return Describe(m.variant(), m.outcome(), m.lang)
}

// helpScreen is the help, over the whole screen.
func (m *model) helpScreen() string {
	example := ""
	if m.m != nil {
		if legal := game.LegalNotations(m.m.State()); len(legal) > 0 {
			example = legal[0]
		}
	}
	return lipgloss.NewStyle().Bold(true).Render(tr(m.lang, wHelpTitle)) + "\n\n" +
		tr(m.lang, wHelp, example) + "\n\n" + lipgloss.NewStyle().Faint(true).Render(tr(m.lang, wLegendCursor))
}

// click picks the place under a mouse click.
func (m *model) click(ms tea.Mouse) tea.Cmd {
	x, y := ms.X-m.offX, ms.Y-m.offY
	if m.mode != modeBoard || y < 0 || y >= len(m.board.Rows) {
		return nil
	}
	row := m.board.Rows[y]
	if x < 0 || x >= len(row) || row[x].Place == "" {
		return nil
	}
	m.cursor = row[x].Place
	return m.pick(m.cursor)
}

// truncate cuts s to w columns, with an ellipsis.
func truncate(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && lipgloss.Width(string(r))+1 > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// variantWords are the variant's options: "4 joueurs, par équipes".
func variantWords(v *game.Variant, lang string) string {
	return render.OptionsText(v.Options.String(), lang)
}
