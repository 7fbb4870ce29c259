package loadtest

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// The server's messages are compact JSON (encoding/json) and its states
// carry the whole board as SVG: the few fields the load generator needs
// are found by their key rather than by decoding every message. A key in
// quotes followed by a colon can only be a key: inside a JSON string the
// quotes are escaped.

// field finds the value of key in b: the bytes after "key":.
func field(b []byte, key string) []byte {
	var pat [64]byte
	p := append(pat[:0], '"')
	p = append(p, key...)
	p = append(p, '"', ':')
	i := bytes.Index(b, p)
	if i < 0 {
		return nil
	}
	return b[i+len(p):]
}

// msgType is the message's "type", or "" when it has none.
func msgType(b []byte) string {
	s, ok := strField(b, "type")
	if !ok {
		var m struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(b, &m) == nil {
			return m.Type
		}
	}
	return s
}

// intField reads an integer field.
func intField(b []byte, key string) (int, bool) {
	v := field(b, key)
	end := 0
	for end < len(v) && (v[end] == '-' || v[end] >= '0' && v[end] <= '9') {
		end++
	}
	if end == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(string(v[:end]))
	return n, err == nil
}

// strField reads a string field without escapes (the fields read here
// are plain ASCII words).
func strField(b []byte, key string) (string, bool) {
	v := field(b, key)
	if len(v) < 2 || v[0] != '"' {
		return "", false
	}
	end := bytes.IndexByte(v[1:], '"')
	if end < 0 || bytes.IndexByte(v[1:1+end], '\\') >= 0 {
		return "", false
	}
	return string(v[1 : 1+end]), true
}

// legalMoves reads the notations of the state's "legal" list.
func legalMoves(b []byte) ([]string, error) {
	v := field(b, "legal")
	if v == nil {
		return nil, nil // absent when the game is over
	}
	var list []struct {
		Move string `json:"move"`
	}
	if err := json.NewDecoder(bytes.NewReader(v)).Decode(&list); err != nil {
		return nil, err
	}
	moves := make([]string, len(list))
	for i, m := range list {
		moves[i] = m.Move
	}
	return moves, nil
}
