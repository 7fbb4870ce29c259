package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Games in words: how the pages and messages say an end, a player, a
// level, options and moves, in English or French.

// End reasons the server gives (the rules engines give theirs in English,
// which game.ReasonText translates): stored as codes, put into words on
// display. A seat is written 1-based after the code.
const (
	ReasonResigned  = "resigned"  // "resigned 2": seat 2 resigned
	ReasonTime      = "time"      // "time 2": seat 2 ran out of time
	ReasonAgreement = "agreement" // a draw agreed by every player
	ReasonAbandoned = "abandoned" // no move for --abandon-after
)

// End reasons of an aborted game (see ParseReason).
const (
	ReasonAborted   = "aborted"   // "aborted 2": seat 2 made no first move in time
	ReasonAbortedBy = "abortedby" // "abortedby 2": seat 2 aborted the game by hand
)

// SeatReason is a reason code with its seat, as stored.
func SeatReason(code string, seat int) string { return code + " " + strconv.Itoa(seat+1) }

// ParseReason splits a stored reason into its code and seat (-1 without),
// reading the English texts stored before the codes ("seat 2 resigned",
// "seat 2 ran out of time").
func ParseReason(reason string) (code string, seat int) {
	f := strings.Fields(reason)
	if len(f) == 2 {
		if n, err := strconv.Atoi(f[1]); err == nil && (f[0] == ReasonResigned || f[0] == ReasonTime || f[0] == ReasonAborted || f[0] == ReasonAbortedBy || f[0] == ReasonLastAtTable) {
			return f[0], n - 1
		}
	}
	if len(f) >= 3 && f[0] == "seat" {
		if n, err := strconv.Atoi(f[1]); err == nil {
			switch strings.Join(f[2:], " ") {
			case "resigned":
				return ReasonResigned, n - 1
			case "ran out of time":
				return ReasonTime, n - 1
			}
		}
	}
	return reason, -1
}

// PlayerName is how sentences name the player of seat i: the name given,
// else the seat's name ("Blanc", "Sud-Ouest").
func PlayerName(v *game.Variant, i int, seats []store.Seat, lang string) string {
	if i >= 0 && i < len(seats) {
		if name := web.CleanText(seats[i].Name, web.MaxNameRunes); name != "" {
			return name
		}
	}
	if i < 0 || i >= v.Players {
		return web.T(lang, "aplayer")
	}
	return v.SeatName(i, lang)
}

// ReasonSentence puts a stored end reason into words in lang.
func ReasonSentence(v *game.Variant, seats []store.Seat, reason, lang string) string {
	code, seat := ParseReason(reason)
	switch code {
	case ReasonResigned:
		return fmt.Sprintf(web.T(lang, "sent:resigned"), PlayerName(v, seat, seats, lang))
	case ReasonTime:
		return fmt.Sprintf(web.T(lang, "sent:time"), PlayerName(v, seat, seats, lang))
	case ReasonAgreement:
		return web.T(lang, "sent:agreement")
	case ReasonLastAtTable:
		return web.T(lang, "sent:lastattable")
	case "":
		return ""
	}
	return game.ReasonText(code, lang)
}

// OutcomeSentence is the whole end of a game in words: who won and why
// ("Alice gagne — Bruno a abandonné", "Nulle par accord"); "" for a game
// still going on.
func OutcomeSentence(v *game.Variant, seats []store.Seat, result, reason, lang string) string {
	res, err := record.ParseResult(result)
	if err != nil || res.Status == game.Ongoing {
		return ""
	}
	var head string
	switch res.Status {
	case game.Win:
		names := make([]string, len(res.Winners))
		for i, w := range res.Winners {
			names[i] = PlayerName(v, w, seats, lang)
		}
		if len(names) == 1 {
			head = fmt.Sprintf(web.T(lang, "sent:wins"), names[0])
		} else {
			last := names[len(names)-1]
			head = fmt.Sprintf(web.T(lang, "sent:winmany"), strings.Join(names[:len(names)-1], ", "), last)
		}
	case game.Draw:
		if code, _ := ParseReason(reason); code == ReasonAgreement {
			return web.T(lang, "sent:drawagreed")
		}
		head = web.T(lang, "sent:draw")
	default:
		switch code, seat := ParseReason(reason); code {
		case ReasonAbandoned:
			return web.T(lang, "sent:abandoned")
		case ReasonTableLeft:
			return web.T(lang, "sent:tableleft")
		case ReasonAborted, ReasonAbortedBy:
			return fmt.Sprintf(web.T(lang, "sent:"+code), PlayerName(v, seat, seats, lang))
		}
		head = web.T(lang, "sent:over")
	}
	if why := ReasonSentence(v, seats, reason, lang); why != "" {
		return head + " — " + why
	}
	return head
}

// LevelText is a computer seat's agent in words: a level's name in lang,
// an operator's engine name as it is.
func LevelText(agent, lang string) string {
	if key := "level:" + agent; web.Has(key) {
		return web.T(lang, key)
	}
	return agent
}

// OptionsText puts a variant's options into words (render.OptionsText).
func OptionsText(options, lang string) string { return render.OptionsText(options, lang) }

// DescribeShared puts into words the legal moves whose clicks another
// move shares: the dialog that asks which one is meant shows the sentence
// under each move's picture.
func DescribeShared(v *game.Variant, legal []LegalMove, lang string) {
	count := map[string]int{}
	for _, m := range legal {
		count[strings.Join(m.Places, " ")]++
	}
	for i, m := range legal {
		if len(m.Places) > 0 && count[strings.Join(m.Places, " ")] > 1 {
			legal[i].Says = DescribeMove(v, m.Move, lang)
		}
	}
}

// DescribeMove says what a move does (render.DescribeMove: the terminal
// game's menu says the same).
func DescribeMove(v *game.Variant, notation, lang string) string {
	return render.DescribeMove(v, notation, lang)
}

// LegalMove is a legal move as pages get it: its notation, the places a
// player clicks to make it, and in words when its clicks are shared.
type LegalMove struct {
	Move   string   `json:"move"`
	Places []string `json:"places"`
	Says   string   `json:"says,omitempty"` // in words, for a move whose clicks another move shares
}

type ArchiveRow struct {
	ID, Name, Result, Reason, Date string
	Options, Outcome               string // in words
	Players                        []string
}

// ArchiveRows are games as the archive lists them.
func ArchiveRows(list []store.Game, lang string) []ArchiveRow {
	var rows []ArchiveRow
	for _, g := range list {
		row := ArchiveRow{ID: g.ID, Name: g.GameID, Result: g.Result, Reason: g.Reason, Date: g.UpdatedAt.Format("2006-01-02 15:04")}
		if info, err := game.Lookup(g.GameID); err == nil {
			row.Name = info.Name.In(lang)
		}
		row.Options = OptionsText(g.Options, lang)
		if opts, err := game.ParseOptions(g.Options); err == nil {
			if v, err := game.NewVariant(g.GameID, opts); err == nil {
				row.Outcome = OutcomeSentence(v, g.Seats, g.Result, g.Reason, lang)
			}
		}
		for _, seat := range g.Seats {
			name := web.CleanText(seat.Name, web.MaxNameRunes)
			if name == "" {
				name = web.T(lang, "kind:"+seat.Kind)
			}
			row.Players = append(row.Players, name)
		}
		rows = append(rows, row)
	}
	return rows
}

// HintsText says a seat's hints in words, as the game page does: "2 hints
// (moves 4, 9)"; plies are 0-based.
func HintsText(plies []int, lang string) string {
	moves := make([]string, len(plies))
	for i, p := range plies {
		moves[i] = strconv.Itoa(p + 1)
	}
	count, which := fmt.Sprintf(web.T(lang, "hintsmany"), len(plies)), web.T(lang, "hintmoves")
	if len(plies) == 1 {
		count, which = web.T(lang, "hintsone"), web.T(lang, "hintmove")
	}
	return count + " (" + fmt.Sprintf(which, strings.Join(moves, ", ")) + ")"
}
