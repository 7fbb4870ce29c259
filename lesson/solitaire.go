package lesson

// Solitaire: docs/rules/solitaire.md, "A move" (the example of
// Illustration 12: the yellow piece on f5), "Notation" (the book's grid)
// and "End of the game" (the last jump of the book's solution).
var solitaire = Lesson{
	Game: "solitaire",
	Intro: tx("Remove as many pieces as you can by jumping them, ideally until one piece is left. You play alone, with 36 pieces of four colours.",
		"Retirez le plus de pions possible en les sautant, idéalement jusqu'à n'en laisser qu'un. Vous jouez seul, avec 36 pions de quatre couleurs."),
	Steps: []Step{
		{
			Title:    tx("A jump", "Un saut"),
			Section:  tx("A move", "Un coup"),
			Position: "12/12/12/3RGBYRY3/3YGRRYG3/3GBBYGY3/3BYGGBR3/3RYYRBB3/3GRRBGB3/12/12/12 0",
			Text: tx("Choose a piece and jump with it along its rank or file (never diagonally) over an unbroken run of one or more pieces, to the first empty cell after the run; every jumped piece is removed. The yellow piece on f5 can jump down over the red piece on f4, to f3: play it.",
				"Choisissez un pion et sautez avec lui le long de sa rangée ou de sa colonne (jamais en diagonale) par-dessus une suite ininterrompue d'un ou plusieurs pions, jusqu'à la première case vide après la suite ; chaque pion sauté est retiré. Le pion jaune de f5 peut sauter vers le bas par-dessus le pion rouge de f4, jusqu'en f3 : jouez-le."),
			Highlight: []string{"f5", "f4", "f3"},
			Accept:    []string{"f5-f3"},
			Wrong: []Reply{{Moves: []string{"f5-j5", "f5-f10"},
				Say: tx("A fine jump too, over a longer run; this step asks for the short jump down, to f3.", "Un beau saut aussi, par-dessus une suite plus longue ; cette étape demande le petit saut vers le bas, en f3.")}},
			Done: tx("The red piece from f4 is gone. Pieces may land anywhere on the 12x12 board, outside the start area too.",
				"Le pion rouge de f4 est retiré. Les pions peuvent arriver n'importe où sur le plateau de 12x12, hors de la zone de départ aussi."),
			Effect: Effect{Mine: -1},
		},
		{
			Title:    tx("A run, but not your colour", "Une suite, mais pas de sa couleur"),
			Section:  tx("A move", "Un coup"),
			Position: "12/12/12/3RGBYRY3/3YGRRYG3/3GBBYGY3/3BYGGBR3/3RYYRBB3/3GRRBGB3/12/12/12 0",
			Text: tx("The jumped pieces may be of any colour except the jumper's own: a run that holds a piece of its colour cannot be jumped. The yellow piece on f5 cannot jump left, since e5 is yellow; but it can jump right over g5, h5 and i5, to j5. Play it.",
				"Les pions sautés peuvent être de toutes les couleurs sauf celle du pion qui saute : une suite qui contient un pion de sa couleur ne peut pas être sautée. Le pion jaune de f5 ne peut pas sauter vers la gauche, car e5 est jaune ; mais il peut sauter vers la droite par-dessus g5, h5 et i5, jusqu'en j5. Jouez-le."),
			Highlight: []string{"f5", "e5", "j5"},
			Accept:    []string{"f5-j5"},
			Wrong: []Reply{{Moves: []string{"f5-f3", "f5-f10"},
				Say: tx("Allowed, but this step asks for the run to the right, to j5.", "Permis, mais cette étape demande la suite vers la droite, jusqu'en j5.")}},
			Done:   tx("Three pieces removed in one jump.", "Trois pions retirés d'un seul saut."),
			Effect: Effect{Mine: -3},
		},
		{
			Title:    tx("The book's notation", "La notation du livret"),
			Section:  tx("Notation", "Notation"),
			Position: "12/12/12/3RGBYRY3/3YGRRYG3/3GBBYGY3/3BYGGBR3/3RYYRBB3/3GRRBGB3/12/12/12 0",
			Text: tx("The rule book writes a cell row first, then column, on its own grid: columns A–H are files c–j, rows 1–8 are ranks 3–10. Its solution begins with 5D-1D: from f7 over f6, f5 and f4, to f3. Type `5D-1D` (or click f7, then f3).",
				"Le livret écrit une case rangée d'abord, puis colonne, sur sa propre grille : les colonnes A–H sont les colonnes c–j, les rangées 1–8 les rangées 3–10. Sa solution commence par 5D-1D : de f7 par-dessus f6, f5 et f4, jusqu'en f3. Tapez `5D-1D` (ou cliquez sur f7, puis sur f3)."),
			Highlight: []string{"f7", "f3"},
			Accept:    []string{"f7-f3"},
			Done: tx("Three pieces removed: the first of the book's 23 jumps, which leave a single piece.",
				"Trois pions retirés : le premier des 23 sauts du livret, qui ne laissent qu'un seul pion."),
			Effect: Effect{Mine: -3},
		},
		{
			Title:    tx("One piece left", "Un seul pion"),
			Section:  tx("End of the game", "Fin de la partie"),
			Position: "12/12/5YG5/12/12/12/12/12/12/12/12/12 22",
			Text: tx("The game ends when no jump is possible; the score is the number of pieces left, and 1 is perfect. After 22 jumps of the book's solution two pieces are left: make the last jump, 8D-8F (f10 over g10, to h10).",
				"La partie se termine quand plus aucun saut n'est possible ; le score est le nombre de pions restants, et 1 est parfait. Après 22 sauts de la solution du livret, il reste deux pions : faites le dernier saut, 8D-8F (f10 par-dessus g10, jusqu'en h10)."),
			Highlight: []string{"f10", "g10", "h10"},
			Accept:    []string{"f10-h10", "g10-e10"},
			Done:      tx("One piece left and no jump possible: a perfect game.", "Un seul pion et plus aucun saut : une partie parfaite."),
			Effect:    Effect{Ends: true, Mine: -1},
		},
	},
}
