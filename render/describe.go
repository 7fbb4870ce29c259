package render

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Moves in words, for the moves whose places another move shares: a client
// that asks which one is meant (the web page's dialog, the terminal's menu)
// shows the sentence beside each notation.

// moveWords are the sentences of DescribeMove.
var moveWords = map[string]game.Text{
	"pogo":      {EN: "Move %s piece from %s to %s", FR: "Déplacer %s pion de %s à %s"},
	"pogos":     {EN: "Move %s pieces from %s to %s", FR: "Déplacer %s pions de %s à %s"},
	"pods":      {EN: "Place pod %s on %s", FR: "Poser le pod %s en %s"},
	"poldrM":    {EN: "Place the marker on %s", FR: "Poser le marqueur en %s"},
	"poldrP":    {EN: "Place the pawn on %s", FR: "Poser le pion en %s"},
	"polygone":  {EN: "Take %d segment: %s", FR: "Prendre %d segment : %s"},
	"polygones": {EN: "Take %d segments: %s", FR: "Prendre %d segments : %s"},
	"porteT":    {EN: "%s, bringing in a triangle", FR: "%s en faisant entrer un triangle"},
	"porteS":    {EN: "%s, bringing in a square", FR: "%s en faisant entrer un carré"},
	"play":      {EN: "Play %s", FR: "Jouer %s"},
}

// DescribeMove says what a move does, where the notation alone is hard to
// read; otherwise "Play NOTATION".
func DescribeMove(v *game.Variant, notation, lang string) string {
	if v.Game.ID == "pogo" {
		if m := pogoMove(notation); m != nil {
			key := "pogo"
			if m[1] != "1" {
				key = "pogos"
			}
			return fmt.Sprintf(moveWords[key].In(lang), m[1], m[2], m[3])
		}
	}
	switch v.Game.ID {
	case "pods":
		if m := podsPlacement(notation); m != nil {
			return fmt.Sprintf(moveWords["pods"].In(lang), strings.ToUpper(m[1]), m[2])
		}
	case "poldr":
		if m := poldrPlacement(notation); m != nil {
			return fmt.Sprintf(moveWords["poldr"+m[1]].In(lang), m[2])
		}
	case "polygone":
		if _, taken, ok := strings.Cut(notation, "x("); ok {
			segs := strings.Split(strings.TrimSuffix(taken, ")"), ",")
			key := "polygone"
			if len(segs) > 1 {
				key = "polygones"
			}
			return fmt.Sprintf(moveWords[key].In(lang), len(segs), strings.Join(segs, ", "))
		}
	case "porte":
		if plain, shape, ok := strings.Cut(notation, "+"); ok && (shape == "T" || shape == "S") {
			return fmt.Sprintf(moveWords["porte"+shape].In(lang), plain)
		}
	}
	return fmt.Sprintf(moveWords["play"].In(lang), notation)
}

// optionWords put options into words: "name=value" for a value with its own
// words, "name" for the words of any value (%s the value).
var optionWords = map[string]game.Text{
	"players":        {EN: "%s players", FR: "%s joueurs"},
	"teams=true":     {EN: "in teams", FR: "par équipes"},
	"teams=false":    {EN: "", FR: ""},
	"expert=true":    {EN: "expert rules", FR: "règle expert"},
	"expert=false":   {EN: "", FR: ""},
	"match=true":     {EN: "a match of rounds", FR: "en match"},
	"match=false":    {EN: "", FR: ""},
	"size":           {EN: "%[1]s×%[1]s board", FR: "plateau de %[1]s×%[1]s"},
	"level=basic":    {EN: "basic level", FR: "niveau de base"},
	"level=advanced": {EN: "advanced level", FR: "niveau avancé"},
	"level=expert":   {EN: "expert level", FR: "niveau expert"},
	// PODS' orientations: two boards, each also turned half round.
	"orientation=0": {EN: "board A", FR: "plateau A"},
	"orientation=1": {EN: "board B", FR: "plateau B"},
	"orientation=2": {EN: "board A turned round", FR: "plateau A retourné"},
	"orientation=3": {EN: "board B turned round", FR: "plateau B retourné"},
	"orientation":   {EN: "orientation %s", FR: "orientation %s"},
	"seed":          {EN: "deal %s", FR: "donne %s"},
	"layout=book":   {EN: "the book's layout", FR: "disposition du livre"},
	"layout":        {EN: "layout %s", FR: "disposition %s"},
	// The default readings of the rules (game.ReadingWords names the
	// others), for the new-game form's choices.
	"exit=forced":       {EN: "forced exit", FR: "sortie obligatoire"},
	"kings=own-left":    {EN: "kings from each player's left", FR: "rois depuis la gauche de chaque joueur"},
	"kingpath=sideways": {EN: "king sets off sideways", FR: "départ du roi sur le côté"},
	"throne=far":        {EN: "far throne", FR: "trône éloigné"},
	"guard=next":        {EN: "commandant safe from the next player", FR: "commandant à l'abri du joueur suivant"},
	"corners=opposite":  {EN: "opposite corners", FR: "coins opposés"},
	"seating=opposite":  {EN: "partners face to face", FR: "partenaires face à face"},
	"bands=inner":       {EN: "inner bands", FR: "bandes intérieures"},
	"parity=file":       {EN: "parity of the whole file", FR: "parité de toute la colonne"},
	"chain=optional":    {EN: "optional chains", FR: "enchaînement facultatif"},
	"cylinder=ray":      {EN: "cylinder along any direction", FR: "cylindre dans toute direction"},
	"entry=mandatory":   {EN: "mandatory entry", FR: "entrée obligatoire"},
	"order=cw":          {EN: "clockwise order", FR: "ordre des aiguilles d'une montre"},
	"backwards=end":     {EN: "no backward end direction", FR: "pas de direction finale vers l'arrière"},
	"start=book":        {EN: "the book's start", FR: "départ du livre"},
}

// OptionsText puts a variant's options into words ("4 joueurs, par
// équipes"), in the order given; an option without words keeps name=value.
// options is name=value pairs separated by spaces (game.Options.String).
func OptionsText(options, lang string) string {
	var parts []string
	for _, f := range strings.Fields(options) {
		name, value, _ := strings.Cut(f, "=")
		if t, ok := optionWords[name+"="+value]; ok {
			if w := t.In(lang); w != "" {
				parts = append(parts, w)
			}
		} else if t, ok := optionWords[name]; ok {
			parts = append(parts, fmt.Sprintf(t.In(lang), value))
		} else if w, ok := game.ReadingWords(name, value, lang); ok {
			parts = append(parts, w) // another reading of the rules
		} else {
			parts = append(parts, f)
		}
	}
	return strings.Join(parts, ", ")
}

// Words of OutcomeText.
var (
	wordWin     = game.Text{EN: "%s wins", FR: "%s gagne"}
	wordWinMany = game.Text{EN: "%s win", FR: "%s gagnent"}
	wordAnd     = game.Text{EN: " and ", FR: " et "}
	wordDraw    = game.Text{EN: "Draw", FR: "Partie nulle"}
	wordOver    = game.Text{EN: "Game over", FR: "Partie terminée"}
)

// OutcomeText says how a game ended, in a sentence: who won (each seat
// named by name), or that nobody did, and why: "Sud (joueur 1) gagne
// (abandon)."
func OutcomeText(v *game.Variant, o game.Outcome, lang string, name func(seat int) string) string {
	var b strings.Builder
	switch o.Status {
	case game.Win:
		var names []string
		for _, seat := range o.WinnerSeats() {
			names = append(names, name(seat))
		}
		t := wordWin
		if len(names) > 1 {
			t = wordWinMany
		}
		b.WriteString(fmt.Sprintf(t.In(lang), strings.Join(names, wordAnd.In(lang))))
	case game.Draw:
		b.WriteString(wordDraw.In(lang))
	default:
		b.WriteString(wordOver.In(lang))
	}
	if o.Reason != "" {
		b.WriteString(" (" + game.ReasonText(o.Reason, lang) + ")")
	}
	b.WriteString(".")
	return b.String()
}

// Words of TurnHint.
var blocusPlacing = game.Text{
	EN: "Placing guards: put one of your 6 guards on an empty cell outside both kings' sections (not the first on a circle). Once all are placed, you move them like rooks.",
	FR: "Pose des gardes : posez un de vos 6 gardes sur une case vide hors des sections des deux rois (le premier pas sur un cercle). Une fois tous posés, vous les déplacerez comme des tours.",
}

// TurnHint says what the player to move has to do when the game's phase
// is not plain from the board (Le Blocus's placing of the guards); "" when
// there is nothing to add to "your move".
func TurnHint(s game.State, lang string) string {
	if s.Variant().Game.ID != "blocus" || s.ToMove() < 0 {
		return ""
	}
	legal := game.LegalNotations(s)
	if len(legal) == 0 {
		return ""
	}
	for _, n := range legal {
		if !strings.HasPrefix(n, "@") {
			return ""
		}
	}
	return blocusPlacing.In(lang)
}
