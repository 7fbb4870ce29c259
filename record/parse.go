package record

import (
	"bufio"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/game"
)

// maxLine bounds one line of a record, so that a wrong file (a binary, a
// huge one-line dump) is refused instead of read whole.
const maxLine = 1 << 20

// Parse reads one record. It accepts what Write produces and also records
// edited by hand: any spacing, comments in braces { } (which may span
// lines), lines starting with ';', missing optional tags, move numbers left
// out, and "12.move" written without a space. Errors give the line number.
func Parse(rd io.Reader) (*Record, error) {
	p := parser{r: &Record{}, tagLines: map[string]int{}}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for sc.Scan() {
		p.line++
		line := sc.Text()
		if p.line == 1 {
			// Editors on some systems start a UTF-8 file with a byte order mark.
			line = strings.TrimPrefix(line, "\ufeff")
		}
		if err := p.parseLine(line); err != nil {
			return nil, game.Errorf(msgLine, p.line, err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, game.Errorf(game.Text{EN: "line %d: longer than %d bytes: not a game record", FR: "ligne %d : plus de %d octets : ce n'est pas une partie enregistrée"}, p.line+1, maxLine)
		}
		return nil, err
	}
	if err := p.finish(); err != nil {
		return nil, err
	}
	return p.r, nil
}

// token is a word of the move text and the line it is on.
type token struct {
	text string
	line int
}

type parser struct {
	r           *Record
	line        int
	inComment   bool
	commentLine int            // where the open comment started
	tagLines    map[string]int // defined tag name -> line it was on
	tokens      []token        // the move text
	reason      string
	scores      []int
	plies       int // the Plies tag, checked when tagLines has it
}

func (p *parser) parseLine(line string) error {
	if !p.inComment {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, ";") {
			return nil
		}
		if strings.HasPrefix(trimmed, "[") {
			if len(p.tokens) > 0 {
				return game.Errorf(game.Text{EN: "tag %s after the moves: a record holds one game, with its tags before its moves", FR: "étiquette %s après les coups : un enregistrement contient une partie, ses étiquettes avant ses coups"}, game.Quote(trimmed))
			}
			rest, err := p.parseTag(trimmed)
			if err != nil {
				return err
			}
			words, err := p.stripComments(rest)
			if err != nil {
				return err
			}
			if len(words) > 0 {
				return game.Errorf(game.Text{EN: "unexpected %s after the tag: one tag per line", FR: "%s inattendu après l'étiquette : une étiquette par ligne"}, game.Quote(words[0]))
			}
			return nil
		}
	}
	words, err := p.stripComments(line)
	if err != nil {
		return err
	}
	for _, w := range words {
		p.tokens = append(p.tokens, token{w, p.line})
	}
	return nil
}

// stripComments removes brace comments, carrying an open comment over to
// the next lines, and returns the remaining words.
func (p *parser) stripComments(line string) ([]string, error) {
	var kept strings.Builder
	for line != "" {
		if p.inComment {
			end := strings.IndexByte(line, '}')
			if end < 0 {
				return strings.Fields(kept.String()), nil
			}
			p.inComment = false
			line = line[end+1:]
			kept.WriteByte(' ') // a comment separates the words around it
			continue
		}
		open := strings.IndexAny(line, "{}")
		if open < 0 {
			kept.WriteString(line)
			break
		}
		if line[open] == '}' {
			return nil, game.Errorf(game.Text{EN: `"}" without a "{" before it`, FR: `"}" sans "{" avant`})
		}
		kept.WriteString(line[:open])
		p.inComment, p.commentLine = true, p.line
		line = line[open+1:]
	}
	return strings.Fields(kept.String()), nil
}

// parseTag reads `[Name "value"]` at the start of s and returns the rest
// of the line.
func (p *parser) parseTag(s string) (rest string, err error) {
	form := game.Text{EN: `a tag is written [Name "value"], e.g. [Game "pogo"]`, FR: `une étiquette s'écrit [Nom "valeur"], par exemple [Game "pogo"]`}
	in := strings.TrimLeft(s[1:], " \t")
	n := 0
	for n < len(in) && (isAlnum(in[n]) || in[n] == '_') {
		n++
	}
	name := in[:n]
	in = strings.TrimLeft(in[n:], " \t")
	if name == "" || !strings.HasPrefix(in, `"`) {
		return "", game.Errorf(game.Text{EN: "%s is not a tag: %s", FR: "%s n'est pas une étiquette : %s"}, game.Quote(s), form)
	}
	var value strings.Builder
	i := 1
	for ; i < len(in) && in[i] != '"'; i++ {
		if in[i] == '\\' && i+1 < len(in) {
			i++
			switch in[i] {
			case 'n':
				value.WriteByte('\n')
			case 'r':
				value.WriteByte('\r')
			default: // \" and \\, and any other escaped character as itself
				value.WriteByte(in[i])
			}
			continue
		}
		value.WriteByte(in[i])
	}
	if i >= len(in) {
		return "", game.Errorf(game.Text{EN: "the value of tag %s has no closing quote: %s", FR: "la valeur de l'étiquette %s n'a pas de guillemet fermant : %s"}, name, form)
	}
	in = strings.TrimLeft(in[i+1:], " \t")
	if !strings.HasPrefix(in, "]") {
		return "", game.Errorf(game.Text{EN: `tag %s has no closing "]": %s`, FR: `l'étiquette %s n'a pas de "]" fermant : %s`}, name, form)
	}
	return in[1:], p.setTag(name, value.String())
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// setTag stores one tag; the tags the format defines are matched without
// regard to case and may appear once.
func (p *parser) setTag(name, value string) error {
	canonical, seat := canonicalTag(name)
	if canonical == "" {
		p.r.Tags = append(p.r.Tags, Tag{name, value})
		return nil
	}
	if first, dup := p.tagLines[canonical]; dup {
		return game.Errorf(game.Text{EN: "second %s tag (the first is on line %d)", FR: "deuxième étiquette %s (la première est ligne %d)"}, canonical, first)
	}
	p.tagLines[canonical] = p.line
	var err error
	switch canonical {
	case tagGame:
		p.r.Game = strings.ToLower(strings.TrimSpace(value))
		if p.r.Game == "" {
			err = game.Errorf(game.Text{EN: `the Game tag is empty: it names the game, e.g. [Game "pogo"]`, FR: `l'étiquette Game est vide : elle nomme le jeu, par exemple [Game "pogo"]`})
		}
	case tagOptions:
		p.r.Options, err = game.ParseOptions(value)
	case tagPosition:
		p.r.Position = strings.TrimSpace(value)
	case tagDate:
		p.r.Date = strings.TrimSpace(value)
	case tagResult:
		p.r.Result, err = ParseResult(value)
	case tagReason:
		p.reason = strings.TrimSpace(value)
	case tagScores:
		p.scores, err = parseScores(value)
	case tagHints:
		p.r.Hints, err = ParseHints(value)
	case tagReadings, tagLectures:
		// Written from Game and Options (see tags): nothing to read.
	case tagPlies:
		p.plies, err = strconv.Atoi(strings.TrimSpace(value))
		if err != nil || p.plies < 0 {
			err = game.Errorf(game.Text{EN: "Plies tag %s is not a whole number", FR: "l'étiquette Plies %s n'est pas un nombre entier"}, game.Quote(value))
		}
	default: // a player tag
		for len(p.r.Players) <= seat {
			p.r.Players = append(p.r.Players, "")
		}
		p.r.Players[seat] = strings.TrimSpace(value)
	}
	return err
}

// canonicalTag gives the defined tag that name spells (and the 0-based seat
// of a player tag), or "" for a tag the format does not define.
func canonicalTag(name string) (string, int) {
	for _, t := range []string{tagGame, tagOptions, tagPosition, tagDate, tagResult, tagReason, tagScores, tagHints, tagPlies, tagReadings, tagLectures} {
		if strings.EqualFold(name, t) {
			return t, 0
		}
	}
	if len(name) > len(tagPlayer) && strings.EqualFold(name[:len(tagPlayer)], tagPlayer) {
		if n, err := strconv.Atoi(name[len(tagPlayer):]); err == nil && n >= 1 && n <= game.MaxPlayers {
			return playerTag(n - 1), n - 1
		}
	}
	return "", 0
}

func parseScores(s string) ([]int, error) {
	fields := strings.Fields(s)
	scores := make([]int, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, game.Errorf(game.Text{EN: `Scores tag %s: %s is not a whole number (scores are written one per seat, e.g. "12 3")`, FR: `étiquette Scores %s : %s n'est pas un nombre entier (un score par place, par exemple "12 3")`}, game.Quote(s), game.Quote(f))
		}
		scores[i] = n
	}
	return scores, nil
}

// hintsForm says how the Hints tag is written, for its errors.
var hintsForm = game.Text{
	EN: `the Hints tag gives, for each seat that had hints, the seat, a colon and the numbers of the moves they were for: "1:4,10 2:7"`,
	FR: `l'étiquette Hints donne, pour chaque place qui a eu des indices, la place, deux-points et les numéros des coups concernés : "1:4,10 2:7"`,
}

// hintGroup is one seat's part of the Hints tag; spaces are allowed around
// the colon and the commas.
func hintGroup() *regexp.Regexp {
	hintGroupOnce.Do(func() { hintGroupRE = regexp.MustCompile(`^([0-9]+)\s*:\s*([0-9]+(?:\s*,\s*[0-9]+)*)?\s*`) })
	return hintGroupRE
}

// The expressions are compiled on first use, not at init: a program that
// only writes records (the browser's rules engine, cmd/plateau-wasm) then
// links no regular expression code, some 120 KB of its compressed module.
var (
	hintGroupOnce, moveNumberOnce sync.Once
	hintGroupRE, moveNumberRE     *regexp.Regexp
)

// ParseHints reads the value of the Hints tag (FormatHints) into the
// hints of each seat (0-based plies); "" is no hint.
func ParseHints(s string) ([][]int, error) {
	var hints [][]int
	seen := map[int]bool{}
	rest := strings.TrimSpace(s)
	for rest != "" {
		m := hintGroup().FindStringSubmatch(rest)
		if m == nil {
			return nil, game.Errorf(game.Text{EN: "Hints tag %s: %s cannot be read: %s", FR: "étiquette Hints %s : %s est illisible : %s"}, game.Quote(s), game.Quote(rest), hintsForm)
		}
		rest = rest[len(m[0]):]
		seat, err := strconv.Atoi(m[1])
		if err != nil || seat < 1 || seat > game.MaxPlayers {
			return nil, game.Errorf(game.Text{EN: "Hints tag %s: seat %s is not a number from 1 to %d", FR: "étiquette Hints %s : la place %s n'est pas un nombre de 1 à %d"}, game.Quote(s), m[1], game.MaxPlayers)
		}
		if seen[seat] {
			return nil, game.Errorf(game.Text{EN: "Hints tag %s: seat %d is given twice", FR: "étiquette Hints %s : la place %d est donnée deux fois"}, game.Quote(s), seat)
		}
		seen[seat] = true
		for len(hints) < seat {
			hints = append(hints, nil)
		}
		if m[2] == "" {
			continue
		}
		for _, f := range strings.Split(m[2], ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > maxHintMove {
				return nil, game.Errorf(game.Text{EN: "Hints tag %s: move %s is not a number from 1 to %d", FR: "étiquette Hints %s : le coup %s n'est pas un nombre de 1 à %d"}, game.Quote(s), strings.TrimSpace(f), maxHintMove)
			}
			hints[seat-1] = append(hints[seat-1], n-1)
		}
	}
	return hints, nil
}

// maxHintMove bounds a move number of the Hints tag, so that a wrong file
// cannot hold numbers no game reaches.
const maxHintMove = 1 << 24

// finish checks the whole record once every line is read.
func (p *parser) finish() error {
	if p.inComment {
		return game.Errorf(game.Text{EN: `line %d: the comment opened with "{" is never closed`, FR: `ligne %d : le commentaire ouvert par "{" n'est jamais fermé`}, p.commentLine)
	}
	if p.line == 0 {
		return game.Errorf(game.Text{EN: "empty input: no game record", FR: "entrée vide : aucune partie enregistrée"})
	}
	if _, ok := p.tagLines[tagGame]; !ok {
		return game.Errorf(game.Text{EN: `the record has no Game tag: it must name its game, e.g. [Game "pogo"]`, FR: `l'enregistrement n'a pas d'étiquette Game : il doit nommer son jeu, par exemple [Game "pogo"]`})
	}
	end, endLine, err := p.readMoves()
	if err != nil {
		return err
	}
	if end != nil {
		if resultLine, ok := p.tagLines[tagResult]; ok && !sameEnd(*end, p.r.Result) {
			return game.Errorf(game.Text{EN: "line %d: the moves end with %q but the Result tag on line %d says %q", FR: "ligne %d : les coups finissent par %q mais l'étiquette Result de la ligne %d dit %q"}, endLine, end.String(), resultLine, p.r.Result.String())
		}
		p.r.Result.Status, p.r.Result.Winners = end.Status, end.Winners
	}
	p.r.Result.Reason, p.r.Result.Scores = p.reason, p.scores
	if line, ok := p.tagLines[tagPlies]; ok && p.plies != len(p.r.Moves) {
		return game.Errorf(game.Text{EN: "line %d: the Plies tag says %d moves but the record has %d", FR: "ligne %d : l'étiquette Plies annonce %d coups mais l'enregistrement en a %d"}, line, p.plies, len(p.r.Moves))
	}
	return nil
}

// moveNumber matches a move number ("12." or "12...") and anything glued
// to it ("12.2b1-b3").
func moveNumber() *regexp.Regexp {
	moveNumberOnce.Do(func() { moveNumberRE = regexp.MustCompile(`^([0-9]+)\.+(.*)$`) })
	return moveNumberRE
}

// readMoves turns the move text into moves. With numbers, every move has
// its ply number and the words up to the next number make the move, so that
// a game's notation may hold spaces; without numbers, each word is a move.
// A trailing result token is returned separately.
func (p *parser) readMoves() (end *Result, endLine int, err error) {
	var words []token
	for _, t := range p.tokens {
		if m := moveNumber().FindStringSubmatch(t.text); m != nil && m[2] != "" {
			words = append(words, token{m[1] + ".", t.line}, token{m[2], t.line})
			continue
		}
		words = append(words, t)
	}
	words, end, endLine = cutResult(words)
	numbered := len(words) > 0 && moveNumber().MatchString(words[0].text)
	for i := 0; i < len(words); i++ {
		w := words[i]
		m := moveNumber().FindStringSubmatch(w.text)
		if !numbered {
			if m != nil {
				return nil, 0, game.Errorf(game.Text{EN: "line %d: move number %s, but the moves before it have none: number every move or none", FR: "ligne %d : numéro de coup %s, mais les coups d'avant n'en ont pas : numérotez tous les coups ou aucun"}, w.line, w.text)
			}
			p.r.Moves = append(p.r.Moves, w.text)
			continue
		}
		want := len(p.r.Moves) + 1
		if n, err := strconv.Atoi(m[1]); err != nil || n != want {
			return nil, 0, game.Errorf(game.Text{EN: "line %d: move number %s where %d. was expected (moves are numbered by ply from 1)", FR: "ligne %d : numéro de coup %s au lieu de %d. (les coups sont numérotés par tour à partir de 1)"}, w.line, w.text, want)
		}
		var parts []string
		for i+1 < len(words) && !moveNumber().MatchString(words[i+1].text) {
			i++
			parts = append(parts, words[i].text)
		}
		if len(parts) == 0 {
			return nil, 0, game.Errorf(game.Text{EN: "line %d: move number %s has no move after it", FR: "ligne %d : le numéro de coup %s n'est suivi d'aucun coup"}, w.line, w.text)
		}
		p.r.Moves = append(p.r.Moves, strings.Join(parts, " "))
	}
	return end, endLine, nil
}

// cutResult removes the result token ("*", "draw", "over", "win 1,3") from
// the end of the move text, if it is there.
func cutResult(words []token) ([]token, *Result, int) {
	if len(words) == 0 {
		return words, nil, 0
	}
	last := words[len(words)-1]
	switch strings.ToLower(last.text) {
	case "*", "draw", "over":
		r, _ := ParseResult(last.text)
		return words[:len(words)-1], &r, last.line
	}
	// "win" followed by seats, which may be spread over words ("win 1, 3").
	for i := len(words) - 1; i >= 0; i-- {
		w := words[i].text
		if strings.EqualFold(w, "win") {
			var seats strings.Builder
			for _, s := range words[i+1:] {
				seats.WriteString(s.text + " ")
			}
			if r, err := ParseResult("win " + seats.String()); err == nil {
				return words[:i], &r, words[i].line
			}
			break
		}
		if strings.Trim(w, "0123456789,") != "" {
			break
		}
	}
	return words, nil, 0
}

// msgLine places an error on a line of the record.
var msgLine = game.Text{EN: "line %d: %v", FR: "ligne %d : %v"}
