package live

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
)

// Moves on the wire (issue 27): a page that runs the rules engine in the
// browser says so in its hello ("engine": true). It then gets a full state
// once (on each connection), and after it, for each new state, only what
// changed since the last state this connection was sent: the moves added,
// the fields whose value changed, the fields gone; never the board's SVG nor
// the legal moves, which the page's engine computes from the moves. The
// server still checks every move as before.
//
//	{"type":"delta","from":12,"add":["2b1-b3"],"set":{"ply":13,"toMove":1,...},"del":["offer"]}
//
// from is the ply of the state the delta applies to. A state that is not
// the last one plus moves (an undo) is sent whole, and so is any state to a
// connection whose seats changed.

// deltaSkipped are the fields a delta never carries: the page draws the
// board and lists the legal moves with its engine; "moves" travels as "add".
var deltaSkipped = map[string]bool{"svg": true, "legal": true, "moves": true, "type": true}

// fieldsOf is the state's fields as encoded, read once per state (all the
// connections of a view share it).
func (s *sharedState) fieldsOf() map[string]json.RawMessage {
	s.fieldsOnce.Do(func() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(append([]byte{'{'}, s.body...), &m); err == nil {
			s.fields = m
		}
	})
	return s.fields
}

// stateDelta is the delta from old to next, or false when next must be
// sent whole.
func stateDelta(old, next *sharedState) ([]byte, bool) {
	of, nf := old.fieldsOf(), next.fieldsOf()
	if of == nil || nf == nil {
		return nil, false
	}
	var oldMoves, newMoves []string
	if json.Unmarshal(of["moves"], &oldMoves) != nil || json.Unmarshal(nf["moves"], &newMoves) != nil ||
		len(newMoves) < len(oldMoves) || !slices.Equal(oldMoves, newMoves[:len(oldMoves)]) {
		return nil, false
	}
	var set, del []string
	for k, v := range nf {
		if !deltaSkipped[k] && !bytes.Equal(of[k], v) {
			set = append(set, k)
		}
	}
	for k := range of {
		if _, ok := nf[k]; !ok && !deltaSkipped[k] {
			del = append(del, k)
		}
	}
	sort.Strings(set)
	sort.Strings(del)
	b := []byte(`{"type":"delta","from":`)
	b = strconv.AppendInt(b, int64(old.ply), 10)
	if add := newMoves[len(oldMoves):]; len(add) > 0 {
		enc, err := encode(add)
		if err != nil {
			return nil, false
		}
		b = append(append(b, `,"add":`...), enc...)
	}
	if len(set) > 0 {
		b = append(b, `,"set":{`...)
		for i, k := range set {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendQuote(b, k)
			b = append(append(b, ':'), nf[k]...)
		}
		b = append(b, '}')
	}
	if len(del) > 0 {
		enc, err := encode(del)
		if err != nil {
			return nil, false
		}
		b = append(append(b, `,"del":`...), enc...)
	}
	return append(b, '}'), true
}

// boardless is the first state of a connection whose page runs the engine:
// whole but for the board's SVG and the legal moves, which the page computes
// from the rules, options, position text and moves the state carries.
func boardless(st *sharedState, prefix []byte) ([]byte, bool) {
	f := st.fieldsOf()
	if f == nil {
		return nil, false
	}
	keys := make([]string, 0, len(f))
	for k := range f {
		if k != "svg" && k != "legal" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	b := append([]byte{}, prefix...)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, k)
		b = append(append(b, ':'), f[k]...)
	}
	return append(b, '}'), true
}
