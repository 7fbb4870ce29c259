package games

import "github.com/plateau-games/plateau/server/internal/web"

func init() {
	web.Register(gamesMessages)
}

// gamesMessages are the interface strings of games as stored: seats, levels, kinds of players, offers, English
// then French (web.Register).
var gamesMessages = map[string][2]string{
	"kind:human":      {"a person", "une personne"},
	"kind:computer":   {"the computer", "l'ordinateur"},
	"aplayer":         {"a player", "un joueur"},
	"sent:resigned":   {"%s resigned", "%s a abandonné"},
	"sent:time":       {"%s ran out of time", "%s a dépassé son temps"},
	"sent:agreement":  {"by agreement", "par accord"},
	"sent:wins":       {"%s wins", "%s gagne"},
	"sent:winmany":    {"%s and %s win", "%s et %s gagnent"},
	"sent:drawagreed": {"Draw by agreement", "Nulle par accord"},
	"sent:abandoned":  {"Game abandoned: no move for too long", "Partie abandonnée faute de coups"},
	"ratingchange":    {"Ratings:", "Classements :"},
}
