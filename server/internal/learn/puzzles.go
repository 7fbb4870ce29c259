package learn

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"math"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/puzzle"
	"github.com/plateau-games/plateau/rating"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The puzzles (package puzzle): one position at a time where exactly one
// move wins (in POGO, also: saves the draw), proved by search; a wrong move
// is answered with its refutation. A logged-in player's first answer to a
// puzzle changes his puzzle rating at that game (Glicko-2, the puzzle
// rated too), kept by the store. See docs/puzzles.md.
//
//	GET  /puzzles                       the games with puzzles, and your ratings
//	GET  /puzzles/{id}                  a puzzle ("saute-12"); a game or set id: the next one for you
//	POST /puzzles/{id}/check            move: right, or wrong and its refutation (JSON for the script)
//	POST /puzzles/{id}/solution         the key, the position after it
//	GET  /puzzles/{id}/preview?move=M   the position after a legal move, small (the menu of moves sharing clicks)

// puzzles is the puzzles (/puzzles): their lists, a puzzle's page, the
// check of a move, the solution, and the players' puzzle ratings.
type puzzles struct {
	trainer
	// currentUser is the account logged in for a request (the club's).
	currentUser func(r *http.Request) *store.User
	// ratings keeps the players' puzzle ratings; nil when the site keeps
	// no accounts.
	ratings store.Puzzles
}

// maxPuzzleForm bounds the body of a check: a move.
const maxPuzzleForm = 16 << 10

// Puzzles start near these ratings, by the plies of their win: a win in 1
// is found by most, a long forced win by few. The players' answers move
// them.
const (
	puzzleStartRating    = 1100.0 // a win in 1
	puzzleRatingPerTwo   = 200.0  // per two plies more
	puzzleMaxStartRating = 2300.0
	puzzleSaveRating     = 1700.0 // POGO's saves: every other move loses
	puzzleStartDeviation = 300.0
)

// puzzleStart is a puzzle's rating before anyone tried it.
func puzzleStart(p *puzzle.Puzzle) store.PuzzleStanding {
	r := puzzleSaveRating
	if p.Kind == puzzle.KindWin {
		r = min(puzzleStartRating+puzzleRatingPerTwo*float64(max(p.N-1, 0)/2), puzzleMaxStartRating)
	}
	return store.PuzzleStanding{Puzzle: p.ID, Rating: r, Deviation: puzzleStartDeviation, Volatility: rating.DefaultVolatility}
}

// puzzleUpdate rates an attempt as a game between the player and the
// puzzle: solved, the player won.
func puzzleUpdate(pl store.PuzzleRating, pz store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
	cfg := rating.DefaultConfig()
	score := 0.0
	if solved {
		score = 1
	}
	me := rating.Rating{Rating: pl.Rating, Deviation: pl.Deviation, Volatility: pl.Volatility}
	it := rating.Rating{Rating: pz.Rating, Deviation: pz.Deviation, Volatility: pz.Volatility}
	nextMe, err := cfg.Update(me, []rating.Result{{Score: score, Opponent: it}})
	if err != nil {
		return pl, pz, err
	}
	nextIt, err := cfg.Update(it, []rating.Result{{Score: 1 - score, Opponent: me}})
	if err != nil {
		return pl, pz, err
	}
	pl.Rating, pl.Deviation, pl.Volatility = nextMe.Rating, nextMe.Deviation, nextMe.Volatility
	pz.Rating, pz.Deviation, pz.Volatility = nextIt.Rating, nextIt.Deviation, nextIt.Volatility
	return pl, pz, nil
}

// puzzleGames are the games with stored puzzles, in the catalogue's order.
func puzzleGames() []*game.Game {
	var out []*game.Game
	for _, g := range game.Games() {
		if len(puzzle.All(g.ID)) > 0 {
			out = append(out, g)
		}
	}
	return out
}

type puzzleCard struct {
	ID, Name string
	Count    int
	Sets     []puzzleSetLink // when the game has several sets (PODS's levels)
	Picture  template.HTML
	Rating   *store.PuzzleRating // the user's, nil when none
}

type puzzleSetLink struct {
	ID, Name string
	Count    int
}

// puzzleStore is the store's puzzle ratings, nil without accounts.
func (pg *puzzles) puzzleStore() store.Puzzles { return pg.ratings }

// PuzzleList is GET /puzzles.
func (pg *puzzles) PuzzleList(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	mine := map[string]*store.PuzzleRating{}
	if ps, u := pg.puzzleStore(), pg.currentUser(r); ps != nil && u != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
		list, err := ps.PuzzleRatings(ctx, u.Name)
		cancel()
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			pg.web.InternalError(w, r, lang, "puzzle ratings", err)
			return
		}
		for i := range list {
			mine[list[i].Game] = &list[i]
		}
	}
	var cards []puzzleCard
	for _, g := range puzzleGames() {
		c := puzzleCard{ID: g.ID, Name: g.Name.In(lang), Count: len(puzzle.All(g.ID)), Rating: mine[g.ID]}
		var sets []puzzleSetLink
		for _, s := range puzzle.Sets() {
			if s.Game != g.ID {
				continue
			}
			ps, _ := puzzle.Load(s.ID)
			if len(ps) > 0 {
				// Within the game's card, what tells the sets apart.
				label := strings.TrimSuffix(strings.TrimPrefix(SetName(s, lang), c.Name+" ("), ")")
				sets = append(sets, puzzleSetLink{ID: s.ID, Name: label, Count: len(ps)})
			}
		}
		if len(sets) > 1 {
			c.Sets = sets
		}
		if first := puzzle.All(g.ID); len(first) > 0 {
			c.Picture = pg.puzzlePicture(&first[0], lang)
		}
		cards = append(cards, c)
	}
	d := struct {
		Cards    []puzzleCard
		LoggedIn bool
	}{cards, pg.currentUser(r) != nil}
	pg.web.Render(w, r, lang, "puzzles", web.T(lang, "puzzles"), http.StatusOK, d)
}

// puzzlePicture is a puzzle's position, drawn once.
func (pg *puzzles) puzzlePicture(pz *puzzle.Puzzle, lang string) template.HTML {
	return pg.web.Cached(lang+" puzzle "+pz.ID, func() template.HTML {
		s, err := pz.State()
		if err != nil {
			return ""
		}
		return pg.web.Picture(s, lang)
	})
}

// SetName names a set for players: the game, and what tells the set from
// the game's other sets (PODS's levels, POLD.R's sizes).
func SetName(set *puzzle.Set, lang string) string {
	g, err := game.Lookup(set.Game)
	if err != nil {
		return set.ID
	}
	name := g.Name.In(lang)
	options := func(s *puzzle.Set) map[string]string {
		out := map[string]string{}
		if v, err := s.Variant(0); err == nil {
			for _, kv := range strings.Fields(v.Options.String()) {
				k, val, _ := strings.Cut(kv, "=")
				out[k] = val
			}
		}
		return out
	}
	mine := options(set)
	differ := map[string]bool{}
	for _, other := range puzzle.Sets() {
		if other.Game != set.Game || other.ID == set.ID {
			continue
		}
		for k, val := range options(other) {
			if mine[k] != val {
				differ[k] = true
			}
		}
	}
	keys := make([]string, 0, len(differ))
	for k := range differ {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+mine[k])
	}
	if len(parts) == 0 {
		return name
	}
	// In words ("basic level", "6×6 board"), never the options' keys.
	if words := render.OptionsText(strings.Join(parts, " "), lang); words != "" {
		return name + " (" + words + ")"
	}
	return name + " (" + strings.Join(parts, ", ") + ")"
}

// PuzzlePage is GET /puzzles/{id}: a puzzle, or for a game or a set the
// next puzzle for this player.
func (pg *puzzles) PuzzlePage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	id := r.PathValue("id")
	if pz, ok := puzzle.Find(id); ok {
		pg.renderPuzzle(w, r, lang, &pz, nil)
		return
	}
	if len(id) > store.MaxPuzzleID {
		pg.web.Fail(w, r, lang, http.StatusNotFound, fmt.Sprintf(web.T(lang, "puzzle:none"), id[:store.MaxPuzzleID]+"…"))
		return
	}
	candidates := puzzle.All(id)
	if len(candidates) == 0 {
		pg.web.Fail(w, r, lang, http.StatusNotFound, fmt.Sprintf(web.T(lang, "puzzle:none"), id))
		return
	}
	next, err := pg.nextPuzzle(r, candidates, r.URL.Query().Get("after"))
	if err != nil {
		pg.web.InternalError(w, r, lang, "next puzzle", err)
		return
	}
	http.Redirect(w, r, "/puzzles/"+next.ID, http.StatusSeeOther)
}

// nextPuzzle picks among candidates (the puzzles of one game or set): for a
// logged-in player, one he has not tried whose rating is near his (at
// random among the closest few); for anyone else, or when he tried them
// all, one at random. after (the puzzle just done) is not picked again
// when there is another.
func (pg *puzzles) nextPuzzle(r *http.Request, candidates []puzzle.Puzzle, after string) (*puzzle.Puzzle, error) {
	pool := make([]*puzzle.Puzzle, 0, len(candidates))
	for i := range candidates {
		if candidates[i].ID != after {
			pool = append(pool, &candidates[i])
		}
	}
	if len(pool) == 0 {
		return &candidates[0], nil
	}
	ps, u := pg.puzzleStore(), pg.currentUser(r)
	if ps == nil || u == nil {
		return pool[rand.IntN(len(pool))], nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	gameID := candidates[0].Game
	tried, err := ps.PuzzleAttempts(ctx, u.Name, gameID, store.MaxHistory)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	done := map[string]bool{}
	for _, a := range tried {
		done[a.Puzzle] = true
	}
	var fresh []*puzzle.Puzzle
	for _, pz := range pool {
		if !done[pz.ID] {
			fresh = append(fresh, pz)
		}
	}
	if len(fresh) == 0 {
		return pool[rand.IntN(len(pool))], nil
	}
	mine := rating.DefaultRating
	if list, err := ps.PuzzleRatings(ctx, u.Name); err == nil {
		for _, pr := range list {
			if pr.Game == gameID {
				mine = pr.Rating
			}
		}
	}
	standing, err := pg.standings(ctx, fresh)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(fresh, func(i, j int) bool {
		return math.Abs(standing[fresh[i].ID].Rating-mine) < math.Abs(standing[fresh[j].ID].Rating-mine)
	})
	const closest = 5
	return fresh[rand.IntN(min(closest, len(fresh)))], nil
}

// standings are the puzzles' ratings: stored, or where they start.
func (pg *puzzles) standings(ctx context.Context, list []*puzzle.Puzzle) (map[string]store.PuzzleStanding, error) {
	out := make(map[string]store.PuzzleStanding, len(list))
	for _, pz := range list {
		out[pz.ID] = puzzleStart(pz)
	}
	ps := pg.puzzleStore()
	if ps == nil {
		return out, nil
	}
	for start := 0; start < len(list); start += store.MaxPuzzleIDs {
		ids := make([]string, 0, store.MaxPuzzleIDs)
		for _, pz := range list[start:min(start+store.MaxPuzzleIDs, len(list))] {
			ids = append(ids, pz.ID)
		}
		got, err := ps.PuzzleStandings(ctx, ids)
		if err != nil {
			return nil, err
		}
		for id, st := range got {
			out[id] = st
		}
	}
	return out, nil
}
