package catalog

import "github.com/plateau-games/plateau/server/internal/web"

func init() {
	web.Register(catalogMessages)
}

// catalogMessages are the interface strings of the catalogue, the rules, the new game form and the archive, English
// then French (web.Register).
var catalogMessages = map[string][2]string{
	"analysisrecord":      {"Analyse", "Analyser"},
	"tagline":             {"Rare abstract board games, in your browser", "Des jeux de plateau abstraits rares, dans votre navigateur"},
	"custom":              {"Options below", "Options ci-dessous"},
	"default":             {"(default)", "(par défaut)"},
	"level":               {"Level", "Niveau"},
	"start":               {"Start the game", "Commencer la partie"},
	"finished":            {"Finished games", "Parties terminées"},
	"nofinished":          {"No finished game yet.", "Aucune partie terminée pour l'instant."},
	"upload":              {"View a game record", "Voir une partie enregistrée"},
	"uploadhelp":          {"Choose a record file (plateau's text format) or paste it.", "Choisissez un fichier de partie (format texte de plateau) ou collez-le."},
	"older":               {"Older games", "Parties plus anciennes"},
	"uploadedtitle":       {"Game record", "Partie enregistrée"},
	"picture":             {"Start position", "Position de départ"},
	"diagram":             {"Diagram", "Diagramme"},
	"optname:players":     {"Players", "Joueurs"},
	"optname:teams":       {"Teams", "Équipes"},
	"optname:expert":      {"Expert rules", "Règle expert"},
	"optname:match":       {"Match", "Match"},
	"optname:size":        {"Board size", "Taille du plateau"},
	"optname:level":       {"Level of the rules", "Niveau de la règle"},
	"optname:orientation": {"Orientation", "Orientation"},
	"optname:layout":      {"Layout", "Disposition"},
	"optname:seed":        {"Deal", "Donne"},
}
