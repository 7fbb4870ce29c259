package catalog

import (
	"github.com/plateau-games/plateau/server/internal/web"
)

// Readings of the rules (game.Variant.Readings): a game played with a
// reading other than the default is never rated. A rated challenge of
// such a variant is refused with a message, a rated game of one is refused
// by games.Games.Create, and rateGame skips any that was stored so; its page's
// title names the readings in words (game.Variant.Title).

func init() {
	web.Register(readingMessages)
}

var readingMessages = map[string][2]string{
	"optname:exit":      {"King's exit", "Sortie du roi"},
	"optname:kings":     {"Kings' start", "Départ des rois"},
	"optname:kingpath":  {"King's path", "Chemin du roi"},
	"optname:throne":    {"King's throne", "Trône du roi"},
	"optname:guard":     {"Commandant safe from", "Commandant à l'abri de"},
	"optname:corners":   {"Corners", "Coins"},
	"optname:seating":   {"Partners", "Partenaires"},
	"optname:bands":     {"Bands", "Bandes"},
	"optname:parity":    {"Parity", "Parité"},
	"optname:chain":     {"Chained steps", "Pas enchaînés"},
	"optname:cylinder":  {"Cylinder", "Cylindre"},
	"optname:entry":     {"Entry", "Entrée"},
	"optname:order":     {"Order of play", "Ordre du jeu"},
	"optname:start":     {"Start position", "Position de départ"},
	"optname:triangles": {"Triangles' file", "Colonne des triangles"},
	"optname:backwards": {"Backward directions", "Directions vers l'arrière"},
}
