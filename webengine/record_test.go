package webengine

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/record"
)

// The op record writes what the server's /games/ID/record writes for the
// same game: record.Format of the match with its players and date; the
// file reads back (record.Parse) and replays to the same end.
func TestRecordOp(t *testing.T) {
	e := New()
	if a := e.Handle(Request{Op: "load", Rules: "pogo"}); a.Error != "" {
		t.Fatal(a.Error)
	}
	for i := 0; i < 400; i++ {
		a := e.Handle(Request{Op: "search", Level: "easy", Seed: uint64(i + 1)})
		if a.Error != "" {
			t.Fatal(a.Error)
		}
		if b := e.Handle(Request{Op: "apply", Move: a.Move}); b.Error != "" {
			t.Fatal(b.Error)
		} else if b.ToMove < 0 {
			break
		}
	}
	if !e.match.Outcome().Ended() {
		t.Fatal("the game did not end")
	}
	a := e.Handle(Request{Op: "record", RecordRequest: RecordRequest{Players: []string{"you", "computer easy"}, Date: "2026.11.28"}})
	if a.Error != "" {
		t.Fatal(a.Error)
	}
	want := record.FromMatch(e.match)
	want.Players, want.Date = []string{"you", "computer easy"}, "2026.11.28"
	if a.Record != record.Format(want) {
		t.Errorf("record:\n%s\nwant:\n%s", a.Record, record.Format(want))
	}
	rec, err := record.Parse(strings.NewReader(a.Record))
	if err != nil {
		t.Fatal(err)
	}
	m, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if m.Outcome().Status != e.match.Outcome().Status || len(m.Notations()) != len(e.match.Notations()) {
		t.Errorf("replayed: %v after %d moves, played: %v after %d", m.Outcome(), len(m.Notations()), e.match.Outcome(), len(e.match.Notations()))
	}
	// A finished game takes no other result.
	if a := e.Handle(Request{Op: "record", RecordRequest: RecordRequest{Resigned: 1}}); a.Error == "" {
		t.Error("a result replaced the rules' end")
	}
}

// A game resigned: the record carries the result and reason given, and
// bad input is refused with a reason.
func TestRecordOpResigned(t *testing.T) {
	e := New()
	if a := e.Handle(Request{Op: "load", Rules: "empire", Options: "players=3"}); a.Error != "" {
		t.Fatal(a.Error)
	}
	a := e.Handle(Request{Op: "record", RecordRequest: RecordRequest{Players: []string{"you", "computer", "computer"}, Resigned: 1}})
	if a.Error != "" {
		t.Fatal(a.Error)
	}
	rec, err := record.Parse(strings.NewReader(a.Record))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result.String() != "win 2,3" || rec.Result.Reason != "resigned 1" || rec.Options["players"] != "3" {
		t.Errorf("record: %+v", rec)
	}
	if _, err := rec.Replay(); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []RecordRequest{
		{Resigned: 4},
		{Resigned: -1},
		{Players: []string{"a", "b", "c", "d"}},
		{Players: []string{"new\nline"}},
		{Players: []string{strings.Repeat("x", MaxRecordText+1)}},
		{Date: "28/11/2026"},
	} {
		if a := e.Handle(Request{Op: "record", RecordRequest: bad}); a.Error == "" {
			t.Errorf("%+v: accepted", bad)
		}
	}
	if a := New().Handle(Request{Op: "record"}); a.Error == "" {
		t.Error("a record without a game")
	}
}
