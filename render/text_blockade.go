//go:build !js

// The text boards are for terminals: the browser's engine (GOOS=js)
// leaves them out of its module.

package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/alignement"
	"github.com/plateau-games/plateau/games/blockade/blocus"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
	"github.com/plateau-games/plateau/games/blockade/porte"
	"github.com/plateau-games/plateau/games/blockade/saute"
	"github.com/plateau-games/plateau/games/blockade/solitaire"
)

// The six Blockade games as text: the 12x12 board, three columns a cell,
// its sections in alternate grounds (RoleBoard, RoleAlt) and each
// section's circle as an "o". A piece is its owner's letter (the one the
// web board draws on it) between two characters that give its shape:
// (S) a cylinder, /S\ a triangle, [S] a square.

func init() {
	registerText(blockadeText(blocusText), "blocus")
	registerText(blockadeText(empireText), "empire")
	registerText(blockadeText(sauteText), "saute")
	registerText(blockadeText(alignementText), "alignement")
	registerText(blockadeText(solitaireText), "solitaire")
	registerText(blockadeText(porteText), "porte")
}

// tpiece is a piece of a Blockade text board: its shape, its letter, its
// owner (-1 for Solitaire's pieces, which are no seat's) and, when it is
// not its seat's, its colour.
type tpiece struct {
	shape  board.Shape
	letter rune
	seat   int
	colour string
}

// tmark is a mark other than a circle: a throne.
type tmark struct {
	ch     rune
	seat   int
	colour string
}

// textPainter reads a Blockade position: the piece on each cell, the marks
// that replace circles (L'Empire's thrones) and the legend.
type textPainter func(t *textCanvas, s game.State) (piece func(board.Cell) (tpiece, bool), marks map[board.Cell]tmark, legend []string, err error)

func blockadeText(paint textPainter) func(s game.State, opt Options) (*TextBoard, error) {
	return func(s game.State, opt Options) (*TextBoard, error) {
		g := newTextGrid(board.Size, board.Size, opt)
		h, w := g.size()
		t := newTextCanvas(opt, h, w)
		piece, marks, legend, err := paint(t, s)
		if err != nil {
			return nil, fmt.Errorf("render %s: %w", s.Variant().Game.ID, err)
		}
		for cell := board.Cell(0); cell < board.Cells; cell++ {
			f, r := cell.File(), cell.Rank()
			ground := RoleBoard
			if (f/3+r/3)%2 == 0 {
				ground = RoleAlt
			}
			g.square(t, f, r, ground, '.')
			if p, ok := piece(cell); ok {
				role := RolePiece
				if p.seat < 0 {
					role = RoleMark
				}
				g.piece(t, f, r, shapeText(p.shape), p.letter, role, p.seat, p.colour)
				continue
			}
			if m, ok := marks[cell]; ok {
				g.mark(t, f, r, m.ch, m.seat, m.colour)
			} else if cell.IsCircle() {
				g.mark(t, f, r, 'o', -1, "")
			}
		}
		g.coordinates(t)
		return t.board(legend), nil
	}
}

// shapeText is the pair of characters around a piece's letter.
func shapeText(sh board.Shape) string {
	switch sh {
	case board.Cylinder:
		return textDisc
	case board.Triangle:
		return textTriangle
	}
	return textBlock
}

// shapeWord names a shape in the board's language.
func shapeWord(t *textCanvas, sh board.Shape) string {
	switch sh {
	case board.Cylinder:
		return t.tr("cylinder", "cylindre")
	case board.Triangle:
		return "triangle"
	}
	return t.tr("square", "carré")
}

// shapesLegend says what the shapes are: "(X) cylinder, /X\ triangle, [X]
// square", then more.
func shapesLegend(t *textCanvas, shapes []board.Shape, more string) string {
	var parts []string
	for _, sh := range shapes {
		st := []rune(shapeText(sh))
		parts = append(parts, fmt.Sprintf("%cX%c %s", st[0], st[1], shapeWord(t, sh)))
	}
	return strings.Join(parts, ", ") + more
}

// circleWord is the legend of the circles.
func circleWord(t *textCanvas) string { return t.tr("; o circle", " ; o cercle") }

// lettersLegend pairs each seat's letter with its name.
func lettersLegend(t *textCanvas, v *game.Variant) []string {
	var parts []string
	for seat := 0; seat < v.Players; seat++ {
		name := v.SeatName(seat, t.opt.Lang)
		parts = append(parts, fmt.Sprintf("%c %s", seatInitial(name), name))
	}
	return packLines(t.tr("Letters: ", "Lettres : "), parts, ", ")
}

// teamsLegend names the teams, if any: "Teams: Blue and Green, Red and
// Yellow". name gives what a seat is called.
func teamsLegend(t *textCanvas, v *game.Variant, name func(seat int) string) []string {
	if len(v.Teams) == 0 {
		return nil
	}
	var teams []string
	done := map[int]bool{}
	for seat := 0; seat < v.Players; seat++ {
		team := v.Teams[seat]
		if done[team] {
			continue
		}
		done[team] = true
		var members []string
		for other := seat; other < v.Players; other++ {
			if v.Teams[other] == team {
				members = append(members, name(other))
			}
		}
		teams = append(teams, strings.Join(members, t.tr(" and ", " et ")))
	}
	return packLines(t.tr("Teams: ", "Équipes : "), teams, ", ")
}

// seatPieceText is the usual piece of a seat: the seat's initial.
func seatPieceText(t *textCanvas, v *game.Variant, seat int, sh board.Shape) tpiece {
	return tpiece{shape: sh, letter: seatInitial(v.SeatName(seat, t.opt.Lang)), seat: seat}
}

// blocusText: kings are cylinders, guards squares.
func blocusText(t *textCanvas, s game.State) (func(board.Cell) (tpiece, bool), map[board.Cell]tmark, []string, error) {
	cells, err := blocusCells(s)
	if err != nil {
		return nil, nil, nil, err
	}
	v := s.Variant()
	var kinds []string
	names := [2]string{v.SeatName(0, t.opt.Lang), v.SeatName(1, t.opt.Lang)}
	for _, name := range names {
		l := seatInitial(name)
		kinds = append(kinds, fmt.Sprintf(t.tr("(%c) %s's king, [%c] %s's guard", "(%c) roi de %s, [%c] garde de %s"), l, name, l, name))
	}
	legend := packLines("", kinds, t.tr("; ", " ; "))
	// The kings' sections (North's depends on the kings reading).
	sections := [2]string{"d1-f3", "g10-i12"}
	if st, ok := s.(*blocus.State); ok {
		for side := range sections {
			k := st.KingCell(side)
			sections[side] = board.At(k.File()/3*3, k.Rank()/3*3).String() + "-" + board.At(k.File()/3*3+2, k.Rank()/3*3+2).String()
		}
	}
	legend = append(legend, fmt.Sprintf(t.tr("o circle; kings' sections, closed to guards: %s %s, %s %s",
		"o cercle ; sections des rois, fermées aux gardes : %s %s, %s %s"), names[0], sections[0], names[1], sections[1]))
	if st, ok := s.(*blocus.State); ok {
		legend = append(legend, fmt.Sprintf(t.tr("Guards placed: %s %d of %d, %s %d of %d", "Gardes posés : %s %d sur %d, %s %d sur %d"),
			names[0], st.Placed(0), blocus.Guards, names[1], st.Placed(1), blocus.Guards))
	}
	return func(cell board.Cell) (tpiece, bool) {
		switch cells[cell] {
		case 'K':
			return seatPieceText(t, v, 0, board.Cylinder), true
		case 'k':
			return seatPieceText(t, v, 1, board.Cylinder), true
		case 'G':
			return seatPieceText(t, v, 0, board.Square), true
		case 'g':
			return seatPieceText(t, v, 1, board.Square), true
		}
		return tpiece{}, false
	}, nil, legend, nil
}

// throneColour is the gold of L'Empire's thrones.
const throneColour = "#f1d27a"

// empireText: pieces carry their seat number, as on the web board; the
// thrones are stars, each player's trône du roi a star of his.
func empireText(t *textCanvas, s game.State) (func(board.Cell) (tpiece, bool), map[board.Cell]tmark, []string, error) {
	st, ok := s.(*empire.State)
	if !ok {
		return nil, nil, nil, fmt.Errorf("not an empire position")
	}
	v := s.Variant()
	marks := map[board.Cell]tmark{}
	for _, name := range []string{"e5", "h5", "e8", "h8"} {
		cell, _ := board.ParseCell(name)
		marks[cell] = tmark{ch: '*', seat: -1, colour: throneColour}
	}
	var seats, thrones []string
	for seat := 0; seat < v.Players; seat++ {
		cell := empire.KingThrone(v, seat)
		marks[cell] = tmark{ch: '*', seat: seat, colour: throneColour}
		seats = append(seats, fmt.Sprintf("%d %s", seat+1, v.SeatName(seat, t.opt.Lang)))
		thrones = append(thrones, fmt.Sprintf("%d %s", seat+1, cell))
	}
	legend := []string{t.tr(`(n) commandant, /n\ cavalier, [n] archer of player n; o circle`,
		`(n) commandant, /n\ cavalier, [n] archer du joueur n ; o cercle`)}
	legend = append(legend, packLines(t.tr("Players: ", "Joueurs : "), seats, ", ")...)
	legend = append(legend, packLines(t.tr("* throne; king's thrones: ", "* trône ; trônes du roi : "), thrones, ", ")...)
	legend = append(legend, teamsLegend(t, v, func(seat int) string { return strconv.Itoa(seat + 1) })...)
	return func(cell board.Cell) (tpiece, bool) {
		seat, sh := st.Piece(cell)
		if sh == board.NoShape {
			return tpiece{}, false
		}
		return tpiece{shape: sh, letter: rune('1' + seat), seat: seat}, true
	}, marks, legend, nil
}

// sauteText: squares and triangles of the band's owner.
func sauteText(t *textCanvas, s game.State) (func(board.Cell) (tpiece, bool), map[board.Cell]tmark, []string, error) {
	st, ok := s.(*saute.State)
	if !ok {
		return nil, nil, nil, fmt.Errorf("not a saute position")
	}
	v := s.Variant()
	legend := []string{shapesLegend(t, []board.Shape{board.Square, board.Triangle}, circleWord(t))}
	legend = append(legend, lettersLegend(t, v)...)
	legend = append(legend, teamsLegend(t, v, func(seat int) string { return v.SeatName(seat, t.opt.Lang) })...)
	return func(cell board.Cell) (tpiece, bool) {
		seat := st.Owner(cell)
		if seat < 0 {
			return tpiece{}, false
		}
		sh := board.Square
		if st.Shape(cell) == saute.Triangle {
			sh = board.Triangle
		}
		return seatPieceText(t, v, seat, sh), true
	}, nil, legend, nil
}

// alignementText: pieces on the circles; the legend says what the schedule
// asks next.
func alignementText(t *textCanvas, s game.State) (func(board.Cell) (tpiece, bool), map[board.Cell]tmark, []string, error) {
	st, ok := s.(*alignement.State)
	if !ok {
		return nil, nil, nil, fmt.Errorf("not an alignement position")
	}
	v := s.Variant()
	legend := []string{shapesLegend(t, []board.Shape{board.Cylinder, board.Triangle, board.Square}, circleWord(t))}
	legend = append(legend, lettersLegend(t, v)...)
	if !s.Outcome().Ended() {
		player, sh, place := st.Required()
		verb := t.tr("moves", "déplace")
		if place {
			verb = t.tr("places", "pose")
		}
		legend = append(legend, fmt.Sprintf(t.tr("Next: %s %s a %s", "À jouer : %s %s un %s"), v.SeatName(player, t.opt.Lang), verb, shapeWord(t, sh)))
	}
	return func(cell board.Cell) (tpiece, bool) {
		seat, sh := st.Piece(cell)
		if sh == board.NoShape {
			return tpiece{}, false
		}
		return seatPieceText(t, v, seat, sh), true
	}, nil, legend, nil
}

// solitaireText: round pieces in four colours, no seat's, each with its
// colour's initial.
func solitaireText(t *textCanvas, s game.State) (func(board.Cell) (tpiece, bool), map[board.Cell]tmark, []string, error) {
	st, ok := s.(*solitaire.State)
	if !ok {
		return nil, nil, nil, fmt.Errorf("not a solitaire position")
	}
	var colours []string
	for k := 1; k < len(solitaireColours); k++ {
		name := solitaireColours[k].In(t.opt.Lang)
		colours = append(colours, fmt.Sprintf("(%c) %s", seatInitial(name), strings.ToLower(name)))
	}
	legend := []string{strings.Join(colours, ", ") + circleWord(t),
		fmt.Sprintf(t.tr("%d pieces left", "%d pièces restantes"), st.Pieces())}
	return func(cell board.Cell) (tpiece, bool) {
		k := st.Colour(cell)
		if k <= 0 || k >= len(solitaireColours) {
			return tpiece{}, false
		}
		fill, _ := colourNamed(solitaireColours[k].EN, k)
		return tpiece{shape: board.Cylinder, letter: seatInitial(solitaireColours[k].In(t.opt.Lang)), seat: -1, colour: fill}, true
	}, nil, legend, nil
}

// porteText: every colour's pieces; the reserves in the legend.
func porteText(t *textCanvas, s game.State) (func(board.Cell) (tpiece, bool), map[board.Cell]tmark, []string, error) {
	st, ok := s.(*porte.State)
	if !ok {
		return nil, nil, nil, fmt.Errorf("not a porte position")
	}
	v := s.Variant()
	legend := []string{shapesLegend(t, []board.Shape{board.Cylinder, board.Triangle, board.Square}, t.tr("; o circle (door)", " ; o cercle (porte)"))}
	legend = append(legend, lettersLegend(t, v)...)
	var reserves []string
	for seat := 0; seat < v.Players; seat++ {
		tri, sq := st.Reserve(seat)
		reserves = append(reserves, fmt.Sprintf("%s %d/%d", v.SeatName(seat, t.opt.Lang), tri, sq))
	}
	legend = append(legend, packLines(t.tr("Reserves, triangles/squares: ", "Réserves, triangles/carrés : "), reserves, ", ")...)
	legend = append(legend, teamsLegend(t, v, func(seat int) string { return v.SeatName(seat, t.opt.Lang) })...)
	return func(cell board.Cell) (tpiece, bool) {
		seat, sh := st.Piece(cell)
		if seat < 0 {
			return tpiece{}, false
		}
		return seatPieceText(t, v, seat, sh), true
	}, nil, legend, nil
}
