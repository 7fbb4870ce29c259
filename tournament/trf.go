package tournament

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// TRFOptions are the header facts of a TRF export.
type TRFOptions struct {
	TotalRounds int    // XXR: announced rounds (at least the rounds played); 0 = the rounds played
	Type        string // 092 line, e.g. "Individual: Swiss-System (Dutch)"
	City        string // 022 line
	StartDate   string // 042 line, YYYY/MM/DD
	EndDate     string // 052 line
}

// WriteTRF writes the tournament in the FIDE tournament report format
// (TRF-16) with the XXR and XXC extensions that pairing checkers (JaVaFo,
// bbpPairings) read. Start ranks are the seeding (Seeded); each player line
// has points, rank in Standings and, per round, opponent, colour and result:
// 1 = 0 played, + - forfeits, U the pairing-allocated bye, Z a round not
// paired. Every game must have a result.
func WriteTRF(w io.Writer, t *Tournament, o TRFOptions) error {
	if err := t.Validate(); err != nil {
		return err
	}
	seeded := t.Seeded()
	num := make(map[string]int, len(seeded))
	for i, p := range seeded {
		num[p.ID] = i + 1
	}
	type cell struct {
		opp    int
		colour byte
		res    byte
	}
	cells := make(map[string][]cell, len(seeded))
	for r, rd := range t.Rounds {
		in := map[string]bool{}
		for _, g := range rd.Games {
			var cw, cb byte
			switch g.Result {
			case WhiteWins:
				cw, cb = '1', '0'
			case BlackWins:
				cw, cb = '0', '1'
			case Draw:
				cw, cb = '=', '='
			case WhiteForfeit:
				cw, cb = '+', '-'
			case BlackForfeit:
				cw, cb = '-', '+'
			case DoubleForfeit:
				cw, cb = '-', '-'
			default:
				return fmt.Errorf("tournament: TRF needs finished games; round %d %s-%s: %w", r+1, g.White, g.Black, ErrPending)
			}
			cells[g.White] = append(cells[g.White], cell{num[g.Black], 'w', cw})
			cells[g.Black] = append(cells[g.Black], cell{num[g.White], 'b', cb})
			in[g.White], in[g.Black] = true, true
		}
		if rd.Bye != "" {
			cells[rd.Bye] = append(cells[rd.Bye], cell{0, '-', 'U'})
			in[rd.Bye] = true
		}
		for _, p := range seeded {
			if !in[p.ID] {
				cells[p.ID] = append(cells[p.ID], cell{0, '-', 'Z'})
			}
		}
	}
	rank := map[string]int{}
	points := map[string]float64{}
	for _, s := range t.Standings() {
		rank[s.Player.ID] = s.Rank
		points[s.Player.ID] = s.Points
	}
	total := o.TotalRounds
	if total < len(t.Rounds) {
		total = len(t.Rounds)
	}
	bw := bufio.NewWriter(w)
	line := func(code, text string) {
		if text != "" {
			fmt.Fprintf(bw, "%s %s\n", code, oneLine(text))
		}
	}
	line("012", t.Name)
	line("022", o.City)
	line("042", o.StartDate)
	line("052", o.EndDate)
	fmt.Fprintf(bw, "062 %d\n", len(seeded))
	rated := 0
	for _, p := range seeded {
		if p.Rating > 0 {
			rated++
		}
	}
	fmt.Fprintf(bw, "072 %d\n", rated)
	line("092", o.Type)
	fmt.Fprintf(bw, "XXR %d\n", total)
	// The initial colour: the top seed has White in round 1 (PairDutch's
	// rule); pairing checkers read it from here.
	fmt.Fprintf(bw, "XXC white1\n")
	for i, p := range seeded {
		rating := p.Rating
		if rating < 0 || rating > 9999 {
			rating = 0
		}
		name := oneLine(p.Name)
		if name == "" {
			name = p.ID
		}
		if len(name) > 33 {
			name = name[:33]
		}
		// Columns per TRF-16: 1-3 code, 5-8 start rank, 10 sex, 11-13
		// title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE
		// id, 70-79 birth date, 81-84 points, 86-89 rank, then 10
		// columns per round from 92.
		var b strings.Builder
		fmt.Fprintf(&b, "001 %4d %-4s %-33s %4s %-3s %11s %-10s %4.1f %4d", i+1, "", name, ratingField(rating), "", "", "", points[p.ID], rank[p.ID])
		for _, c := range cells[p.ID] {
			opp := "0000"
			if c.opp > 0 {
				opp = fmt.Sprintf("%4d", c.opp)
			}
			fmt.Fprintf(&b, "  %s %c %c", opp, c.colour, c.res)
		}
		bw.WriteString(strings.TrimRight(b.String(), " "))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

func ratingField(r int) string {
	if r == 0 {
		return ""
	}
	return strconv.Itoa(r)
}

// oneLine keeps header and name text on one line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}

// Limits on a TRF read: the file comes from outside.
const (
	maxTRFLine  = 64 << 10
	maxTRFLines = MaxPlayers + 200
)

// ReadTRF reads a TRF-16 file written by WriteTRF or another program into a
// Tournament and its announced round count (XXR, or the rounds found).
// Players get the IDs of their start ranks ("1", "2", ...). The
// pairing-allocated bye (U) becomes Round.Bye; every other round without an
// opponent (Z, H, F, blank) becomes Round.Absent, worth nothing here: the
// package has no half-point or arbiter-given byes.
func ReadTRF(r io.Reader) (*Tournament, int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxTRFLine)
	t := &Tournament{}
	total := 0
	type cell struct {
		opp    int
		colour byte
		res    byte
	}
	cells := map[int][]cell{}
	maxStart := 0
	lines := 0
	for sc.Scan() {
		lines++
		if lines > maxTRFLines {
			return nil, 0, fmt.Errorf("tournament: TRF has more than %d lines", maxTRFLines)
		}
		l := strings.TrimRight(sc.Text(), "\r")
		if len(l) < 3 {
			continue
		}
		switch l[:3] {
		case "012":
			t.Name = strings.TrimSpace(l[3:])
		case "XXR":
			n, err := strconv.Atoi(strings.TrimSpace(l[3:]))
			if err != nil || n < 1 || n > MaxRounds {
				return nil, 0, fmt.Errorf("tournament: TRF line %d: XXR wants a round count from 1 to %d, got %q", lines, MaxRounds, strings.TrimSpace(l[3:]))
			}
			total = n
		case "001":
			if len(l) < 84 {
				l += strings.Repeat(" ", 84-len(l))
			}
			start, err := strconv.Atoi(strings.TrimSpace(l[4:8]))
			if err != nil || start < 1 || start > MaxPlayers {
				return nil, 0, fmt.Errorf("tournament: TRF line %d: start rank (columns 5-8) must be 1 to %d, got %q", lines, MaxPlayers, l[4:8])
			}
			if _, dup := cells[start]; dup {
				return nil, 0, fmt.Errorf("tournament: TRF line %d: start rank %d appears twice", lines, start)
			}
			rating := 0
			if f := strings.TrimSpace(l[48:52]); f != "" {
				rating, err = strconv.Atoi(f)
				if err != nil {
					return nil, 0, fmt.Errorf("tournament: TRF line %d: rating (columns 49-52) %q is not a number", lines, f)
				}
			}
			t.Players = append(t.Players, Player{ID: strconv.Itoa(start), Name: strings.TrimSpace(l[14:47]), Rating: rating})
			cs := []cell{}
			for pos := 91; pos < len(l); pos += 10 {
				if len(cs) >= MaxRounds {
					return nil, 0, fmt.Errorf("tournament: TRF line %d: more than %d rounds", lines, MaxRounds)
				}
				seg := l[pos:min(pos+8, len(l))]
				seg += strings.Repeat(" ", 8-len(seg))
				c := cell{colour: seg[5], res: seg[7]}
				if o := strings.TrimSpace(seg[:4]); o != "" {
					c.opp, err = strconv.Atoi(o)
					if err != nil || c.opp < 0 || c.opp > MaxPlayers {
						return nil, 0, fmt.Errorf("tournament: TRF line %d: opponent %q in columns %d-%d is not a start rank", lines, o, pos+1, pos+4)
					}
				}
				cs = append(cs, c)
			}
			cells[start] = cs
			maxStart = max(maxStart, start)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, 0, fmt.Errorf("tournament: reading TRF: %w", err)
	}
	if len(t.Players) != maxStart {
		return nil, 0, fmt.Errorf("tournament: TRF start ranks must run from 1 to the number of players (%d players, highest rank %d)", len(t.Players), maxStart)
	}
	rounds := 0
	for _, cs := range cells {
		rounds = max(rounds, len(cs))
	}
	for r := 0; r < rounds; r++ {
		var rd Round
		for s := 1; s <= maxStart; s++ {
			id := strconv.Itoa(s)
			var c cell
			if r < len(cells[s]) {
				c = cells[s][r]
			}
			if c.opp == 0 {
				if c.res == 'U' {
					if rd.Bye != "" {
						return nil, 0, fmt.Errorf("tournament: TRF round %d: two pairing-allocated byes (%s and %s)", r+1, rd.Bye, id)
					}
					rd.Bye = id
				} else {
					rd.Absent = append(rd.Absent, id)
				}
				continue
			}
			oc := cellAt(cells[c.opp], r)
			if oc.opp != s {
				return nil, 0, fmt.Errorf("tournament: TRF round %d: %d plays %d but %d's line names %d", r+1, s, c.opp, c.opp, oc.opp)
			}
			if !(c.colour == 'w' && oc.colour == 'b' || c.colour == 'b' && oc.colour == 'w' || c.colour == '-' && oc.colour == '-') {
				return nil, 0, fmt.Errorf("tournament: TRF round %d: players %d and %d have colours %q and %q (accepted: w and b, or - for both in a forfeit)", r+1, s, c.opp, c.colour, oc.colour)
			}
			if c.colour == 'b' || (c.colour != 'w' && s > c.opp) {
				continue // the game is read from White's line
			}
			res, err := trfResult(c.res, oc.res)
			if err != nil {
				return nil, 0, fmt.Errorf("tournament: TRF round %d, players %d and %d: %w", r+1, s, c.opp, err)
			}
			rd.Games = append(rd.Games, Game{White: id, Black: strconv.Itoa(c.opp), Result: res})
		}
		t.Rounds = append(t.Rounds, rd)
	}
	if total < rounds {
		total = rounds
	}
	if err := t.Validate(); err != nil {
		return nil, 0, err
	}
	return t, total, nil
}

func cellAt[T any](cs []T, i int) T {
	var zero T
	if i < len(cs) {
		return cs[i]
	}
	return zero
}

func trfResult(w, b byte) (Result, error) {
	switch {
	case (w == '1' || w == 'W') && (b == '0' || b == 'L'):
		return WhiteWins, nil
	case (w == '0' || w == 'L') && (b == '1' || b == 'W'):
		return BlackWins, nil
	case (w == '=' || w == 'D') && (b == '=' || b == 'D'):
		return Draw, nil
	case w == '+' && b == '-':
		return WhiteForfeit, nil
	case w == '-' && b == '+':
		return BlackForfeit, nil
	case w == '-' && b == '-':
		return DoubleForfeit, nil
	}
	return Pending, fmt.Errorf("results %q and %q do not agree (accepted: 1/0, =/=, W/L, D/D, +/-, -/-)", w, b)
}
