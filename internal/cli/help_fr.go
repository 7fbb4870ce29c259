package cli

import (
	_ "embed"
	"fmt"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The help in French. The commands are written in English; under
// --lang fr (whose default is the language of the environment, see
// langFromEnv) the help calls localizeFR, which replaces the Short, the
// Long and the flag usages of every command with their French from helpFR,
// and prints the help with a French usage template (usage_fr.tmpl).
// Examples are command lines: they stay as they are.
//
// Each French text carries a fingerprint of the English it translates:
// TestHelpFrenchIsComplete fails when a command or a flag has no French,
// when the English changed since it was translated, and when a French text
// translates nothing any more.

// langFromEnv is the language the environment asks for, as POSIX locales
// say it: the first of LC_ALL, LC_MESSAGES and LANG that is set decides,
// "fr" when it begins with fr (fr_FR.UTF-8, fr_CA, fr), else "en".
func langFromEnv(getenv func(string) string) string {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "fr") {
				return "fr"
			}
			return "en"
		}
	}
	return "en"
}

// helpInLanguage makes the help of root follow --lang: when the flag (or
// its default) says fr, the tree is turned into French just before the
// help is printed. Flags are parsed before the help runs, for --help as
// for the help command.
func helpInLanguage(root *cobra.Command, lang *string) {
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if strings.EqualFold(strings.TrimSpace(*lang), "fr") {
			localizeFR(c.Root())
		}
		help(c, args)
	})
}

// fr is the French of one English help text: en is the fingerprint of the
// English (the first 8 hex digits of its SHA-256), fr the French.
type fr struct{ en, fr string }

// frCommand is the French of a command: its Short, its Long and the
// usages of the flags it defines, by flag name.
type frCommand struct {
	short, long fr
	flags       map[string]fr
}

// helpFlagFR is the usage of the --help flag cobra gives every command.
const helpFlagFR = "affiche cette aide"

// flagWordsFR are the words the French flag list uses around the usages.
var flagWordsFR = flagWords{
	types: map[string]string{
		"string": "texte", "stringArray": "texte", "stringSlice": "textes",
		"int": "entier", "int8": "entier", "int16": "entier", "int32": "entier", "int64": "entier",
		"uint": "entier", "uint8": "entier", "uint16": "entier", "uint32": "entier", "uint64": "entier",
		"intSlice": "entiers", "float32": "nombre", "float64": "nombre", "duration": "durée",
	},
	defaultIs:  "par défaut : ",
	deprecated: "OBSOLÈTE : ",
}

//go:embed usage_fr.tmpl
var usageTemplateFRText string

var usageTemplateFR = template.Must(template.New("usage").Funcs(template.FuncMap{
	"rpad": func(s string, padding int) string { return fmt.Sprintf("%-*s", padding, s) },
	"trimTrailingWhitespaces": func(s string) string {
		return strings.TrimRightFunc(s, unicode.IsSpace)
	},
	"useLine": func(c *cobra.Command) string {
		return strings.ReplaceAll(c.UseLine(), "[flags]", "[options]")
	},
	"flagUsages": func(fs *pflag.FlagSet) string { return flagUsages(fs, flagWordsFR) },
}).Parse(usageTemplateFRText))

// localizeFR turns the help of the command tree of root into French.
func localizeFR(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() == "help" {
			c.Use = "help [commande]"
		}
	}
	walkCommands(root, func(c *cobra.Command) {
		path := c.CommandPath()
		t := helpFR[path]
		if t.short.fr != "" {
			c.Short = t.short.fr
		}
		if t.long.fr != "" {
			c.Long = t.long.fr
		}
		c.InitDefaultHelpFlag()
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Name == "help" {
				f.Usage = helpFlagFR
			} else if text, ok := flagFR(f.Name, t); ok {
				f.Usage = text.fr
			}
		})
	})
	root.SetUsageFunc(func(c *cobra.Command) error {
		err := usageTemplateFR.Execute(c.OutOrStderr(), c)
		if err != nil {
			c.PrintErrln(err)
		}
		return err
	})
}

// flagFR is the French usage of the flag name of a command whose French
// is t: its own, else the shared one.
func flagFR(name string, t frCommand) (fr, bool) {
	if text, ok := t.flags[name]; ok {
		return text, true
	}
	text, ok := sharedFlagsFR[name]
	return text, ok
}

// walkCommands calls f on c and on every command under it.
func walkCommands(c *cobra.Command, f func(*cobra.Command)) {
	f(c)
	for _, sub := range c.Commands() {
		walkCommands(sub, f)
	}
}

// flagWords are the words of a flag list: the names of the value types
// (pflag's when missing) and the text before a default and a deprecation.
type flagWords struct {
	types                 map[string]string
	defaultIs, deprecated string
}

// flagUsages is pflag's FlagSet.FlagUsages with the words of w, and
// columns counted in characters rather than bytes.
func flagUsages(fs *pflag.FlagSet, w flagWords) string {
	var lines []string
	maxlen := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		line := "      --" + f.Name
		if f.Shorthand != "" && f.ShorthandDeprecated == "" {
			line = fmt.Sprintf("  -%s, --%s", f.Shorthand, f.Name)
		}
		varname, usage := pflag.UnquoteUsage(f)
		if name, ok := w.types[f.Value.Type()]; ok && usage == f.Usage {
			varname = name
		}
		if varname != "" {
			line += " " + varname
		}
		if f.NoOptDefVal != "" {
			switch f.Value.Type() {
			case "string":
				line += fmt.Sprintf("[=\"%s\"]", f.NoOptDefVal)
			case "bool", "boolfunc":
				if f.NoOptDefVal != "true" {
					line += fmt.Sprintf("[=%s]", f.NoOptDefVal)
				}
			case "count":
				if f.NoOptDefVal != "+1" {
					line += fmt.Sprintf("[=%s]", f.NoOptDefVal)
				}
			default:
				line += fmt.Sprintf("[=%s]", f.NoOptDefVal)
			}
		}
		line += "\x00"
		maxlen = max(maxlen, utf8.RuneCountInString(line))
		line += usage
		if !defaultIsZero(f) {
			if f.Value.Type() == "string" {
				line += fmt.Sprintf(" (%s%q)", w.defaultIs, f.DefValue)
			} else {
				line += fmt.Sprintf(" (%s%s)", w.defaultIs, f.DefValue)
			}
		}
		if f.Deprecated != "" {
			line += fmt.Sprintf(" (%s%s)", w.deprecated, f.Deprecated)
		}
		lines = append(lines, line)
	})
	var b strings.Builder
	for _, line := range lines {
		i := strings.Index(line, "\x00")
		fmt.Fprintln(&b, line[:i], strings.Repeat(" ", maxlen-utf8.RuneCountInString(line[:i])),
			strings.ReplaceAll(line[i+1:], "\n", "\n"+strings.Repeat(" ", maxlen+2)))
	}
	return b.String()
}

// defaultIsZero says whether the default of f is its type's zero value,
// which the flag list leaves out, as pflag does.
func defaultIsZero(f *pflag.Flag) bool {
	switch f.Value.Type() {
	case "bool", "boolfunc":
		return f.DefValue == "false" || f.DefValue == ""
	case "duration":
		return f.DefValue == "0" || f.DefValue == "0s"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
		"count", "float32", "float64":
		return f.DefValue == "0"
	case "string":
		return f.DefValue == ""
	case "ip", "ipMask", "ipNet":
		return f.DefValue == "<nil>"
	case "intSlice", "stringSlice", "stringArray":
		return f.DefValue == "[]"
	}
	switch f.DefValue {
	case "false", "<nil>", "", "0":
		return true
	}
	return false
}

// sharedFlagsFR are the French usages of flags that several commands
// define with the same English usage; an entry in helpFR wins over them.
var sharedFlagsFR = map[string]fr{
	"opt":            {"61c4fe1b", "option du jeu sous la forme nom=valeur (répétable), par exemple --opt players=3"},
	"position":       {"4e70f4c3", "part de ce texte de position (tel que l'affiche 'replay --json') au lieu de la position de départ"},
	"record":         {"c0a248c1", "partie enregistrée à rejouer d'abord (- pour l'entrée standard)"},
	"seed":           {"ffacab61", "graine des coups au hasard (par défaut : tirée de l'horloge, et affichée)"},
	"db":             {"280c5149", "base : un fichier SQLite (plateau.db par défaut) ou une URL postgres://"},
	"password-stdin": {"9c13ad04", "lit le mot de passe sur la première ligne de l'entrée standard (implicite quand ce n'est pas un terminal)"},
}

// helpFR is the French of every command, by command path.
var helpFR = map[string]frCommand{
	"plateau": {
		short: fr{"0c4201c0", "Jouer à des jeux de plateau abstraits rares et les étudier"},
		long: fr{"a0250c2c", `plateau donne vie à des jeux de plateau abstraits rares : il les sert dans le
navigateur (plateau serve), permet d'y jouer dans le terminal contre d'autres
personnes ou contre l'ordinateur, affiche leurs règles, lit et écrit des
parties enregistrées, classe des joueurs ordinateurs en les faisant
s'affronter, analyse des jeux pour leurs auteurs, résout POGO, et vérifie et
mesure les moteurs de règles.

Les jeux sont désignés par leur identifiant (voir 'plateau games'). Les places
sont numérotées à partir de 1 : le joueur 1 joue en premier. Les options d'un
jeu se donnent sous la forme --opt nom=valeur.`},
		flags: map[string]fr{
			"lang": {"5bbcac38", "langue des noms de jeux et des messages : en ou fr"},
		},
	},
	"plateau help": {
		short: fr{"38b3bf6d", "Afficher l'aide d'une commande"},
		long: fr{"c6a26075", `Affiche l'aide de n'importe quelle commande de plateau.
Tapez 'plateau help [commande [sous-commande]]' pour tous les détails.`},
	},
	"plateau analyze": {
		short: fr{"3614bef4", "Statistiques d'un jeu et de ses variantes, l'ordinateur jouant contre lui-même, avec graphiques"},
		long: fr{"bd19eed7", `Joue de nombreuses parties de GAME avec le même joueur ordinateur à chaque
place et donne ce qu'un auteur de jeux veut savoir : la longueur des parties
(en coups), le facteur de branchement (nombre de coups possibles par position,
et sa moyenne par numéro de coup), le taux de victoire de chaque place avec un
intervalle de Wilson à 95 % (la place 1 joue en premier), le taux de nulles,
pourquoi les parties ont pris fin et combien de fois les joueurs ont passé.

--compare joue une variante par valeur, chacune faite de --opt et des options
comparées (qui l'emportent), et les présente côte à côte, une colonne chacune.
Avec --out, le rapport est écrit en Markdown (.md) ou en HTML (.html), avec ses
graphiques (histogramme de la longueur des parties, facteur de branchement par
numéro de coup, taux de victoire avec barres d'erreur) à côté, en fichiers SVG
ou PNG (--plots). Les parties se jouent en parallèle (--parallel, par défaut une
par processeur) ; les résultats ne dépendent que de la graine.

Chaque partie commence par --openings coups joués uniformément au hasard (2 par
défaut, tirés de la graine), pour qu'un joueur déterministe ne rejoue pas sans
cesse la même partie ; le rapport dit combien de parties différentes ont été
jouées, et un avertissement signale quand certaines étaient identiques.`},
		flags: map[string]fr{
			"agent":    {"a3534f95", "le joueur ordinateur à chaque place (voir 'plateau play --help' pour les agents possibles)"},
			"compare":  {"af67b4af", "une variante à comparer, en options nom=valeur[,nom=valeur] par-dessus --opt (répétable)"},
			"games":    {"006da492", "parties par variante"},
			"json":     {"29f8111d", "affiche les statistiques en un seul objet JSON"},
			"openings": {"77dd87b3", "coups joués uniformément au hasard avant que les joueurs ordinateurs ne jouent, pour varier les parties (0 : aucun)"},
			"out":      {"595eef6e", "écrit un rapport dans ce fichier (.md ou .html), avec ses graphiques à côté"},
			"parallel": {"294abbc7", "parties jouées en même temps (0 : une par processeur)"},
			"plots":    {"42f6b461", "format des fichiers de graphiques : svg ou png"},
		},
	},
	"plateau lab": {
		short: fr{"be8cd6f9", "Mesurer côte à côte les lectures des règles d'un jeu, et les classer"},
		long: fr{"db153c02", `Joue des parties de chaque lecture de GAME, une par combinaison des valeurs
des --vary (par-dessus les options de --opt), avec le même joueur ordinateur à
chaque place (le niveau difficile par défaut), et donne ce que mesurent les
auteurs de jeux : l'équilibre (le taux de victoire de chaque place avec un
intervalle de Wilson à 95 %, et le camp le plus loin d'une part égale des
parties décidées), le caractère décisif (le taux de nulles), la durée (en
coups : moyenne, dispersion, distribution), le suspense (combien de fois le
camp que l'évaluation du jeu donne devant change au cours d'une partie), le
facteur de branchement au fil de la partie, les passes et les blocages
(passes forcées, parties finies parce que les joueurs ne pouvaient plus
jouer).

Les lectures sont classées par note = écart à l'équilibre + taux de nulles, la
plus basse d'abord. Chaque partie commence par --openings coups au hasard (2
par défaut) pour que les parties diffèrent ; les chiffres ne dépendent que de
la graine, pas de --parallel. Avec --out, le rapport est écrit en Markdown
(.md) ou en HTML (.html), avec ses graphiques à côté en fichiers SVG ou PNG
(--plots).`},
		flags: map[string]fr{
			"agent":    {"a3534f95", "le joueur ordinateur à chaque place (voir 'plateau play --help' pour les agents possibles)"},
			"games":    {"f6e49a55", "parties par lecture"},
			"json":     {"d05bb332", "affiche les statistiques et le classement en un seul objet JSON"},
			"openings": {"77dd87b3", "coups joués uniformément au hasard avant que les joueurs ordinateurs ne jouent, pour varier les parties (0 : aucun)"},
			"out":      {"595eef6e", "écrit un rapport dans ce fichier (.md ou .html), avec ses graphiques à côté"},
			"parallel": {"294abbc7", "parties jouées en même temps (0 : une par processeur)"},
			"plots":    {"42f6b461", "format des fichiers de graphiques : svg ou png"},
			"vary":     {"f13f894d", "une option et les valeurs à essayer, en nom=v1,v2 (répétable : chaque combinaison est une lecture)"},
		},
	},
	"plateau analyze-game": {
		short: fr{"d9bd50b3", "Juger chaque coup d'une partie enregistrée : meilleur, bon, imprécision, erreur, gaffe"},
		long: fr{"085070c9", `Lit une partie enregistrée (un fichier, ou - pour l'entrée standard) et juge
chaque coup : pour la position d'avant, la valeur du meilleur coup et celle
du coup joué, pour le joueur qui a joué, de -1 (perdu) à +1 (gagné), et un
verdict sur la perte entre les deux : meilleur (jusqu'à 0,02), bon (moins de
0,10), imprécision (moins de 0,25), erreur (moins de 0,50) ou gaffe. Puis un
bilan par joueur : les coups de chaque sorte et la perte moyenne.

Le juge est le niveau hard (difficile) du jeu avec son propre budget, ou la
recherche de --agent (un niveau, alphabeta:... ou mcts:...) ; --budget lui
donne un temps par position, --nodes un nombre par position (de positions
pour alpha-beta, de parties simulées pour MCTS), qui donne les mêmes
verdicts à chaque fois avec la même --seed. Pour POGO, une fois que
'plateau solve pogo' a écrit sa solution, les valeurs sont exactes (gain ou
perte en N coups, ou nulle) et un coup qui laisse échapper un gain ou une
nulle est une gaffe ; --agent hard juge alors par la recherche. Les parties
à trois ou quatre joueurs sans équipes sont jugées par MCTS.

--json affiche la revue en un seul objet JSON : chaque coup (place à partir
de 0, coup, meilleur coup, valeurs avant et après, perte, classe, les cases
du meilleur coup pour une flèche), la suite des valeurs au fil de la partie
et le bilan par place. Une barre de progression s'affiche sur la sortie
d'erreur dans un terminal ; Ctrl-C arrête la revue et affiche les coups
déjà jugés. Voir docs/analysis.md.`},
		flags: map[string]fr{
			"agent":  {"36a9adfb", "le juge : un niveau ou une recherche (par défaut : la solution de POGO s'il y en a une, sinon hard)"},
			"budget": {"c9eacbde", "temps de réflexion par position, par exemple 1s (par défaut : le budget propre du juge)"},
			"json":   {"4826fc63", "affiche la revue en un seul objet JSON"},
			"nodes":  {"256e3011", "positions (alpha-beta) ou parties simulées (MCTS) par position : les mêmes verdicts à chaque fois"},
			"seed":   {"5fb1e297", "graine de la recherche (parties simulées de MCTS)"},
		},
	},
	"plateau arena": {
		short: fr{"6d453f53", "Faire jouer un tournoi entre joueurs ordinateurs et les classer"},
		long: fr{"0923abbe", `Fait jouer un tournoi entre joueurs ordinateurs et affiche qui a gagné, avec les
écarts Elo et leurs intervalles à 95 %.

Qui rencontre qui :
  jeux à deux joueurs     chaque paire d'agents joue --games parties, les
                          agents prenant les deux places à tour de rôle ;
  3-4 joueurs, autant     une table, les agents passant par toutes les
  d'agents que de places  dispositions (6 à 3 joueurs, 24 à 4) à tour de rôle ;
  plus d'agents que de    chaque groupe d'autant d'agents que de places,
  places                  chacun comme ci-dessus ;
  moins d'agents que de   une table, les agents prenant les places à tour de
  places                  rôle (2 agents sur 4 places : A B A B, puis B A B A,
                          ce qui donne à chaque agent une équipe dans les jeux
                          par équipes).
Donnez à --games un multiple du nombre de dispositions pour équilibrer les
tables. Chaque partie commence par --openings coups joués uniformément au
hasard (2 par défaut), chaque ouverture étant jouée une fois dans chaque
disposition, pour que des agents déterministes ne répètent pas une même partie.

--agents est une liste d'agents séparés par des virgules (random, easy, medium,
hard, max, mcts:..., alphabeta:..., engine:...). Les virgules séparent aussi les
paramètres d'un agent : un élément de la forme clé=valeur continue l'agent qui
le précède, si bien que "mcts:iterations=100,threads=1,random" désigne deux
agents. Un agent moteur (engine:[time=D] PROGRAM [ARGS]) va jusqu'à la virgule
suivante ; mettez entre '...' ou "..." les arguments qui contiennent des
virgules ou des espaces.

Résultats. Dans les parties à trois ou quatre, l'agent A bat l'agent B dans une
partie quand les places de A ont obtenu une meilleure récompense (victoire 1,
nulle 1/2, défaite 0). Le score vaut (victoires + nulles/2)/parties ; l'écart
Elo vaut −400·log10(1/score − 1), et son intervalle à 95 % vient de
score ± 1,96·σ/√n, où σ² est la variance du résultat d'une partie dans le
modèle trinomial (les fréquences observées des victoires, des nulles et des
défaites), convertie en Elo ; "inf" marque une borne infinie (un camp qui a
gagné toutes ses parties). Le tableau des agents ajoute les parties de chaque
agent par place et son Elo contre tous les agents qu'il a rencontrés.

--sprt elo0,elo1[,alpha,beta] fait un test séquentiel du rapport de
vraisemblance (SPRT) sur chaque paire (H0 : le premier agent a elo0 de plus que
le second, H1 : elo1 ; alpha et beta valent 0,05 par défaut) et arrête une paire
quand le logarithme du rapport de vraisemblance franchit ln(beta/(1-alpha))
(H0 acceptée) ou ln((1-beta)/alpha) (H1 acceptée). Le LLR est l'approximation
normale du SPRT généralisé.

Les parties se jouent --parallel à la fois (par défaut : une par cœur) ; chaque
partie construit ses propres agents. Avec des budgets en itérations ou en
profondeur, les résultats ne dépendent que de --seed, pas de --parallel
(donnez threads=N à mcts pour obtenir les mêmes coups sur toutes les machines).
--csv et --json affichent chaque partie et le résumé pour les programmes ; une
barre de progression s'affiche sur stderr quand c'est un terminal, ou avec
--progress ; sinon, une ligne toutes les 30 secondes donne le nombre de parties
finies et le temps restant.`},
		flags: map[string]fr{
			"agents":   {"654792ca", "agents séparés par des virgules, au moins deux (voir la description)"},
			"csv":      {"edf0b000", "affiche les parties et le résumé en CSV"},
			"games":    {"9a19f59a", "parties par paire (par table dans les parties à trois ou quatre)"},
			"json":     {"39eab525", "affiche les parties et le résumé en JSON"},
			"openings": {"8e413cd6", "coups joués uniformément au hasard au début de chaque partie"},
			"parallel": {"fa4f3b27", "parties jouées en même temps"},
			"progress": {"7d70c04d", "affiche une barre de progression sur stderr même si ce n'est pas un terminal"},
			"sprt":     {"f5d5d2d4", "arrête une paire plus tôt par un test séquentiel : elo0,elo1[,alpha,beta]"},
		},
	},
	"plateau bench": {
		short: fr{"582a7026", "Mesurer la vitesse des parties jouées au hasard"},
		long: fr{"96729a6d", `Joue des parties au hasard (coups possibles tirés uniformément, avec les règles
de répétition et de limite de coups) depuis la position de départ, sur une
seule goroutine, aussi vite que le moteur de règles le permet, et en donne la
vitesse.

Une mise en route d'un dixième du temps (au moins 0,2 s) passe d'abord et ne
compte pas. Puis, pendant --seconds, il mesure et affiche le nombre de parties
et de coups, les parties par seconde, les coups par seconde, la longueur
moyenne d'une partie en coups et comment les parties ont pris fin. --json
affiche la même chose en un seul objet JSON.`},
		flags: map[string]fr{
			"json":    {"172d6333", "affiche les résultats en un seul objet JSON"},
			"seconds": {"4d607336", "durée de la mesure, en secondes, après la mise en route"},
		},
	},
	"plateau bot": {
		short: fr{"4b340988", "Jouer sur un serveur plateau avec un compte robot"},
		long: fr{"5678314f", `Se connecte à un serveur plateau avec un compte robot, accepte les défis ouverts
qui correspondent aux réglages ci-dessous, prend les places des tables du salon
(deux à quatre joueurs) que leurs hôtes réservent au robot (et, avec
--open-seats, les places libres) aux tables qui leur correspondent, et les joue, comme les bots de
lichess : avec un joueur ordinateur de plateau (--agent, hard par défaut) ou
avec un programme qui parle le protocole des moteurs (docs/engine-protocol.md),
donné après --. Les parties inachevées du robot reprennent quand il redémarre.
Il tourne jusqu'à Ctrl-C ou SIGTERM.

Le responsable crée le compte robot et son jeton sur le serveur :
  plateau users add stockbot --bot
  plateau users token add stockbot`},
		flags: map[string]fr{
			"agent":      {"7969ecc9", "le joueur ordinateur : easy, medium, hard, max, mcts:..., alphabeta:..."},
			"casual":     {"71b40b05", "accepte les défis de parties amicales"},
			"games":      {"8c7791f4", "n'accepte que ces jeux, par exemple pogo,pods (par défaut : tous les jeux que sait jouer le joueur)"},
			"max-clock":  {"aa4799b8", "accepte les pendules jusqu'à ce temps par joueur, par exemple 30m (0 : toutes)"},
			"max-games":  {"fa4f3b27", "parties jouées en même temps"},
			"poll":       {"c8108d08", "intervalle entre deux recherches de défis"},
			"players":    {"8c4c197d", "ne s'assied qu'aux tables de ce nombre de joueurs, par exemple 3,4 (par défaut : tous)"},
			"open-seats": {"9cf7a4c7", "prend aussi les places libres des tables, pas seulement celles réservées au robot"},
			"rated":      {"c61a25ea", "accepte les défis de parties classées (sans --rated ni --casual : les deux)"},
			"server":     {"364afc4f", "l'adresse du serveur, http(s)://hôte[:port]"},
			"token":      {"e1ed132f", "le jeton du compte robot (plateau users token add BOT)"},
		},
	},
	"plateau engine": {
		short: fr{"7f79966a", "Parler le protocole des moteurs de plateau sur stdin et stdout"},
		long: fr{"1f92202c", `Fait tourner plateau comme moteur : un protocole par lignes sur l'entrée et la
sortie standard, dans l'esprit d'UCI et de GTP, par lequel un autre programme
(une interface graphique, un gestionnaire de tournois, les agents "engine:" de
plateau) se sert des règles et des joueurs ordinateurs. docs/engine-protocol.md
le décrit avec une session complète.

Commandes : ` + "`plateau`" + ` (poignée de main), ` + "`games`, `newgame GAME [name=value ...]`" + `,
` + "`position start|TEXT [moves M1 M2 ...]`, `moves M1 M2 ...`, `legal`" + `,
` + "`go [iterations N|time MS|depth D] [agent SPEC]`, `stop`, `perft D`, `show`" + `,
` + "`status`, `setoption agent SPEC`, `setoption seed N`, `quit`" + `. Chaque commande
reçoit pour réponse des lignes de données puis une dernière ligne : ` + "`ok`" + `,
` + "`error MESSAGE`" + `, ou (pour go) ` + "`bestmove MOVE`" + `.

--agent est l'agent de go quand aucun n'est nommé (hard par défaut, le niveau) ;
--seed sa graine (0 par défaut, pour que les budgets en itérations ou en
profondeur se répètent).

quit (comme stop) arrête aussitôt une recherche en cours, comme l'attend un
programme de jeu ; à la fin de l'entrée, une recherche en cours se termine et
répond d'abord, si bien qu'un script envoyé par un tube sans quit obtient le
coup qu'il a demandé.`},
		flags: map[string]fr{
			"agent": {"8ce858e9", "agent de go quand aucun n'est nommé : easy, mcts:..., alphabeta:..., voir docs/ai.md"},
			"seed":  {"fbead3b1", "graine des agents"},
		},
	},
	"plateau games": {
		short: fr{"11f8d6e4", "Lister les jeux"},
		long: fr{"86f1f0f9", `Liste les jeux que connaît plateau, un par ligne : l'identifiant qu'utilisent les
autres commandes, le nombre de joueurs ("2", ou "2-4" pour un intervalle) et le
nom du jeu (en français avec --lang fr).

Avec --variants, les variantes que déclare chaque jeu (les ensembles d'options
que décrit le texte de ses règles) sont listées dessous, en retrait, sous forme
d'options pour --opt, les autres lectures de la règle qu'elles choisissent
nommées en toutes lettres ; puis chaque autre lecture de la règle du jeu
(DECISIONS.md, « Alternative readings ») avec ses mots : une partie jouée avec
l'une d'elles n'est jamais classée.`},
		flags: map[string]fr{
			"variants": {"bf4713df", "liste aussi les variantes que déclare chaque jeu"},
		},
	},
	"plateau legal": {
		short: fr{"84c0ea7d", "Lister les coups possibles après quelques coups"},
		long: fr{"25bf82ef", `Joue les coups donnés depuis la position de départ (ou --position, ou une
partie enregistrée --record), en vérifiant chacun, puis affiche les coups
possibles, un par ligne, dans la notation du jeu. Rien n'est affiché quand la
partie est finie, y compris quand la répétition ou la limite de coups y a mis
fin.`},
	},
	"plateau loadtest": {
		short: fr{"ee94382c", "Mesurer la capacité d'un serveur plateau en marche"},
		long: fr{"20d3d901", `Sollicite un 'plateau serve' en marche comme le feraient des navigateurs, par
sa seule API publique, et mesure ce qu'il supporte.

Les parties sont créées par le formulaire de nouvelle partie (POST /games) ;
chaque place humaine ouvre la WebSocket de la partie (ou une seule socket par
partie tient toutes les places, avec --socket-per-game), et joue des coups
possibles au hasard d'après les états envoyés par le serveur, après un temps de
réflexion (--think, tiré entre la moitié et une fois et demie sa valeur). Une
partie qui se termine est remplacée par une nouvelle. Les spectateurs
(--spectators) ne font que regarder ; --computer NIVEAU donne la dernière place
à l'ordinateur.

Chaque palier de --games maintient autant de parties en jeu : les parties sont
créées à raison de --create-rate par seconde, jouées pendant --warmup, puis
mesurées pendant --duration. Une ligne par palier part sur stderr au fil de
l'essai ; le tableau final sur stdout (--markdown : en Markdown), et --json
FICHIER écrit tout. Les latences sont les p50 / p90 / p99 / max : d'un coup
envoyé à sa confirmation ("ack"), à son arrivée sur les sockets des autres
joueurs ("opponent"), sur celles des spectateurs ("spectators") ; et de la
confirmation d'un coup à la réponse de l'ordinateur ("computer"). Les nombres
de refus et d'erreurs par code, d'échecs de connexion et les statuts HTTP
suivent le tableau. Voir docs/loadtest.md.

Un test de charge peut faire tomber un serveur : seules les cibles en boucle
locale (loopback) sont permises sans --allow-remote. L'essai s'arrête de
lui-même après son dernier palier ; Ctrl-C l'arrête plus tôt, en abandonnant
ses parties, et affiche ce qui a été mesuré. Chaque WebSocket est un fichier
ouvert, ici comme dans le serveur : la limite de fichiers ouverts est portée à
sa limite dure, et un palier qui la dépasserait est sauté.

Toutes les connexions d'un test de charge viennent d'une même adresse : le
serveur mesuré doit donc lever ses limites par adresse de client, comme dans le
premier exemple (une base jetable, load.db, en arrière-plan). Les exemples sont
des essais courts ; mesurez avec les valeurs par défaut (--warmup 5s --duration
20s) ou plus longtemps, et avec plus de parties (--games 1,16,64,1000), sur une
machine au repos : docs/loadtest.md donne les essais publiés. Une autre machine se
mesure par exemple avec --server http://10.0.0.5:8080 --allow-remote.`},
		flags: map[string]fr{
			"allow-remote":    {"4ce0c884", "permet une cible qui n'est pas une adresse de boucle locale"},
			"also":            {"cfa22da3", "un autre serveur du même site (plusieurs plateau serve sur une même base PostgreSQL) : les sockets de chaque partie sont réparties entre --server et ceux-ci (répétable)"},
			"casual":          {"22426f01", "crée des parties amicales"},
			"clock":           {"6b103605", "pendule de la partie, en minutes (0 : aucune)"},
			"computer":        {"29a5b0fb", "donne la dernière place à l'ordinateur, à ce niveau : easy, medium, hard, max ou random"},
			"create-rate":     {"6993a203", "parties créées par seconde, au plus"},
			"duration":        {"b79301ae", "durée de mesure de chaque palier (au plus 1h0m0s)"},
			"game":            {"0639e708", "identifiant du jeu (voir 'plateau games')"},
			"games":           {"1fb09ecd", "paliers : nombres de parties simultanées, séparés par des virgules"},
			"increment":       {"673d93b3", "incrément de la pendule, en secondes"},
			"json":            {"16c04e44", "écrit les résultats en JSON dans ce fichier"},
			"markdown":        {"a540330d", "affiche le tableau en Markdown"},
			"max-plies":       {"59880f6d", "abandonne une partie dès qu'elle compte ce nombre de coups (0 : joue les parties jusqu'au bout)"},
			"no-pages":        {"0d36e18e", "ouvre les WebSockets sans charger d'abord la page de la partie"},
			"seed":            {"4468df80", "graine des coups au hasard et des temps de réflexion (par défaut : tirée de l'horloge)"},
			"server":          {"428d097c", "URL de base du serveur plateau"},
			"socket-per-game": {"387c41aa", "une WebSocket par partie pour toutes les places humaines, au lieu d'une par place"},
			"spectators":      {"ade35894", "spectateurs par partie (des WebSockets qui ne font que regarder)"},
			"think":           {"a092c91d", "temps de réflexion moyen avant chaque coup (0 : aucun)"},
			"warmup":          {"2384de16", "temps de jeu avant la mesure, une fois créées les parties d'un palier"},
		},
	},
	"plateau perft": {
		short: fr{"3249a82a", "Compter l'arbre des coups d'une position (vérification du moteur de règles)"},
		long: fr{"d498e979", `Compte les feuilles de l'arbre des coups depuis la position de départ (ou
--position) pour chaque profondeur de 1 à DEPTH, comme on vérifie les moteurs
d'échecs : la profondeur 0 compte 1, une partie finie compte 0, une passe est un
coup, et les règles propres au logiciel (répétition, limite de coups) ne
s'appliquent pas.

Chaque profondeur affiche "depth N: COUNT" avec son temps et les feuilles par
seconde. La dernière ligne donne le compte à DEPTH seul, pour les scripts.
--divide affiche d'abord le compte sous chaque coup possible ("MOVE: COUNT"),
pour comparer avec une autre implémentation.`},
		flags: map[string]fr{
			"divide": {"cfc1ef54", "affiche d'abord le compte sous chaque coup possible"},
		},
	},
	"plateau play": {
		short: fr{"44f92fa1", "Jouer une partie dans le terminal"},
		long: fr{"130d03eb", `Joue une partie dans le terminal, contre d'autres personnes au même clavier ou
contre l'ordinateur, ou rejoint une partie d'un serveur plateau.

Dans un terminal, la partie s'affiche en plein écran : le plateau, dessiné sur
place aux couleurs de celui du site, le dernier coup marqué, un curseur qu'on
déplace avec les flèches (ou h j k l) pour choisir une pièce puis sa
destination (Entrée ou espace ; les emplacements qu'on peut choisir sont
marqués), ':' pour taper un coup dans la notation du jeu, 'm' pour la liste des
coups possibles, 'u' pour reprendre un coup, 'r' pour abandonner, '?' pour
l'aide et 'q' pour quitter. Les coups de l'ordinateur apparaissent après une
courte pause, pour qu'on puisse les suivre. Il faut un terminal d'au moins
80x24 ; NO_COLOR est respecté.

Avec --plain, ou quand l'entrée ou la sortie n'est pas un terminal (un tube, un
script), la partie se joue ligne à ligne : le plateau est affiché quand c'est à
une personne de jouer, puis une invite où l'on tape un coup ou une commande :
  coups (ou ` + "`moves`" + `, ?, legal)  liste les coups possibles
  annuler (ou ` + "`undo`" + `)           reprend le dernier coup ; contre l'ordinateur,
                                reprend aussi ses réponses, jusqu'à votre
                                dernier tour
  abandon (ou ` + "`resign`" + `)         abandonne : la partie s'arrête et tous les
                                autres joueurs gagnent (par équipes : l'autre
                                équipe). La partie enregistrée indique
                                "win N..." avec la raison "resignation".
  aide (ou ` + "`help`" + `)              liste les commandes
  quitter (ou ` + "`quit`" + `)           s'arrête ; la partie inachevée est enregistrée
Un coup refusé est expliqué et l'invite revient.

Chaque place est humaine sauf si --seat la donne à un joueur ordinateur (les
places sont numérotées à partir de 1 ; le joueur 1 joue en premier) :
  --seat N=random          un coup possible tiré uniformément au hasard
  --seat N=easy            un niveau : easy (facile), medium (moyen), hard
                           (difficile) ou max (le plus fort)
  --seat N=AGENT           un joueur ordinateur et son budget, par exemple
                           mcts:time=2s, mcts:iterations=20000,threads=2,
                           alphabeta:depth=6 (docs/ai.md les liste tous)
Les joueurs ordinateurs tirent leurs nombres au hasard de --seed, ou de
l'horloge : la graine utilisée est affichée, pour qu'une partie puisse être
rejouée (à l'identique pour les joueurs dont le budget est en itérations ou en
profondeur plutôt qu'en temps).

À la fin, le résultat est affiché et la partie est enregistrée dans le fichier
--record, ou dans plateau-GAME-YYYYMMDD-HHMMSS.txt dans le dossier courant.
Quand vous quittez, ou quand l'entrée se termine avant la partie, la partie
inachevée est enregistrée de la même façon et le code de sortie est 0.

En ligne : donnez le lien d'une partie de 'plateau serve' au lieu de GAME (le
lien que le site donne à un joueur, https://SITE/games/ID#me=1-TOKEN : son
jeton de place permet de jouer ; sans jeton, on regarde). --server donne le
site quand le lien n'est que l'identifiant ou le chemin de la partie. Le
serveur arbitre les coups et fait tourner les pendules et les joueurs
ordinateurs ; la partie s'affiche en plein écran comme ci-dessus. 'd' propose
la nulle et 'u' demande à reprendre un coup, dans les parties amicales ;
'y'/'o' ou 'n' répond à une proposition. Avec --plain ou dans un tube, elle se
joue ligne à ligne : chaque coup est affiché à son arrivée, le plateau à votre
tour, et l'invite prend un coup ou coups, plateau, nulle, annuler, oui, non,
abandon, aide, quitter (partir : la partie continue sur le serveur).

Une table du salon du site : donnez son lien, https://SITE/tables/ID. Vous vous
connectez à votre compte sur le site : votre nom d'utilisateur et votre mot de
passe sont demandés (le mot de passe sans écho), ou --user NOM lit le mot de
passe dans la variable d'environnement PLATEAU_PASSWORD, pour les scripts. La
connexion n'est gardée qu'en mémoire, jamais écrite. La table est affichée (le
jeu, la pendule, qui est assis où) ; vous prenez la place --seat N (numérotée à
partir de 1, comme affiché), sinon la première place réservée pour vous, sinon
la première place libre. La table est affichée à nouveau à mesure qu'elle se
remplit ; Ctrl-C pendant l'attente libère votre place. Quand toutes les places
sont prises, la partie commence et se joue ici comme ci-dessus. Un lien de
partie avec --user joue les places que votre compte tient dans une partie du
salon.`},
		flags: map[string]fr{
			"plain":  {"adc322a5", "joue ligne à ligne même dans un terminal (comme dans un tube)"},
			"record": {"c4acbb68", "enregistre la partie dans ce fichier (par défaut : plateau-GAME-YYYYMMDD-HHMMSS.txt)"},
			"seat":   {"71773efc", "qui joue la place N : N=human, N=random, N=NIVEAU (easy, medium, hard, max) ou N=AGENT (par exemple 2=mcts:time=2s), N étant le numéro de la place à partir de 1 (répétable) ; avec le lien d'une table, le numéro de la place à prendre"},
			"user":   {"daa47dde", "en ligne : le compte avec lequel se connecter (son mot de passe est demandé, ou lu dans PLATEAU_PASSWORD)"},
			"server": {"63f579ef", "le serveur plateau du lien de la partie (https://SITE), quand le lien n'est que l'identifiant ou le chemin de la partie"},
		},
	},
	"plateau puzzles": {
		short: fr{"69feea68", "Problèmes des jeux à deux camps : lister, montrer, vérifier une réponse, produire, trouver, prouver"},
		long: fr{"9e93403d", `Les problèmes sont des positions tirées de vraies parties (l'ordinateur contre
lui-même à ses différents niveaux) où un seul coup est juste, ce qu'une
recherche prouve. Dans tous les jeux sauf POGO, le bon coup (la clé) force le
gain en N coups au plus, et tout autre coup possible laisse l'adversaire
forcer le gain : les deux sont prouvés par une recherche exhaustive qui ne
compte que les gains, avec les règles de fin du jeu lui-même, si bien que la
clé est le seul coup gagnant, et pas seulement le meilleur trouvé. Dans les
séries où de telles positions sont trop rares (blocus), un problème peut
avoir à la place un horizon H : la clé force le gain en N coups au plus et
aucun autre coup ne le force en H coups au plus (H valant au moins N+4), ce
qui est prouvé aussi ; ces coups sont marqués « nowin » (sans gain) sauf
s'il est prouvé qu'ils perdent. À POGO, c'est la solution complète (plateau
solve pogo) qui décide : un problème de gain a un seul coup qui garde le
gain, un problème de sauvetage un seul coup qui garde la nulle.

Les problèmes forment des séries, une par variante (pods-basic, poldr-7, ... ;
un jeu qui n'a qu'une série est désigné par son identifiant), rangées dans le
programme. 'list' montre les séries ou les problèmes d'une série, 'show' un
problème, 'check' juge un coup, 'generate' refait une série à partir de
parties de l'ordinateur contre lui-même, 'find' cherche des problèmes dans des
parties jouées (parties enregistrées, parties rangées par un serveur) et
'verify' prouve à nouveau les problèmes rangés. Voir docs/puzzles.md.`},
	},
	"plateau puzzles find": {
		short: fr{"526c70f1", "Trouver les problèmes de parties jouées : parties enregistrées, ou parties rangées par un serveur"},
		long: fr{"0eb085b4", `Analyse chaque position de parties jouées comme 'generate' analyse les parties
de l'ordinateur contre lui-même : des parties enregistrées (des fichiers, ou -
pour l'entrée standard), et avec --db les parties finies rangées par un
serveur plateau (un fichier SQLite ou une URL postgres:// ; les --limit plus
récentes). Une partie dont la variante n'a pas de série de problèmes (à quatre
joueurs, un plateau de PODS tourné au hasard) est ignorée. Les problèmes
trouvés sont écrits en JSON comme 'generate' les écrit, chacun avec la partie
d'où il vient (son fichier ou l'identifiant de la partie rangée) et le coup,
numérotés dans chaque série à partir de 1 ; 'plateau puzzles verify --file'
les prouve à nouveau. Ceux de POGO demandent sa solution (--table).`},
		flags: map[string]fr{
			"out":      {"5c815ecb", "écrit les problèmes dans ce fichier (par défaut : la sortie standard)"},
			"db":       {"3949a749", "aussi les parties finies de cette base : un fichier SQLite ou une URL postgres://"},
			"limit":    {"e4c73f1a", "avec --db : au plus ce nombre de parties, les plus récentes"},
			"table":    {"121ef4fe", "pogo : le fichier de la solution (par défaut : là où l'écrit 'plateau solve pogo')"},
			"progress": {"7d70c04d", "affiche une barre de progression sur la sortie d'erreur même hors d'un terminal"},
		},
	},
	"plateau puzzles check": {
		short: fr{"9bda8937", "Dire si un coup résout un problème et, sinon, comment il est réfuté"},
		long: fr{"de8ad26b", `Juge MOVE (dans la notation du jeu, telle que l'écrivent
'plateau puzzles show ID' et 'plateau legal') comme réponse au problème ID :
juste, ou faux avec la réponse de l'adversaire qui le réfute. Le code de
sortie est 0 pour le bon coup, 1 pour un coup faux ou impossible.`},
	},
	"plateau puzzles generate": {
		short: fr{"4e46695f", "Produire une série de problèmes à partir de parties de l'ordinateur contre lui-même"},
		long: fr{"09b147b8", `Joue des parties de l'ordinateur contre lui-même dans la variante de la série
et garde les positions qui sont des problèmes, jusqu'à en avoir --count (ou
jusqu'à --max-games parties). La partie numéro g (à partir de 0) commence par
quelques coups tirés au hasard, puis l'un des niveaux de la série (à tour de
rôle d'une partie à l'autre) joue les deux camps, tout étant tiré de --seed et
de g : la même graine donne toujours les
mêmes parties et les mêmes problèmes, quel que soit --parallel. Chaque
position de chaque partie est analysée ; une position déjà trouvée n'est
gardée qu'une fois.

Les problèmes sont écrits en JSON (un tableau, un problème par ligne) dans
--out, ou sur la sortie standard ; un résumé va sur la sortie d'erreur, avec
une barre de progression dans un terminal (ou avec --progress). La série de
POGO demande sa solution (--table, par défaut : là où l'écrit 'plateau solve
pogo'). Une exécution prend de quelques secondes à des heures selon le jeu :
docs/puzzles.md donne la commande, la graine et la durée de chaque série
rangée.`},
		flags: map[string]fr{
			"count":     {"39199ced", "nombre de problèmes à trouver"},
			"seed":      {"01aaae15", "graine des parties de l'ordinateur contre lui-même (la même graine donne les mêmes problèmes)"},
			"out":       {"5c815ecb", "écrit les problèmes dans ce fichier (par défaut : la sortie standard)"},
			"parallel":  {"9c07fbe7", "parties jouées et analysées en même temps"},
			"max-games": {"dee63d8c", "s'arrête après ce nombre de parties même avec moins de problèmes (0 : sans limite)"},
			"table":     {"121ef4fe", "pogo : le fichier de la solution (par défaut : là où l'écrit 'plateau solve pogo')"},
			"progress":  {"7d70c04d", "affiche une barre de progression sur la sortie d'erreur même hors d'un terminal"},
		},
	},
	"plateau puzzles list": {
		short: fr{"64344759", "Lister les séries de problèmes, ou les problèmes d'une série"},
		long: fr{"f0442318", `Sans SET, liste les séries de problèmes : identifiant, jeu et options, nombre de
problèmes de chacune, et combien de chaque genre (gain en N coups,
sauvetage). Avec SET (l'identifiant d'une série, ou celui d'un jeu qui n'a
qu'une série), liste ses problèmes : identifiant, camp au trait, ce qu'il faut
trouver, et la partie d'où vient la position. --json affiche les problèmes
eux-mêmes, réponses comprises.`},
		flags: map[string]fr{
			"json": {"a6a28dc2", "affiche du JSON : les séries avec leurs nombres, ou les problèmes de SET"},
		},
	},
	"plateau puzzles show": {
		short: fr{"284f197d", "Montrer un problème : son plateau et ce qu'il faut trouver"},
		long: fr{"bb257176", `Montre le problème ID ("saute-1", voir 'plateau puzzles list SET') : son
plateau, le texte de la position (pour 'plateau replay --position' ou
'plateau render --position'), le camp au trait et ce qu'il faut trouver.
--solution ajoute la réponse : le coup clé et, pour chaque autre coup, la
réponse de l'adversaire qui le réfute et en combien de coups il perd (ou, à
POGO, qu'il ne fait que nulle). --json affiche le problème tel qu'il est
rangé.`},
		flags: map[string]fr{
			"solution": {"cfc7f4b5", "montre la réponse : la clé, et la réfutation de chaque autre coup"},
			"json":     {"672c96ff", "affiche le problème en JSON, réponse comprise"},
		},
	},
	"plateau puzzles verify": {
		short: fr{"2b9b70a7", "Prouver à nouveau les problèmes rangés"},
		long: fr{"19b3deec", `Prouve à nouveau, depuis le début, chaque problème rangé des séries nommées (par
défaut : toutes), ou ceux de --file (écrit par 'plateau puzzles generate') :
la clé et les mauvais coups sont exactement les coups possibles ; la clé gagne
en ses N coups au plus, et pas plus vite ; la réponse donnée à chaque mauvais
coup gagne pour l'adversaire dans le nombre de coups indiqué, et pas plus
vite ; dans un problème à horizon, après chaque coup « nowin » (et sa
réponse), le joueur n'a pas de gain dans l'horizon. Les problèmes de POGO sont comparés à sa solution (--table, par défaut :
là où l'écrit 'plateau solve pogo') ; sans elle, ils sont sautés quand aucune
série n'est nommée. Affiche une ligne par série ; le code de sortie est 1 si
un problème échoue.`},
		flags: map[string]fr{
			"file":  {"32fa554e", "vérifie les problèmes de ce fichier au lieu des problèmes rangés"},
			"table": {"121ef4fe", "pogo : le fichier de la solution (par défaut : là où l'écrit 'plateau solve pogo')"},
		},
	},
	"plateau render": {
		short: fr{"9aace3ec", "Dessiner une position en image SVG"},
		long: fr{"7fee22ee", `Joue les coups donnés depuis la position de départ (ou --position, ou une
partie enregistrée --record), en vérifiant chacun, et écrit un dessin SVG de la
position sur la sortie standard, ou dans le fichier que nomme -o. Le dernier
coup joué est teinté. Le fichier n'est écrit qu'une fois le dessin fait : un
coup refusé ou une partie enregistrée erronée ne laisse aucun fichier (le
"> FILE" du shell en laisserait un vide).

Chaque emplacement du plateau sur lequel on peut cliquer (une case, un point,
un trou ou une arête) est un élément doté d'un attribut data-place, pour qu'une
page web puisse changer les clics en coups ; docs/render.md décrit les dessins
et les attributs.

--highlight marque des emplacements d'un anneau. --from marque où peut aller la
pièce d'un emplacement : les emplacements qui le suivent dans les suites de
clics des coups possibles (redonnez --from pour le clic suivant : --from b1
--from b3). La langue des étiquettes suit --lang.`},
		flags: map[string]fr{
			"flip":      {"c4316716", "fait faire un demi-tour au plateau (la vue depuis l'autre côté)"},
			"from":      {"c28b636d", "marque où peut aller la pièce de cet emplacement (répétable, une fois par clic)"},
			"highlight": {"56460cbf", "marque un emplacement d'un anneau (répétable), par exemple --highlight e5"},
			"no-coords": {"bb70f002", "omet les coordonnées"},
			"output":    {"48ee5d4f", "écrit le dessin dans ce fichier (écrit seulement si la commande réussit) au lieu de la sortie standard"},
			"size":      {"023c01b0", "largeur du dessin, en pixels"},
		},
	},
	"plateau replay": {
		short: fr{"0b4b4938", "Jouer les coups d'une partie enregistrée ou de la ligne de commande et afficher la position"},
		long: fr{"38a6fe3f", `Joue les coups d'une partie enregistrée (--record FICHIER, ou - pour l'entrée
standard), puis les coups donnés sur la ligne de commande, en vérifiant chacun,
et affiche le plateau et l'état de la partie : qui a le trait, ou comment la
partie s'est terminée. La répétition et la limite de coups s'appliquent, comme
dans une vraie partie.

Sans --record, la partie part de sa position de départ, ou de --position, avec
les options données par --opt. Une partie enregistrée fixe elle-même son jeu,
ses options et sa position : GAME peut alors être omis.

--json affiche à la place un objet JSON :
  ` + "`game`, `options`, `players`" + `   la variante
  ` + "`start_position`, `position`" + `   les textes de la position au départ et
                                 maintenant
  ` + "`status`" + `                       ` + "`ongoing`, `win`, `draw` ou `over`" + `
  ` + "`reason`" + `                       pourquoi la partie s'est terminée ("" tant
                                 qu'elle dure)
  ` + "`to_move`, `to_move_name`" + `      la place qui a le trait, numérotée à partir
                                 de 1, et son nom ; null quand la partie est
                                 finie
  ` + "`scores`" + `                       un score par place (des 0 quand le jeu n'en
                                 tient pas)
  ` + "`score_name`" + `                   ce que comptent les scores, quand le jeu en
                                 tient
  ` + "`winners`" + `                      les places gagnantes, numérotées à partir
                                 de 1
  ` + "`ply`" + `                          le nombre de coups joués jusqu'à la position
  ` + "`moves`" + `                        les coups joués, en notation
  ` + "`legal_moves`" + `                  les coups possibles maintenant ([] quand la
                                 partie est finie)

Un coup refusé arrête la relecture avec une erreur qui donne son numéro (à
partir de 1), le coup, la raison qu'en donne le jeu et les coups possibles, et
le code de sortie est 1.`},
		flags: map[string]fr{
			"json": {"d451e6a5", "affiche la position et son état en un seul objet JSON"},
		},
	},
	"plateau rules": {
		short: fr{"0268995a", "Afficher les règles d'un jeu"},
		long: fr{"92ab8d7d", `Affiche la page des règles d'un jeu : les règles telles que plateau les joue,
avec les choix qu'il a faits là où le texte original des règles ne dit rien.

Dans un terminal, la page est mise en forme pour lui : titres, mises en valeur,
listes et tableaux, lignes coupées à la largeur du terminal, couleurs adaptées
à son fond et, après chaque position d'exemple de la page, son plateau dessiné
en caractères. Partout ailleurs (un tube, un fichier), la page est affichée
telle qu'elle est écrite, en texte Markdown ; --markdown l'affiche ainsi dans un
terminal aussi.

--style fixe les couleurs de la mise en forme : auto (par défaut : dark ou light
selon le fond du terminal, aucune quand NO_COLOR est défini), dark, light, ou
notty (sans couleurs). Un style autre qu'auto met la page en forme même quand
la sortie standard n'est pas un terminal, sur 80 colonnes.

--lang fr affiche la page française ; quand elle n'est pas encore écrite, la
page anglaise est affichée avec une note.`},
		flags: map[string]fr{
			"markdown": {"4ba44437", "affiche la page en texte Markdown, même dans un terminal"},
			"style":    {"5bc98522", "couleurs de la page mise en forme : auto, dark, light ou notty (sans couleurs)"},
		},
	},
	"plateau serve": {
		short: fr{"21badb8c", "Jouer dans le navigateur : lancer le serveur web de plateau"},
		long: fr{"9078832b", `Lance le serveur web de plateau : le catalogue, les règles, les parties contre
d'autres personnes ou contre l'ordinateur, les spectateurs et les archives des
parties terminées, en français et en anglais. Ouvrez dans un navigateur
l'adresse qu'il affiche.

Les parties sont conservées dans un fichier SQLite, créé au premier démarrage
(plateau.db dans le dossier courant, sauf si --db désigne un autre fichier), ou
dans PostgreSQL avec --db postgres://user:password@host/database. Un serveur
redémarré reprend chaque partie là où elle en était.

Les visiteurs ne choisissent les joueurs ordinateurs que par leur nom : random,
easy, medium, hard, max, les moteurs que le responsable déclare avec --engine
NOM=LIGNE-DE-COMMANDE (la ligne de commande d'un moteur : une spécification
d'agent, voir 'plateau play --help'), et les spécifications d'agent que le
responsable autorise avec --allow-agent SPEC (bornées par --max-search-time,
--max-threads et --max-table-bits). Rien de ce que tape un visiteur n'est
exécuté ni ouvert.

Les requêtes qui changent quelque chose (nouvelles parties, envois de
fichiers, la WebSocket de la partie) doivent venir des pages du site lui-même ;
derrière un proxy inverse TLS, donnez l'adresse publique avec --origin
https://club.example et l'adresse du proxy avec --trusted-proxy, pour que
l'adresse du client soit tirée de X-Forwarded-For. La création de parties et
les WebSockets ouvertes sont limitées par adresse de client.

Les comptes sont facultatifs : les visiteurs jouent sans. Avec un compte (Créer
un compte, sur le site, ou 'plateau users add NAME' pour le responsable), un
joueur se connecte avec un nom et un mot de passe, rencontre les autres dans le
salon (défis ouverts, parties classées ou amicales) et a une cote Glicko-2 par
variante de jeu, visible sur sa page de joueur et dans un classement ;
--signup-closed laisse la création des comptes au responsable. Les tentatives
de connexion sont limitées par adresse de client et par compte.

Le serveur s'arrête sur Ctrl-C (SIGINT) ou SIGTERM : il termine les requêtes en
cours, ferme les connexions ouvertes (les navigateurs se reconnectent d'eux-
mêmes) et la base. GET /healthz répond "ok" ; GET /metrics donne des métriques
Prometheus. Voir docs/server.md.`},
		flags: map[string]fr{
			"abandon-after":             {"73204f3e", "déclare abandonnée une partie sans coup depuis cette durée (négative : jamais)"},
			"abort-after":               {"6cba23de", "annule, sans résultat, une partie entre personnes avec pendule dont un joueur n'a pas joué son premier coup dans ce délai (négatif : jamais, ni à la première échéance d'une partie par correspondance)"},
			"addr":                      {"a7392b76", "adresse d'écoute, hôte:port"},
			"allow-agent":               {"478d1240", "une spécification d'agent que les visiteurs peuvent choisir, par exemple mcts:time=2s (répétable)"},
			"body-timeout":              {"e5927979", "délai de lecture du corps d'une requête"},
			"chat-burst":                {"394a288f", "messages de discussion en 10 secondes par personne (-1 : sans limite)"},
			"chat-per-minute":           {"3d4bc88c", "messages de discussion par minute et par personne (compte, ou adresse de client sans compte), toutes pages et tous serveurs confondus (-1 : sans limite)"},
			"chat-share":                {"99e19313", "messages encore affichés qu'une personne peut avoir dans un canal de discussion, sur ses 2000 (-1 : sans limite)"},
			"challenge-lifetime":        {"03fb9a8a", "durée pendant laquelle un défi du salon reste ouvert"},
			"create-burst":              {"31cf0327", "nouvelles parties d'affilée par adresse de client"},
			"create-per-minute":         {"1c7487e8", "nouvelles parties par minute et par adresse de client (-1 : sans limite)"},
			"engine":                    {"02d0ffe9", "un moteur externe que les visiteurs peuvent choisir par son NOM : NOM=LIGNE-DE-COMMANDE (répétable)"},
			"hint-budget":               {"fad55c1f", "temps de recherche d'un indice dans une partie amicale contre l'ordinateur (négatif : pas d'indices)"},
			"host":                      {"dd615a93", "un nom d'hôte du site en plus de localhost, des adresses et de ceux de --origin, par exemple celui qu'un proxy transmet dans Host ; les requêtes pour d'autres noms sont refusées (répétable)"},
			"hints-per-minute":          {"da223237", "indices qu'une WebSocket peut demander par minute, 3 d'affilée (-1 : sans limite)"},
			"pogo-solution":             {"1c18d835", "solution de POGO (plateau solve pogo) dont l'analyse dans le navigateur demande les valeurs exactes (par défaut : là où plateau solve pogo l'écrit)"},
			"lookups-per-minute":        {"58d03249", "consultations de la solution de POGO (toutes les positions d'une partie chacune) par minute et par adresse cliente (-1 : pas de limite)"},
			"review-budget":             {"52c44c58", "temps de recherche par position de l'analyse d'une partie terminée, sur la réserve de recherches (négatif : pas d'analyse)"},
			"max-reviews":               {"307fe19e", "analyses de parties en cours à la fois ; au-delà, refusées (serveur occupé)"},
			"lab-workers":               {"d5bb2ed7", "parties du labo que ce serveur joue à la fois, sur les places d'arrière-plan de la réserve de recherches (-1 : aucune, les autres serveurs les jouent)"},
			"lab-runs-per-account":      {"7ad96ccd", "mesures du labo qu'un compte peut avoir en cours à la fois (-1 : sans limite)"},
			"lab-runs-per-day":          {"78c64961", "mesures du labo qu'un compte peut lancer en 24 heures, chacune gardant ses résultats et son rapport (-1 : sans limite)"},
			"lab-max-games":             {"cacc4f81", "parties d'une mesure du labo, toutes ses lectures ensemble"},
			"lab-max-readings":          {"0cd73251", "lectures d'une mesure du labo"},
			"lab-rescue-after":          {"e07a0fe9", "durée qu'une partie du labo peut prendre avant que le gestionnaire de tâches tienne son serveur pour mort et la donne à un autre (c'est aussi le plus long qu'une partie puisse durer)"},
			"lease-ttl":                 {"8daf162d", "plusieurs serveurs sur PostgreSQL : durée pendant laquelle un serveur garde la main sur l'ordinateur et la pendule d'une partie sans la renouveler"},
			"log":                       {"ca7a70d0", "niveau du journal : debug, info, warn ou error"},
			"login-burst":               {"e85eabc3", "tentatives de connexion d'affilée par adresse de client et par compte"},
			"login-per-minute":          {"f8dc777b", "tentatives de connexion et de création de compte par minute et par adresse de client, et tentatives de connexion par compte (-1 : sans limite)"},
			"max-clients":               {"117ca062", "adresses de clients retenues pour limiter leur débit"},
			"max-rooms":                 {"437118a7", "parties en mémoire à la fois (chacune a une connexion)"},
			"max-background-searches":   {"d652f8f5", "parmi les places de --max-searches, combien les indices et les analyses peuvent en tenir à la fois (0 : une de moins que --max-searches, au moins 1) ; les adversaires de l'ordinateur passent toujours en premier"},
			"search-queue-per-person":   {"6b96340e", "indices et positions d'analyse qu'une personne (compte, sinon adresse) peut avoir en attente d'une place de recherche ; au-delà, l'indice est refusé (occupé)"},
			"max-hashes":                {"a74f158b", "hachages de mots de passe (créations de compte, connexions) en cours à la fois, 19 Mio chacun"},
			"hash-queue":                {"d8f7b850", "créations de compte et connexions en attente d'un hachage de mot de passe ; au-delà, réponse « occupé » (-1 : aucune attente)"},
			"hash-wait":                 {"0cb3d8be", "attente maximale d'un hachage de mot de passe avant la réponse « occupé »"},
			"revocation-poll":           {"ca598c4b", "intervalle entre deux questions à la base : des comptes ont-ils été désactivés ou des jetons de robots révoqués ? (leurs connexions sont alors fermées)"},
			"max-search-queue":          {"aea476b9", "recherches de l'ordinateur en attente d'une place ; au-delà, l'ordinateur se dit occupé"},
			"max-search-time":           {"f9a41d5b", "temps maximal d'un coup de l'ordinateur"},
			"max-searches":              {"aee8e6a2", "recherches de l'ordinateur en cours à la fois, toutes parties confondues"},
			"max-table-bits":            {"ceb4057f", "taille maximale de la table d'une spécification alpha-beta autorisée, en 2^N entrées"},
			"max-threads":               {"6935c785", "nombre maximal de fils de recherche d'une spécification autorisée (0 : le nombre de processeurs)"},
			"max-websockets":            {"a7560a49", "WebSockets ouvertes en tout (0 : la limite de fichiers ouverts moins 512)"},
			"max-websockets-per-client": {"6f75af45", "WebSockets ouvertes par adresse de client (-1 : sans limite)"},
			"origin":                    {"c591cafd", "l'origine publique du site derrière un proxy, par exemple https://club.example (répétable)"},
			"rate-bots":                 {"4fa9cab2", "les parties contre des comptes robots peuvent être classées (sinon un robot ne joue que des parties amicales)"},
			"session-lifetime":          {"d01d3d15", "durée de validité d'une connexion"},
			"signup-closed":             {"677115d1", "les visiteurs ne peuvent pas créer de compte : seul 'plateau users add' le fait"},
			"spectator-interval":        {"772770be", "temps minimal entre deux états envoyés à un spectateur"},
			"trusted-proxy":             {"f23718a6", "un proxy inverse (adresse ou CIDR) dont l'en-tête X-Forwarded-For donne l'adresse du client (répétable)"},
			"ws-idle":                   {"8c8ac408", "ferme une WebSocket qui n'a rien envoyé depuis cette durée"},
			"ws-message-burst":          {"c892f6ed", "messages d'affilée qu'une WebSocket peut envoyer"},
			"ws-messages-per-second":    {"745a6d26", "messages par seconde qu'une WebSocket peut envoyer"},
			"ws-ping":                   {"13542f25", "intervalle entre deux pings des WebSockets (une WebSocket morte est fermée)"},
		},
	},
	"plateau solve": {
		short: fr{"8af415fc", "Résoudre complètement un jeu"},
		long: fr{"03bc5b47", `Résout un jeu : trouve la valeur de ses positions quand chaque camp joue au
mieux. Chaque jeu doté d'un solveur est décrit ci-dessous.

plateau solve pogo calcule la valeur de chacune des 232 792 560 positions de
POGO (toutes les façons de placer les 12 pions sur les 9 piles, chaque camp
pouvant avoir le trait) par analyse rétrograde : si le camp qui a le trait
gagne, perd ou fait nulle en jouant au mieux, et en combien de coups. Il lui
faut environ 20 s sur deux cœurs et 430 Mo ; il montre sa progression sur
stderr, écrit la table (58 Mo) dans --out (par défaut : pogo.solution dans le
dossier plateau du cache de l'utilisateur, par exemple
~/.cache/plateau/pogo.solution), puis affiche la valeur de la position de
départ, de chaque premier coup (de Clair, les meilleurs d'abord, avec le nombre
de réponses de Foncé qui sont des erreurs) et des statistiques. --json affiche
la même chose en un seul objet JSON. Voir docs/solve-pogo.md.

Avec FILE, ou avec --verify, la table de POGO est lue dans FILE (par défaut : le
chemin ci-dessus) au lieu d'être calculée. --verify vérifie alors chaque entrée
d'après les entrées de ses successeurs, ce qui prouve toute la table, et échoue
avec le code de sortie 1 à la première incohérence.

plateau solve solitaire répond au défi de la fiche de règles du Solitaire
(« Solution en 23 coups… Qui dit mieux ? ») : le plus petit nombre de pièces
qu'on peut laisser et, parmi les parties qui en laissent autant, le plus petit
nombre de coups. Une recherche en faisceau trouve une bonne partie, puis une
recherche exhaustive (approfondissement itératif avec une table de
transposition exacte et des coupes sûres : une borne sur les retraits et une
borne de couverture des lignes) prouve qu'il n'existe pas de partie plus
courte, autant que --time le permet. Pour la disposition du livre : une pièce
en 12 coups, prouvé en 5 à 10 minutes sans --time (l'exemple s'arrête au bout
de 1 s et dit jusqu'où la preuve est allée). La recherche est déterministe ;
--workers N la répartit sur N recherches, chacune avec sa propre table (0 : une
seule). Voir docs/solve-solitaire.md.`},
		flags: map[string]fr{
			"beam":         {"dc560689", "solitaire : largeur de la recherche en faisceau qui trouve la première partie"},
			"colour-cover": {"5f321758", "solitaire : ajoute la coupe de couverture des couleurs (moins de nœuds, chacun plus coûteux)"},
			"json":         {"41127a8b", "affiche le rapport en un seul objet JSON"},
			"layout":       {"6de557f2", "solitaire : disposition de départ (book, pele-mele ou 36 lettres de couleur)"},
			"out":          {"79c2a12f", "pogo : écrit la table dans ce fichier (par défaut : dans le dossier cache de l'utilisateur)"},
			"seed":         {"39547ce0", "solitaire : avec --layout pele-mele, la graine du mélange"},
			"table-bits":   {"2577e911", "solitaire : log2 du nombre d'entrées de la table de transposition (33 octets chacune)"},
			"time":         {"b9753ec0", "solitaire : arrête la preuve au bout de cette durée (0 : sans limite) et dit jusqu'où elle est allée"},
			"verify":       {"5210ce7a", "pogo : lit la table (FILE, ou le fichier par défaut) et vérifie chaque entrée"},
			"workers":      {"293cef89", "pogo : goroutines à utiliser (0 : une par processeur)"},
		},
	},
	"plateau users": {
		short: fr{"043a9015", "Gérer les comptes des joueurs du serveur"},
		long: fr{"f7229ead", `Ajoute, liste et modifie les comptes des personnes (et des robots) qui jouent sur
le serveur, dans la base qu'utilise 'plateau serve' : un fichier SQLite
(plateau.db dans le dossier courant, sauf si --db désigne un autre fichier) ou
PostgreSQL avec --db postgres://user:password@host/database. Le serveur peut
être en marche.

Un nom d'utilisateur a de 2 à 20 caractères : lettres ASCII, chiffres, et '_' ou
'-' après le premier caractère. Les noms sont uniques sans tenir compte de la
casse ("Alice" et "alice" sont un même compte) mais affichés tels qu'ils ont été
choisis.

Les mots de passe ont de 8 à 256 octets. Dans un terminal, add et reset
demandent deux fois le nouveau mot de passe sans l'afficher ; sinon (ou avec
--password-stdin), ils le lisent sur la première ligne de l'entrée standard.
La base n'en garde qu'une empreinte argon2id.

Un responsable est l'une des personnes qui font tourner le site (le rôle que
demandera la modération sur le site). Un robot n'a pas de mot de passe et ne
peut pas se connecter sur le site (c'est un programme). Un compte désactivé ne
peut pas se connecter, et le désactiver met fin à ses sessions.`},
	},
	"plateau users add": {
		short: fr{"e9cd49a1", "Ajouter un compte"},
		long: fr{"4bff6d78", `Ajoute un compte nommé NAME, un joueur sauf si --operator est donné. Son mot de
passe est demandé deux fois dans un terminal, ou lu sur la première ligne de
l'entrée standard (--password-stdin, implicite quand l'entrée standard n'est
pas un terminal). Un robot (--bot) n'a pas de mot de passe ; son propriétaire
(--owner, un compte) crée et révoque ses jetons sur la page du robot, comme le
fait le responsable avec 'plateau users token'.

Le nom doit être libre, quelle que soit la casse : "Alice" est refusé quand
"alice" existe.`},
		flags: map[string]fr{
			"bot":      {"84e238fd", "un robot : un compte pour un programme, sans mot de passe"},
			"operator": {"1960cc58", "un responsable : l'une des personnes qui font tourner le site"},
			"owner":    {"8feb428c", "le propriétaire d'un robot : le compte qui gère ses jetons sur le site"},
		},
	},
	"plateau users disable": {
		short: fr{"76263962", "Empêcher un compte de se connecter et mettre fin à ses sessions"},
		long: fr{"1c31276b", `Désactive le compte NAME : il ne peut plus se connecter, et ses sessions prennent
fin aussitôt (la commande dit combien). Les serveurs en marche ferment ses
connexions ouvertes aux parties et ses flux d'évènements en quelques secondes
(aussitôt sur PostgreSQL). Ses parties et son nom restent ;
'plateau users enable NAME' annule l'opération.`},
	},
	"plateau users enable": {
		short: fr{"1167bca1", "Permettre à nouveau à un compte désactivé de se connecter"},
		long: fr{"fc0f0dda", `Réactive le compte NAME après 'plateau users disable NAME' : il peut de nouveau
se connecter avec son mot de passe, comme avant.`},
	},
	"plateau users list": {
		short: fr{"7b61b413", "Lister les comptes"},
		long: fr{"8d141b09", `Liste les comptes par nom (sans tenir compte de la casse), --limit à la fois à
partir de --offset, sous forme de tableau : nom, rôle (joueur ou responsable),
robot, désactivé, et date de création du compte (UTC). Quand d'autres comptes
suivent, une ligne sur la sortie d'erreur donne le --offset de la page
suivante.`},
		flags: map[string]fr{
			"limit":  {"a70ad40d", "nombre maximal de comptes à lister"},
			"offset": {"81bbb754", "nombre de comptes à sauter d'abord"},
		},
	},
	"plateau users reset": {
		short: fr{"2f5d984a", "Donner un nouveau mot de passe à un compte et mettre fin à ses sessions"},
		long: fr{"f5068f15", `Donne au compte NAME un nouveau mot de passe, demandé deux fois dans un
terminal ou lu sur la première ligne de l'entrée standard (--password-stdin,
implicite quand l'entrée standard n'est pas un terminal), puis met fin à toutes
ses sessions : chaque navigateur connecté en tant que NAME doit se reconnecter.
Affiche combien de sessions ont pris fin. Les robots n'ont pas de mot de passe
à réinitialiser.`},
	},
	"plateau users role": {
		short: fr{"70f868ed", "Faire d'un compte un joueur ou un responsable"},
		long: fr{"0700a6e3", `Fixe le rôle du compte NAME : ` + "`player`" + ` (joueur) ou ` + "`operator`" + ` (responsable, l'une
des personnes qui font tourner le site).`},
	},
	"plateau users token": {
		short: fr{"c139a270", "Créer, lister et révoquer les jetons d'un compte robot"},
		long: fr{"1262b185", `Un programme joue sur le serveur avec un compte robot (plateau users add NAME
--bot) et un jeton : 'plateau bot --server URL --token TOKEN' accepte des défis
et les joue. 'token add' affiche une seule fois un nouveau jeton (la base n'en
garde que le SHA-256 : copiez-le à ce moment-là) ; 'token list' montre les
jetons d'un robot par identifiant ; 'token revoke BOT ID' en supprime un, et
le programme qui l'utilisait est refusé dès lors ; 'token revoke BOT --all'
supprime tous les jetons du robot.`},
	},
	"plateau users token add": {
		short: fr{"286e55f3", "Créer un jeton pour un compte robot et l'afficher"},
		flags: map[string]fr{
			"label": {"8b1822fc", "à quoi sert le jeton (100 octets au plus)"},
		},
	},
	"plateau users token list": {
		short: fr{"8b91496a", "Lister les jetons d'un compte robot"},
	},
	"plateau users token revoke": {
		short: fr{"86d65b10", "Révoquer un jeton d'un compte robot, ou tous"},
		flags: map[string]fr{
			"all": {"96f0e26c", "révoque tous les jetons du robot"},
		},
	},
}
