package club

import (
	"context"
	"encoding/json"
	"math"
	"strconv"

	"github.com/plateau-games/plateau/rating"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// What a player reads: the words of the pages' finer points (a resignation
// confirmed in the page, ratings beside names, plurals), kept here and
// merged into messages.

var playerMessages = map[string][2]string{
	"playerscol":           {"Players", "Joueurs"},
	"resignask":            {"Resign this game?", "Abandonner la partie ?"},
	"resignyes":            {"Yes, resign", "Oui, abandonner"},
	"resignno":             {"No, play on", "Non, continuer"},
	"err:draw_again":       {"Your draw offer was declined: you can offer again after the next move.", "Votre proposition de nulle a été refusée : vous pourrez la renouveler après le prochain coup."},
	"inplay":               {"In play", "En cours"},
	"n:tries:one":          {"%d try", "%d essai"},
	"n:tries:many":         {"%d tries", "%d essais"},
	"n:tried:one":          {"%d tried", "%d essayé"},
	"n:tried:many":         {"%d tried", "%d essayés"},
	"n:solved:one":         {"%d solved", "%d réussi"},
	"n:solved:many":        {"%d solved", "%d réussis"},
	"n:daysamove:one":      {"%d day a move", "%d jour par coup"},
	"n:daysamove:many":     {"%d days a move", "%d jours par coup"},
	"puzzle:standingof":    {"This puzzle is rated %.0f: %s, %s.", "Ce problème est coté %.0f : %s, %s."},
	"puzzle:mineof":        {"Your rating at the puzzles of %s: %.0f (%s, %s).", "Votre cote aux problèmes de %s : %.0f (%s, %s)."},
	"puzzle:yourratingof":  {"Your rating: %.0f (%s, %s)", "Votre cote : %.0f (%s, %s)"},
	"puzzle:standingrated": {"This puzzle is rated %.0f.", "Ce problème est coté %.0f."},
	"resultlabel":          {"Result:", "Résultat :"},
	"ratingnew":            {"new player", "nouveau joueur"},
	"uploaderror":          {"This record could not be read: %s. Correct it below and try again.", "Cette partie n'a pas pu être lue : %s. Corrigez-la ci-dessous et réessayez."},
	"analysislevel":        {"Judged by the computer at the %s level.", "Jugé par l'ordinateur au niveau %s."},
	"analysislevelby":      {"Judged by the computer at the %s level, %s per position.", "Jugé par l'ordinateur au niveau %s, %s par position."},
}

func init() {
	web.Register(playerMessages)
	web.RegisterJS("resignask", "resignyes", "resignno", "ratingnew")
}

// ratingWords is a rating as shown beside a name: "1662", "1662?" while
// provisional.
func ratingWords(rt store.Rating) string {
	s := strconv.Itoa(int(math.Round(rt.Rating)))
	if rt.Deviation > provisionalDeviation {
		s += "?"
	}
	return s
}

// maxRatingLookups bounds the accounts whose ratings one page looks up.
const maxRatingLookups = 50

// ratingBook looks accounts' ratings up, each account once, at most
// maxRatingLookups of them per page.
type ratingBook struct {
	rs    store.Ratings
	lists map[string][]store.Rating
}

func (rg *ratings) ratingBook() *ratingBook {
	rs, _ := rg.cfg.Store.(store.Ratings)
	return &ratingBook{rs: rs, lists: map[string][]store.Rating{}}
}

// of is user's rating in the variant key ("pogo", "empire players=2"): a
// player without one yet gets the starting rating, provisional ("1500?"),
// as lichess shows it; "" without an account, a store without ratings,
// or beyond the page's lookups.
func (b *ratingBook) of(ctx context.Context, user, key string) string {
	if user == "" || b.rs == nil {
		return ""
	}
	k := store.UserKey(user)
	list, ok := b.lists[k]
	if !ok {
		if len(b.lists) >= maxRatingLookups {
			return ""
		}
		list, _ = b.rs.UserRatings(ctx, user)
		b.lists[k] = list
	}
	for _, rt := range list {
		if rt.Variant == key {
			return ratingWords(rt)
		}
	}
	def := rating.Default()
	return ratingWords(store.Rating{Rating: def.Rating, Deviation: def.Deviation})
}

// SeatRatingsJSON is the game page's ratings of its account seats, per
// seat ("" for a seat without an account), for the script.
func (rg *ratings) SeatRatingsJSON(ctx context.Context, g *store.Game) string {
	book := rg.ratingBook()
	out := make([]string, len(g.Seats))
	for i, seat := range g.Seats {
		out[i] = book.of(ctx, seat.User, variantKey(g.GameID, g.Options))
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "[]"
	}
	return string(b)
}

// addChallengeRatings puts each challenge's creator's rating in its
// variant beside the name, as the lobby of lichess does.
func (rg *ratings) addChallengeRatings(ctx context.Context, list []store.Challenge, rows []challengeRow) {
	book := rg.ratingBook()
	for i := range rows {
		if i < len(list) {
			rows[i].Rating = book.of(ctx, list[i].Creator, variantKey(list[i].GameID, list[i].Options))
		}
	}
}

// busiestVariant is the variant the leaderboard opens on when none is
// asked for: the first of the list that has rated players, rather than an
// empty table; the first of the list when none has.
func (rg *ratings) busiestVariant(ctx context.Context, rs store.Ratings, choices []lobbyChoice) string {
	for _, c := range choices {
		if list, err := rs.Leaderboard(ctx, c.Key, 1, 1, 0); err == nil && len(list) > 0 {
			return c.Key
		}
	}
	return choices[0].Key
}
