package lesson

import "github.com/plateau-games/plateau/game"

// PODS: docs/rules/pods.md, "Placing a pod", its three conditions (the
// positions of the engine's tests), the basic level's end (a position from
// a game of the engine), then the advanced level's removals and the expert
// level's kicks (the rules page's example). The board is orientation 0.
var (
	podsBasic    = game.Options{"level": "basic", "orientation": "0"}
	podsAdvanced = game.Options{"level": "advanced", "orientation": "0"}
	podsExpert   = game.Options{"level": "expert", "orientation": "0"}
)

var pods = Lesson{
	Game: "pods",
	Intro: tx("Be the first to put all your pods into the cave. You play White (Black where a step says so). At the basic level a turn is a placement; the last steps show the moves of the advanced and expert levels.",
		"Soyez le premier à poser tous vos pods dans la caverne. Vous jouez Blanc (Noir quand une étape le dit). Au niveau de base, un tour est une pose ; les dernières étapes montrent les déplacements des niveaux avancé et expert."),
	Steps: []Step{
		{
			Title:    tx("White's first pod: a bipod", "Le premier pod de Blanc : un bipode"),
			Section:  tx("Placing a pod (all levels)", "Poser un pod (tous niveaux)"),
			Options:  podsBasic,
			Position: "....../....../....../....../....../...... O,H1,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B1,B2 o,h1,h2,q1,q2,q3,q4,q5,q6,t1,t2,t3,b1,b2 w bipode 0",
			Text: tx("A pod stands on a point and never turns. Each foot is a walking foot (one step along its link) or a running foot (any number of steps). White's first placement must be a bipod: B1 (walking feet left and right) or B2 (a running foot forward, a walking foot back). Click a point, then choose a bipod.",
				"Un pod se pose sur une case et ne tourne jamais. Chaque pied est un pied de marche (un pas le long de son chemin) ou un pied de course (autant de pas qu'on veut). La première pose de Blanc est un bipode : B1 (pieds de marche à gauche et à droite) ou B2 (un pied de course vers l'avant, un pied de marche vers l'arrière). Cliquez sur une case, puis choisissez un bipode."),
			Accept: []string{"B1@*", "B2@*"},
			Done: tx("Your bipod is in the cave. Its feet control the empty points they reach: Black may not place a pod there.",
				"Votre bipode est dans la caverne. Ses pieds contrôlent les cases vides qu'ils atteignent : Noir ne peut pas y poser de pod."),
			Effect: Effect{Mine: 1},
		},
		{
			Title:    tx("Controlled points", "Les cases contrôlées"),
			Section:  tx("Placing a pod (all levels)", "Poser un pod (tous niveaux)"),
			Options:  podsBasic,
			Position: "....../....../....../....../....../..B2... O,H1,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B1 o,h1,h2,q1,q2,q3,q4,q5,q6,t1,t2,t3,b1,b2 b - 1",
			Text: tx("You play Black. A pod may only be placed on an empty point that no opponent's foot controls. White's B2 on c1 has a running foot forward: it controls c2 to c6 (ringed). Place your bipod B1 on d3, just beside that file.",
				"Vous jouez Noir. On ne pose un pod que sur une case vide qu'aucun pied adverse ne contrôle. Le B2 blanc en c1 a un pied de course vers l'avant : il contrôle c2 à c6 (entourées). Posez votre bipode B1 en d3, juste à côté de cette colonne."),
			Highlight: []string{"c2", "c3", "c4", "c5", "c6"},
			Accept:    []string{"B1@d3"},
			Other:     tx("That placement is allowed too; this step asks for B1 on d3.", "Cette pose est permise aussi ; cette étape demande B1 en d3."),
			Done: tx("B1 stands on d3. Its walking feet, left and right, control c3 and e3 in turn.",
				"B1 est en d3. Ses pieds de marche, à gauche et à droite, contrôlent à leur tour c3 et e3."),
			Effect: Effect{Mine: 1},
		},
		{
			Title:    tx("No threat", "Pas de menace"),
			Section:  tx("Placing a pod (all levels)", "Poser un pod (tous niveaux)"),
			Options:  podsBasic,
			Position: "....../....../....../....../....../..B1... O,H1,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B2 o,h1,h2,q1,q2,q3,q4,q5,q6,t1,t2,t3,b1,b2 b - 1",
			Text: tx("Black again. None of the new pod's feet may threaten an opponent's pod (walk onto it, or run up to it). A Q3 on c2 would walk onto White's B1 on c1: refused. But your bipod B1, whose feet point left and right only, may stand right next to it: place B1 on c2.",
				"De nouveau Noir. Aucun pied du nouveau pod ne doit menacer un pod adverse (marcher dessus, ou courir jusqu'à lui). Un Q3 en c2 marcherait sur le B1 blanc de c1 : refusé. Mais votre bipode B1, dont les pieds ne pointent qu'à gauche et à droite, peut se poser juste à côté : posez B1 en c2."),
			Highlight: []string{"c1", "c2"},
			Accept:    []string{"B1@c2"},
			Other:     tx("That placement is allowed too; this step asks for B1 on c2.", "Cette pose est permise aussi ; cette étape demande B1 en c2."),
			Done: tx("Your B1 touches White's pod without threatening it: its feet point to b2 and d2.",
				"Votre B1 touche le pod blanc sans le menacer : ses pieds pointent vers b2 et d2."),
			Effect: Effect{Mine: 1},
		},
		{
			Title:    tx("A new pod must be able to move", "Un nouveau pod doit pouvoir bouger"),
			Section:  tx("Placing a pod (all levels)", "Poser un pod (tous niveaux)"),
			Options:  podsBasic,
			Position: "....../....../....../....../....../.....B1 O,H1,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B2 o,h1,h2,q1,q2,q3,q4,q5,q6,t1,t2,t3,b1,b2 b - 1",
			Text: tx("Feet move along links only: every point is linked to its neighbours along ranks and files, and each small square has one diagonal link. A new pod must be able to move from its point. Black's quadripod Q2 walks diagonally only, and b1 has no diagonal link: place Q2 on c1, where two diagonal links start.",
				"Les pieds ne se déplacent que le long des chemins : chaque case est reliée à ses voisines de rangée et de colonne, et chaque petit carré a un seul chemin en diagonale. Un nouveau pod doit pouvoir bouger depuis sa case. Le quadripode noir Q2 ne marche qu'en diagonale, et b1 n'a pas de chemin diagonal : posez Q2 en c1, d'où partent deux chemins diagonaux."),
			Highlight: []string{"b1", "c1"},
			Accept:    []string{"Q2@c1"},
			Other:     tx("That placement is allowed too; this step asks for Q2 on c1.", "Cette pose est permise aussi ; cette étape demande Q2 en c1."),
			Done:      tx("From c1 your Q2 can walk to b2 or d2.", "Depuis c1, votre Q2 peut marcher en b2 ou en d2."),
			Effect:    Effect{Mine: 1},
		},
		{
			Title:    tx("No place left: the basic win", "Plus de place : la victoire au niveau de base"),
			Section:  tx("Basic level (`level=basic`)", "Niveau de base (`level=basic`)"),
			Options:  podsBasic,
			Position: "Q6.q6H2h2b1/.T1..../B2q2q1.B1Q5/..t1t3../H1Q3.t2.T2/..q4q3.Q1 O,Q2,Q4,T3 o,h1,q5,b2 w - 20",
			Text: tx("At the basic level a turn is a placement; a player who cannot place a pod on his turn loses (and one who places his 14th pod wins). White has four placements here, and one of them leaves Black no point for any of his pods: place your tripod T3 on e2.",
				"Au niveau de base, un tour est une pose ; un joueur qui ne peut pas poser de pod à son tour perd (et celui qui pose son 14e pod gagne). Blanc a ici quatre poses, et l'une d'elles ne laisse à Noir aucune case pour ses pods : posez votre tripode T3 en e2."),
			Highlight: []string{"e2"},
			Accept:    []string{"T3@e2"},
			Other:     tx("After that placement Black can still place a pod.", "Après cette pose, Noir peut encore poser un pod."),
			Done:      tx("Black has no placement left: White wins.", "Noir n'a plus aucune pose : Blanc gagne."),
			Effect:    Effect{Wins: true, Mine: 1},
		},
		{
			Title:    tx("Moving, and pods that cannot move", "Déplacer, et les pods qui ne bougent plus"),
			Section:  tx("Advanced level (`level=advanced`)", "Niveau avancé (`level=advanced`)"),
			Options:  podsAdvanced,
			Position: "....../....../.b2..../....../B2...../H1Q3B1... O,H2,Q1,Q2,Q4,Q5,Q6,T1,T2,T3 o,h1,h2,q1,q2,q3,q4,q5,q6,t1,t2,t3,b1 b - 20",
			Text: tx("At the advanced level a turn may also move one of your pods along one of its feet, over empty points. After every turn, every pod that cannot move is removed, all at once; the opponent's are out of the game for good. You play Black: White's H1 on a1 and Q3 on b1 have only b2 left to go to. Run your B2 from b4 down to b2.",
				"Au niveau avancé, un tour peut aussi déplacer un de ses pods le long d'un de ses pieds, sur des cases vides. Après chaque tour, tous les pods qui ne peuvent plus bouger sont retirés, simultanément ; ceux de l'adversaire sont hors jeu définitivement. Vous jouez Noir : le H1 blanc en a1 et le Q3 en b1 n'ont plus que b2 pour bouger. Faites courir votre B2 de b4 jusqu'en b2."),
			Highlight: []string{"a1", "b1", "b2", "b4"},
			Accept:    []string{"b4-b2"},
			Done: tx("White's H1 and Q3 can no longer move: both are removed at once, out of the game.",
				"Le H1 et le Q3 blancs ne peuvent plus bouger : ils sont retirés ensemble, hors jeu."),
			Effect: Effect{Theirs: -2},
		},
		{
			Title:    tx("Kicks (expert level)", "Les coups de pied (niveau expert)"),
			Section:  tx("Expert level (`level=expert`)", "Niveau expert (`level=expert`)"),
			Options:  podsExpert,
			Position: "....../....../....../....../..b1.../..H1... O,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B1,B2 o,h1,h2,q1,q2,q3,q4,q5,q6,t1,t2,t3,b2 w - 2",
			Text: tx("At the expert level a pod may move into an occupied point. A pod using a running foot that moves exactly one point, onto a neighbouring pod, may kick it on in the same direction to an empty point of its choice. Your H1 on c1 has a running foot forward, and Black's B1 stands on c2: kick it to c5. Click c1, then c2, and choose.",
				"Au niveau expert, un pod peut entrer sur une case occupée. Un pod qui utilise un pied de course pour avancer d'une seule case, sur un pod voisin, peut lui donner un coup de pied qui l'envoie plus loin dans la même direction, sur une case vide de son choix. Votre H1 en c1 a un pied de course vers l'avant, et le B1 noir est en c2 : envoyez-le en c5. Cliquez sur c1, puis sur c2, et choisissez."),
			Highlight: []string{"c1", "c2", "c5"},
			Accept:    []string{"c1-c2>c5"},
			Wrong: []Reply{
				{Moves: []string{"c1-c2>c3"}, Say: tx("That is the shove (a one-point kick gives the same): this step asks for the kick to c5.",
					"C'est la bousculade (un coup de pied d'une case donne la même chose) : cette étape demande le coup de pied jusqu'en c5.")},
				{Moves: []string{"c1-c2>c4", "c1-c2>c6"}, Say: tx("A kick, but to another point: this step asks for c5.", "Un coup de pied, mais vers une autre case : cette étape demande c5.")},
			},
			Done: tx("Your H1 took c2, and Black's B1 flew on to c5.", "Votre H1 a pris la case c2, et le B1 noir a volé jusqu'en c5."),
		},
	},
}
