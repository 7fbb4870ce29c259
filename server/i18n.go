package server

import (
	"net/http"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
)

// langCookie remembers the language chosen with ?lang=.
const langCookie = "plateau_lang"

// pickLang chooses the page language: ?lang= (remembered in a cookie), then
// the cookie, then the browser's Accept-Language, then English.
func pickLang(w http.ResponseWriter, r *http.Request) string {
	if l := normLang(r.URL.Query().Get("lang")); l != "" {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: l, Path: "/",
			MaxAge: int((365 * 24 * time.Hour).Seconds()), SameSite: http.SameSiteLaxMode})
		return l
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l := normLang(c.Value); l != "" {
			return l
		}
	}
	// Accept-Language lists tags by preference; the first one we speak wins.
	// Quality values are ignored: browsers list tags in preference order.
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		if l := normLang(tag); l != "" {
			return l
		}
	}
	return "en"
}

func normLang(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case s == "fr" || strings.HasPrefix(s, "fr-"):
		return "fr"
	case s == "en" || strings.HasPrefix(s, "en-"):
		return "en"
	}
	return ""
}

// messages are the interface strings, English then French. JavaScript gets
// the ones it needs through the page (data-msg in game.html).
var messages = map[string][2]string{
	"site":          {"plateau", "plateau"},
	"tagline":       {"Rare abstract board games, in your browser", "Des jeux de plateau abstraits rares, dans votre navigateur"},
	"games":         {"Games", "Jeux"},
	"newgame":       {"New game", "Nouvelle partie"},
	"archive":       {"Archive", "Archives"},
	"rules":         {"Rules", "Règles"},
	"play":          {"Play", "Jouer"},
	"players":       {"players", "joueurs"},
	"game":          {"Game", "Jeu"},
	"variant":       {"Variant", "Variante"},
	"custom":        {"Options below", "Options ci-dessous"},
	"default":       {"(default)", "(par défaut)"},
	"options":       {"Options", "Options"},
	"seats":         {"Seats", "Places"},
	"seat":          {"Seat", "Place"},
	"me":            {"Me (this browser)", "Moi (ce navigateur)"},
	"invite":        {"An invited person", "Une personne invitée"},
	"computer":      {"The computer", "L'ordinateur"},
	"level":         {"Level", "Niveau"},
	"name":          {"Name", "Nom"},
	"casual":        {"Casual game (undo requests and draw offers allowed)", "Partie amicale (demandes d'annulation et propositions de nulle permises)"},
	"clock":         {"Clock: minutes per player (0: none)", "Pendule : minutes par joueur (0 : aucune)"},
	"increment":     {"Increment per move, seconds", "Incrément par coup, en secondes"},
	"start":         {"Start the game", "Commencer la partie"},
	"moves":         {"Moves", "Coups"},
	"resign":        {"Resign", "Abandonner"},
	"offerdraw":     {"Offer a draw", "Proposer la nulle"},
	"askundo":       {"Ask to undo", "Demander d'annuler"},
	"accept":        {"Accept", "Accepter"},
	"decline":       {"Decline", "Refuser"},
	"entermove":     {"Move in notation", "Coup en notation"},
	"send":          {"Play", "Jouer"},
	"first":         {"Start", "Début"},
	"back":          {"Back", "Reculer"},
	"forward":       {"Forward", "Avancer"},
	"last":          {"Now", "Maintenant"},
	"download":      {"Download the record", "Télécharger la partie"},
	"invitelinks":   {"Invitation links (send one to each invited person)", "Liens d'invitation (envoyez-en un à chaque invité)"},
	"watchlink":     {"Link for spectators", "Lien pour les spectateurs"},
	"finished":      {"Finished games", "Parties terminées"},
	"nofinished":    {"No finished game yet.", "Aucune partie terminée pour l'instant."},
	"upload":        {"View a game record", "Voir une partie enregistrée"},
	"uploadhelp":    {"Choose a record file (plateau's text format) or paste it.", "Choisissez un fichier de partie (format texte de plateau) ou collez-le."},
	"view":          {"View", "Voir"},
	"result":        {"Result", "Résultat"},
	"date":          {"Date", "Date"},
	"older":         {"Older games", "Parties plus anciennes"},
	"chooseMove":    {"Several moves share these clicks: choose one", "Plusieurs coups correspondent à ces clics : choisissez"},
	"cancel":        {"Cancel", "Annuler"},
	"tomove":        {"to move", "au trait"},
	"you":           {"you", "vous"},
	"spectator":     {"You are watching.", "Vous regardez la partie."},
	"connecting":    {"Connecting…", "Connexion…"},
	"disconnected":  {"Connection lost; reconnecting…", "Connexion perdue ; reconnexion…"},
	"thinking":      {"The computer is thinking…", "L'ordinateur réfléchit…"},
	"gameover":      {"Game over", "Partie terminée"},
	"draw":          {"Draw", "Nulle"},
	"wins":          {"wins", "gagne"},
	"drawoffered":   {"offers a draw", "propose la nulle"},
	"undoasked":     {"asks to undo a move", "demande d'annuler un coup"},
	"waiting":       {"Waiting for an answer…", "En attente de réponse…"},
	"declined":      {"Declined.", "Refusé."},
	"notfound":      {"Not found", "Introuvable"},
	"badrequest":    {"Bad request", "Requête incorrecte"},
	"error":         {"Error", "Erreur"},
	"replay":        {"Replay", "Revoir"},
	"uploadedtitle": {"Game record", "Partie enregistrée"},
	"picture":       {"Start position", "Position de départ"},
	"diagram":       {"Diagram", "Diagramme"},
	"language":      {"Français", "English"},
	"position":      {"Position", "Position"},
	"noclock":       {"none", "aucune"},
	"passes":        {"Moves without a place on the board", "Coups sans case sur le plateau"},
	"reason":        {"Reason", "Raison"},
	"ongoing":       {"in play", "en cours"},
	"over":          {"Over", "Terminée"},
	"engine":        {"engine", "moteur"},
	"toomany":       {"Too many requests", "Trop de requêtes"},
	"ratelimited":   {"Too many new games from your address: try again in %d seconds.", "Trop de nouvelles parties depuis votre adresse : réessayez dans %d secondes."},
	"internal":      {"Something went wrong on the server. If it happens again, give the administrator this reference: %s.", "Une erreur s'est produite sur le serveur. Si elle se reproduit, donnez cette référence à l'administrateur : %s."},
}

// tr translates key into lang; an unknown key shows itself, so that a
// missing string is visible rather than blank.
func tr(lang, key string) string {
	m, ok := messages[key]
	if !ok {
		return key
	}
	if lang == "fr" {
		return m[1]
	}
	return m[0]
}

// jsMessages are the strings the game page's script uses.
func jsMessages(lang string) map[string]string {
	keys := []string{"chooseMove", "cancel", "tomove", "you", "spectator", "connecting",
		"disconnected", "thinking", "gameover", "draw", "wins", "drawoffered", "undoasked",
		"waiting", "declined", "accept", "decline", "over", "passes", "invitelinks", "watchlink"}
	out := make(map[string]string, len(keys))
	for _, k := range keys {
		out[k] = tr(lang, k)
	}
	// End reasons come from the rules engines in English.
	for en, text := range game.ReasonTexts(lang) {
		out["reason:"+en] = text
	}
	return out
}
