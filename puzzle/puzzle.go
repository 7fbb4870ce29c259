// Package puzzle holds the puzzles of the two-sided games: positions taken
// from real games (self-play of the computer levels) where exactly one move
// is right, proved by search, with the refutation of every other move.
//
// A "win" puzzle: the side to move has one move (the key) that forces a win
// within N plies, the key included, proved by an exhaustive AND-OR search
// that counts only wins (prover); every other legal move lets the opponent
// force a win, also proved, so the key is the only winning move in the
// absolute sense, not only within a depth. In the sets with a Horizon H
// (blocus), where those are too rare, a win puzzle may instead have a
// horizon: the key wins within N plies and no other move wins within H
// (H ≥ N+4), also proved; those moves are "nowin" unless proved to lose
// (classifyHorizon). In POGO, whose every position's
// value is known from its strong solution (solve/pogo), a win puzzle is a
// won position where exactly one move keeps the win (the other moves draw
// or lose), and a "save" puzzle a drawn position where exactly one move
// keeps the draw (every other move loses).
//
// The puzzles are stored as JSON, one file a set (puzzle/data/SET.json,
// embedded), written by Generate (plateau puzzles generate) and re-proved
// by Verify (plateau puzzles verify, and the package's tests).
package puzzle

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all" // the games the sets are of
)

// Kind is what the key move achieves.
type Kind string

const (
	// KindWin: the key forces a win; every other move does not win (it
	// lets the opponent force a win, or in POGO it may draw, or in a
	// horizon puzzle it does not win within the horizon).
	KindWin Kind = "win"
	// KindSave (POGO): the position is drawn with best play; the key keeps
	// the draw and every other move loses.
	KindSave Kind = "save"
)

// Puzzle is one position and its one right move.
type Puzzle struct {
	// ID is the set and the puzzle's number in it, from 1: "blocus-12".
	ID      string       `json:"id"`
	Set     string       `json:"set"`
	Game    string       `json:"game"`
	Options game.Options `json:"options,omitempty"`
	// Position is the position text (State.Encode), read by the variant's
	// Decode.
	Position string `json:"position"`
	// Player is the side to move, numbered from 1 as on the command line.
	Player int  `json:"player"`
	Kind   Kind `json:"kind"`
	// Key is the right move's notation.
	Key string `json:"key"`
	// N is, for a win, the number of plies to the win with best defence,
	// the key included (1: the key wins at once); 0 for a save.
	N int `json:"n"`
	// Horizon, when not 0, makes the puzzle a horizon one (the sets with
	// a Horizon): no wrong move forces a win within Horizon plies, the
	// wrong move included, proved; they are "nowin" unless proved to lose.
	Horizon int `json:"horizon,omitempty"`
	// Wrong lists every other legal move, in the order of the legal moves.
	Wrong []Wrong `json:"wrong"`
	// Source is the game the position comes from.
	Source Source `json:"source"`
}

// Wrong is a move that is not the key, and what it leads to.
type Wrong struct {
	Move string `json:"move"`
	// Result is the mover's result after it with best play: "loss" or, in
	// POGO only, "draw" (a win puzzle's move that lets the win slip); in a
	// horizon puzzle "nowin" for a move not proved to lose: the mover has
	// no win within Horizon plies after it.
	Result string `json:"result"`
	// Plies is, for a loss, the number of plies to the loss with best
	// play, the wrong move included (1: it loses at once).
	Plies int `json:"plies,omitempty"`
	// Reply is the opponent's answer: the first move of his win (or, for
	// a draw, a move that keeps it; for nowin, a defence after which the
	// mover has no win within the horizon's rest); empty when the wrong
	// move loses at once.
	Reply string `json:"reply,omitempty"`
}

// Source says where a position comes from: game Game (from 0) of the
// self-play run of seed Seed at Level, after Ply plies (see SelfPlay); or
// the played game Record (FromGames), after Ply plies.
type Source struct {
	Level string `json:"level"`
	Seed  uint64 `json:"seed"`
	Game  int    `json:"game"`
	// Record names a played game instead (FromGames): a record's file,
	// a stored game's id.
	Record string `json:"record,omitempty"`
	Ply    int    `json:"ply"`
}

// Set is a collection of puzzles of one variant.
type Set struct {
	// ID names the set and its file: "pogo", "pods-advanced", "poldr-7".
	ID      string
	Game    string
	Options game.Options
	// Levels are the computer levels of the self-play games, in turn:
	// game i is played at Levels[i % len(Levels)].
	Levels []string
	// Openings is the number of random plies that start each game, so
	// that deterministic levels play different games.
	Openings int
	// Depths bounds the proofs (unused for POGO, which reads its
	// solution).
	Depths Depths
	// Solved says the puzzles come from the strong solution (POGO).
	Solved bool
	// Turns, when not empty, are options added to Options in turn, game
	// after game (game g: Turns[g % len(Turns)]): PODS's two boards.
	Turns []game.Options
	// Horizon, when not 0, lets in a second kind of win puzzle, for the
	// games where the strict kind is too rare (docs/puzzles.md): the key
	// wins within Depths.MaxWin plies and no other move wins within
	// Horizon plies (its own ply included), all proved.
	Horizon int
}

// Variant is the set's variant for game g (the same for every game but in
// the sets with Turns).
func (s *Set) Variant(g int) (*game.Variant, error) {
	opts := game.Options{}
	for k, v := range s.Options {
		opts[k] = v
	}
	if len(s.Turns) > 0 {
		for k, v := range s.Turns[g%len(s.Turns)] {
			opts[k] = v
		}
	}
	return game.NewVariant(s.Game, opts)
}

// variantOf is the set's variant whose resolved options are opts, if any.
func (s *Set) variantOf(opts game.Options) (*game.Variant, bool) {
	for g := range max(len(s.Turns), 1) {
		v, err := s.Variant(g)
		if err == nil && v.Options.String() == opts.String() {
			return v, true
		}
	}
	return nil, false
}

// mix expands levels and counts into a rotation: mix("hard", 1, "easy", 2)
// is hard, easy, easy.
func mix(levelCounts ...any) []string {
	var out []string
	for i := 0; i+1 < len(levelCounts); i += 2 {
		for range levelCounts[i+1].(int) {
			out = append(out, levelCounts[i].(string))
		}
	}
	return out
}

// podsBoards are PODS's two boards: its orientation otherwise comes from a
// random seed (orientations 2 and 3 give the boards of 0 and 1).
var podsBoards = []game.Options{{"orientation": "0"}, {"orientation": "1"}}

// sets are the puzzle sets, one per variant with two sides, by id. Their
// levels and depths were chosen by measuring how many puzzles a minute each
// gives (docs/puzzles.md): the hard level plays every set whose hard games
// are cheap enough, the cheaper levels add volume.
var sets = []*Set{
	{ID: "alignement", Game: "alignement", Levels: mix("hard", 1, "medium", 1, "easy", 2), Openings: 2,
		Depths: Depths{MaxWin: 9, MaxLoss: 6, Budget: 1_000_000}},
	// Blocus has too few plain win puzzles (about one in 60 easy games, none
	// at medium): its puzzles may have a horizon of 7 plies, the most its
	// proofs afford (at 9 nearly every one runs out of budget).
	{ID: "blocus", Game: "blocus", Levels: mix("easy", 1), Openings: 2,
		Depths: Depths{MaxWin: 3, MaxLoss: 4, Budget: 1_000_000}, Horizon: 7},
	// L'Empire's and La Porte's puzzles come from random play: the levels'
	// games give almost none (none in 20 of L'Empire's, one in 40 of La
	// Porte's easy ones), random games one in a game or in 17.
	{ID: "empire", Game: "empire", Options: game.Options{"players": "2"}, Levels: mix("random", 1), Openings: 2,
		Depths: Depths{MaxWin: 5, MaxLoss: 4, Budget: 1_000_000}},
	{ID: "pods-basic", Game: "pods", Options: game.Options{"level": "basic"}, Turns: podsBoards, Levels: mix("hard", 1, "medium", 1, "easy", 8), Openings: 3,
		Depths: Depths{MaxWin: 7, MaxLoss: 4, Budget: 1_000_000}},
	{ID: "pods-advanced", Game: "pods", Options: game.Options{"level": "advanced"}, Turns: podsBoards, Levels: mix("medium", 1, "easy", 8), Openings: 3,
		Depths: Depths{MaxWin: 7, MaxLoss: 4, Budget: 1_000_000}},
	{ID: "pods-expert", Game: "pods", Options: game.Options{"level": "expert"}, Turns: podsBoards, Levels: mix("medium", 1, "easy", 8), Openings: 3,
		Depths: Depths{MaxWin: 7, MaxLoss: 4, Budget: 1_000_000}},
	{ID: "pogo", Game: "pogo", Levels: mix("hard", 1), Openings: 2, Solved: true},
	{ID: "poldr", Game: "poldr", Options: game.Options{"players": "2"}, Levels: mix("hard", 1, "medium", 1, "easy", 18), Openings: 2,
		Depths: Depths{MaxWin: 7, MaxLoss: 4, Budget: 1_000_000}},
	{ID: "poldr-7", Game: "poldr", Options: game.Options{"players": "2", "size": "7"}, Levels: mix("hard", 1, "medium", 1, "easy", 8), Openings: 2,
		Depths: Depths{MaxWin: 7, MaxLoss: 4, Budget: 1_000_000}},
	{ID: "polygone", Game: "polygone", Levels: mix("hard", 1, "medium", 3, "easy", 6), Openings: 4,
		Depths: Depths{MaxWin: 7, MaxLoss: 4, Budget: 1_000_000}},
	{ID: "porte", Game: "porte", Options: game.Options{"players": "2"}, Levels: mix("random", 1), Openings: 3,
		Depths: Depths{MaxWin: 5, MaxLoss: 4, Budget: 1_000_000}},
	{ID: "saute", Game: "saute", Options: game.Options{"players": "2"}, Levels: mix("hard", 1, "medium", 1, "easy", 1), Openings: 6,
		Depths: Depths{MaxWin: 7, MaxLoss: 6, Budget: 1_000_000}},
}

// Sets lists the puzzle sets.
func Sets() []*Set { return sets }

// SetIDs lists the ids of the sets.
func SetIDs() []string {
	ids := make([]string, len(sets))
	for i, s := range sets {
		ids[i] = s.ID
	}
	return ids
}

// LookupSet finds a set by its id, or by a game id when the game has one
// set (empire: its set for two players).
func LookupSet(id string) (*Set, error) {
	id = strings.ToLower(strings.TrimSpace(id))
	var ofGame []*Set
	for _, s := range sets {
		if s.ID == id {
			return s, nil
		}
		if s.Game == id {
			ofGame = append(ofGame, s)
		}
	}
	if len(ofGame) == 1 {
		return ofGame[0], nil
	}
	if len(ofGame) > 1 {
		ids := make([]string, len(ofGame))
		for i, s := range ofGame {
			ids[i] = s.ID
		}
		return nil, game.Errorf(game.Text{EN: "%s has several puzzle sets: %s", FR: "%s a plusieurs séries de problèmes : %s"}, id, strings.Join(ids, ", "))
	}
	return nil, game.Errorf(game.Text{EN: "no puzzles for %q; the sets are %s", FR: "pas de problèmes pour %q ; les séries : %s"}, id, strings.Join(SetIDs(), ", "))
}

//go:embed data
var data embed.FS

var (
	loadMu sync.Mutex
	loaded = map[string][]Puzzle{}
)

// Load returns the stored puzzles of the set id (see LookupSet), in order.
// The slice is shared: do not modify it.
func Load(id string) ([]Puzzle, error) {
	s, err := LookupSet(id)
	if err != nil {
		return nil, err
	}
	loadMu.Lock()
	defer loadMu.Unlock()
	if ps, ok := loaded[s.ID]; ok {
		return ps, nil
	}
	b, err := data.ReadFile("data/" + s.ID + ".json")
	if err != nil {
		loaded[s.ID] = nil
		return nil, nil // no puzzles yet
	}
	ps, err := Read(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("puzzle/data/%s.json: %w", s.ID, err)
	}
	loaded[s.ID] = ps
	return ps, nil
}

// All returns every stored puzzle of a game (all its sets, in the order
// of Sets), or of one set when id names a set. Unknown ids give nil.
func All(id string) []Puzzle {
	id = strings.ToLower(strings.TrimSpace(id))
	var out []Puzzle
	for _, s := range sets {
		if s.ID != id && s.Game != id {
			continue
		}
		ps, err := Load(s.ID)
		if err != nil {
			continue
		}
		out = append(out, ps...)
	}
	return out
}

// Find returns the stored puzzle with this id ("blocus-12").
func Find(id string) (Puzzle, bool) {
	id = strings.ToLower(strings.TrimSpace(id))
	cut := strings.LastIndex(id, "-")
	if cut < 0 {
		return Puzzle{}, false
	}
	ps, err := Load(id[:cut])
	if err != nil {
		return Puzzle{}, false
	}
	for _, p := range ps {
		if p.ID == id {
			return p, true
		}
	}
	return Puzzle{}, false
}

// State decodes the puzzle's position.
func (p *Puzzle) State() (game.State, error) {
	v, err := game.NewVariant(p.Game, p.Options)
	if err != nil {
		return nil, err
	}
	return v.Decode(p.Position)
}

// Check says whether move (in notation) is the puzzle's right move. For a
// wrong move it gives the refutation: the opponent's reply, first move of
// his win ("" when the move loses at once, or is not legal here). The
// notation is read by the game, so any accepted spelling of the key is
// right.
func Check(p Puzzle, move string) (correct bool, refutation string) {
	w, ok := p.Answer(move)
	if !ok {
		return false, ""
	}
	if w == nil {
		return true, ""
	}
	return false, w.Reply
}

// Answer looks move up: legal is false when it is not a legal move of the
// position; otherwise wrong is nil for the key, or the wrong move's entry.
func (p *Puzzle) Answer(move string) (wrong *Wrong, legal bool) {
	s, err := p.State()
	if err != nil {
		return nil, false
	}
	m, err := s.ParseMove(strings.TrimSpace(move))
	if err != nil {
		return nil, false
	}
	notation := s.MoveString(m)
	if notation == p.Key {
		return nil, true
	}
	for i := range p.Wrong {
		if p.Wrong[i].Move == notation {
			return &p.Wrong[i], true
		}
	}
	return nil, false
}

// Read reads puzzles written by Write: a JSON array, one puzzle a line.
func Read(r io.Reader) ([]Puzzle, error) {
	var ps []Puzzle
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ps); err != nil {
		return nil, err
	}
	return ps, nil
}

// Write writes puzzles as a JSON array with one puzzle a line.
func Write(w io.Writer, ps []Puzzle) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("[\n")
	for i, p := range ps {
		b, err := json.Marshal(p)
		if err != nil {
			return err
		}
		bw.Write(b)
		if i < len(ps)-1 {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
	}
	bw.WriteString("]\n")
	return bw.Flush()
}

// Counts summarises puzzles: how many of each kind and N.
func Counts(ps []Puzzle) map[string]int {
	c := map[string]int{}
	for _, p := range ps {
		if p.Kind == KindSave {
			c["save"]++
		} else {
			c[fmt.Sprintf("win in %d", p.N)]++
		}
	}
	return c
}

// CountKeys are the keys of Counts in order: wins by N, then saves.
func CountKeys(c map[string]int) []string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if (a == "save") != (b == "save") {
			return b == "save"
		}
		var na, nb int
		fmt.Sscanf(a, "win in %d", &na)
		fmt.Sscanf(b, "win in %d", &nb)
		return na < nb
	})
	return keys
}
