package record

import (
	"bytes"
	"io"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// lineWidth is where the move text wraps, so that records read well in a
// terminal and diff line by line.
const lineWidth = 79

// Write writes r in the record format.
func Write(w io.Writer, r *Record) error {
	_, err := io.WriteString(w, Format(r))
	return err
}

// Format gives r in the record format: the tags, a blank line, the numbered
// moves and the result token, ending with a newline.
func Format(r *Record) string {
	var b bytes.Buffer
	for _, t := range r.tags() {
		b.WriteString("[" + t.Name + " " + quote(t.Value) + "]\n")
	}
	b.WriteByte('\n')
	tokens := make([]string, 0, len(r.Moves)+1)
	for i, mv := range r.Moves {
		tokens = append(tokens, strconv.Itoa(i+1)+". "+mv)
	}
	tokens = append(tokens, r.Result.String())
	width := 0
	for _, tok := range tokens {
		if width > 0 && width+1+len(tok) > lineWidth {
			b.WriteByte('\n')
			width = 0
		}
		if width > 0 {
			b.WriteByte(' ')
			width++
		}
		b.WriteString(tok)
		width += len(tok)
	}
	b.WriteByte('\n')
	return b.String()
}

// tags lists every tag of r in the order they are written.
func (r *Record) tags() []Tag {
	tags := []Tag{{tagGame, r.Game}, {tagOptions, r.Options.String()}}
	// Another reading of the rules than the default, in words (in English,
	// then French); derived from Game and Options, so never read back.
	if g, err := game.Lookup(r.Game); err == nil {
		if en := g.ReadingsText(r.Options, "en"); en != "" {
			tags = append(tags, Tag{tagReadings, en}, Tag{tagLectures, g.ReadingsText(r.Options, "fr")})
		}
	}
	if r.Position != "" {
		tags = append(tags, Tag{tagPosition, r.Position})
	}
	for i, p := range r.Players {
		tags = append(tags, Tag{playerTag(i), p})
	}
	if r.Date != "" {
		tags = append(tags, Tag{tagDate, r.Date})
	}
	tags = append(tags, Tag{tagResult, r.Result.String()})
	if r.Result.Reason != "" {
		tags = append(tags, Tag{tagReason, r.Result.Reason})
	}
	if r.Result.Scores != nil {
		scores := make([]string, len(r.Result.Scores))
		for i, s := range r.Result.Scores {
			scores[i] = strconv.Itoa(s)
		}
		tags = append(tags, Tag{tagScores, strings.Join(scores, " ")})
	}
	if hints := FormatHints(r.Hints); hints != "" {
		tags = append(tags, Tag{tagHints, hints})
	}
	tags = append(tags, Tag{tagPlies, strconv.Itoa(len(r.Moves))})
	return append(tags, r.Tags...)
}

// The tags the format defines; a record may hold others.
const (
	tagGame     = "Game"
	tagOptions  = "Options"
	tagPosition = "Position"
	tagDate     = "Date"
	tagResult   = "Result"
	tagReason   = "Reason"
	tagScores   = "Scores"
	tagHints    = "Hints"
	tagPlies    = "Plies"
	tagReadings = "Readings" // the other readings of the rules in words
	tagLectures = "Lectures" // the same in French
	tagPlayer   = "Player"   // followed by the 1-based seat: Player1
)

// FormatHints gives the value of the Hints tag: for each seat that had
// hints, in seat order, its number (from 1), a colon and the numbers of
// the moves the hints were for (ply+1), separated by commas; seats apart by
// a space: "1:4,10 2:7". "" when nobody had a hint.
func FormatHints(hints [][]int) string {
	var groups []string
	for seat, plies := range hints {
		if len(plies) == 0 {
			continue
		}
		moves := make([]string, len(plies))
		for i, p := range plies {
			moves[i] = strconv.Itoa(p + 1)
		}
		groups = append(groups, strconv.Itoa(seat+1)+":"+strings.Join(moves, ","))
	}
	return strings.Join(groups, " ")
}

func playerTag(seat int) string { return tagPlayer + strconv.Itoa(seat+1) }

// quoteEscaper escapes a tag value: PGN's \" and \\, plus \n so that a
// value can never break the one-tag-per-line layout.
var quoteEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`)

func quote(s string) string { return `"` + quoteEscaper.Replace(s) + `"` }
