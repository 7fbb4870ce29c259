package server

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

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

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

// newToken is a seat token: 128 random bits in hex.
func newToken() string {
	var b [16]byte
	rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// hashToken is what the store keeps of a token.
func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// tokenMatches compares in constant time, so that response times tell
// nothing about a stored hash.
func tokenMatches(tok, hash string) bool {
	if hash == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(hashToken(tok)), []byte(hash)) == 1
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newGameID is a public game id: 10 base32 characters (50 random bits),
// enough that ids cannot be guessed by trying; watching needs only the id.
func newGameID() string {
	var b [7]byte
	rand.Read(b[:])
	return idEncoding.EncodeToString(b[:])[:10]
}

// validGameID refuses ids that no game can have before asking the store.
func validGameID(id string) bool {
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

// createGame checks spec and stores the game.
func (s *Server) createGame(ctx context.Context, spec GameSpec) (*Created, error) {
	v, err := game.NewVariant(spec.Game, spec.Options)
	if err != nil {
		return nil, &formError{err.Error()}
	}
	if spec.Rated && len(v.Readings()) > 0 {
		return nil, errRatedReadings(v)
	}
	if len(spec.Seats) < v.Players {
		return nil, &formError{fmt.Sprintf("%s needs %d seats, got %d", v, v.Players, len(spec.Seats))}
	}
	if spec.Position != "" {
		start, err := v.Position(spec.Position)
		if err != nil {
			return nil, &formError{err.Error()}
		}
		if v.Judge(start, 1).Ended() {
			return nil, &formError{"the game is over in that position"}
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
			tok := newToken()
			st.Kind, st.TokenHash, st.User = "human", hashToken(tok), seat.User
			if seat.Kind == "me" {
				c.Mine[i] = tok
			} else {
				c.Invited[i] = tok
			}
		case "computer":
			// The seat keeps the public name of its player; agentSpec maps
			// it to a spec when the room builds the player. The name is
			// only compared with the server's list, never parsed.
			name := strings.TrimSpace(seat.Agent)
			if name == "" {
				name = "easy"
			}
			if err := s.checkAgentName(name, v); err != nil {
				return nil, &formError{fmt.Sprintf("seat %d: %v", i+1, err)}
			}
			st.Kind, st.Agent = "computer", name
		default:
			return nil, &formError{fmt.Sprintf("seat %d: %s is not me, invite or computer", i+1, game.Quote(web.CleanText(seat.Kind, 20)))}
		}
		g.Seats = append(g.Seats, st)
	}
	// Ids are random; a collision is unlikely but would be refused by the
	// store, so try again with another.
	for try := 0; ; try++ {
		g.ID = newGameID()
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

// variantOf resolves a stored game's variant.
func variantOf(g *store.Game) (*game.Variant, error) {
	opts, err := game.ParseOptions(g.Options)
	if err != nil {
		return nil, err
	}
	return game.NewVariant(g.GameID, opts)
}

// replayStored rebuilds a stored game's match, checking every move again:
// the store is trusted for who played, the rules engine for what was played.
func replayStored(g *store.Game) (*game.Match, error) {
	v, err := variantOf(g)
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

// sides counts the sides of v: teams when it has teams, else players.
func sides(v *game.Variant) int {
	seen := map[int]bool{}
	for i := 0; i < v.Players; i++ {
		seen[v.Team(i)] = true
	}
	return len(seen)
}
