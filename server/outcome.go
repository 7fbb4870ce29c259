package server

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

// End reasons the server gives (the rules engines give theirs in English,
// which game.ReasonText translates): stored as codes, put into words on
// display. A seat is written 1-based after the code.
const (
	reasonResigned  = "resigned"  // "resigned 2": seat 2 resigned
	reasonTime      = "time"      // "time 2": seat 2 ran out of time
	reasonAgreement = "agreement" // a draw agreed by every player
	reasonAbandoned = "abandoned" // no move for --abandon-after
)

func seatReason(code string, seat int) string { return code + " " + strconv.Itoa(seat+1) }

// parseReason splits a stored reason into its code and seat (-1 without),
// reading the English texts stored before the codes ("seat 2 resigned",
// "seat 2 ran out of time").
func parseReason(reason string) (code string, seat int) {
	f := strings.Fields(reason)
	if len(f) == 2 {
		if n, err := strconv.Atoi(f[1]); err == nil && (f[0] == reasonResigned || f[0] == reasonTime || f[0] == reasonAborted || f[0] == reasonAbortedBy) {
			return f[0], n - 1
		}
	}
	if len(f) >= 3 && f[0] == "seat" {
		if n, err := strconv.Atoi(f[1]); err == nil {
			switch strings.Join(f[2:], " ") {
			case "resigned":
				return reasonResigned, n - 1
			case "ran out of time":
				return reasonTime, n - 1
			}
		}
	}
	return reason, -1
}

// playerName is how sentences name the player of seat i: the name given,
// else the seat's name ("Blanc", "Sud-Ouest").
func playerName(v *game.Variant, i int, seats []store.Seat, lang string) string {
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

// reasonSentence puts a stored end reason into words in lang.
func reasonSentence(v *game.Variant, seats []store.Seat, reason, lang string) string {
	code, seat := parseReason(reason)
	switch code {
	case reasonResigned:
		return fmt.Sprintf(web.T(lang, "sent:resigned"), playerName(v, seat, seats, lang))
	case reasonTime:
		return fmt.Sprintf(web.T(lang, "sent:time"), playerName(v, seat, seats, lang))
	case reasonAgreement:
		return web.T(lang, "sent:agreement")
	case "":
		return ""
	}
	return game.ReasonText(code, lang)
}

// outcomeSentence is the whole end of a game in words: who won and why
// ("Alice gagne — Bruno a abandonné", "Nulle par accord"); "" for a game
// still going on.
func outcomeSentence(v *game.Variant, seats []store.Seat, result, reason, lang string) string {
	res, err := record.ParseResult(result)
	if err != nil || res.Status == game.Ongoing {
		return ""
	}
	var head string
	switch res.Status {
	case game.Win:
		names := make([]string, len(res.Winners))
		for i, w := range res.Winners {
			names[i] = playerName(v, w, seats, lang)
		}
		if len(names) == 1 {
			head = fmt.Sprintf(web.T(lang, "sent:wins"), names[0])
		} else {
			last := names[len(names)-1]
			head = fmt.Sprintf(web.T(lang, "sent:winmany"), strings.Join(names[:len(names)-1], ", "), last)
		}
	case game.Draw:
		if code, _ := parseReason(reason); code == reasonAgreement {
			return web.T(lang, "sent:drawagreed")
		}
		head = web.T(lang, "sent:draw")
	default:
		switch code, seat := parseReason(reason); code {
		case reasonAbandoned:
			return web.T(lang, "sent:abandoned")
		case reasonAborted, reasonAbortedBy:
			return fmt.Sprintf(web.T(lang, "sent:"+code), playerName(v, seat, seats, lang))
		}
		head = web.T(lang, "sent:over")
	}
	if why := reasonSentence(v, seats, reason, lang); why != "" {
		return head + " — " + why
	}
	return head
}

// localized gives a message to c in its language: an info gets its
// sentence (Text), naming the player; an error or a refused move, on a
// French page, a French message for its code (the English one, written
// where the error arises, may hold a rules engine's detail).
func (r *room) localized(c *client, v any) any {
	lang := langOf(c)
	switch m := v.(type) {
	case infoMsg:
		name := playerName(r.match.Variant(), m.Seat, r.g.Seats, lang)
		if key := "info:" + m.Code; web.Has(key) {
			m.Text = strings.ReplaceAll(web.T(lang, key), "%s", name)
		}
		return m
	case hintMsg:
		return r.localizedHint(m, lang)
	case rematchMsg:
		m.Text = fmt.Sprintf(web.T(lang, "info:rematch"), playerName(r.match.Variant(), m.By, r.g.Seats, lang))
		return m
	case errorMsg:
		if lang != "fr" {
			return m
		}
		key := "err:" + m.Code
		if !web.Has(key) {
			return m
		}
		text := web.T(lang, key)
		switch m.Code {
		case "illegal":
			legal := game.LegalNotations(r.match.State())
			list := strings.Join(legal, " ")
			if len(legal) > 40 {
				list = strings.Join(legal[:40], " ") + fmt.Sprintf(" … (%d en tout)", len(legal))
			}
			text = fmt.Sprintf(text, "« "+strings.Trim(game.Quote(m.Move), `"`)+" »", list)
			if len(legal) == 0 {
				text = web.T(lang, "err:over")
			}
		case "not_your_turn":
			text = fmt.Sprintf(text, playerName(r.match.Variant(), r.match.ToMove(), r.g.Seats, lang))
		case "chat_rate", "chat_share":
			text = m.Message // already in the connection's language, with its numbers (chatlimits.go)
		case "unknown_type", "malformed", "too_big", "rate_limited":
			// Protocol errors, which a page never causes: the detail
			// for the programmer stays.
			text += " (" + m.Message + ")"
		}
		if m.ID != "" || m.Code == "storage" || m.Code == "hint_storage" {
			text += " (réf. " + referenceOf(m) + ")"
		}
		m.Message = text
		return m
	}
	return v
}

// referenceOf is the reference of an internal error as written in its
// English message ("... (reference ID)").
func referenceOf(m errorMsg) string {
	if m.ID != "" {
		return m.ID
	}
	if _, ref, ok := strings.Cut(m.Message, "reference "); ok {
		return strings.TrimSuffix(ref, ")")
	}
	return "?"
}

// levelText is a computer seat's agent in words: a level's name in lang,
// an operator's engine name as it is.
func levelText(agent, lang string) string {
	if key := "level:" + agent; web.Has(key) {
		return web.T(lang, key)
	}
	return agent
}

// onlineLocked is the set of seats that a connection holds.
func (r *room) onlineLocked() uint8 {
	var mask uint8
	for c := range r.clients {
		mask |= c.seats
	}
	return mask
}

// presenceLocked tells the other connections that a player arrived or
// left (except, it being sent its own state anyway, the one who arrived).
// States are sent the usual way: a burst of arrivals coalesces into the
// latest state for each connection, and spectators are paced.
func (r *room) presenceLocked(except *client) {
	for c := range r.clients {
		if c != except && c.greeted {
			r.sendStateLocked(c)
		}
	}
}

// optionsText puts a variant's options into words (render.OptionsText).
func optionsText(options, lang string) string { return render.OptionsText(options, lang) }

// describeShared puts into words the legal moves whose clicks another
// move shares: the dialog that asks which one is meant shows the sentence
// under each move's picture.
func describeShared(v *game.Variant, legal []legalMove, lang string) {
	count := map[string]int{}
	for _, m := range legal {
		count[strings.Join(m.Places, " ")]++
	}
	for i, m := range legal {
		if len(m.Places) > 0 && count[strings.Join(m.Places, " ")] > 1 {
			legal[i].Says = describeMove(v, m.Move, lang)
		}
	}
}

// describeMove says what a move does (render.DescribeMove: the terminal
// game's menu says the same).
func describeMove(v *game.Variant, notation, lang string) string {
	return render.DescribeMove(v, notation, lang)
}
