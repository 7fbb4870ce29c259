package live

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"sync"

	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/games"
)

// The messages of the WebSocket protocol (docs/server.md).

// inMsg is a message from a browser.
type inMsg struct {
	Type   string   `json:"type"`
	Tokens []string `json:"tokens,omitempty"`
	Ply    *int     `json:"ply,omitempty"`
	Move   string   `json:"move,omitempty"`
	Accept bool     `json:"accept,omitempty"`
	Lang   string   `json:"lang,omitempty"`
	Flip   *bool    `json:"flip,omitempty"` // see the board from the other side
	Text   string   `json:"text,omitempty"` // a chat message
	ID     int64    `json:"id,omitempty"`   // the chat message to delete
	// Engine: the page runs the rules engine; states go as deltas (delta.go).
	Engine *bool `json:"engine,omitempty"`
}

type errorMsg struct {
	Type    string `json:"type"` // "error" or "reject" (a refused move)
	Code    string `json:"code"`
	Message string `json:"message"`
	Ply     *int   `json:"ply,omitempty"`
	Move    string `json:"move,omitempty"`
	ID      string `json:"id,omitempty"` // of an internal error, as logged
}

type moveMsg struct {
	Type string `json:"type"` // "ack" to the mover, "move" to the other players
	Ply  int    `json:"ply"`
	Move string `json:"move"`
	Seat int    `json:"seat"`
}

type movesMsg struct {
	Type  string   `json:"type"` // "moves": the moves from From on
	From  int      `json:"from"`
	Moves []string `json:"moves"`
}

type infoMsg struct {
	Type string `json:"type"` // "info"
	Code string `json:"code"` // "declined", "undone", "drawn", "resigned", "flag", "busy"
	Seat int    `json:"seat"`
	Text string `json:"text,omitempty"` // the notice in the connection's language, naming the player
}

type seatInfo struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Agent  string `json:"agent,omitempty"` // a level or an operator's engine name, never a spec
	Level  string `json:"level,omitempty"` // the agent in the page's language ("moyen")
	Colour string `json:"colour"`          // of the seat's pieces, for a swatch
	Team   int    `json:"team"`            // seats of one team share it
	Online bool   `json:"online"`          // a connection holds the seat (always for a computer)
}

type offerInfo struct {
	Kind  string `json:"kind"` // "draw" or "undo"
	By    int    `json:"by"`
	Needs []int  `json:"needs"`
}

// stateMsg is the whole game as every connection sees it. The seats a
// connection holds ("you") are the one part that differs between
// connections: it is added to the shared encoding per connection
// (withYou), so that a game's state is built and encoded once per change
// however many people watch.
type stateMsg struct {
	Type     string            `json:"type"` // "state"
	Game     string            `json:"game"`
	Rules    string            `json:"rules"`              // the rules id ("pogo"), for a client that plays the game itself
	Options  string            `json:"options"`            // the variant's options, as name=value pairs
	Position string            `json:"position,omitempty"` // the start position text when it is not the variant's
	Ply      int               `json:"ply"`
	Moves    []string          `json:"moves"`
	ToMove   int               `json:"toMove"`
	Result   string            `json:"result"`
	Reason   string            `json:"reason,omitempty"`
	Seats    []seatInfo        `json:"seats"`
	SVG      string            `json:"svg"`
	Legal    []games.LegalMove `json:"legal"`
	Clocks   []int64           `json:"clocks,omitempty"`
	Running  int               `json:"running"`
	Offer    *offerInfo        `json:"offer,omitempty"`
	Casual   bool              `json:"casual"`
	Thinking bool              `json:"thinking"`
	Busy     bool              `json:"busy,omitempty"`    // the computer waits for a free search slot
	Outcome  string            `json:"outcome,omitempty"` // the end in words, in the page's language
	Ratings  string            `json:"ratings,omitempty"` // a rated game's rating changes in words, once rated
	// SeatRatings is, once rated, each seat's rating after the game with
	// its change, for the players' list (games.SeatRatings).
	SeatRatings []string `json:"seatRatings,omitempty"`
	Rated       bool     `json:"rated,omitempty"`    // the game is rated
	Teams       bool     `json:"teams,omitempty"`    // seats play in teams
	Solo        bool     `json:"solo,omitempty"`     // a game played alone: no draw, no undo
	Flip        bool     `json:"flip"`               // the drawing is seen from the other side
	LastMove    []string `json:"lastMove,omitempty"` // places of the last move, marked in the drawing
	Hintable    bool     `json:"hintable,omitempty"` // the player to move may ask for a hint (a casual game against the computer)
	Hints       [][]int  `json:"hints,omitempty"`    // per seat, the numbers of the moves (from 1) it had hints for; absent when nobody had one
	// Abortable: a player may still abort the game (not every seat has
	// moved); AbortIn: ms before the game is aborted unless the seat to
	// move makes its first move (-1: no such abort); Rematch: a pending
	// rematch proposal (abort.go, rematch.go).
	Abortable bool         `json:"abortable,omitempty"`
	AbortIn   int64        `json:"abortIn"`
	Rematch   *rematchInfo `json:"rematch,omitempty"`

	// Recent is, in a game of more than two, the last moves with their movers (recent.go).
	Recent []recentMove `json:"recent,omitempty"`
	// TurnHint says what the player to move has to do in a phase the
	// board does not make plain (Le Blocus's placing of the guards).
	TurnHint string `json:"turnHint,omitempty"`
	// Left is, per seat, 0 or the order its player left the table in;
	// LeftEvents the leaves in words, for the list of moves (leaving.go).
	Left       []int    `json:"left,omitempty"`
	LeftEvents []string `json:"leftEvents,omitempty"`

	// The turn order and each seat's moves since its last (tableview.go).
	tableView
}

// view is what a connection's drawing depends on: its language and which
// way the board is turned. The state is built once per view.
type view struct {
	fr, flip bool
}

func (v view) lang() string {
	if v.fr {
		return "fr"
	}
	return "en"
}

// index numbers the views for the room's cache of built states.
func (v view) index() int {
	i := 0
	if v.fr {
		i = 1
	}
	if v.flip {
		i += 2
	}
	return i
}

// encode marshals v without HTML escaping: the messages are read by
// JSON.parse, never inserted into HTML, and the boards' SVG would grow by a
// sixth with every < escaped.
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// youPrefix is the start of a state message for a connection holding the
// given seats: `{"you":[0,2],` to which the shared encoding is appended
// without its opening brace.
func youPrefix(seats uint8) []byte {
	b := []byte(`{"you":[`)
	first := true
	for i := 0; i < 8; i++ {
		if seats&(1<<uint(i)) != 0 {
			if !first {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(i), 10)
			first = false
		}
	}
	return append(b, "],"...)
}

// sharedState is a state message encoded once for all the connections of
// one language.
type sharedState struct {
	ply  int
	body []byte // the encoding without its opening brace

	fieldsOnce sync.Once                  // delta.go
	fields     map[string]json.RawMessage // the body's fields, for deltas
}

// stateLocked builds and encodes the state for the view vw.
func (r *room) stateLocked(vw view) (*sharedState, error) {
	lang := vw.lang()
	st := stateMsg{Type: "state", Game: r.id, Rules: r.g.GameID, Options: r.g.Options, Position: r.g.Position, Ply: len(r.g.Moves), Moves: slices.Clone(r.match.Notations()),
		ToMove: -1, Result: r.g.Result, Reason: r.g.Reason, Casual: r.g.Casual, Running: -1, Flip: vw.flip}
	if st.Moves == nil {
		st.Moves = []string{}
	}
	v := r.match.Variant()
	online := r.onlineLocked()
	for i, seat := range r.g.Seats {
		info := seatInfo{Name: games.SeatLabel(v, i, seat, lang), Kind: seat.Kind,
			Colour: render.SeatColour(v, i), Team: v.Team(i), Online: online&(1<<uint(i)) != 0}
		if seat.Kind == "computer" {
			info.Agent = r.lv.agents.PublicAgent(seat.Agent)
			info.Level = games.LevelText(info.Agent, lang)
			info.Online = true
		}
		st.Seats = append(st.Seats, info)
	}
	st.Teams = v.Teams != nil
	st.Left, st.LeftEvents = r.leftState(lang)
	st.Rated = r.g.Rated
	st.Hintable = r.hintableLocked() && !r.finished()
	st.Hints = hintMoves(r.g)
	st.Solo = v.Players < 2
	st.Abortable, st.AbortIn, st.Rematch = r.abortableLocked(), r.abortInLocked(), r.rematchStateLocked()
	opt := render.Options{Lang: lang, Flip: vw.flip}
	if r.finished() {
		st.Outcome = games.OutcomeWithRanking(r.g, r.match, lang) // with the ranking when a player left (leaving.go)
		opt.Status = st.Outcome
		st.Ratings = games.RatingText(r.ratings, lang)
		st.SeatRatings = games.SeatRatings(r.ratings, len(r.g.Seats))
	}
	s := r.match.State()
	opt.LastMove = r.lastPlacesLocked()
	st.LastMove = opt.LastMove
	r.recentState(&st, &opt.LastMove)
	if svg, err := r.lv.render.SVG(s, opt); err == nil {
		st.SVG = string(svg)
	}
	if !r.finished() {
		st.ToMove = r.match.ToMove()
		for _, mv := range r.match.LegalMoves(nil) {
			places := r.lv.render.Places(s, mv)
			if places == nil {
				places = []string{}
			}
			st.Legal = append(st.Legal, games.LegalMove{Move: s.MoveString(mv), Places: places})
		}
		games.DescribeShared(v, st.Legal, lang)
		st.TurnHint = render.TurnHint(s, lang)
		st.Thinking = r.search != nil
		st.Busy = r.search != nil && r.search.busy
	}
	r.tableViewLocked(&st, lang)
	if r.clocks != nil {
		st.Clocks = slices.Clone(r.clocks)
		if !r.finished() && st.ToMove >= 0 && !r.clockWaitsLocked(st.ToMove) {
			st.Running = st.ToMove
			st.Clocks[st.ToMove] = max(0, st.Clocks[st.ToMove]-r.lv.Now().Sub(r.turnStart).Milliseconds())
		}
	} else if r.g.MoveDays > 0 {
		// Correspondence: each move has the same days; the mover's run.
		full := games.MoveTime(r.g.MoveDays).Milliseconds()
		st.Clocks = make([]int64, len(r.g.Seats))
		for i := range st.Clocks {
			st.Clocks[i] = full
		}
		if !r.finished() && st.ToMove >= 0 {
			st.Running = st.ToMove
			st.Clocks[st.ToMove] = max(0, full-r.lv.Now().Sub(r.turnStart).Milliseconds())
		}
	}
	if r.offer != nil {
		oi := &offerInfo{Kind: r.offer.kind, By: r.offer.by, Needs: []int{}}
		for i := range r.g.Seats {
			if r.offer.needs&(1<<uint(i)) != 0 && r.offer.got&(1<<uint(i)) == 0 {
				oi.Needs = append(oi.Needs, i)
			}
		}
		st.Offer = oi
	}
	b, err := encode(st)
	if err != nil {
		return nil, err
	}
	r.lv.metrics.StateBuilds.Inc()
	// An exact copy: the encoder's buffer has grown to twice the message,
	// and the state is kept by the room until the next move.
	return &sharedState{ply: st.Ply, body: slices.Clone(b[1:])}, nil
}

// lastMove is the places of the move that made ply ply, which was written
// notation.
type lastMove struct {
	ply      int
	notation string
	places   []string
}

// lastPlacesLocked is the places of the last move (none at the start),
// found once per move: the cache is keyed by the ply and the move, so that
// an undo followed by another move finds them again.
func (r *room) lastPlacesLocked() []string {
	n := len(r.match.Moves())
	if n == 0 {
		return nil
	}
	notation := r.match.Notations()[n-1]
	if r.last.ply != n || r.last.notation != notation {
		_, places, err := games.PositionWithLast(r.match, n, r.lv.render)
		if err != nil {
			return nil
		}
		r.last = lastMove{ply: n, notation: notation, places: places}
	}
	return r.last.places
}
