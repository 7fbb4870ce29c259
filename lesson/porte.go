package lesson

import "github.com/plateau-games/plateau/game"

// La Porte: docs/rules/porte.md, "A move", "Bringing a piece in" (the cases
// of Illustration 15, as the engine's tests rebuild them), "The door rule"
// (the sheet's pieces J and K) and "End of the game".
var porte4 = game.Options{"players": "4"}

var porte = Lesson{
	Game: "porte",
	Intro: tx("Bring your eight reserve pieces into play. A piece comes in through a door (the circle of a section) each time your move lines up the moved piece with two pieces of one opponent, so that the three are a cylinder, a triangle and a square. You play Red (another colour where a step says so).",
		"Faites entrer en jeu vos huit pions de réserve. Un pion entre par une porte (le cercle d'une partie) chaque fois que votre coup aligne le pion déplacé avec deux pions d'un même adversaire, de sorte que les trois forment un cylindre, un triangle et un carré. Vous jouez Rouge (une autre couleur quand une étape le dit)."),
	Steps: []Step{
		{
			Title:    tx("A move", "Un coup"),
			Section:  tx("A move", "Un coup"),
			Position: "5gSgCgT4/12/12/12/12/12/12/12/12/12/12/4rTrCrS5 r 0",
			Text: tx("On your turn you move one of your pieces any distance along its rank or file, to an empty cell that is not a circle; pieces on the way are jumped, and nothing is ever captured. Move your cylinder from f1 up to f4.",
				"À votre tour, vous déplacez un de vos pions d'autant de cases que vous voulez le long de sa rangée ou de sa colonne, vers une case vide qui n'est pas un cercle ; les pions rencontrés sont sautés, et on ne prend jamais rien. Montez votre cylindre de f1 en f4."),
			Highlight: []string{"f1", "f4"},
			Accept:    []string{"f1-f4"},
			Other:     tx("That move is allowed; this step asks for the cylinder, f1 to f4.", "Ce coup est permis ; cette étape demande le cylindre, de f1 en f4."),
			Done: tx("Your cylinder is on f4. The circles (files b, e, h, k on ranks 2, 5, 8, 11) are the doors: only entering pieces stand on them.",
				"Votre cylindre est en f4. Les cercles (colonnes b, e, h, k des rangées 2, 5, 8, 11) sont les portes : seuls les pions qui entrent s'y posent."),
		},
		{
			Title:    tx("Bringing a piece in", "Faire entrer un pion"),
			Section:  tx("Bringing a piece in", "Faire entrer un pion"),
			Options:  porte4,
			Position: "yCbT8rTgS/11rC/11rS/5yT3bS2/7gT4/12/12/2gC9/5gS2yS3/7bC4/12/12 y 60",
			Text: tx("You play Yellow, in a four-player game. After a move, look at the rank and the file where the moved piece stopped: if it, a piece of one opponent on that rank and a piece of the same opponent on that file are a cylinder, a triangle and a square, you must put a triangle or a square from your reserve on the door of that section, if it is free. Move your triangle from f9 down to f5: Green's cylinder is on rank 5 (c5), Green's square on file f (f4). Then choose the shape that enters.",
				"Vous jouez Jaune, dans une partie à quatre. Après un coup, on regarde la rangée et la colonne où le pion déplacé s'est arrêté : si lui, un pion d'un adversaire sur cette rangée et un pion du même adversaire sur cette colonne forment un cylindre, un triangle et un carré, vous devez poser un triangle ou un carré de votre réserve sur la porte de cette partie, si elle est libre. Descendez votre triangle de f9 en f5 : le cylindre vert est sur la rangée 5 (c5), le carré vert sur la colonne f (f4). Choisissez ensuite la forme qui entre."),
			Highlight: []string{"f9", "f5", "c5", "f4", "e5"},
			Accept:    []string{"f9-f5+T", "f9-f5+S"},
			Wrong: []Reply{
				{Moves: []string{"f9-c9"}, Say: tx("On c9 the cylinder on file c (Green's c5) and the square on rank 9 (Blue's j9) are of two colours: no entry.",
					"En c9, le cylindre de la colonne c (c5, vert) et le carré de la rangée 9 (j9, bleu) sont de deux couleurs : pas d'entrée.")},
				{Moves: []string{"f9-h9"}, Say: tx("On h9, Blue's square j9 and cylinder h3 would earn an entry, but the door h8 holds Green's triangle: the right is lost.",
					"En h9, le carré bleu de j9 et le cylindre bleu de h3 gagneraient une entrée, mais la porte h8 porte un triangle vert : le droit est perdu.")},
				{Moves: []string{"i4-c4"}, Say: tx("On c4 your square, Green's cylinder c5 and Green's square f4 make two squares and no triangle: no entry.",
					"En c4, votre carré, le cylindre vert de c5 et le carré vert de f4 font deux carrés et aucun triangle : pas d'entrée.")},
			},
			Done: tx("A yellow piece enters on the door e5, the door of the section where your triangle stopped.",
				"Un pion jaune entre sur la porte e5, la porte de la partie où votre triangle s'est arrêté."),
			Effect: Effect{Mine: 1},
		},
		{
			Title:    tx("The door just left is free", "La porte qu'on quitte est libre"),
			Section:  tx("Bringing a piece in", "Faire entrer un pion"),
			Options:  porte4,
			Position: "5gSgCgT4/12/yS11/12/2yC7rS1/12/12/12/11bC/9yTbT1/12/rCrTrS8bS r 60",
			Text: tx("Red again. Your square stands on the door k8; moved left to j8, it lines up with Yellow's cylinder on rank 8 (c8) and Yellow's triangle on file j (j3). The door of that section is k8, the one your square has just left: it counts as free. Play k8 to j8, and choose the shape that enters.",
				"De nouveau Rouge. Votre carré est sur la porte k8 ; déplacé à gauche en j8, il s'aligne avec le cylindre jaune de la rangée 8 (c8) et le triangle jaune de la colonne j (j3). La porte de cette partie est k8, celle que votre carré vient de quitter : elle compte comme libre. Jouez k8 vers j8, et choisissez la forme qui entre."),
			Highlight: []string{"k8", "j8", "c8", "j3"},
			Accept:    []string{"k8-j8+T", "k8-j8+S"},
			Done:      tx("A red piece enters on k8, the door your square has just left.", "Un pion rouge entre en k8, la porte que votre carré vient de quitter."),
			Effect:    Effect{Mine: 1},
		},
		{
			Title:    tx("The door rule", "La règle de la porte"),
			Section:  tx("The door rule", "La règle de la porte"),
			Position: "5gSgCgT4/12/12/8rS3/7gS4/6rS5/5rT6/4gT7/3rC8/12/12/12 g 60",
			Text: tx("You play Green. If, at the start of your turn, one of your pieces stands on a circle whose section holds two or more opposing pieces, you must move such a piece. Your triangle on e5 has Red's d4 and f6 in its section, your square on h8 Red's g7 and i9: move one of them.",
				"Vous jouez Vert. Si, au début de votre tour, un de vos pions est sur un cercle dont la partie contient deux pions adverses ou plus, vous devez déplacer un tel pion. Votre triangle de e5 a les rouges d4 et f6 dans sa partie, votre carré de h8 les rouges g7 et i9 : déplacez l'un des deux."),
			Highlight: []string{"e5", "h8", "d4", "f6", "g7", "i9"},
			Accept:    []string{"e5-*", "h8-*"},
			Done: tx("Done. On your next turn the other piece must leave its door, if its section still holds two opposing pieces.",
				"C'est fait. À votre prochain tour, l'autre pion devra quitter sa porte, si sa partie contient encore deux pions adverses."),
		},
		{
			Title:    tx("The eighth piece", "Le huitième pion"),
			Section:  tx("End of the game", "Fin de la partie"),
			Position: "7gT4/gS11/12/7gC4/12/12/12/12/12/rT11/12/1rTrTrT1rCrSrSrSrSrS1 r 60",
			Text: tx("The first player to bring all 8 reserve pieces into play wins at once. You have one square left in reserve. Move your triangle from a3 up to a9: Green's cylinder is on rank 9 (h9), Green's square on file a (a11).",
				"Le premier joueur qui a fait entrer ses 8 pions de réserve gagne aussitôt. Il vous reste un carré en réserve. Montez votre triangle de a3 en a9 : le cylindre vert est sur la rangée 9 (h9), le carré vert sur la colonne a (a11)."),
			Highlight: []string{"a3", "a9", "h9", "a11", "b8"},
			Accept:    []string{"a3-a9+S"},
			Done:      tx("Your last square enters on the door b8: Red wins.", "Votre dernier carré entre sur la porte b8 : Rouge gagne."),
			Effect:    Effect{Wins: true, Mine: 1},
		},
	},
}
