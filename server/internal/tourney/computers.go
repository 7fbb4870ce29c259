package tourney

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Computer players (issue 28: "computer seats and bots may take part
// where the director allows"). A director who ticked "computer players
// allowed" (Tournament.Computers, a casual tournament as one open to bots
// is) enters computer players at a level from the tournament's page
// (POST /tournaments/{id}/computer, level=easy|medium|hard; remove=NAME
// takes one out). Each is an entrant whose name no account can have
// (store.ComputerPrefix); its boards' games seat the computer at its
// level. Against a person, the game's room plays it as any computer seat
// (from the moment the person opens the game); between two computers
// nobody opens the game, so the server keeps its room running
// (Services.KeepPlaying) from the pairing, and the sweep does it again
// on any server (the holder of the game's lease plays: one server, as
// for every computer seat).

func init() {
	web.Register(computerMessages)
}

var computerMessages = map[string][2]string{
	"tn:computers":      {"Computer players allowed (the director adds them; the games are then casual)", "Ordinateurs admis (le directeur les ajoute ; les parties sont alors amicales)"},
	"tn:computersok":    {"computer players allowed", "ordinateurs admis"},
	"tn:nocomputers":    {"This tournament does not allow computer players: its director did not tick the setting when creating it.", "Ce tournoi n'admet pas d'ordinateurs : son directeur n'a pas coché ce réglage en le créant."},
	"tn:badlevel":       {"A computer player's level is easy, medium or hard.", "Le niveau d'un ordinateur est facile, moyen ou difficile."},
	"tn:computerclosed": {"No computer can enter now: registration is over, or the tournament has 16 computer players already.", "Aucun ordinateur ne peut entrer maintenant : les inscriptions sont closes, ou le tournoi a déjà 16 ordinateurs."},
	"tn:notcomputer":    {"Only a computer player can be taken out by the director; a person withdraws himself.", "Le directeur ne peut retirer qu'un ordinateur ; une personne se retire elle-même."},
	"tn:addcomputer":    {"Add a computer player", "Ajouter un ordinateur"},
	"tn:level":          {"Level", "Niveau"},
	"tn:removecomputer": {"Take out", "Retirer"},
	"tn:computer":       {"Computer %d (%s)", "Ordinateur %d (%s)"},
	"tn:noclock":        {"no clock", "sans pendule"},
}

// computerLevels are the levels a computer player of a tournament may
// have: the computer players' levels the tables offer.
var computerLevels = []string{"easy", "medium", "hard"}

// levelChoice is a level of the form, in words.
type levelChoice struct{ Value, Label string }

func levelChoices(lang string) []levelChoice {
	out := make([]levelChoice, len(computerLevels))
	for i, l := range computerLevels {
		out[i] = levelChoice{Value: l, Label: web.T(lang, "level:"+l)}
	}
	return out
}

// Computer is POST /tournaments/{id}/computer: the director enters a
// computer player (level), or takes one out (remove, its name).
func (tn *Tourney) Computer(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	t, u := tn.director(w, r, lang)
	if t == nil {
		return
	}
	extras, ok := tn.st.(store.TournamentExtras)
	if !ok || !t.Computers {
		tn.refuse(w, r, lang, http.StatusForbidden, "nocomputers")
		return
	}
	if name := r.PostForm.Get("remove"); name != "" {
		if !store.IsComputerEntrant(name) {
			tn.refuse(w, r, lang, http.StatusForbidden, "notcomputer")
			return
		}
		if err := tn.st.Withdraw(r.Context(), t.ID, name, tn.Now()); err != nil {
			tn.storeRefusal(w, r, lang, "withdraw computer", err, "notregistered")
			return
		}
		tn.Log.Info("tournament computer out", "tournament", t.ID, "computer", name, "by", u.Name)
		tn.changed(t.ID)
		http.Redirect(w, r, "/tournaments/"+t.ID, http.StatusSeeOther)
		return
	}
	level := r.PostForm.Get("level")
	known := false
	for _, l := range computerLevels {
		known = known || l == level
	}
	if !known {
		tn.refuse(w, r, lang, http.StatusBadRequest, "badlevel")
		return
	}
	name, err := extras.AddComputer(r.Context(), t.ID, level, tn.Now())
	if err != nil {
		tn.storeRefusal(w, r, lang, "add computer", err, "computerclosed")
		return
	}
	tn.Log.Info("tournament computer in", "tournament", t.ID, "computer", name, "level", level, "by", u.Name)
	tn.changed(t.ID)
	if t.Kind == store.TournamentArena && t.Status == store.TournamentRunning {
		tn.GoSafe("arena newcomer", func() {
			ctx, cancel := tn.bg()
			defer cancel()
			tn.advance(ctx, t.ID)
		})
	}
	http.Redirect(w, r, "/tournaments/"+t.ID, http.StatusSeeOther)
}

// agents are the levels of t's computer entrants by name.
func agents(t *store.Tournament) map[string]string {
	out := map[string]string{}
	for _, e := range t.Entrants {
		if e.Agent != "" {
			out[store.UserKey(e.User)] = e.Agent
		}
	}
	return out
}

// displayName is how the pages name an entrant: a person by his name, a
// computer player as "Ordinateur 2 (facile)".
func displayName(name string, levels map[string]string, lang string) string {
	if !store.IsComputerEntrant(name) {
		return name
	}
	var n int
	fmt.Sscanf(strings.TrimPrefix(name, store.ComputerPrefix), "%d", &n)
	return fmt.Sprintf(web.T(lang, "tn:computer"), n, web.T(lang, "level:"+levels[store.UserKey(name)]))
}

// computersOnly says whether every seat of a game is a computer's.
func computersOnly(g *store.Game) bool {
	for _, s := range g.Seats {
		if s.Kind != "computer" {
			return false
		}
	}
	return len(g.Seats) > 0
}

// keepComputerGames has the games of t on now between computers alone
// played (Services.KeepPlaying): after a pairing, and at each sweep, so
// that a server that died with them leaves them to another.
func (tn *Tourney) keepComputerGames(ctx context.Context, t *store.Tournament) {
	if tn.keepPlaying == nil {
		return
	}
	for _, p := range t.Pairings {
		if p.Result != "" || p.Game == "" {
			continue
		}
		all := true
		for _, name := range p.Seats() {
			all = all && store.IsComputerEntrant(name)
		}
		if !all {
			continue
		}
		if err := tn.keepPlaying(ctx, p.Game); err != nil && !errors.Is(err, context.Canceled) {
			tn.LogError("keep computer game", err, "tournament", t.ID, "game", p.Game)
		}
	}
}
