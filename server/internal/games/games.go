// Package games is what every part of the site does with a game as
// stored: create it from a spec (seats, clock, options), give its seats
// their secret tokens, check its id, load it and replay its moves, name
// its seats, and resolve the names of its computer players (agents.go).
// It serves no page: the pages that start, show and play games use it.
package games

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Games creates and loads the site's games.
type Games struct {
	*site.Env
	Agents *Agents
	// Playing gives the game and match of a game being played on this
	// server (live play's room), ok false for any other: Load prefers it
	// to the store, which may lag behind the room by a move being stored.
	Playing func(id string) (g *store.Game, m *game.Match, ok bool, err error)
}

// Created is a game just stored, with the secret tokens of its human seats.
// The server keeps only their hashes: this is the one time they are known.
type Created struct {
	ID      string
	Mine    map[int]string // seats the creator plays: seat → token
	Invited map[int]string // seats for invited people: seat → token
}

// Fragment is the URL fragment of the creator's game page: me=SEAT-TOKEN,...
// and inv=SEAT-TOKEN,... . A fragment never reaches the server, its logs or
// Referer headers; the page's script moves the tokens to local storage.
func (c *Created) Fragment() string {
	list := func(m map[int]string) string {
		var parts []string
		for seat := 0; seat < game.MaxPlayers; seat++ {
			if tok, ok := m[seat]; ok {
				parts = append(parts, strconv.Itoa(seat)+"-"+tok)
			}
		}
		return strings.Join(parts, ",")
	}
	f := "me=" + list(c.Mine)
	if len(c.Invited) > 0 {
		f += "&inv=" + list(c.Invited)
	}
	return f
}

// NewToken is a seat token: 128 random bits in hex.
func NewToken() string {
	var b [16]byte
	rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// HashToken is what the store keeps of a token.
func HashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// TokenMatches compares in constant time, so that response times tell
// nothing about a stored hash.
func TokenMatches(tok, hash string) bool {
	if hash == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(HashToken(tok)), []byte(hash)) == 1
}

var IDEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewID is a public game id: 10 base32 characters (50 random bits),
// enough that ids cannot be guessed by trying; watching needs only the id.
func NewID() string {
	var b [7]byte
	rand.Read(b[:])
	return IDEncoding.EncodeToString(b[:])[:10]
}

// ValidID refuses ids that no game can have before asking the store.
func ValidID(id string) bool {
	if len(id) != 10 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// Create checks spec and stores the game.
func (s *Games) Create(ctx context.Context, spec GameSpec) (*Created, error) {
	v, err := game.NewVariant(spec.Game, spec.Options)
	if err != nil {
		return nil, &web.FormError{Msg: err.Error()}
	}
	if spec.Rated && len(v.Readings()) > 0 {
		return nil, ErrRatedReadings(v)
	}
	if len(spec.Seats) < v.Players {
		return nil, &web.FormError{Msg: fmt.Sprintf("%s needs %d seats, got %d", v, v.Players, len(spec.Seats))}
	}
	if spec.Position != "" {
		start, err := v.Position(spec.Position)
		if err != nil {
			return nil, &web.FormError{Msg: err.Error()}
		}
		if v.Judge(start, 1).Ended() {
			return nil, &web.FormError{Msg: "the game is over in that position"}
		}
	}
	now := s.Now().UTC()
	g := &store.Game{GameID: v.Game.ID, Options: v.Options.String(), Position: spec.Position, Result: "*", Casual: spec.Casual, Rated: spec.Rated, MoveDays: spec.MoveDays,
		ClockMillis: spec.Clock.Milliseconds(), IncrementMillis: spec.Increment.Milliseconds(),
		CreatedAt: now, UpdatedAt: now}
	c := &Created{Mine: map[int]string{}, Invited: map[int]string{}}
	for i, seat := range spec.Seats[:v.Players] {
		st := store.Seat{Name: web.CleanText(seat.Name, web.MaxNameRunes)}
		switch seat.Kind {
		case "me", "invite":
			tok := NewToken()
			st.Kind, st.TokenHash, st.User = "human", HashToken(tok), seat.User
			if seat.Kind == "me" {
				c.Mine[i] = tok
			} else {
				c.Invited[i] = tok
			}
		case "computer":
			// The seat keeps the public name of its player; AgentSpec maps
			// it to a spec when the room builds the player. The name is
			// only compared with the server's list, never parsed.
			name := strings.TrimSpace(seat.Agent)
			if name == "" {
				name = "easy"
			}
			if err := s.Agents.CheckAgentName(name, v); err != nil {
				return nil, &web.FormError{Msg: fmt.Sprintf("seat %d: %v", i+1, err)}
			}
			st.Kind, st.Agent = "computer", name
		default:
			return nil, &web.FormError{Msg: fmt.Sprintf("seat %d: %s is not me, invite or computer", i+1, game.Quote(web.CleanText(seat.Kind, 20)))}
		}
		g.Seats = append(g.Seats, st)
	}
	// Ids are random; a collision is unlikely but would be refused by the
	// store, so try again with another.
	for try := 0; ; try++ {
		g.ID = NewID()
		err := s.Store.CreateGame(ctx, g)
		if err == nil {
			break
		}
		if !errors.Is(err, store.ErrConflict) || try == 5 {
			return nil, err
		}
	}
	c.ID = g.ID
	s.Log.Info("game created", "id", g.ID, "game", g.GameID, "options", g.Options)
	return c, nil
}

// VariantOf resolves a stored game's variant.
func VariantOf(g *store.Game) (*game.Variant, error) {
	opts, err := game.ParseOptions(g.Options)
	if err != nil {
		return nil, err
	}
	return game.NewVariant(g.GameID, opts)
}

// Replay rebuilds a stored game's match, checking every move again:
// the store is trusted for who played, the rules engine for what was played.
func Replay(g *store.Game) (*game.Match, error) {
	v, err := VariantOf(g)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	start, err := v.Position(g.Position)
	if err != nil {
		return nil, fmt.Errorf("game %s: start position: %w", g.ID, err)
	}
	m := game.NewMatch(start)
	for _, mv := range g.Moves {
		if _, err := m.PlayNotation(mv.Notation); err != nil {
			return nil, fmt.Errorf("game %s: stored move %d %q: %w", g.ID, mv.Ply+1, mv.Notation, err)
		}
	}
	return m, nil
}

// Sides counts the sides of v: teams when it has teams, else players.
func Sides(v *game.Variant) int {
	seen := map[int]bool{}
	for i := 0; i < v.Players; i++ {
		seen[v.Team(i)] = true
	}
	return len(seen)
}

// GameSpec is a game to create.
type GameSpec struct {
	Game      string
	Options   game.Options
	Seats     []SeatSpec
	Casual    bool
	Clock     time.Duration
	Increment time.Duration
	Rated     bool // only from the lobby (and its rematches), never from a form
	MoveDays  int  // correspondence: days per move (then no clock)

	// Position is the start position (game.State.Encode) when it is not
	// the variant's: "play from here" of the analysis board.
	Position string
}

// SeatSpec is one seat of a game to create: Kind "me", "invite" or
// "computer" (with Agent, the public name of a computer player: a level,
// an operator engine's name or an operator-allowed spec; see Agents.AgentSpec).
type SeatSpec struct {
	Kind  string
	Agent string
	Name  string
	User  string // the account holding a human seat: only from the lobby (and its rematches), never from a form
}

// SeatLabel is how a seat is shown: the variant's name of the seat, and
// the name given to it, cleaned (names stored by older versions may hold
// control characters).
func SeatLabel(v *game.Variant, i int, seat store.Seat, lang string) string {
	label := v.SeatName(i, lang)
	if name := web.CleanText(seat.Name, web.MaxNameRunes); name != "" {
		label += " — " + name
	}
	return label
}

// PositionAt replays the first ply moves of a match into a new one.
func PositionAt(m *game.Match, ply int) (game.State, error) {
	replay := game.NewMatch(m.Start())
	if err := record.PlayMoves(replay, m.Notations()[:ply]); err != nil {
		return nil, err
	}
	return replay.State(), nil
}

// Load gives a game and its match: from its room when it is being
// played here, else straight from the store.
func (s *Games) Load(ctx context.Context, id string) (*store.Game, *game.Match, error) {
	if !ValidID(id) {
		return nil, nil, store.ErrNotFound
	}
	if s.Playing != nil {
		if g, m, ok, err := s.Playing(id); ok {
			return g, m, err
		}
	}
	g, err := s.Store.LoadGame(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	m, err := Replay(g)
	if err != nil {
		return nil, nil, err
	}
	return g, m, nil
}

// ErrRatedReadings is Create's refusal of a rated game with another
// reading of the rules.
func ErrRatedReadings(v *game.Variant) error {
	return &web.FormError{Msg: v.String() + ": a game with another reading of the rules (" + v.Game.ReadingsText(v.Options, "en") + ") is never rated"}
}

// MoveTime is the time for one move of a correspondence game.
func MoveTime(days int) time.Duration { return time.Duration(days) * 24 * time.Hour }
