package cli

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/plural"
	"github.com/plateau-games/plateau/render"
)

// The messages of the interface, in English and French. Each pair takes
// the same fmt arguments in the same order.
var (
	msgSeat          = game.Text{EN: "%s (player %d)", FR: "%s (joueur %d)"}
	msgToMove        = game.Text{EN: "Move %d: %s to move.", FR: "Coup %d : %s au trait."}
	msgScores        = game.Text{EN: "Scores (%s): %s", FR: "Scores (%s) : %s"}
	msgGameOver      = game.Text{EN: "Game over at ply %d.", FR: "Partie terminée au coup %d."}
	msgSeatsLine     = game.Text{EN: "%s: %s.", FR: "%s : %s."}
	msgSeed          = game.Text{EN: "Random seed %d (give --seed %d to get the same random moves again).", FR: "Graine aléatoire %d (--seed %d redonne les mêmes coups au hasard)."}
	msgReadingIntro  = game.Text{EN: "%s, with another reading of the rules: %s.", FR: "%s, avec une autre lecture de la règle : %s."}
	msgReadingsIntro = game.Text{EN: "%s, with other readings of the rules: %s.", FR: "%s, avec d'autres lectures de la règle : %s."}
	msgIntro         = game.Text{EN: "Type a move, or help for the commands.", FR: "Tapez un coup, ou aide pour les commandes."}
	msgPlays         = game.Text{EN: "%s plays %s.", FR: "%s joue %s."}
	msgPlaysComputer = game.Text{EN: "%s plays %s (%s).", FR: "%s joue %s (%s)."}
	msgLegal         = game.Text{EN: "Legal moves (%d): %s", FR: "Coups légaux (%d) : %s"}
	msgNothingToUndo = game.Text{EN: "Nothing to take back.", FR: "Rien à reprendre."}
	msgUndone        = game.Text{EN: "Took back %d moves.", FR: "%d coups repris."}
	msgUndoneOne     = game.Text{EN: "Took back 1 move.", FR: "1 coup repris."}
	msgResigns       = game.Text{EN: "%s resigns.", FR: "%s abandonne."}
	msgStopped       = game.Text{EN: "Game stopped before its end.", FR: "Partie arrêtée avant la fin."}
	msgEndOfInput    = game.Text{EN: "End of input: the game is not finished.", FR: "Fin de l'entrée : la partie n'est pas finie."}
	msgSaved         = game.Text{EN: "Game record saved to %s.", FR: "Partie enregistrée dans %s."}
	msgHelp          = game.Text{
		EN: `Type a move in the game's notation (for example %s), or a command:
  moves (or ?, legal)  list the legal moves
  undo                 take back the last move (and the computer's replies)
  resign               give up: the other players win
  help                 show this help
  quit                 stop here; the unfinished game is saved`,
		FR: `Tapez un coup dans la notation du jeu (par exemple %s), ou une commande :
  coups (ou ?)         affiche les coups possibles
  annuler              reprend le dernier coup (et les réponses de l'ordinateur)
  abandon              abandonne : les autres joueurs gagnent
  aide                 affiche cette aide
  quitter              s'arrête là ; la partie inachevée est enregistrée
Les commandes anglaises marchent aussi.`,
	}
)

// reasonResignation is the end reason of a game a player resigned.
const reasonResignation = "resignation"

func tr(lang string, t game.Text, args ...any) string {
	return fmt.Sprintf(t.In(lang), args...)
}

// countedWords writes n with its words in the right number by the
// language's CLDR rules (package plural, go-i18n): forms[0] for one (and
// for zero in French), forms[1] for more.
func countedWords(lang string, n int, forms [2]game.Text) string {
	return fmt.Sprintf(plural.Form(lang, n, forms[0].In(lang), forms[1].In(lang)), n)
}

// seatLabel names a seat with its number: "Light (player 1)".
func seatLabel(v *game.Variant, seat int, lang string) string {
	return tr(lang, msgSeat, v.SeatName(seat, lang), seat+1)
}

// describeOutcome says how a finished game ended, for people: who won and
// why, and the scores when the game keeps any.
func describeOutcome(v *game.Variant, o game.Outcome, lang string) string {
	text := describeEnd(v, o, lang)
	if v.ScoreName.EN != "" {
		scores := make([]string, v.Players)
		for seat := range scores {
			scores[seat] = fmt.Sprintf("%s = %d", v.SeatName(seat, lang), o.Scores[seat])
		}
		text += "\n" + tr(lang, msgScores, v.ScoreName.In(lang), strings.Join(scores, ", "))
	}
	return text
}

// describeEnd says who won, or that nobody did, and why.
func describeEnd(v *game.Variant, o game.Outcome, lang string) string {
	return render.OutcomeText(v, o, lang, func(seat int) string { return seatLabel(v, seat, lang) })
}

// turnLine says whose turn it is in s and which ply is about to be played.
func turnLine(s game.State, lang string) string {
	line := tr(lang, msgToMove, s.Ply()+1, seatLabel(s.Variant(), s.ToMove(), lang))
	// What to do, in a phase the board does not make plain (Le Blocus's
	// placing of the guards).
	if hint := render.TurnHint(s, lang); hint != "" {
		line += "\n" + hint
	}
	return line
}
