package tui

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
)

// The words of the view, in English and French. Each pair takes the same
// fmt arguments in the same order.
var (
	wTooSmall      = game.Text{EN: "The terminal is %dx%d: plateau needs at least %dx%d. Enlarge it, or quit with q.", FR: "Le terminal fait %dx%d : plateau a besoin d'au moins %dx%d. Agrandissez-le, ou quittez avec q."}
	wToMove        = game.Text{EN: "to move", FR: "au trait"}
	wThinking      = game.Text{EN: "%s is thinking…", FR: "%s réfléchit…"}
	wYourTurn      = game.Text{EN: "Your move: pick a piece, then where it goes.", FR: "À vous : choisissez une pièce, puis où elle va."}
	wYourTurnPlace = game.Text{EN: "Your move: pick a place.", FR: "À vous : choisissez une case."}
	wPickNext      = game.Text{EN: "Now pick where it goes (Esc: start again).", FR: "Choisissez maintenant où aller (Échap : recommencer)."}
	wWaiting       = game.Text{EN: "Waiting for %s.", FR: "En attente de %s."}
	wNotHere       = game.Text{EN: "%s: nothing to do there. The marked places can be picked.", FR: "%s : rien à faire ici. Les cases marquées peuvent être choisies."}
	wNotYourTurn   = game.Text{EN: "It is not your move.", FR: "Ce n'est pas à vous de jouer."}
	wPlayed        = game.Text{EN: "%s played %s.", FR: "%s a joué %s."}
	wChoose        = game.Text{EN: "Which move? (↑↓ then Enter, Esc: cancel)", FR: "Quel coup ? (↑↓ puis Entrée, Échap : annuler)"}
	wAllMoves      = game.Text{EN: "Legal moves (%d): ↑↓ then Enter, Esc: cancel", FR: "Coups possibles (%d) : ↑↓ puis Entrée, Échap : annuler"}
	wTypeMove      = game.Text{EN: "Move: ", FR: "Coup : "}
	wTypeHint      = game.Text{EN: "Type a move in notation, Enter to play, Esc to cancel.", FR: "Tapez un coup en notation, Entrée pour jouer, Échap pour annuler."}
	wNothingUndo   = game.Text{EN: "Nothing to take back.", FR: "Rien à reprendre."}
	wUndone        = game.Text{EN: "Took back %d moves.", FR: "%d coups repris."}
	wUndoneOne     = game.Text{EN: "Took back 1 move.", FR: "1 coup repris."}
	wResignAsk     = game.Text{EN: "Resign this game? y: yes, any other key: no", FR: "Abandonner la partie ? o : oui, une autre touche : non"}
	wResigns       = game.Text{EN: "%s resigns.", FR: "%s abandonne."}
	wQuitAsk       = game.Text{EN: "Leave the unfinished game? It is saved. y: yes, any other key: no", FR: "Quitter la partie inachevée ? Elle est enregistrée. o : oui, une autre touche : non"}
	wOver          = game.Text{EN: "Game over. q: quit, u: take back your last move.", FR: "Partie terminée. q : quitter, u : reprendre votre dernier coup."}
	wOverOnline    = game.Text{EN: "Game over. q: quit.", FR: "Partie terminée. q : quitter."}
	wPlayers       = game.Text{EN: "Players", FR: "Joueurs"}
	wMoves         = game.Text{EN: "Moves", FR: "Coups"}
	wNoMoves       = game.Text{EN: "(none yet)", FR: "(aucun encore)"}
	wTeam          = game.Text{EN: "team %d", FR: "équipe %d"}
	wKeys          = game.Text{EN: "←↑↓→ move · Enter pick · : type · m moves · u undo · r resign · ? help · q quit", FR: "←↑↓→ aller · Entrée choisir · : taper · m coups · u annuler · r abandonner · ? aide · q quitter"}
	wKeysShort     = game.Text{EN: "←↑↓→ · Enter · : · m · u · r · ? · q", FR: "←↑↓→ · Entrée · : · m · u · r · ? · q"}
	wOffline       = game.Text{EN: "Connection lost: reconnecting…", FR: "Connexion perdue : reconnexion…"}
	wConnecting    = game.Text{EN: "Connecting to %s…", FR: "Connexion à %s…"}
	wSpectator     = game.Text{EN: "You are watching: no seat of this game is yours.", FR: "Vous regardez : aucune place de cette partie n'est à vous."}
	wDrawAsk       = game.Text{EN: "%s offers a draw. y: accept, n: decline", FR: "%s propose la nulle. o : accepter, n : refuser"}
	wUndoAsk       = game.Text{EN: "%s asks to take back a move. y: accept, n: decline", FR: "%s demande à reprendre un coup. o : accepter, n : refuser"}
	wOfferSent     = game.Text{EN: "Offer sent; waiting for the answer.", FR: "Proposition envoyée ; en attente de la réponse."}
	wServerSays    = game.Text{EN: "Server: %s", FR: "Serveur : %s"}
	wHelpTitle     = game.Text{EN: "Help — any key to go back", FR: "Aide — une touche pour revenir"}
	wHelp          = game.Text{
		EN: `Arrows or h j k l   move the cursor from place to place
Enter or space      pick the place under the cursor: first the piece
                    (or the place), then where it goes; the marked
                    places are the ones you can pick
Esc                 start the move again
:                   type a move in the game's notation (e.g. %s)
m                   list every legal move (moves without a place too)
u                   take back your last move (and the replies)
r                   resign
d                   offer a draw (online games)
f                   turn the board around
?                   this help
q                   quit (asks first while the game is on);
                    Ctrl-C quits at once; the game record is saved`,
		FR: `Flèches ou h j k l  déplacer le curseur de case en case
Entrée ou espace    choisir la case sous le curseur : d'abord la pièce
                    (ou la case), puis où elle va ; les cases marquées
                    sont celles que vous pouvez choisir
Échap               recommencer le coup
:                   taper un coup dans la notation du jeu (ex. %s)
m                   la liste des coups possibles (même sans case)
u                   reprendre votre dernier coup (et les réponses)
r                   abandonner
d                   proposer la nulle (parties en ligne)
f                   retourner le plateau
?                   cette aide
q                   quitter (demande d'abord si la partie continue) ;
                    Ctrl-C quitte tout de suite ; la partie est enregistrée`,
	}
	wLegendCursor = game.Text{EN: "Cursor: reverse video; pickable: underlined; last move: bold.", FR: "Curseur : vidéo inverse ; choix possibles : soulignés ; dernier coup : gras."}
	wYou          = game.Text{EN: "you", FR: "vous"}
	wComputer     = game.Text{EN: "computer", FR: "ordinateur"}
)

func tr(lang string, t game.Text, args ...any) string {
	if len(args) == 0 {
		return t.In(lang)
	}
	return fmt.Sprintf(t.In(lang), args...)
}

// localizeError is the text of an error of the rules (a refused move) in
// the view's language.
func localizeError(err error, lang string) string {
	return game.ErrorText(err, lang)
}

// Describe says how a game ended: who won, or that nobody did, and why.
func Describe(v *game.Variant, o game.Outcome, lang string) string {
	return render.OutcomeText(v, o, lang, func(seat int) string { return fmt.Sprintf("%s (%d)", v.SeatName(seat, lang), seat+1) })
}
