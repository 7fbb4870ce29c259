//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"

	"github.com/plateau-games/plateau/webengine"
)

// recordRequest reads the fields of the op record (webengine.RecordRequest);
// a field of the wrong type is an error that names it.
func recordRequest(v js.Value) (webengine.RecordRequest, error) {
	var rr webengine.RecordRequest
	str := func(name string) (string, error) {
		x := v.Get(name)
		if x.IsUndefined() || x.IsNull() {
			return "", nil
		}
		if x.Type() != js.TypeString {
			return "", fmt.Errorf("field %s: a string, not a %s", name, x.Type())
		}
		return x.String(), nil
	}
	var err error
	if rr.Date, err = str("date"); err != nil {
		return rr, err
	}
	if x := v.Get("resigned"); !x.IsUndefined() && !x.IsNull() {
		if x.Type() != js.TypeNumber || x.Float() != float64(int(x.Float())) || x.Float() < 0 || x.Float() > 4 {
			return rr, fmt.Errorf("field resigned: a seat from 1 to 4, or 0")
		}
		rr.Resigned = x.Int()
	}
	p := v.Get("players")
	if p.IsUndefined() || p.IsNull() {
		return rr, nil
	}
	if p.Type() != js.TypeObject || p.Length() > 4 {
		return rr, fmt.Errorf("field players: a list of at most 4 names")
	}
	for i := 0; i < p.Length(); i++ {
		if p.Index(i).Type() != js.TypeString {
			return rr, fmt.Errorf("field players: a list of strings")
		}
		rr.Players = append(rr.Players, p.Index(i).String())
	}
	return rr, nil
}
