package webengine

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
)

// MaxRecordText bounds each player name and the end reason a record
// request gives: the server's own names are at most 40 runes.
const MaxRecordText = 200

// RecordRequest is what the op record adds to the game the engine holds:
//
//	record    the game as a record file, in the format of the server's
//	          /games/ID/record (package record): Players (who held each
//	          seat), Date ("2006.01.02"), and for a game ended by a
//	          resignation the seat that resigned, Resigned (from 1): the
//	          seats of other teams win, the reason "resigned N", as the
//	          server writes it
type RecordRequest struct {
	Players  []string `json:"players,omitempty"`
	Date     string   `json:"date,omitempty"`
	Resigned int      `json:"resigned,omitempty"`
}

// recordOf writes the loaded game as a record (the op record).
func (e *Engine) recordOf(req Request) (Answer, error) {
	if err := e.loaded(); err != nil {
		return Answer{}, err
	}
	v := e.match.Variant()
	rec := record.FromMatch(e.match)
	if len(req.Players) > v.Players {
		return Answer{}, fmt.Errorf("%d players named: %s has %d", len(req.Players), v, v.Players)
	}
	for i, p := range req.Players {
		if err := plainText(p); err != nil {
			return Answer{}, fmt.Errorf("player %d: %w", i+1, err)
		}
		rec.Players = append(rec.Players, p)
	}
	if req.Date != "" {
		if !isDate(req.Date) {
			return Answer{}, fmt.Errorf("date %q: year.month.day, as 2026.11.21", req.Date)
		}
		rec.Date = req.Date
	}
	if req.Resigned != 0 {
		seat := req.Resigned - 1
		switch {
		case seat < 0 || seat >= v.Players:
			return Answer{}, fmt.Errorf("resigned %d: a seat from 1 to %d", req.Resigned, v.Players)
		case rec.Result.Ended():
			return Answer{}, fmt.Errorf("the game ended by the rules (%s): nobody can resign", rec.Result)
		}
		res := record.Result{Status: game.Win, Reason: "resigned " + strconv.Itoa(req.Resigned)}
		for s := 0; s < v.Players; s++ {
			if v.Team(s) != v.Team(seat) {
				res.Winners = append(res.Winners, s)
			}
		}
		rec.Result = res
	}
	return Answer{Ply: len(e.states) - 1, ToMove: e.match.ToMove(), Result: e.match.Outcome().Status.String(), Record: record.Format(rec)}, nil
}

// plainText accepts a name or reason for a record tag: bounded, printable.
func plainText(s string) error {
	if len(s) > MaxRecordText {
		return fmt.Errorf("%d bytes: at most %d", len(s), MaxRecordText)
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("not UTF-8 text")
	}
	for _, r := range s {
		// Control characters only: unicode.IsPrint's tables would weigh
		// on the module, and the record's quoting escapes the rest.
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 {
			return fmt.Errorf("character %U: no control characters", r)
		}
	}
	return nil
}

// isDate is a Date tag's form: 2026.11.21.
func isDate(s string) bool {
	if len(s) != len(record.DateLayout) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i == 4 || i == 7 {
			if s[i] != '.' {
				return false
			}
		} else if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
