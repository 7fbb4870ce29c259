package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
)

// The smallest terminal the view is laid out for.
const (
	minWidth  = 80
	minHeight = 24
)

// defaultPause is how long a computer's move takes at least to appear.
const defaultPause = 700 * time.Millisecond

// mode is what the keyboard does.
type mode int

const (
	modeBoard  mode = iota // cursor and picks
	modeTyping             // a move typed in notation
	modeMenu               // a list of moves to choose from
	modeHelp               // the help screen
	modeResign             // asking to confirm a resignation
	modeQuit               // asking to confirm leaving an unfinished game
)

// menuItem is one move of the menu.
type menuItem struct {
	notation string
	label    string
}

type model struct {
	ctx  context.Context
	cfg  Config
	lang string

	m        *game.Match
	movers   []int
	resigned *game.Outcome
	players  []Player

	width, height int
	// offX and offY are where the screen starts when it is centred, for
	// mouse clicks.
	offX, offY int
	dark       bool
	flip       bool

	board      *render.TextBoard
	cursor     string   // the place under the cursor
	clicked    []string // the places picked so far for the move being made
	lastPlaces []string // the places of the last move, marked

	mode      mode
	input     []rune
	menu      []menuItem
	menuIndex int

	message string
	isError bool
	// played says the message tells the others' last move.
	played bool

	// search is the computer's move being found; gen tells a stale result
	// (after an undo or a resignation) from the current one.
	search     context.CancelFunc
	searchSeat int
	gen        int

	online *onlineView

	// runs and colours keep what the board view drew and read (view.go).
	runs    map[styledRun]string
	colours map[string]inkPair
}

func newModel(ctx context.Context, cfg Config) *model {
	if cfg.Lang != "fr" {
		cfg.Lang = "en"
	}
	if cfg.ComputerPause == 0 && !cfg.NoPause {
		cfg.ComputerPause = defaultPause
	}
	m := &model{ctx: ctx, cfg: cfg, lang: cfg.Lang, m: cfg.Match, players: cfg.Players,
		width: cfg.Width, height: cfg.Height, dark: true, searchSeat: -1}
	if cfg.Online != nil {
		m.online = &onlineView{conn: cfg.Online}
		m.message = tr(m.lang, wConnecting, cfg.Online.host())
	}
	if m.m != nil {
		m.positionChanged()
	}
	return m
}

// Messages of the program.
type (
	// computerMoveMsg is the move a computer seat chose.
	computerMoveMsg struct {
		gen  int
		seat int
		move game.Move
		err  error
	}
)

func (m *model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor}
	if m.online != nil {
		cmds = append(cmds, m.online.conn.start())
	}
	cmds = append(cmds, m.nextTurn())
	return tea.Batch(cmds...)
}

func (m *model) variant() *game.Variant { return m.m.Variant() }

// outcome is the result so far, counting a resignation here.
func (m *model) outcome() game.Outcome {
	if m.resigned != nil {
		return *m.resigned
	}
	if m.online != nil {
		return m.online.outcome
	}
	return m.m.Outcome()
}

func (m *model) over() bool { return m.m != nil && m.outcome().Ended() }

// localTurn says whether the seat to move is played at this keyboard.
func (m *model) localTurn() bool {
	if m.m == nil || m.over() {
		return false
	}
	seat := m.m.ToMove()
	return seat >= 0 && seat < len(m.players) && m.players[seat].Local && m.players[seat].Agent == nil
}

// positionChanged redraws the board and puts the cursor back on the board
// after the position changed.
func (m *model) positionChanged() {
	m.clicked = nil
	m.redraw()
	if _, ok := m.board.Spots[m.cursor]; !ok || m.cursor == "" {
		m.cursor = m.firstCursor()
	}
}

// redraw draws the board again (new position, language or side).
func (m *model) redraw() {
	b, err := render.Text(m.m.State(), render.Options{Lang: m.lang, Flip: m.flip})
	if err != nil {
		// Every game has a text drawing (render's tests): fall back to the
		// position's own text rather than stop a game.
		b = plainBoard(m.m.State().String())
	}
	m.board = b
}

// plainBoard wraps text in a board without places.
func plainBoard(text string) *render.TextBoard {
	b := &render.TextBoard{Spots: map[string]render.TextSpot{}}
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		var row []render.TextCell
		for _, r := range line {
			row = append(row, render.TextCell{Ch: r, Role: render.RoleText, Seat: -1})
		}
		b.Rows = append(b.Rows, row)
	}
	return b
}

// firstCursor is where the cursor starts: on the first place that can be
// picked, else on any place.
func (m *model) firstCursor() string {
	if next := m.nextPlaces(); len(next) > 0 {
		return next[0]
	}
	best, bestKey := "", 1<<30
	for id, s := range m.board.Spots {
		if k := s.Row*1000 + s.Col; k < bestKey || (k == bestKey && id < best) {
			best, bestKey = id, k
		}
	}
	return best
}

// nextPlaces lists the places that can be picked now.
func (m *model) nextPlaces() []string {
	if !m.localTurn() {
		return nil
	}
	return render.NextPlaces(m.m.State(), m.clicked)
}

// say shows a message; isError colours it as a refusal.
func (m *model) say(isError bool, t game.Text, args ...any) {
	m.message = tr(m.lang, t, args...)
	m.isError = isError
	m.played = t == wPlayed
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseClickMsg:
		return m, m.click(msg.Mouse())
	case computerMoveMsg:
		return m, m.computerMoved(msg)
	case onlineMsg:
		return m, m.onlineUpdate(msg)
	case clockTick:
		if m.online != nil && m.online.running >= 0 && !m.over() {
			return m, tickClock()
		}
	}
	return m, nil
}

// key acts on one key press.
func (m *model) key(k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	if s == "ctrl+c" {
		// At once, as a terminal user expects: the game is saved all the
		// same.
		return tea.Quit
	}
	switch m.mode {
	case modeHelp:
		m.mode = modeBoard
		return nil
	case modeResign:
		m.mode = modeBoard
		if s == "y" || s == "o" {
			return m.resign()
		}
		m.message = ""
		return nil
	case modeQuit:
		m.mode = modeBoard
		if s == "y" || s == "o" {
			return tea.Quit
		}
		m.message = ""
		return nil
	case modeTyping:
		return m.typing(k)
	case modeMenu:
		return m.menuKey(s)
	}
	if m.online != nil && m.online.offer != nil && m.online.mustAnswer() {
		switch s {
		case "y", "o":
			return m.online.conn.answer(true)
		case "n":
			return m.online.conn.answer(false)
		}
	}
	switch s {
	case "q":
		return m.quit()
	case "?":
		m.mode = modeHelp
	case "up", "k":
		m.moveCursor(-1, 0)
	case "down", "j":
		m.moveCursor(1, 0)
	case "left", "h":
		m.moveCursor(0, -1)
	case "right", "l":
		m.moveCursor(0, 1)
	case "enter", "space":
		return m.pick(m.cursor)
	case "esc":
		m.clicked = nil
		m.message = ""
	case ":", "tab":
		if m.localTurn() {
			m.mode, m.input = modeTyping, nil
			m.say(false, wTypeHint)
		} else {
			m.notYourTurn()
		}
	case "m":
		m.openAllMoves()
	case "u":
		return m.undo()
	case "r":
		if !m.over() && m.hasLocalSeat() {
			m.mode = modeResign
			m.say(false, wResignAsk)
		}
	case "d":
		if m.online != nil && !m.over() {
			m.say(false, wOfferSent)
			return m.online.conn.offerDraw()
		}
	case "f":
		m.flip = !m.flip
		m.redraw()
	}
	return nil
}

func (m *model) hasLocalSeat() bool {
	for _, p := range m.players {
		if p.Local && p.Agent == nil {
			return true
		}
	}
	return false
}

func (m *model) notYourTurn() {
	if m.over() {
		m.say(false, m.overText())
		return
	}
	m.say(true, wNotYourTurn)
}

func (m *model) overText() game.Text {
	if m.online != nil {
		return wOverOnline
	}
	return wOver
}

// quit leaves at once when the game is over, or asks first.
func (m *model) quit() tea.Cmd {
	if m.over() || m.m == nil || m.mode == modeQuit {
		return tea.Quit
	}
	m.mode = modeQuit
	m.say(false, wQuitAsk)
	return nil
}

// moveCursor goes to the nearest place in the direction (dr, dc): the
// place whose centre is ahead of the cursor and closest to its line,
// terminal rows counting twice a column.
func (m *model) moveCursor(dr, dc int) {
	from, ok := m.board.Spots[m.cursor]
	if !ok {
		m.cursor = m.firstCursor()
		return
	}
	best, bestScore := "", 1<<30
	for id, s := range m.board.Spots {
		// Distances in half rows: a character is about twice as tall as
		// it is wide.
		along := (s.Row-from.Row)*dr*2 + (s.Col-from.Col)*dc
		across := (s.Row-from.Row)*dc*2 + (s.Col-from.Col)*dr
		if along <= 0 {
			continue
		}
		if across < 0 {
			across = -across
		}
		score := along + 2*across
		if score < bestScore || (score == bestScore && id < best) {
			best, bestScore = id, score
		}
	}
	if best != "" {
		m.cursor = best
	}
}

// pick picks place for the move being made.
func (m *model) pick(place string) tea.Cmd {
	if !m.localTurn() {
		m.notYourTurn()
		return nil
	}
	if place == "" {
		return nil
	}
	st := m.m.State()
	// Picking the last pick again takes it back.
	if n := len(m.clicked); n > 0 && m.clicked[n-1] == place {
		m.clicked = m.clicked[:n-1]
		m.message = ""
		return nil
	}
	next := render.NextPlaces(st, m.clicked)
	if !slices.Contains(next, place) {
		// Another piece of one's own starts the move again.
		if len(m.clicked) > 0 && slices.Contains(render.NextPlaces(st, nil), place) {
			m.clicked = nil
			return m.pick(place)
		}
		m.say(true, wNotHere, place)
		return nil
	}
	m.clicked = append(m.clicked, place)
	matching := render.Matching(st, m.clicked)
	longer := len(render.NextPlaces(st, m.clicked)) > 0
	switch {
	case len(matching) == 1 && !longer:
		return m.playLocal(matching[0])
	case len(matching) > 0:
		// Several moves (or one, and longer ones) share these picks: ask.
		m.menu = nil
		for _, mv := range matching {
			n := st.MoveString(mv)
			m.menu = append(m.menu, menuItem{notation: n, label: render.DescribeMove(m.variant(), n, m.lang)})
		}
		m.mode, m.menuIndex = modeMenu, 0
		m.say(false, wChoose)
	default:
		m.say(false, wPickNext)
	}
	return nil
}

// openAllMoves lists every legal move, those without a place (a pass)
// among them.
func (m *model) openAllMoves() {
	if !m.localTurn() {
		m.notYourTurn()
		return
	}
	st := m.m.State()
	m.menu = nil
	for _, mv := range st.LegalMoves(nil) {
		n := st.MoveString(mv)
		m.menu = append(m.menu, menuItem{notation: n, label: render.DescribeMove(m.variant(), n, m.lang)})
	}
	m.mode, m.menuIndex = modeMenu, 0
	m.say(false, wAllMoves, len(m.menu))
}

func (m *model) menuKey(s string) tea.Cmd {
	switch s {
	case "up", "k":
		m.menuIndex = (m.menuIndex + len(m.menu) - 1) % len(m.menu)
	case "down", "j":
		m.menuIndex = (m.menuIndex + 1) % len(m.menu)
	case "pgup":
		m.menuIndex = max(0, m.menuIndex-10)
	case "pgdown":
		m.menuIndex = min(len(m.menu)-1, m.menuIndex+10)
	case "enter", "space":
		m.mode = modeBoard
		return m.playNotation(m.menu[m.menuIndex].notation)
	case "esc", "q":
		m.mode = modeBoard
		if n := len(m.clicked); n > 0 {
			m.clicked = m.clicked[:n-1]
		}
		m.message = ""
	}
	return nil
}

// typing edits the typed move.
func (m *model) typing(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "esc":
		m.mode, m.input = modeBoard, nil
		m.message = ""
	case "enter":
		text := strings.TrimSpace(string(m.input))
		m.mode, m.input = modeBoard, nil
		if text == "" {
			m.message = ""
			return nil
		}
		return m.playNotation(text)
	case "backspace":
		if len(m.input) > 0 {
			m.input = m.input[:len(m.input)-1]
		}
	default:
		if t := k.Text; t != "" && len(m.input) < game.MaxInput {
			m.input = append(m.input, []rune(t)...)
		}
	}
	return nil
}

// playNotation plays a move given in notation, refused with the rules'
// explanation.
func (m *model) playNotation(text string) tea.Cmd {
	if !m.localTurn() {
		m.notYourTurn()
		return nil
	}
	mv, err := m.m.State().ParseMove(text)
	if err != nil {
		m.message, m.isError = localizeError(err, m.lang), true
		m.clicked = nil
		return nil
	}
	return m.playLocal(mv)
}

// playLocal plays a move of the seat at this keyboard.
func (m *model) playLocal(mv game.Move) tea.Cmd {
	seat := m.m.ToMove()
	if m.online != nil {
		m.clicked = nil
		return m.online.conn.play(len(m.m.Moves()), m.m.State().MoveString(mv))
	}
	m.apply(seat, mv)
	m.message = ""
	return m.nextTurn()
}

// apply plays mv for seat on the board shown.
func (m *model) apply(seat int, mv game.Move) {
	before := m.m.State()
	places := render.Places(before, mv)
	notation := before.MoveString(mv)
	if err := m.m.Play(mv); err != nil {
		m.message, m.isError = localizeError(err, m.lang), true
		return
	}
	m.movers = append(m.movers, seat)
	m.lastPlaces = places
	if p := m.players[seat]; p.Agent != nil || !p.Local {
		m.say(false, wPlayed, m.seatName(seat), notation)
	}
	m.positionChanged()
}

// nextTurn starts the computer's search when a computer is to move here.
func (m *model) nextTurn() tea.Cmd {
	if m.online != nil || m.m == nil || m.over() {
		return nil
	}
	seat := m.m.ToMove()
	if seat < 0 || m.players[seat].Agent == nil || m.search != nil {
		return nil
	}
	agent := m.players[seat].Agent
	ctx, cancel := context.WithCancel(m.ctx)
	m.search, m.searchSeat = cancel, seat
	gen := m.gen
	// The search reads its own copy, so that the view may redraw (and the
	// player undo) while it thinks.
	copyMatch, err := replay(m.m)
	if err != nil {
		cancel()
		m.search = nil
		m.message, m.isError = err.Error(), true
		return nil
	}
	pause := m.cfg.ComputerPause
	return func() tea.Msg {
		start := time.Now()
		mv, err := agent.Choose(ctx, copyMatch)
		if wait := pause - time.Since(start); wait > 0 && err == nil {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
			}
		}
		return computerMoveMsg{gen: gen, seat: seat, move: mv, err: err}
	}
}

// replay copies a match move by move.
func replay(m *game.Match) (*game.Match, error) {
	c := game.NewMatch(m.Start())
	for _, mv := range m.Moves() {
		if err := c.Play(mv); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (m *model) computerMoved(msg computerMoveMsg) tea.Cmd {
	if msg.gen != m.gen {
		return nil // the position changed while it thought
	}
	m.stopSearch()
	if msg.err != nil {
		m.message, m.isError = fmt.Sprintf("%s: %v", m.seatName(msg.seat), msg.err), true
		return nil
	}
	if m.over() || m.m.ToMove() != msg.seat {
		return nil
	}
	m.apply(msg.seat, msg.move)
	return m.nextTurn()
}

// stopSearch cancels the computer's search, if one runs.
func (m *model) stopSearch() {
	if m.search != nil {
		m.search()
		m.search = nil
		m.searchSeat = -1
	}
}

// undo takes back moves up to and including the last move played at this
// keyboard, so that its player is to move again; online, it asks the
// others.
func (m *model) undo() tea.Cmd {
	if m.online != nil {
		if m.over() {
			return nil
		}
		m.say(false, wOfferSent)
		return m.online.conn.askUndo()
	}
	last := len(m.movers) - 1
	for last >= 0 && (m.players[m.movers[last]].Agent != nil || !m.players[m.movers[last]].Local) {
		last--
	}
	if last < 0 {
		m.say(true, wNothingUndo)
		return nil
	}
	m.stopSearch()
	m.gen++
	n := len(m.movers) - last
	if err := m.m.Undo(n); err != nil {
		m.message, m.isError = err.Error(), true
		return nil
	}
	m.movers = m.movers[:last]
	m.resigned = nil
	m.lastPlaces = m.lastMovePlaces()
	m.positionChanged()
	if n == 1 {
		m.say(false, wUndoneOne)
	} else {
		m.say(false, wUndone, n)
	}
	return m.nextTurn()
}

// lastMovePlaces finds the places of the match's last move again.
func (m *model) lastMovePlaces() []string {
	moves := m.m.Moves()
	if len(moves) == 0 {
		return nil
	}
	c := game.NewMatch(m.m.Start())
	for _, mv := range moves[:len(moves)-1] {
		if c.Play(mv) != nil {
			return nil
		}
	}
	return render.Places(c.State(), moves[len(moves)-1])
}

// resign ends the game: every seat outside the resigning player's team
// wins (a lone player just stops).
func (m *model) resign() tea.Cmd {
	if m.online != nil {
		return m.online.conn.resign()
	}
	seat := m.m.ToMove()
	if seat < 0 || !m.players[seat].Local || m.players[seat].Agent != nil {
		// Not this keyboard's turn: the first seat played here resigns.
		for i, p := range m.players {
			if p.Local && p.Agent == nil {
				seat = i
				break
			}
		}
	}
	m.stopSearch()
	m.gen++
	m.resigned = Resignation(m.variant(), m.m.State(), seat)
	m.clicked = nil
	m.say(false, wResigns, m.seatName(seat))
	return nil
}

// Resignation is the outcome when seat resigns in s: every seat outside its
// team wins; a lone player's game is just over.
func Resignation(v *game.Variant, s game.State, seat int) *game.Outcome {
	o := game.Outcome{Status: game.Win, Reason: "resignation", Scores: s.Outcome().Scores}
	for other := 0; other < v.Players; other++ {
		if v.Team(other) != v.Team(seat) {
			o.Winners |= 1 << uint(other)
		}
	}
	if o.Winners == 0 {
		o.Status = game.Over
	}
	return &o
}

// seatName is the seat's name in the view's language: "Sud".
func (m *model) seatName(seat int) string { return m.variant().SeatName(seat, m.lang) }

func (m *model) result() Result {
	r := Result{Match: m.m, Movers: m.movers, Resigned: m.resigned}
	if m.online != nil {
		r.Outcome = m.online.outcomeText
	}
	return r
}
