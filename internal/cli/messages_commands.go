package cli

import (
	"github.com/plateau-games/plateau/ai"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// The messages of the commands other than play, in English and French, as
// in messages.go: each pair takes the same fmt arguments in the same order.

// Usage errors shared by the commands.
var (
	msgMissingGame     = game.Text{EN: "missing GAME, a game id (see 'plateau games')", FR: "il manque JEU, l'identifiant d'un jeu (voir 'plateau games')"}
	msgMissingArg      = game.Text{EN: "missing %s", FR: "il manque %s"}
	msgUnexpectedArg   = game.Text{EN: "unexpected argument %q", FR: "argument en trop : %q"}
	msgUnexpectedNone  = game.Text{EN: "unexpected argument %q: '%s' takes none", FR: "argument en trop : %q ; '%s' n'en prend aucun"}
	msgUnknownCommand  = game.Text{EN: "unknown command %q", FR: "commande inconnue : %q"}
	msgDidYouMean      = game.Text{EN: "unknown command %q; did you mean %s?", FR: "commande inconnue : %q ; vouliez-vous dire %s ?"}
	msgOr              = game.Text{EN: " or ", FR: " ou "}
	msgBadLang         = game.Text{EN: "--lang %q: use en (English) or fr (French)", FR: "--lang %q : choisissez en (anglais) ou fr (français)"}
	msgPositionFlag    = game.Text{EN: "--position: %v", FR: "--position : %v"}
	msgFlagError       = game.Text{EN: "%s: %v", FR: "%s : %v"}
	msgDefaultOptions  = game.Text{EN: "(default options)", FR: "(réglages par défaut)"}
	msgOtherReadings   = game.Text{EN: "other readings of the rules (never rated):", FR: "autres lectures de la règle (jamais classées) :"}
	msgReadingValue    = game.Text{EN: "POSITION", FR: "POSITION"}
	msgReadingLine     = game.Text{EN: "%s: %s", FR: "%s : %s"}
	msgArgDepth        = game.Text{EN: "DEPTH", FR: "PROFONDEUR"}
	msgArgUserName     = game.Text{EN: "NAME, a user name", FR: "NOM, un nom d'utilisateur"}
	msgArgRole         = game.Text{EN: "ROLE (player or operator)", FR: `RÔLE ("player" pour joueur ou "operator" pour responsable)`}
	msgArgTokenID      = game.Text{EN: "ID, a token id (see 'plateau users token list')", FR: "ID, l'identifiant d'un jeton (voir 'plateau users token list')"}
	msgInterrupted     = game.Text{EN: "interrupted: no results", FR: "interrompu : aucun résultat"}
	msgWritingReport   = game.Text{EN: "writing the report: %v", FR: "écriture du rapport : %v"}
	msgOpeningStore    = game.Text{EN: "opening the store: %v", FR: "ouverture de la base : %v"}
	msgClosingStore    = game.Text{EN: "closing the store: %v", FR: "fermeture de la base : %v"}
	msgReadingPassword = game.Text{EN: "reading the password: %v", FR: "lecture du mot de passe : %v"}
)

// perft
var (
	msgBadDepth   = game.Text{EN: "DEPTH %q must be a whole number, 0 or more", FR: "PROFONDEUR %q doit être un nombre entier, 0 ou plus"}
	msgPerftDepth = game.Text{EN: "depth %d: %d (%.3f s, %.0f nodes/s)", FR: "profondeur %d : %d (%.3f s, %.0f nœuds/s)"}
)

// replay, legal and render
var (
	msgPositionText   = game.Text{EN: "Position: %s", FR: "Texte de la position : %s"}
	msgRecordEnded    = game.Text{EN: "%s ends the game (%s): no more moves can be played", FR: "%s termine la partie (%s) : plus aucun coup ne peut être joué"}
	msgRecordSetsOpts = game.Text{EN: "a record sets its options and start position: give --opt and --position only without --record", FR: "une partie enregistrée fixe ses réglages et sa position de départ : --opt et --position ne vont pas avec --record"}
	msgRecordOfOther  = game.Text{EN: "%s is a record of %q, not of %q", FR: "%s est une partie de %q, pas de %q"}
	msgInFile         = game.Text{EN: "%s: %v", FR: "%s : %v"}
	msgWithLegalMoves = game.Text{EN: "%v; legal moves: %s", FR: "%v ; coups possibles : %s"}
	msgNoDrawing      = game.Text{EN: "no drawing for game %q", FR: "pas de dessin pour le jeu %q"}
	msgBadSize        = game.Text{EN: "--size %d: give a width in pixels from 16 to 10000", FR: "--size %d : donnez une largeur en pixels de 16 à 10000"}
	msgFromNoMove     = game.Text{EN: "--from %v: no legal move is clicked that way; the first places are: %v", FR: "--from %v : aucun coup possible ne se clique ainsi ; les premières cases sont : %v"}
)

// bench
var (
	msgBadSeconds   = game.Text{EN: "--seconds %g: give a duration in seconds, more than 0", FR: "--seconds %g : donnez une durée en secondes, plus de 0"}
	msgBenchHead    = game.Text{EN: "%s: random playouts on one goroutine, seed %d, %.2f s after %.2f s of warm-up", FR: "%s : parties au hasard sur une goroutine, graine %d, %.2f s après %.2f s de mise en route"}
	msgBenchGames   = game.Text{EN: "games:        %d", FR: "parties :         %d"}
	msgBenchPlies   = game.Text{EN: "plies:        %d", FR: "tours :           %d"}
	msgBenchRate    = game.Text{EN: "playouts/s:   %.0f", FR: "parties/s :       %.0f"}
	msgBenchMoves   = game.Text{EN: "moves/s:      %.0f", FR: "coups/s :         %.0f"}
	msgBenchLength  = game.Text{EN: "mean length:  %.1f plies", FR: "durée moyenne :   %.1f tours"}
	msgBenchResults = game.Text{EN: "results:", FR: "résultats :"}
)

// agentName gives an agent's name (ai.Agent.Name) in lang: a level or
// random is named in words, the spec after it stays as written:
// "medium (alphabeta:depth=2)" is "moyen (alphabeta:depth=2)" in French.
func agentName(name, lang string) string {
	level, rest, _ := strings.Cut(name, " ")
	if level == "random" {
		level = randomTag.In(lang)
	} else if ai.IsLevel(level) {
		level = ai.LevelName(level, lang)
	} else {
		return name
	}
	if rest == "" {
		return level
	}
	return level + " " + rest
}

// arena and the progress lines
var (
	msgCSVorJSON       = game.Text{EN: "--csv and --json: choose one", FR: "--csv et --json : choisissez l'un des deux"}
	msgArenaGames      = game.Text{EN: "--games %d: play 1 game or more", FR: "--games %d : jouez 1 partie ou plus"}
	msgBadOpenings     = game.Text{EN: "--openings %d: give 0 or more random plies", FR: "--openings %d : donnez 0 coup au hasard ou plus"}
	msgArenaParallel   = game.Text{EN: "--parallel %d: play 1 game or more at a time", FR: "--parallel %d : jouez 1 partie ou plus à la fois"}
	msgUnclosedQuote   = game.Text{EN: "unclosed quote %c in %s", FR: "guillemet %c non fermé dans %s"}
	msgEmptyAgent      = game.Text{EN: "empty agent in %s: separate agents with single commas", FR: "agent vide dans %s : séparez les agents par une seule virgule"}
	msgParamNotAgent   = game.Text{EN: "%s is a parameter, not an agent: put it after the agent it belongs to (mcts:iterations=100,threads=1)", FR: "%s est un paramètre, pas un agent : mettez-le après l'agent auquel il appartient (mcts:iterations=100,threads=1)"}
	msgParamAfterEng   = game.Text{EN: "%s after an engine: write an engine's parameters before its program, separated by spaces (engine:time=1s PROGRAM)", FR: "%s après un moteur : écrivez les paramètres d'un moteur avant son programme, séparés par des espaces (engine:time=1s PROGRAMME)"}
	msgTwoAgents       = game.Text{EN: "give at least two agents separated by commas, e.g. --agents hard,random", FR: "donnez au moins deux agents séparés par des virgules, par exemple --agents hard,random"}
	msgProgressLine    = game.Text{EN: "%s: %d/%d games, %v, about %v left", FR: "%s : %d/%d parties, %v, encore %v environ"}
	msgArenaHead       = game.Text{EN: "Arena: %s, %d agents, %d tables, %d games (%.1f plies a game), %d random opening plies, seed %d, %d at a time, %v.", FR: "Tournoi : %s, %d agents, %d tables, %d parties (%.1f coups par partie), %d coups d'ouverture au hasard, graine %d, %d à la fois, %v."}
	msgArenaSPRT       = game.Text{EN: "SPRT: H0 elo %g, H1 elo %g, alpha %g, beta %g: H0 at LLR <= %.3f, H1 at LLR >= %.3f.", FR: "SPRT : H0 elo %g, H1 elo %g, alpha %g, bêta %g : H0 à LLR <= %.3f, H1 à LLR >= %.3f."}
	msgArenaPairs      = game.Text{EN: "Pairs (from the first agent's side; Elo with its 95% interval):", FR: "Paires (du côté du premier agent ; Elo avec son intervalle à 95 %) :"}
	msgArenaPairsHead  = game.Text{EN: "  agent\topponent\tgames\twon\tdrawn\tlost\tscore\tElo\t95% interval", FR: "  agent\tadversaire\tparties\tgagnées\tnulles\tperdues\tscore\tElo\tintervalle à 95 %"}
	msgArenaSPRTHead   = game.Text{EN: "\tLLR\tSPRT", FR: "\tLLR\tSPRT"}
	msgNoDecision      = game.Text{EN: "no decision", FR: "pas de décision"}
	msgH0Accepted      = game.Text{EN: "H0 accepted", FR: "H0 acceptée"}
	msgH1Accepted      = game.Text{EN: "H1 accepted", FR: "H1 acceptée"}
	msgStoppedAfter    = game.Text{EN: " (stopped after %d games)", FR: " (arrêté après %d parties)"}
	msgArenaAgents     = game.Text{EN: "Agents (won, drawn, lost: games by seat; points: mean reward; Elo against the agents met):", FR: "Agents (gagnées, nulles, perdues : parties par place ; points : gain moyen ; Elo contre les agents rencontrés) :"}
	msgArenaAgentsHead = game.Text{EN: "  agent\tseats\twon\tdrawn\tlost\tpoints\tscore vs field\tElo\t95% interval\tthinking a move", FR: "  agent\tplaces\tgagnées\tnulles\tperdues\tpoints\tscore contre tous\tElo\tintervalle à 95 %\tréflexion par coup"}
)

// analyze
var (
	msgAnalyzeGames    = game.Text{EN: "--games %d: give at least 1", FR: "--games %d : donnez au moins 1"}
	msgAnalyzeParallel = game.Text{EN: "--parallel %d: give a number of games, or 0 for one per CPU", FR: "--parallel %d : donnez un nombre de parties, ou 0 pour une par processeur"}
	msgBadPlots        = game.Text{EN: "--plots %q: use svg or png", FR: "--plots %q : choisissez svg ou png"}
	msgBadOut          = game.Text{EN: "--out %q: the report's name must end in .md or .html", FR: "--out %q : le nom du rapport doit finir par .md ou .html"}
	msgCompareFlag     = game.Text{EN: "--compare %q: %v", FR: "--compare %q : %v"}
	msgAnalyzeDone     = game.Text{EN: "%s: %d games in %v", FR: "%s : %d parties en %v"}
	msgAnalyzeSame     = game.Text{EN: "warning: %s: only %d different games of %d; the same game counts several times (more --openings give more variety)", FR: "attention : %s : seulement %d parties différentes sur %d ; une même partie compte plusieurs fois (plus de --openings donne plus de variété)"}
	msgReportWritten   = game.Text{EN: "report written to %s (plots %s, %s, %s)", FR: "rapport écrit dans %s (graphiques %s, %s, %s)"}
	msgSeedLine        = game.Text{EN: "seed %d", FR: "graine %d"}
)

// solve
var (
	msgNoSolver         = game.Text{EN: "no solver for %s: solve knows %s", FR: "pas de solveur pour %s : solve connaît %s"}
	msgOutWithFile      = game.Text{EN: "--out writes a table computed by solve; it does not go with FILE or --verify, which read one", FR: "--out écrit une table calculée par solve ; il ne va pas avec FICHIER ni --verify, qui en lisent une"}
	msgBadWorkers       = game.Text{EN: "--workers %d: give a number of goroutines, or 0 for one per CPU", FR: "--workers %d : donnez un nombre de goroutines, ou 0 pour une par processeur"}
	msgSavingTable      = game.Text{EN: "saving the table: %v", FR: "enregistrement de la table : %v"}
	msgSolveFirst       = game.Text{EN: "%v: run 'plateau solve pogo' first to compute it", FR: "%v : lancez d'abord 'plateau solve pogo' pour la calculer"}
	msgWrongPieces      = game.Text{EN: "%s is a table for %d pieces a side, not POGO's %d", FR: "%s est une table pour %d pions par camp, pas les %d de POGO"}
	msgFailsVerify      = game.Text{EN: "%s fails verification: %v", FR: "%s échoue à la vérification : %v"}
	msgPogoSolved       = game.Text{EN: "POGO solved in %.1f s; table written to %s", FR: "POGO résolu en %.1f s ; table écrite dans %s"}
	msgPogoVerified     = game.Text{EN: "%s verified in %.1f s: every entry agrees with its successors", FR: "%s vérifiée en %.1f s : chaque entrée s'accorde avec ses successeurs"}
	msgPogoRead         = game.Text{EN: "%s read in %.1f s (not verified: add --verify)", FR: "%s lue en %.1f s (non vérifiée : ajoutez --verify)"}
	msgPogoStart        = game.Text{EN: "start position, Light to move: %s", FR: "position de départ, Clair au trait : %s"}
	msgPogoOpenings     = game.Text{EN: "opening moves, best first: value for Light; Dark's replies, those that\ndo not keep Dark's value (mistakes) and those that make his result worse:", FR: "premiers coups, du meilleur au moins bon : valeur pour Clair ; les réponses de Foncé,\ncelles qui ne gardent pas sa valeur (erreurs) et celles qui aggravent son résultat :"}
	msgPogoOpening      = game.Text{EN: "  %-7s  %-16s  %2d replies, %2d mistakes, %2d worse results", FR: "  %-7s  %-16s  %2d réponses, %2d erreurs, %2d résultats pires"}
	msgPogoPositions    = game.Text{EN: "positions (both sides to move): %d", FR: "positions (chaque camp au trait) : %d"}
	msgPogoWon          = game.Text{EN: "  won:          %11d", FR: "  gagnées :      %11d"}
	msgPogoLost         = game.Text{EN: "  lost:         %11d (%d of them over: the previous mover tops every stack)", FR: "  perdues :      %11d (dont %d finies : le joueur précédent domine toutes les piles)"}
	msgPogoDrawn        = game.Text{EN: "  drawn:        %11d", FR: "  nulles :       %11d"}
	msgPogoUnreachable  = game.Text{EN: "  unreachable:  %11d (the side to move tops every stack)", FR: "  inaccessibles :%11d (le camp au trait domine toutes les piles)"}
	msgPogoLongestWin   = game.Text{EN: "longest win:  %d plies, e.g. %s", FR: "gain le plus long :    %d coups, par exemple %s"}
	msgPogoLongestLoss  = game.Text{EN: "longest loss: %d plies, e.g. %s", FR: "défaite la plus longue : %d coups, par exemple %s"}
	msgSolitaireNoTable = game.Text{EN: "solve solitaire takes no table FILE, --out or --verify: it computes its answer each time", FR: "solve solitaire ne prend ni FICHIER de table, ni --out, ni --verify : il calcule sa réponse à chaque fois"}
	msgSolLayout        = game.Text{EN: "layout %s", FR: "disposition %s"}
	msgSolPosition      = game.Text{EN: "position %s", FR: "position de départ %s"}
	msgProven           = game.Text{EN: "proven", FR: "prouvé"}
	msgNotProven        = game.Text{EN: "not proven", FR: "non prouvé"}
	msgSolFewestPieces  = game.Text{EN: "fewest pieces left: %d (%s)", FR: "le moins de pièces restantes : %d (%s)"}
	msgSolFewestMoves   = game.Text{EN: "fewest moves leaving %d: %d (%s", FR: "le moins de coups pour en laisser %d : %d (%s"}
	msgSolRange         = game.Text{EN: "; no game of %d moves or fewer leaves %d: the answer is %d to %d moves", FR: " ; aucune partie de %d coups ou moins n'en laisse %d : la réponse est de %d à %d coups"}
	msgSolSolution      = game.Text{EN: "solution:  %s", FR: "solution : %s"}
	msgSolOffGrid       = game.Text{EN: "(%s, off the book's grid)", FR: "(%s, hors de la grille du livre)"}
	msgSolBook          = game.Text{EN: "book:      %s", FR: "livre :    %s"}
	msgSolBeam          = game.Text{EN: "beam search (width %d): %d pieces in %d moves", FR: "recherche en faisceau (largeur %d) : %d pièces en %d coups"}
	msgSolSearches      = game.Text{EN: "exhaustive searches (the bounds: at least %d moves):", FR: "recherches exhaustives (les bornes : au moins %d coups) :"}
	msgSolWithin        = game.Text{EN: "within %2d moves", FR: "en %2d coups au plus"}
	msgSolAnyMoves      = game.Text{EN: "in any number of moves", FR: "en un nombre de coups quelconque"}
	msgSolNone          = game.Text{EN: "none", FR: "aucun"}
	msgSolFound         = game.Text{EN: "found", FR: "trouvé"}
	msgSolStopped       = game.Text{EN: "stopped", FR: "arrêté"}
	msgSolSearch        = game.Text{EN: "  at most %d pieces %s: %-7s %12d nodes %8.1f s", FR: "  au plus %d pièces %s : %-7s %12d nœuds %8.1f s"}
	msgSolTotal         = game.Text{EN: "total: %d nodes, %s", FR: "total : %d nœuds, %s"}
	msgSolNoGame        = game.Text{EN: "No game was finished within the time limit: give a longer --time, or none.", FR: "Aucune partie n'a été finie dans le temps donné : donnez un --time plus long, ou aucun."}
	msgSolProofOne      = game.Text{EN: "proof of the pieces: one piece is the least possible, since a jump never removes the jumping piece", FR: "preuve des pièces : une pièce est le minimum possible, car un saut ne retire jamais la pièce qui saute"}
	msgSolProofPieces   = game.Text{EN: "proof of the pieces: the exhaustive searches above found no game leaving fewer than %d", FR: "preuve des pièces : les recherches exhaustives ci-dessus n'ont trouvé aucune partie laissant moins de %d pièces"}
	msgSolProofMoves    = game.Text{EN: "proof of the moves: every game of at most %d moves was searched (exact table, sound removal and cover bounds) and none leaves %d", FR: "preuve des coups : toutes les parties d'au plus %d coups ont été cherchées (table exacte, bornes de retrait et de couverture sûres) et aucune n'en laisse %d"}
	msgSolProofRange    = game.Text{EN: "proof of the moves: no game of at most %d moves leaves %d (searched to the end); games of %d to %d moves were not searched to the end (time limit)", FR: "preuve des coups : aucune partie d'au plus %d coups n'en laisse %d (recherche complète) ; les parties de %d à %d coups n'ont pas été cherchées jusqu'au bout (limite de temps)"}
)

// users and users token
var (
	msgBotNoPassword    = game.Text{EN: "--bot and --password-stdin: a bot has no password", FR: "--bot et --password-stdin : un robot n'a pas de mot de passe"}
	msgOwnerForBot      = game.Text{EN: "--owner is for a bot (--bot)", FR: "--owner est pour un robot (--bot)"}
	msgNoOwner          = game.Text{EN: "no user %s to own the bot (see 'plateau users list')", FR: "aucun utilisateur %s pour posséder le robot (voir 'plateau users list')"}
	msgBotNoPasswordFor = game.Text{EN: ", bot without password", FR: ", robot sans mot de passe"}
	msgOwnedBy          = game.Text{EN: ", owned by %s", FR: ", appartenant à %s"}
	msgAdded            = game.Text{EN: "Added %s (%s).", FR: "%s ajouté (%s)."}
	msgIsBot            = game.Text{EN: "%s is a bot: bots have no password", FR: "%s est un robot : les robots n'ont pas de mot de passe"}
	msgSessionsNotEnded = game.Text{EN: "the password of %s is changed, but its sessions were not ended: %v", FR: "le mot de passe de %s est changé, mais ses sessions n'ont pas été fermées : %v"}
	msgNewPassword      = game.Text{EN: "New password for %s; %s.", FR: "Nouveau mot de passe pour %s ; %s."}
	msgAlreadyDisabled  = game.Text{EN: "%s was already disabled.", FR: "%s était déjà désactivé."}
	msgAlreadyEnabled   = game.Text{EN: "%s was already enabled.", FR: "%s était déjà activé."}
	msgDisabled         = game.Text{EN: "Disabled %s; %s.", FR: "%s désactivé ; %s."}
	msgEnabled          = game.Text{EN: "Enabled %s.", FR: "%s réactivé."}
	msgBadRole          = game.Text{EN: "role %q: use %s or %s", FR: "rôle %q : choisissez %q (joueur) ou %q (responsable)"}
	msgAlreadyRole      = game.Text{EN: "%s is already %s.", FR: "%s est déjà %s."}
	msgNowRole          = game.Text{EN: "%s is now %s.", FR: "%s est maintenant %s."}
	msgRolePlayer       = game.Text{EN: "a player", FR: "joueur (player)"}
	msgRoleOperator     = game.Text{EN: "an operator", FR: "responsable (operator)"}
	msgBadLimit         = game.Text{EN: "--limit %d: list 1 account or more", FR: "--limit %d : listez 1 compte ou plus"}
	msgBadOffset        = game.Text{EN: "--offset %d: skip 0 accounts or more", FR: "--offset %d : sautez 0 compte ou plus"}
	msgNoAccounts       = game.Text{EN: "No accounts yet: add one with 'plateau users add NAME'.", FR: "Aucun compte pour l'instant : ajoutez-en un avec 'plateau users add NOM'."}
	msgNoAccountsAfter  = game.Text{EN: "No accounts after the first %d.", FR: "Aucun compte après les %d premiers."}
	msgUsersHead        = game.Text{EN: "NAME\tROLE\tBOT\tDISABLED\tCREATED", FR: "NOM\tRÔLE\tROBOT\tDÉSACTIVÉ\tCRÉÉ LE"}
	msgMoreAccounts     = game.Text{EN: "More accounts follow: plateau users list --offset %d", FR: "D'autres comptes suivent : plateau users list --offset %d"}
	msgNoAccountsStore  = game.Text{EN: "the store %s keeps no accounts", FR: "la base %s ne gère pas de comptes"}
	msgNoUser           = game.Text{EN: "no user %s (see 'plateau users list')", FR: "aucun utilisateur %s (voir 'plateau users list')"}
	msgNameTakenBy      = game.Text{EN: "the user name %s is taken, by %s: names must differ by more than case", FR: "le nom d'utilisateur %s est pris, par %s : les noms doivent différer par plus que les majuscules"}
	msgNameTaken        = game.Text{EN: "the user name %s is taken", FR: "le nom d'utilisateur %s est déjà pris"}
	msgPasswordPrompt   = game.Text{EN: "New password for %s (%d to %d bytes): ", FR: "Nouveau mot de passe pour %s (de %d à %d octets) : "}
	msgPasswordAgain    = game.Text{EN: "The same password again: ", FR: "Le même mot de passe, à nouveau : "}
	msgPasswordsDiffer  = game.Text{EN: "the two passwords differ: nothing changed", FR: "les deux mots de passe diffèrent : rien n'a changé"}
	msgNoPasswordStdin  = game.Text{EN: "no password on standard input: give it on the first line (in a terminal, it is asked for)", FR: "pas de mot de passe sur l'entrée standard : donnez-le sur la première ligne (dans un terminal, il est demandé)"}
	msgPasswordTooLong  = game.Text{EN: "a password of more than %d bytes: accepted: %d to %d bytes", FR: "un mot de passe de plus de %d octets : acceptés : de %d à %d octets"}
	msgOneSession       = game.Text{EN: "1 session ended", FR: "1 session fermée"}
	msgSessions         = game.Text{EN: "%d sessions ended", FR: "%d sessions fermées"}
	msgYes              = game.Text{EN: "yes", FR: "oui"}
	msgNo               = game.Text{EN: "no", FR: "non"}
	msgTokenAdded       = game.Text{EN: "Token %s of %s (shown once: copy it now):\n%s", FR: "Jeton %s de %s (affiché une seule fois : copiez-le maintenant) :\n%s"}
	msgTokenPlay        = game.Text{EN: "Play with: plateau bot --server URL --token %s --agent hard", FR: "Pour jouer : plateau bot --server URL --token %s --agent hard"}
	msgNoToken          = game.Text{EN: "%s has no token.", FR: "%s n'a aucun jeton."}
	msgTokensHead       = game.Text{EN: "ID\tCREATED\tLABEL", FR: "ID\tCRÉÉ LE\tUSAGE"}
	msgNoSuchToken      = game.Text{EN: "%s has no token %s (see 'plateau users token list %s')", FR: "%s n'a pas de jeton %s (voir 'plateau users token list %s')"}
	msgTokenRevoked     = game.Text{EN: "Token %s of %s revoked.", FR: "Jeton %s de %s révoqué."}
	msgNoBotTokens      = game.Text{EN: "this store keeps no bot tokens", FR: "cette base ne garde pas de jetons de robots"}
)

// bot
var msgAgentOrProgram = game.Text{EN: "give --agent or a program after --, not both", FR: "donnez --agent ou un programme après --, pas les deux"}

// serve
var (
	msgBadEngineFlag = game.Text{EN: "--engine %q: write NAME=COMMAND-LINE, e.g. --engine 'stock=time=2s /usr/local/bin/stock-engine'", FR: "--engine %q : écrivez NOM=LIGNE-DE-COMMANDE, par exemple --engine 'stock=time=2s /usr/local/bin/stock-engine'"}
	msgEngineTwice   = game.Text{EN: "--engine %s is given twice", FR: "--engine %s est donné deux fois"}
	msgPositiveDur   = game.Text{EN: "%s %s: a positive duration", FR: "%s %s : une durée positive"}
	msgBadLogLevel   = game.Text{EN: "--log %q: use debug, info, warn or error", FR: `--log %q : choisissez "debug", "info", "warn" ou "error"`}
	msgLogRlimit     = game.Text{EN: "raising the open file limit", FR: "impossible de relever la limite de fichiers ouverts"}
	msgLogListening  = game.Text{EN: "listening", FR: "à l'écoute"}
	msgLogOneServer  = game.Text{EN: "one server: several servers need PostgreSQL (--db postgres://...), see docs/deploy.md", FR: "un seul serveur : plusieurs serveurs demandent PostgreSQL (--db postgres://...), voir docs/deploy.md"}
	msgRunning       = game.Text{EN: "plateau is running: open http://%s/ in a browser (Ctrl-C stops it)", FR: "plateau tourne : ouvrez http://%s/ dans un navigateur (Ctrl-C l'arrête)"}
	msgLogShutdown   = game.Text{EN: "shutting down", FR: "arrêt en cours"}
	msgLogServe      = game.Text{EN: "serve", FR: "service"}
	msgLogStopped    = game.Text{EN: "stopped", FR: "arrêté"}
)

// loadtest
var (
	msgBadDuration    = game.Text{EN: "--duration %v: a step needs a measuring time", FR: "--duration %v : une étape demande un temps de mesure"}
	msgBadThink       = game.Text{EN: "--think %v: zero or more", FR: "--think %v : zéro ou plus"}
	msgRunStopped     = game.Text{EN: "the run was stopped before its end", FR: "le test a été arrêté avant sa fin"}
	msgStoppedNoSteps = game.Text{EN: "stopped before any step was measured", FR: "arrêté avant qu'aucune étape soit mesurée"}
)
