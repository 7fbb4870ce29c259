package game

// reasonsFR gives the French text of every end reason (Outcome.Reason) of
// the plateau games and of Match; the keys are the English texts.
var reasonsFR = map[string]string{
	"threefold repetition":                    "triple répétition",
	"ply limit":                               "limite de tours",
	"resignation":                             "abandon",
	"tops every stack":                        "domine toutes les piles",
	"all pieces home":                         "tous les pions arrivés",
	"both partners home":                      "les deux partenaires arrivés",
	"every player passed":                     "tous les joueurs ont passé",
	"two passes in a row":                     "deux passes de suite",
	"all pods placed":                         "tous les pods posés",
	"no placement or move":                    "ni pose ni déplacement possible",
	"all reserve pieces brought in":           "toutes les pièces de réserve entrées",
	"commandant taken":                        "commandant pris",
	"last opposing commandant taken":          "dernier commandant adverse pris",
	"thrones held":                            "trônes occupés",
	"commandant on his trône du roi":          "commandant sur son trône du roi",
	"team holds the four thrones":             "l'équipe occupe les quatre trônes",
	"both commandants on their trônes du roi": "les deux commandants sur leurs trônes du roi",
	"four in a line":                          "quatre en ligne",
	"opponent cannot make the required move":  "l'adversaire ne peut pas jouer le coup imposé",
	"king left the board":                     "le roi est sorti du plateau",
	"last brick placed":                       "dernière brique posée",
	"most bricks in reserve":                  "le plus de briques en réserve",
	"most bricks, reached first":              "le plus de briques, atteint le premier",
	"match: most rounds won":                  "match : le plus de manches gagnées",
	"match: most bricks":                      "match : le plus de briques",
	"tied match":                              "match nul",
	"no jump left":                            "plus aucun saut possible",
	"opposite sommet reached":                 "sommet opposé atteint",
	"seven segments captured":                 "sept segments pris",
	"abandoned":                               "abandonnée faute de coups",
}

// ReasonText gives an end reason in lang ("en" or "fr"); a reason without
// a translation stays as it is.
func ReasonText(reason, lang string) string {
	if lang == "fr" {
		if fr, ok := reasonsFR[reason]; ok {
			return fr
		}
	}
	return reason
}

// ReasonTexts gives every translated end reason in lang, keyed by the
// English text, for a client that translates them itself.
func ReasonTexts(lang string) map[string]string {
	out := map[string]string{}
	if lang == "fr" {
		for en, fr := range reasonsFR {
			out[en] = fr
		}
	}
	return out
}
