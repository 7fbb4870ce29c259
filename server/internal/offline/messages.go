package offline

import "github.com/plateau-games/plateau/server/internal/web"

func init() {
	web.Register(offlineMessages)
}

// offlineMessages are the strings of the offline game and of the installed
// site, English then French (web.Register).
var offlineMessages = map[string][2]string{
	"off:title":       {"Play the computer offline", "Jouer hors ligne contre l'ordinateur"},
	"off:link":        {"Play the computer offline", "Jouer hors ligne contre l'ordinateur"},
	"off:intro":       {"The game runs in your browser: once this page has loaded, it works without the network. Your game is kept on this device.", "La partie se joue dans votre navigateur : une fois cette page chargée, elle fonctionne sans réseau. Votre partie est gardée sur cet appareil."},
	"off:yourseat":    {"Your seat", "Votre place"},
	"off:start":       {"Start the game", "Commencer la partie"},
	"off:loading":     {"Loading the rules engine…", "Chargement du moteur de règles…"},
	"off:noengine":    {"This browser cannot run the rules engine (WebAssembly in a worker): play on the site instead.", "Ce navigateur ne peut pas faire tourner le moteur de règles (WebAssembly dans un worker) : jouez plutôt sur le site."},
	"off:enginefail":  {"The rules engine failed: %s", "Le moteur de règles a échoué : %s"},
	"off:yourturn":    {"Your turn", "À vous de jouer"},
	"off:thinking":    {"The computer is thinking…", "L'ordinateur réfléchit…"},
	"off:youplay":     {"You play %s", "Vous jouez %s"},
	"off:youwin":      {"You win!", "Vous avez gagné !"},
	"off:youlose":     {"You lose.", "Vous avez perdu."},
	"off:resumed":     {"Your game was resumed where you left it.", "Votre partie a repris là où vous l'aviez laissée."},
	"off:abandon":     {"Resign", "Abandonner"},
	"off:abandonask":  {"Resign this game?", "Abandonner cette partie ?"},
	"off:yes":         {"Yes, resign", "Oui, abandonner"},
	"off:no":          {"No", "Non"},
	"off:newgame":     {"New game", "Nouvelle partie"},
	"off:illegal":     {"That is not a legal move.", "Ce coup n'est pas permis."},
	"off:pass":        {"Pass", "Passer"},
	"off:status":      {"Offline: the pages you have visited and games against the computer still work.", "Hors ligne : les pages déjà visitées et les parties contre l'ordinateur fonctionnent toujours."},
	"off:playlink":    {"Play offline", "Jouer hors ligne"},
	"off:players":     {"%d players", "%d joueurs"},
	"off:description": {"Rare abstract board games: play against the computer, learn the rules, solve puzzles.", "Des jeux de plateau abstraits rares : jouez contre l'ordinateur, apprenez les règles, résolvez des problèmes."},
}
