package pods

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

func cellName(p int) string {
	return string([]byte{byte('a' + p%Size), byte('1' + p/Size)})
}

func parseCell(s string) (int, bool) { return parseCellBytes([]byte(s)) }

func parseCellBytes(s []byte) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	f, r := s[0]|0x20, s[1]
	if f < 'a' || f >= 'a'+Size || r < '1' || r >= '1'+Size {
		return 0, false
	}
	return int(r-'1')*Size + int(f-'a'), true
}

// lookupCode finds the design of a code in any case, without allocating.
func lookupCode(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 2 {
		return 0, false
	}
	var up [2]byte
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		up[i] = c
	}
	d, ok := designByCode[string(up[:len(b)])]
	return d, ok
}

// podText is the code of the pod on p, upper case for White, lower case for
// Black.
func (s *State) podText(p int) string { return podCodes[s.cells[p]] }

// podCodes[1+seat*Designs+design] is the code of a pod as the board shows
// it.
var podCodes [1 + 2*Designs]string

func init() {
	podCodes[0] = "."
	for d, row := range DesignTable {
		podCodes[1+d] = row.Code
		podCodes[1+Designs+d] = strings.ToLower(row.Code)
	}
}

var seatLetters = [2]string{"w", "b"}

// Encode implements game.State. The position text has six fields: the
// board, ranks 6 to 1 separated by "/", each rank six entries from file a to
// f, "." for an empty point or a pod code (upper case White, lower case
// Black); White's reserve and Black's reserve (codes separated by ",", "-"
// when empty); the side to move (w or b); "bipode" while White's first
// placement (a bipod) is still to come, else "-"; and the ply.
func (s *State) Encode() string {
	var b strings.Builder
	b.Grow(160)
	for r := Size - 1; r >= 0; r-- {
		for f := 0; f < Size; f++ {
			b.WriteString(podCodes[s.cells[r*Size+f]])
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	for seat := 0; seat < 2; seat++ {
		b.WriteByte(' ')
		if s.reserve[seat] == 0 {
			b.WriteByte('-')
			continue
		}
		sep := ""
		for d := 0; d < Designs; d++ {
			if s.reserve[seat]>>d&1 != 0 {
				b.WriteString(sep)
				b.WriteString(podCodes[1+seat*Designs+d])
				sep = ","
			}
		}
	}
	b.WriteByte(' ')
	b.WriteString(seatLetters[s.toMove])
	if s.first {
		b.WriteString(" bipode ")
	} else {
		b.WriteString(" - ")
	}
	b.WriteString(strconv.Itoa(s.ply))
	return b.String()
}

const positionForm = `PODS position text is "board white-reserve black-reserve side first ply", e.g. ` +
	`"....../....../..q3.../....../.B1..../...... O,H1,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B2 o,h1,h2,q1,q2,q4,q5,q6,t1,t2,t3,b1,b2 w - 2": ` +
	`ranks 6 to 1 separated by "/", six entries a rank, "." or a pod code (O H1 H2 Q1-Q6 T1-T3 B1 B2; upper case White, lower case Black); ` +
	`each reserve a list of codes separated by "," or "-" when empty; side w or b; first "bipode" before White's first placement, else "-"`

// Decode reads a position text of the variant of cfg.
func decode(cfg *config, text string) (*State, error) {
	if len(text) > game.MaxInput {
		return nil, fmt.Errorf("%s; got %d bytes", positionForm, len(text))
	}
	fields := strings.Fields(text)
	if len(fields) != 6 {
		return nil, fmt.Errorf("%s; got %d fields in %s", positionForm, len(fields), game.Quote(text))
	}
	s := &State{cfg: cfg, winner: -1}
	var onBoard [2]uint16
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != Size {
		return nil, fmt.Errorf("%s; the board has %d ranks instead of 6", positionForm, len(ranks))
	}
	for i, rank := range ranks {
		r := Size - 1 - i
		f := 0
		for j := 0; j < len(rank); {
			if f == Size {
				return nil, fmt.Errorf("%s; rank %d has more than 6 entries: %s", positionForm, r+1, game.Quote(rank))
			}
			p := r*Size + f
			ch := rank[j]
			j++
			if ch == '.' {
				f++
				continue
			}
			code := string(ch)
			if j < len(rank) && rank[j] >= '0' && rank[j] <= '9' {
				code += string(rank[j])
				j++
			}
			d, ok := designByCode[strings.ToUpper(code)]
			if !ok {
				return nil, fmt.Errorf("%s; rank %d: %s is not a pod code", positionForm, r+1, game.Quote(code))
			}
			seat := White
			if ch >= 'a' && ch <= 'z' {
				seat = Black
			}
			if onBoard[seat]>>d&1 != 0 {
				return nil, fmt.Errorf("%s has two pods %s on the board; each player has one of each design", variantSeat(seat), DesignTable[d].Code)
			}
			onBoard[seat] |= 1 << d
			s.cells[p] = uint8(1 + seat*Designs + d)
			f++
		}
		if f != Size {
			return nil, fmt.Errorf("%s; rank %d has %d entries instead of 6: %s", positionForm, r+1, f, game.Quote(rank))
		}
	}
	for seat := 0; seat < 2; seat++ {
		field := fields[1+seat]
		if field == "-" {
			continue
		}
		for _, code := range strings.Split(field, ",") {
			d, ok := designByCode[strings.ToUpper(code)]
			if !ok {
				return nil, fmt.Errorf("%s; %s's reserve: %s is not a pod code", positionForm, variantSeat(seat), game.Quote(code))
			}
			if s.reserve[seat]>>d&1 != 0 {
				return nil, fmt.Errorf("%s's reserve lists %s twice", variantSeat(seat), DesignTable[d].Code)
			}
			if onBoard[seat]>>d&1 != 0 {
				return nil, fmt.Errorf("%s's pod %s is both on the board and in the reserve", variantSeat(seat), DesignTable[d].Code)
			}
			s.reserve[seat] |= 1 << d
		}
	}
	switch strings.ToLower(fields[3]) {
	case "w":
		s.toMove = White
	case "b":
		s.toMove = Black
	default:
		return nil, fmt.Errorf("the side to move must be w (White) or b (Black), got %s", game.Quote(fields[3]))
	}
	switch strings.ToLower(fields[4]) {
	case "bipode":
		s.first = true
	case "-":
	default:
		return nil, fmt.Errorf(`the fifth field must be "bipode" (White's first placement, a bipod, is still to come) or "-", got %s`, game.Quote(fields[4]))
	}
	ply, err := strconv.Atoi(fields[5])
	if err != nil || ply < 0 || ply > 1_000_000 {
		return nil, fmt.Errorf("the ply must be a whole number from 0 to 1000000, got %s", game.Quote(fields[5]))
	}
	s.ply = ply
	if err := s.check(onBoard); err != nil {
		return nil, fmt.Errorf("impossible %s position: %v", cfg.level, err)
	}
	other := int(s.toMove ^ 1)
	s.settle(other)
	s.rehash()
	return s, nil
}

func variantSeat(seat int) string { return [2]string{"White", "Black"}[seat] }

// check refuses positions that no game reaches.
func (s *State) check(onBoard [2]uint16) error {
	me := int(s.toMove)
	empty := onBoard[0] == 0 && onBoard[1] == 0
	full := s.reserve[0] == allPods && s.reserve[1] == allPods
	if s.first && !(empty && full && me == White) {
		return fmt.Errorf(`"bipode" (White's first placement still to come) goes only with the start: an empty board, full reserves and White to move`)
	}
	if s.reserve[me] == 0 {
		return fmt.Errorf("%s, to move, has no pod left in his reserve: he would have won at the end of his previous turn", variantSeat(me))
	}
	if s.cfg.level == Basic {
		for seat := 0; seat < 2; seat++ {
			if onBoard[seat]|s.reserve[seat] != allPods {
				return fmt.Errorf("%s has pods neither on the board nor in the reserve, but pods are never removed at the basic level", variantSeat(seat))
			}
		}
		nw, nb := popcount(onBoard[White]), popcount(onBoard[Black])
		if me == White && nw != nb || me == Black && nw != nb+1 {
			return fmt.Errorf("White has placed %d pods and Black %d, which cannot be with %s to move", nw, nb, variantSeat(me))
		}
		if empty && !s.first {
			return fmt.Errorf(`with an empty board White's first placement is still to come: the fifth field must be "bipode"`)
		}
		if nw > 0 && onBoard[White]&bipods == 0 {
			return fmt.Errorf("White has no bipod on the board, but his first placement was one")
		}
		for seat := 0; seat < 2; seat++ {
			if t := s.Threatened(seat); len(t) > 0 {
				return fmt.Errorf("a foot of %s threatens the pod on %s, which placements never allow", variantSeat(seat), t[0])
			}
		}
		return nil
	}
	for p := 0; p < Cells; p++ {
		if s.cells[p] != 0 && !s.canMove(p) {
			return fmt.Errorf("the pod on %s cannot move, so it would have been removed at the end of the last turn", cellName(p))
		}
	}
	return nil
}

func popcount(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// MoveString implements game.State: a placement is the pod code, "@" and
// the point ("B1@c3"); a move is the start point, "-" and the end point
// ("c3-c5"), followed by ">" and the final point of every pod it displaces,
// in line order ("c3-c4>c5>c6" for a shove of two pods, "c3-c4>c6" for a
// kick).
func (s *State) MoveString(m game.Move) string {
	isMove, from, to, landing, d := unpack(m)
	var buf [32]byte
	if !isMove {
		out := append(buf[:0], DesignTable[d].Code...)
		out = append(out, '@', byte('a'+to%Size), byte('1'+to/Size))
		return string(out)
	}
	out := append(buf[:0], byte('a'+from%Size), byte('1'+from/Size), '-', byte('a'+to%Size), byte('1'+to/Size))
	pts, n := s.displaced(from, to, landing)
	for i := 0; i < n; i++ {
		p := int(pts[i])
		out = append(out, '>', byte('a'+p%Size), byte('1'+p/Size))
	}
	return string(out)
}

var moveForm = game.Text{
	EN: "a PODS move is a placement POD@point (e.g. B1@c3; pods O, H1, H2, Q1 to Q6, T1 to T3, B1, B2; points a1 to f6) " +
		"or, from the advanced level, a move start-end (e.g. c3-c5), followed at the expert level by \">point\" for the final point " +
		"of each pod it displaces (e.g. c3-c4>c5>c6 for a shove of two pods, c3-c4>c6 for a kick)",
	FR: "un coup de PODS est une pose POD@point (par exemple B1@c3 ; pods O, H1, H2, Q1 à Q6, T1 à T3, B1, B2 ; points a1 à f6) " +
		"ou, à partir du niveau avancé, un déplacement départ-arrivée (par exemple c3-c5), suivi au niveau expert de \">point\" pour le point final " +
		"de chaque pod qu'il déplace (par exemple c3-c4>c5>c6 pour une poussée de deux pods, c3-c4>c6 pour un coup de pied)",
}

// seatText names a seat in both languages.
func seatText(seat int) game.Text {
	return [2]game.Text{{EN: "White", FR: "Blanc"}, {EN: "Black", FR: "Noir"}}[seat]
}

// levelNamesFR are the levels in French (Level.String in English).
var levelNamesFR = [...]string{"de base", "avancé", "expert"}

// levelNamesEN start a sentence; boardLetters name the orientations (A
// and B, each also turned half round).
var (
	levelNamesEN   = [...]string{"Basic", "Advanced", "Expert"}
	boardLetters   = [...]string{"A", "B", "A turned round", "B turned round"}
	boardLettersFR = [...]string{"A", "B", "A retourné", "B retourné"}
)

// ParseMove implements game.State. Case and spaces do not matter; the
// displaced pods may be left out when only one move goes from start to end.
func (s *State) ParseMove(text string) (game.Move, error) {
	if len(text) > 64 {
		return 0, game.NotAMove(text, moveForm)
	}
	var buf [64]byte
	in := buf[:0]
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		in = append(in, c)
	}
	if string(in) == game.PassNotation {
		return 0, game.Errorf(game.Text{EN: "PODS has no pass: a player who can neither place nor move has lost; %s", FR: "PODS n'a pas de passe : un joueur qui ne peut ni poser ni déplacer a perdu ; %s"}, moveForm)
	}
	bad := func() (game.Move, error) {
		return 0, game.NotAMove(text, moveForm)
	}
	if at := bytes.IndexByte(in, '@'); at >= 0 {
		d, ok := lookupCode(in[:at])
		p, ok2 := parseCellBytes(in[at+1:])
		if !ok || !ok2 {
			return bad()
		}
		if s.winner >= 0 {
			return 0, game.MoveAfterEnd(text)
		}
		if why := s.whyNotPlace(d, p); why.EN != "" {
			return 0, game.IllegalMove(s, text, why)
		}
		return placement(d, p), nil
	}
	if len(in) < 5 || in[2] != '-' {
		return bad()
	}
	from, ok1 := parseCellBytes(in[:2])
	to, ok2 := parseCellBytes(in[3:5])
	if !ok1 || !ok2 {
		return bad()
	}
	var want [Size]int8
	nwant := 0
	for rest := in[5:]; len(rest) > 0; rest = rest[3:] {
		if len(rest) < 3 || rest[0] != '>' || nwant == Size {
			return bad()
		}
		p, ok := parseCellBytes(rest[1:3])
		if !ok {
			return bad()
		}
		want[nwant] = int8(p)
		nwant++
	}
	if s.winner >= 0 {
		return 0, game.MoveAfterEnd(text)
	}
	me := int(s.toMove)
	switch {
	case s.cfg.level == Basic:
		return 0, game.IllegalMove(s, text, game.Text{EN: "pods do not move at the basic level: placements only", FR: "les pods ne bougent pas au niveau de base : poses seulement"})
	case s.cells[from] == 0:
		return 0, game.IllegalMove(s, text, game.Texts("there is no pod on %s", "il n'y a pas de pod en %s", cellName(from)))
	case s.owner(from) != me:
		return 0, game.IllegalMove(s, text, game.Text{
			EN: fmt.Sprintf("the pod on %s is %s's", cellName(from), seatText(me^1).EN),
			FR: fmt.Sprintf("le pod en %s est à %s", cellName(from), seatText(me^1).FR),
		})
	}
	var arr [128]game.Move
	moves := s.appendMovesFrom(arr[:0], from)
	var found game.Move
	count := 0
	for _, m := range moves {
		_, _, mto, landing, _ := unpack(m)
		if mto != to {
			continue
		}
		if nwant > 0 {
			pts, n := s.displaced(from, to, landing)
			if n != nwant || pts != want {
				continue
			}
		}
		found = m
		count++
	}
	switch {
	case count == 1:
		return found, nil
	case count > 1:
		var alts []string
		for _, m := range moves {
			if _, _, mto, _, _ := unpack(m); mto == to {
				alts = append(alts, s.MoveString(m))
			}
		}
		return 0, game.Errorf(game.Text{EN: "%s is ambiguous: write one of %s", FR: "%s est ambigu : écrivez l'un de %s"}, game.Quote(text), strings.Join(alts, " "))
	}
	var alts []string
	for _, m := range moves {
		alts = append(alts, s.MoveString(m))
	}
	design := DesignTable[s.design(from)]
	why := game.Text{
		EN: fmt.Sprintf("the %s on %s cannot do that", design.EN, cellName(from)),
		FR: fmt.Sprintf("le pod %s (%s) en %s ne peut pas faire cela", design.Code, design.FR, cellName(from)),
	}
	if len(alts) > 0 {
		why.EN += "; its moves are " + strings.Join(alts, " ")
		why.FR += " ; ses coups sont " + strings.Join(alts, " ")
	}
	return 0, game.IllegalMove(s, text, why)
}

// whyNotPlace explains why design d may not be placed on p, or returns "".
func (s *State) whyNotPlace(d, p int) game.Text {
	me := int(s.toMove)
	code := DesignTable[d].Code
	if s.reserve[me]>>d&1 == 0 {
		return game.Text{EN: fmt.Sprintf("%s is not in %s's reserve", code, seatText(me).EN), FR: fmt.Sprintf("%s n'est pas dans la réserve de %s", code, seatText(me).FR)}
	}
	if s.first && me == White && bipods>>d&1 == 0 {
		return game.Text{EN: "White's first placement must be a bipod (B1 or B2)", FR: "la première pose de Blanc doit être un bipode (B1 ou B2)"}
	}
	if s.cells[p] != 0 {
		return game.Texts("%s is occupied", "%s est occupé", cellName(p))
	}
	if s.controlledBy(p, me^1) {
		return game.Text{EN: fmt.Sprintf("%s is controlled by a foot of %s", cellName(p), seatText(me^1).EN), FR: fmt.Sprintf("%s est contrôlé par un pied de %s", cellName(p), seatText(me^1).FR)}
	}
	sp := s.spotAt(p, me)
	w, r := walkFeet[me][d], runFeet[me][d]
	if hit := w&sp.walkHit | r&sp.runHit; hit != 0 {
		return game.Text{EN: fmt.Sprintf("a foot of %s on %s would threaten a pod of %s", code, cellName(p), seatText(me^1).EN), FR: fmt.Sprintf("un pied de %s en %s menacerait un pod de %s", code, cellName(p), seatText(me^1).FR)}
	}
	if (w|r)&sp.free == 0 {
		return game.Texts("%s could not move from %s: every foot is blocked", "%s ne pourrait pas bouger depuis %s : tous ses pieds sont bloqués", code, cellName(p))
	}
	return game.Text{}
}

// String implements game.State: the board with its links, the reserves and
// the player to move.
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with its legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	fr := lang == "fr"
	var b strings.Builder
	st := &s.cfg.board.step
	b.WriteString("    a    b    c    d    e    f\n")
	for r := Size - 1; r >= 0; r-- {
		line := []byte(fmt.Sprintf("%d   ", r+1))
		for f := 0; f < Size; f++ {
			p := r*Size + f
			t := "."
			if s.cells[p] != 0 {
				t = s.podText(p)
			}
			line = append(line, t...)
			if f < Size-1 {
				for i := len(t); i < 5; i++ {
					line = append(line, '-')
				}
			}
		}
		b.Write(line)
		b.WriteByte('\n')
		if r == 0 {
			break
		}
		line = []byte("    ")
		for f := 0; f < Size; f++ {
			line = append(line, '|')
			if f == Size-1 {
				break
			}
			p := (r-1)*Size + f // the lower-left point of the square
			diag := byte(' ')
			if st[p][northEast] >= 0 {
				diag = '/'
			} else if st[p+1][northWest] >= 0 {
				diag = '\\'
			}
			line = append(line, ' ', ' ', diag, ' ')
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	b.WriteString(game.Text{
		EN: "Board: upper case White, lower case Black. Placements are written CODE@point, e.g. Q3@c4.\n",
		FR: "Plateau : majuscules Blanc, minuscules Noir. Les poses s'écrivent CODE@point, par exemple Q3@c4.\n",
	}.In(lang))
	for seat := 0; seat < 2; seat++ {
		if fr {
			fmt.Fprintf(&b, "Réserve de %s : %s", seatText(seat).FR, listOr(s.Reserve(seat), "aucune"))
		} else {
			fmt.Fprintf(&b, "%s reserve: %s", variantSeat(seat), listOr(s.Reserve(seat), "none"))
		}
		var out []string
		var onBoard uint16
		for p := 0; p < Cells; p++ {
			if s.cells[p] != 0 && s.owner(p) == seat {
				onBoard |= 1 << s.design(p)
			}
		}
		for d := 0; d < Designs; d++ {
			if (onBoard|s.reserve[seat])>>d&1 == 0 {
				out = append(out, DesignTable[d].Code)
			}
		}
		if len(out) > 0 {
			fmt.Fprintf(&b, game.Text{EN: "; out of the game: %s", FR: " ; hors jeu : %s"}.In(lang), strings.Join(out, " "))
		}
		b.WriteByte('\n')
	}
	// The level and board in words, as render.OptionsText says them.
	if fr {
		fmt.Fprintf(&b, "Niveau %s, plateau %s. ", levelNamesFR[s.cfg.level], boardLettersFR[s.cfg.orient])
	} else {
		fmt.Fprintf(&b, "%s level, board %s. ", levelNamesEN[s.cfg.level], boardLetters[s.cfg.orient])
	}
	switch {
	case s.winner >= 0:
		fmt.Fprintf(&b, game.Text{EN: "%s wins (%s).\n", FR: "%s gagne (%s).\n"}.In(lang), seatText(int(s.winner)).In(lang), game.ReasonText(reasons[s.reason], lang))
	case s.first:
		b.WriteString(game.Text{EN: "White to place his first pod, a bipod (B1 or B2).\n", FR: "Blanc pose son premier pod, un bipode (B1 ou B2).\n"}.In(lang))
	default:
		fmt.Fprintf(&b, game.Text{EN: "%s to play.\n", FR: "%s joue.\n"}.In(lang), seatText(int(s.toMove)).In(lang))
	}
	return b.String()
}

func listOr(list []string, none string) string {
	if len(list) == 0 {
		return none
	}
	return strings.Join(list, " ")
}
