package live

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
)

// localized gives a message to c in its language: an info gets its
// sentence (Text), naming the player; an error or a refused move, on a
// French page, a French message for its code (the English one, written
// where the error arises, may hold a rules engine's detail).
func (r *room) localized(c *client, v any) any {
	lang := langOf(c)
	switch m := v.(type) {
	case infoMsg:
		name := games.PlayerName(r.match.Variant(), m.Seat, r.g.Seats, lang)
		if key := "info:" + m.Code; web.Has(key) {
			m.Text = strings.ReplaceAll(web.T(lang, key), "%s", name)
		}
		return m
	case hintMsg:
		return r.localizedHint(m, lang)
	case rematchMsg:
		m.Text = fmt.Sprintf(web.T(lang, "info:rematch"), games.PlayerName(r.match.Variant(), m.By, r.g.Seats, lang))
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
			text = fmt.Sprintf(text, games.PlayerName(r.match.Variant(), r.match.ToMove(), r.g.Seats, lang))
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
