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
	"analyse":                  {"Analyse the game", "Analyser la partie"},
	"analysistitle":            {"Analysis", "Analyse"},
	"analysisstart":            {"Start the analysis", "Lancer l'analyse"},
	"analysisintro":            {"The server judges every move with a search of %s per position and stores the verdict with the game.", "Le serveur juge chaque coup par une recherche de %s par position et garde le verdict avec la partie."},
	"analysisrunning":          {"Analysing: position %d of %d", "Analyse en cours : position %d sur %d"},
	"analysiswait":             {"The analysis waits for the computer players: the positions are judged one at a time on the server's searches.", "L'analyse passe après les joueurs ordinateur : les positions sont jugées une à une sur les recherches du serveur."},
	"analysisfailed":           {"The analysis failed", "L'analyse a échoué"},
	"analysisunfinished":       {"Only finished games can be analysed.", "Seules les parties terminées peuvent être analysées."},
	"analysisoff":              {"This server does not analyse games.", "Ce serveur n'analyse pas les parties."},
	"analysisbusy":             {"The server is analysing other games; try again in a minute.", "Le serveur analyse d'autres parties ; réessayez dans une minute."},
	"analysisby":               {"Judged by %s, %s per position.", "Jugé par %s, %s par position."},
	"analysisbyagent":          {"Judged by %s.", "Jugé par %s."},
	"analysisexact":            {"Exact values of the solved game: win, draw or loss with perfect play.", "Valeurs exactes du jeu résolu : gain, nulle ou perte avec un jeu parfait."},
	"analysisrecord":           {"Analyse", "Analyser"},
	"betterwas":                {"Better was", "Mieux valait"},
	"startposition":            {"Start position", "Position de départ"},
	"evalgraph":                {"Evaluation over the game (up: better for the first player)", "Évaluation au fil de la partie (en haut : mieux pour le premier joueur)"},
	"summary":                  {"Summary", "Bilan"},
	"accuracy":                 {"Accuracy", "Précision"},
	"inaccuracies":             {"Inaccuracies ?!", "Imprécisions ?!"},
	"mistakes":                 {"Mistakes ?", "Erreurs ?"},
	"blunders":                 {"Blunders ??", "Gaffes ??"},
	"playfromhere":             {"Play from here", "Jouer à partir d'ici"},
	"playfromheretitle":        {"A casual game against the computer from this position: you take the side to move", "Une partie amicale contre l'ordinateur depuis cette position : vous prenez le camp qui a le trait"},
	"backtogame":               {"Back to the game", "Retour à la partie"},
	"site":                     {"plateau", "plateau"},
	"tagline":                  {"Rare abstract board games, in your browser", "Des jeux de plateau abstraits rares, dans votre navigateur"},
	"games":                    {"Games", "Jeux"},
	"newgame":                  {"New game", "Nouvelle partie"},
	"archive":                  {"Archive", "Archives"},
	"rules":                    {"Rules", "Règles"},
	"play":                     {"Play", "Jouer"},
	"players":                  {"players", "joueurs"},
	"game":                     {"Game", "Jeu"},
	"variant":                  {"Variant", "Variante"},
	"custom":                   {"Options below", "Options ci-dessous"},
	"default":                  {"(default)", "(par défaut)"},
	"options":                  {"Options", "Options"},
	"seats":                    {"Seats", "Places"},
	"seat":                     {"Seat", "Place"},
	"me":                       {"Me (this browser)", "Moi (ce navigateur)"},
	"invite":                   {"An invited person", "Une personne invitée"},
	"computer":                 {"The computer", "L'ordinateur"},
	"level":                    {"Level", "Niveau"},
	"name":                     {"Name", "Nom"},
	"casual":                   {"Casual game (undo requests and draw offers allowed)", "Partie amicale (demandes d'annulation et propositions de nulle permises)"},
	"clock":                    {"Clock: minutes per player (0: none)", "Pendule : minutes par joueur (0 : aucune)"},
	"increment":                {"Increment per move, seconds", "Incrément par coup, en secondes"},
	"start":                    {"Start the game", "Commencer la partie"},
	"moves":                    {"Moves", "Coups"},
	"resign":                   {"Resign", "Abandonner"},
	"offerdraw":                {"Offer a draw", "Proposer la nulle"},
	"askundo":                  {"Ask to undo", "Demander d'annuler"},
	"accept":                   {"Accept", "Accepter"},
	"decline":                  {"Decline", "Refuser"},
	"entermove":                {"Move in notation", "Coup en notation"},
	"send":                     {"Play", "Jouer"},
	"first":                    {"Start", "Début"},
	"back":                     {"Back", "Reculer"},
	"forward":                  {"Forward", "Avancer"},
	"last":                     {"Now", "Maintenant"},
	"download":                 {"Download the record", "Télécharger la partie"},
	"invitelinks":              {"Invitation links (send one to each invited person)", "Liens d'invitation (envoyez-en un à chaque invité)"},
	"watchlink":                {"Link for spectators", "Lien pour les spectateurs"},
	"finished":                 {"Finished games", "Parties terminées"},
	"nofinished":               {"No finished game yet.", "Aucune partie terminée pour l'instant."},
	"upload":                   {"View a game record", "Voir une partie enregistrée"},
	"uploadhelp":               {"Choose a record file (plateau's text format) or paste it.", "Choisissez un fichier de partie (format texte de plateau) ou collez-le."},
	"view":                     {"View", "Voir"},
	"result":                   {"Result", "Résultat"},
	"date":                     {"Date", "Date"},
	"older":                    {"Older games", "Parties plus anciennes"},
	"chooseMove":               {"Several moves share these clicks: choose one", "Plusieurs coups correspondent à ces clics : choisissez"},
	"cancel":                   {"Cancel", "Annuler"},
	"tomove":                   {"to move", "au trait"},
	"you":                      {"you", "vous"},
	"spectator":                {"You are watching.", "Vous regardez la partie."},
	"connecting":               {"Connecting…", "Connexion…"},
	"disconnected":             {"Connection lost; reconnecting…", "Connexion perdue ; reconnexion…"},
	"thinking":                 {"The computer is thinking…", "L'ordinateur réfléchit…"},
	"gameover":                 {"Game over", "Partie terminée"},
	"draw":                     {"Draw", "Nulle"},
	"wins":                     {"wins", "gagne"},
	"drawoffered":              {"offers a draw", "propose la nulle"},
	"undoasked":                {"asks to undo a move", "demande d'annuler un coup"},
	"waiting":                  {"Waiting for an answer…", "En attente de réponse…"},
	"declined":                 {"Declined.", "Refusé."},
	"notfound":                 {"Not found", "Introuvable"},
	"badrequest":               {"Bad request", "Requête incorrecte"},
	"error":                    {"Error", "Erreur"},
	"replay":                   {"Replay", "Revoir"},
	"uploadedtitle":            {"Game record", "Partie enregistrée"},
	"picture":                  {"Start position", "Position de départ"},
	"diagram":                  {"Diagram", "Diagramme"},
	"language":                 {"Français", "English"},
	"position":                 {"Position", "Position"},
	"noclock":                  {"none", "aucune"},
	"passes":                   {"Moves without a place on the board", "Coups sans case sur le plateau"},
	"reason":                   {"Reason", "Raison"},
	"ongoing":                  {"in play", "en cours"},
	"over":                     {"Over", "Terminée"},
	"engine":                   {"engine", "moteur"},
	"toomany":                  {"Too many requests", "Trop de requêtes"},
	"ratelimited":              {"Too many new games from your address: try again in %d seconds.", "Trop de nouvelles parties depuis votre adresse : réessayez dans %d secondes."},
	"level:random":             {"random", "au hasard"},
	"level:easy":               {"easy", "facile"},
	"level:medium":             {"medium", "moyen"},
	"level:hard":               {"hard", "difficile"},
	"level:max":                {"strongest", "le plus fort"},
	"level:computer":           {"computer", "ordinateur"},
	"kind:human":               {"a person", "une personne"},
	"kind:computer":            {"the computer", "l'ordinateur"},
	"optname:players":          {"Players", "Joueurs"},
	"optname:teams":            {"Teams", "Équipes"},
	"optname:expert":           {"Expert rules", "Règle expert"},
	"optname:match":            {"Match", "Match"},
	"optname:size":             {"Board size", "Taille du plateau"},
	"optname:level":            {"Level of the rules", "Niveau de la règle"},
	"optname:orientation":      {"Orientation", "Orientation"},
	"optname:layout":           {"Layout", "Disposition"},
	"optname:seed":             {"Deal", "Donne"},
	"no":                       {"no", "non"},
	"aplayer":                  {"a player", "un joueur"},
	"sent:resigned":            {"%s resigned", "%s a abandonné"},
	"sent:time":                {"%s ran out of time", "%s a dépassé son temps"},
	"sent:agreement":           {"by agreement", "par accord"},
	"sent:wins":                {"%s wins", "%s gagne"},
	"sent:winmany":             {"%s and %s win", "%s et %s gagnent"},
	"sent:draw":                {"Draw", "Partie nulle"},
	"sent:drawagreed":          {"Draw by agreement", "Nulle par accord"},
	"sent:over":                {"Game over", "Partie terminée"},
	"sent:abandoned":           {"Game abandoned: no move for too long", "Partie abandonnée faute de coups"},
	"info:declined":            {"%s declined", "%s a refusé"},
	"info:undone":              {"Move taken back, as %s asked", "Coup annulé à la demande de %s"},
	"info:drawn":               {"Draw by agreement", "Nulle par accord"},
	"info:resigned":            {"%s resigned", "%s a abandonné"},
	"info:flag":                {"%s ran out of time", "%s a dépassé son temps"},
	"flipboard":                {"Flip the board", "Retourner le plateau"},
	"copy":                     {"Copy", "Copier"},
	"copied":                   {"Copied", "Copié"},
	"rematch":                  {"Rematch", "Revanche"},
	"playrematch":              {"Play the rematch", "Jouer la revanche"},
	"historyview":              {"Position after move %d of %d", "Position après le coup %d sur %d"},
	"startview":                {"Start position (%d moves played)", "Position de départ (%d coups joués)"},
	"backtolive":               {"Back to the game", "Revenir à la partie"},
	"notlive":                  {"This is a past position: go back to the game to play.", "Vous regardez une position passée : revenez à la partie pour jouer."},
	"online":                   {"connected", "connecté"},
	"offline":                  {"not connected", "absent"},
	"partner":                  {"partner", "partenaire"},
	"boardlabel":               {"Board: arrow keys move the cursor, Enter or Space plays, Escape cancels", "Plateau : les flèches déplacent le curseur, Entrée ou Espace joue, Échap annule"},
	"lastmove":                 {"Last move", "Dernier coup"},
	"movelist":                 {"Moves played", "Coups joués"},
	"info:rematch":             {"%s proposes a rematch", "%s propose une revanche"},
	"err:rematch_limited":      {"Too many new games from your address: try again in a moment.", "Trop de nouvelles parties depuis votre adresse : réessayez dans un moment."},
	"err:no_chat":              {"This server keeps no chat.", "Ce serveur ne garde pas de discussion."},
	"err:chat_login":           {"Log in to write in the spectators' chat.", "Connectez-vous pour écrire dans la discussion des spectateurs."},
	"err:chat_limited":         {"Too many messages: wait a little.", "Trop de messages : patientez un peu."},
	"err:chat_empty":           {"An empty message.", "Un message vide."},
	"err:chat_full":            {"This chat is full.", "Cette discussion est pleine."},
	"err:not_operator":         {"Only an operator may delete chat messages.", "Seul un responsable peut supprimer des messages."},
	"err:not_found":            {"No such message in this game.", "Ce message n'existe pas dans cette partie."},
	"err:not_over":             {"A rematch is for a finished game.", "La revanche se joue après la fin de la partie."},
	"info:busy":                {"The computer is busy: it will play as soon as a place is free", "L'ordinateur est occupé : il jouera dès qu'une place se libère"},
	"err:hint_off":             {"This server gives no hints.", "Ce serveur ne donne pas d'indices."},
	"err:hint_rated":           {"No hints in a rated game.", "Pas d'indice dans une partie classée."},
	"err:hint_not_casual":      {"Hints are for casual games.", "Les indices sont réservés aux parties amicales."},
	"err:hint_no_computer":     {"Hints are for games against the computer.", "Les indices sont réservés aux parties contre l'ordinateur."},
	"err:hint_pending":         {"A hint is already being searched: wait for it.", "Un indice est déjà en cours de recherche : attendez-le."},
	"err:hint_limited":         {"Too many hints: wait a little.", "Trop d'indices d'affilée : patientez un peu."},
	"err:hint_busy":            {"The computer is busy: ask for the hint again in a moment.", "L'ordinateur est occupé : redemandez l'indice dans un instant."},
	"err:hint_failed":          {"No hint could be found; try again.", "Aucun indice n'a pu être trouvé ; réessayez."},
	"err:hint_storage":         {"The hint could not be recorded, so it is not shown; try again.", "L'indice n'a pas pu être enregistré, il n'est donc pas montré ; réessayez."},
	"hint:text":                {"Hint: %s", "Indice : %s"},
	"hint":                     {"Hint", "Indice"},
	"hinttitle":                {"Ask the computer for a move (counted in the game's record)", "Demander un coup à l'ordinateur (compté dans l'enregistrement de la partie)"},
	"hintsearching":            {"Looking for a hint…", "Recherche d'un indice…"},
	"hintsone":                 {"1 hint", "1 indice"},
	"hintsmany":                {"%d hints", "%d indices"},
	"hintmoves":                {"moves %s", "coups %s"},
	"hintmove":                 {"move %s", "coup %s"},
	"hinted":                   {"played after a hint", "joué après un indice"},
	"err:illegal":              {"%s is not a legal move here; legal moves: %s", "%s n'est pas un coup possible ici. Coups possibles : %s"},
	"err:over":                 {"The game is over.", "La partie est terminée."},
	"err:spectator":            {"Spectators cannot play: open the game with a seat's link.", "Les spectateurs ne peuvent pas jouer : ouvrez la partie avec le lien d'une place."},
	"err:stale":                {"The game has moved on: here is the current position.", "La partie a avancé : voici la position actuelle."},
	"err:not_your_turn":        {"It is %s's turn, not yours.", "C'est à %s de jouer, pas à vous."},
	"err:not_casual":           {"Draw offers and undo requests are for casual games.", "Les propositions de nulle et les demandes d'annulation sont réservées aux parties amicales."},
	"err:pending":              {"An offer is already waiting for an answer.", "Une proposition attend déjà une réponse."},
	"err:nothing":              {"You have no move to take back.", "Vous n'avez aucun coup à annuler."},
	"err:no_offer":             {"There is no offer for you to answer.", "Aucune proposition n'attend votre réponse."},
	"err:solo":                 {"There is no draw offer or undo request in a game played alone.", "Pas de proposition de nulle ni de demande d'annulation dans une partie à un joueur."},
	"err:token":                {"This link holds no seat of this game: you can watch.", "Ce lien ne donne aucune place dans cette partie : vous pouvez regarder."},
	"err:malformed":            {"Malformed message.", "Message mal formé."},
	"err:unknown_type":         {"Unknown message type.", "Type de message inconnu."},
	"err:rate_limited":         {"Too many messages: this one was ignored.", "Trop de messages : celui-ci a été ignoré."},
	"err:too_big":              {"Message too long.", "Message trop long."},
	"err:conflict":             {"Another move was stored first: here is the current position.", "Un autre coup a été enregistré avant : voici la position actuelle."},
	"err:storage":              {"The move could not be stored; try again.", "Le coup n'a pas pu être enregistré ; réessayez."},
	"login":                    {"Log in", "Se connecter"},
	"signup":                   {"Sign up", "Créer un compte"},
	"logout":                   {"Log out", "Se déconnecter"},
	"username":                 {"User name", "Nom d'utilisateur"},
	"password":                 {"Password", "Mot de passe"},
	"password2":                {"Password again", "Mot de passe, à nouveau"},
	"namehelp":                 {"2 to 20 characters: letters, digits, _ and - (not first). It cannot be changed later.", "De 2 à 20 caractères : lettres, chiffres, _ et - (pas en premier). Il ne pourra plus être changé."},
	"haveaccount":              {"I already have an account: log in", "J'ai déjà un compte : me connecter"},
	"noaccount":                {"No account yet? Sign up", "Pas encore de compte ? En créer un"},
	"accountoptional":          {"An account is optional: you can play without one.", "Un compte est facultatif : vous pouvez jouer sans."},
	"badlogin":                 {"Wrong user name or password.", "Nom d'utilisateur ou mot de passe incorrect."},
	"accountdisabled":          {"This account is disabled: ask the site's operator.", "Ce compte est désactivé : adressez-vous au responsable du site."},
	"signupclosed":             {"New accounts are created by the site's operator only.", "Seul le responsable du site crée les nouveaux comptes."},
	"nameinvalid":              {"A user name has %d to %d characters: letters a-z and A-Z, digits, and _ or - (not first).", "Un nom d'utilisateur a de %d à %d caractères : lettres a-z et A-Z, chiffres, et _ ou - (pas en premier)."},
	"nametaken":                {"The name %s is taken; choose another.", "Le nom %s est déjà pris ; choisissez-en un autre."},
	"passwordlength":           {"A password has %d to %d characters.", "Un mot de passe a de %d à %d caractères."},
	"passwordmismatch":         {"The two passwords differ.", "Les deux mots de passe diffèrent."},
	"loginlimited":             {"Too many attempts; try again in %d seconds.", "Trop de tentatives ; réessayez dans %d secondes."},
	"noaccounts":               {"This server keeps no accounts.", "Ce serveur ne gère pas de comptes."},
	"formtoolarge":             {"The form is too large.", "Le formulaire est trop grand."},
	"lobby":                    {"Lobby", "Salon"},
	"openchallenges":           {"Open challenges", "Défis ouverts"},
	"newchallenge":             {"Post a challenge", "Lancer un défi"},
	"postchallenge":            {"Post the challenge", "Lancer le défi"},
	"nochallenges":             {"No open challenge: post one, and it appears here for everyone.", "Aucun défi ouvert : lancez-en un, il apparaîtra ici pour tous."},
	"logintoplay":              {"an account is needed to post or accept a challenge.", "il faut un compte pour lancer ou accepter un défi."},
	"waitingopponent":          {"Waiting for an opponent: this page goes to the game as soon as someone accepts.", "En attente d'un adversaire : cette page ouvre la partie dès que quelqu'un accepte."},
	"player":                   {"Player", "Joueur"},
	"clockshort":               {"Clock", "Pendule"},
	"rated":                    {"Rated", "Classée"},
	"casualshort":              {"Casual", "Amicale"},
	"yourcolour":               {"You play", "Vous jouez"},
	"theircolour":              {"Plays", "Joue"},
	"colourrandom":             {"at random", "au hasard"},
	"colourfirst":              {"first", "en premier"},
	"coloursecond":             {"second", "en second"},
	"opponent":                 {"Only this player (optional)", "Seulement ce joueur (facultatif)"},
	"anyone":                   {"anyone", "n'importe qui"},
	"challenge:taken":          {"Too late: that challenge was taken, cancelled or has expired.", "Trop tard : ce défi a été pris, annulé, ou il a expiré."},
	"challenge:gone":           {"That challenge is no longer open.", "Ce défi n'est plus ouvert."},
	"challenge:notfound":       {"No such challenge.", "Ce défi n'existe pas."},
	"challenge:toomany":        {"You have too many open challenges: cancel one first.", "Vous avez trop de défis ouverts : annulez-en un d'abord."},
	"challenge:self":           {"You cannot play your own challenge.", "Vous ne pouvez pas jouer votre propre défi."},
	"challenge:nouser":         {"No player of that name.", "Aucun joueur de ce nom."},
	"challenge:badgame":        {"Choose a game from the list.", "Choisissez un jeu de la liste."},
	"challenge:badclock":       {"The clock is minutes from 0 to 1440, the increment seconds from 0 to 3600.", "La pendule se donne en minutes (de 0 à 1440), l'incrément en secondes (de 0 à 3600)."},
	"ratingchange":             {"Ratings:", "Classements :"},
	"nosuchplayer":             {"No player of that name.", "Aucun joueur de ce nom."},
	"operator":                 {"operator", "responsable"},
	"bot":                      {"bot", "robot"},
	"accountoff":               {"disabled", "désactivé"},
	"membersince":              {"Member since", "Membre depuis"},
	"ratings":                  {"Ratings", "Classements"},
	"ratinggraph":              {"Rating after each rated game", "Classement après chaque partie classée"},
	"norated":                  {"No rated game yet.", "Aucune partie classée pour l'instant."},
	"recentgames":              {"Games", "Parties"},
	"nogames":                  {"No game yet.", "Aucune partie pour l'instant."},
	"leaderboard":              {"Leaderboard", "Classement"},
	"rank":                     {"#", "#"},
	"rating":                   {"Rating", "Cote"},
	"interval":                 {"95% interval", "Intervalle à 95 %"},
	"gamesplayed":              {"Games", "Parties"},
	"wdl":                      {"Won / drawn / lost", "Gagnées / nulles / perdues"},
	"provisional":              {"A rating marked ? is provisional: too few games yet.", "Une cote marquée ? est provisoire : trop peu de parties encore."},
	"noleaders":                {"Nobody has played a rated game of this variant yet.", "Personne n'a encore joué de partie classée dans cette variante."},
	"show":                     {"Show", "Afficher"},
	"days":                     {"Or correspondence: days per move (0: none)", "Ou par correspondance : jours par coup (0 : non)"},
	"daysamove":                {"%d days a move", "%d jours par coup"},
	"dayshort":                 {"d", "j"},
	"hourshort":                {"h", "h"},
	"mygames":                  {"My games", "Mes parties"},
	"yourturn":                 {"Your turn", "À vous"},
	"yourturnin":               {"Your turn in these games:", "À vous de jouer dans ces parties :"},
	"notyourturn":              {"Your opponents are to move.", "Vos adversaires ont le trait."},
	"opponents":                {"Opponents", "Adversaires"},
	"timeleft":                 {"Time left", "Temps restant"},
	"nomygames":                {"No game in progress. Find an opponent in the", "Aucune partie en cours. Trouvez un adversaire dans le"},
	"chat":                     {"Chat", "Discussion"},
	"chatspectators":           {"Spectators' chat", "Discussion des spectateurs"},
	"chatmute":                 {"mute", "masquer"},
	"chatsend":                 {"Send", "Envoyer"},
	"chatplaceholder":          {"A message", "Un message"},
	"chatlogin":                {"spectators need an account to write.", "les spectateurs ont besoin d'un compte pour écrire."},
	"chatremoved":              {"(message removed by an operator)", "(message retiré par un responsable)"},
	"chatdelete":               {"Delete", "Supprimer"},
	"disableaccount":           {"Disable this account", "Désactiver ce compte"},
	"enableaccount":            {"Enable this account again", "Réactiver ce compte"},
	"err:not_operator_account": {"Only an operator may disable or enable another account.", "Seul un responsable peut désactiver ou réactiver un autre compte."},
	"ownedby":                  {"Bot of", "Robot de"},
	"bottokens":                {"Tokens of this bot", "Jetons de ce robot"},
	"newtokenonce":             {"The new token, shown this once: copy it now into the bot's settings.", "Le nouveau jeton, affiché cette fois seulement : copiez-le maintenant dans les réglages du robot."},
	"tokenlabel":               {"What for", "Usage"},
	"revoketoken":              {"Revoke", "Révoquer"},
	"notokens":                 {"No token: the bot cannot play.", "Aucun jeton : le robot ne peut pas jouer."},
	"createtoken":              {"Create a token", "Créer un jeton"},
	"err:not_owner":            {"Only the bot's owner or an operator manages its tokens.", "Seuls le propriétaire du robot et les responsables gèrent ses jetons."},
	"err:too_many_tokens":      {"This bot has too many tokens: revoke one first.", "Ce robot a trop de jetons : révoquez-en un d'abord."},
	"internal":                 {"Something went wrong on the server. If it happens again, give the administrator this reference: %s.", "Une erreur s'est produite sur le serveur. Si elle se reproduit, donnez cette référence à l'administrateur : %s."},
	// The lessons (lessons.go, templates/lesson*.html, static/lesson.js).
	"learn":                 {"Learn", "Apprendre"},
	"lessons":               {"Learn to play", "Apprendre à jouer"},
	"lesson:listintro":      {"A short guided lesson for each game: every rule on a small position, where you make the move yourself. Then a first game against the computer.", "Une courte leçon guidée pour chaque jeu : chaque règle sur une petite position, où vous jouez vous-même le coup. Puis une première partie contre l'ordinateur."},
	"lesson:nsteps":         {"%d steps", "%d étapes"},
	"lesson:start":          {"Start the lesson", "Commencer la leçon"},
	"lesson:title":          {"Learn %s", "Apprendre %s"},
	"lesson:steps":          {"Steps of the lesson", "Étapes de la leçon"},
	"lesson:stepof":         {"Step %d of %d", "Étape %d sur %d"},
	"lesson:youplay":        {"You play %s.", "Vous jouez %s."},
	"lesson:fromrules":      {"From the rules:", "D'après les règles :"},
	"lesson:showanswer":     {"Show the answer", "Voir la réponse"},
	"lesson:board":          {"Board: click a piece, then where it goes", "Plateau : cliquez sur une pièce, puis sur sa destination"},
	"lesson:play":           {"Play", "Jouer"},
	"lesson:right":          {"Well played!", "Bien joué !"},
	"lesson:wrong":          {"Not this one.", "Pas celui-là."},
	"lesson:illegal":        {"Not allowed:", "Impossible :"},
	"lesson:nostart":        {"Nothing of yours can move from there: click one of your pieces.", "Rien à vous ne peut partir de là : cliquez sur une de vos pièces."},
	"lesson:neterror":       {"The server did not answer: try again.", "Le serveur n'a pas répondu : réessayez."},
	"lesson:next":           {"Next step", "Étape suivante"},
	"lesson:again":          {"Play this step again", "Rejouer cette étape"},
	"lesson:prev":           {"Previous step", "Étape précédente"},
	"lesson:skip":           {"Skip this step", "Passer cette étape"},
	"lesson:complete":       {"Lesson complete: you know the rules of %s. Now play a whole game.", "Leçon terminée : vous connaissez les règles de %s. Jouez maintenant une partie entière."},
	"lesson:firstgame":      {"Play a first game against the computer", "Jouer une première partie contre l'ordinateur"},
	"lesson:firstgamealone": {"Play a whole game", "Jouer une partie entière"},
	"lesson:firstgamenote":  {"A casual game against the computer at the easy level.", "Une partie amicale contre l'ordinateur, au niveau facile."},
	"lesson:firstgamesolo":  {"A whole game, alone.", "Une partie entière, en solitaire."},
	"lesson:tomove":         {"%s to move", "%s joue"},
	"lesson:none":           {"There is no lesson for %q.", "Il n'y a pas de leçon pour %q."},
	"lesson:nostep":         {"There is no step %d: this lesson has steps 1 to %d.", "Il n'y a pas d'étape %d : cette leçon a les étapes 1 à %d."},
	"lesson:badstep":        {"The step is a number, from 1 to %d.", "L'étape est un nombre, de 1 à %d."},
	"lesson:badform":        {"The move could not be read.", "Le coup n'a pas pu être lu."},
	"lesson:toolong":        {"A move is at most %d bytes long.", "Un coup fait au plus %d octets."},
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

// hasMessage says whether key has a text.
func hasMessage(key string) bool {
	_, ok := messages[key]
	return ok
}

// jsMessages are the strings the game page's script uses.
func jsMessages(lang string) map[string]string {
	keys := []string{"chatspectators", "chatremoved", "chatdelete", "dayshort", "hourshort", "chooseMove", "cancel", "tomove", "you", "spectator", "connecting",
		"disconnected", "thinking", "gameover", "draw", "wins", "drawoffered", "undoasked",
		"waiting", "declined", "accept", "decline", "over", "passes", "invitelinks", "watchlink",
		"flipboard", "copy", "copied", "rematch", "playrematch", "historyview", "startview", "backtolive",
		"notlive", "online", "offline", "partner", "newgame", "replay", "lastmove", "sent:draw", "sent:over",
		"hint", "hintsearching", "hintsone", "hintsmany", "hintmoves", "hintmove", "hinted"}
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
