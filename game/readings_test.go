package game

import (
	"slices"
	"testing"
)

func TestReadings(t *testing.T) {
	g := &Game{ID: "empire", Name: Text{EN: "L'Empire", FR: "L'Empire"}, Options: []Option{
		{Name: "players", Default: "2"},
		{Name: "throne", Default: "far", Values: []string{"far", "near"}},
		{Name: "guard", Default: "next", Values: []string{"next", "all"}},
		{Name: "start", Default: "book"},
	}}
	v := &Variant{Game: g, Options: Options{"players": "3", "throne": "near", "guard": "next"}}
	if got := v.Readings(); !slices.Equal(got, []string{"throne=near"}) {
		t.Errorf("readings %v", got)
	}
	if got := v.Title("fr"); got != "L'Empire, trône proche" {
		t.Errorf("title fr %q", got)
	}
	if got := v.Title("en"); got != "L'Empire, near throne" {
		t.Errorf("title en %q", got)
	}
	v.Options["start"] = "....long/position/text"
	v.Options["guard"] = "all"
	if got := v.Title("en"); got != "L'Empire, commandant safe from every opponent, own start position, near throne" {
		t.Errorf("three readings %q", got)
	}
	// Defaults, and options that are not readings, leave a variant rated
	// and its title alone.
	d := &Variant{Game: g, Options: Options{"players": "4", "throne": "far", "start": "book"}}
	if len(d.Readings()) != 0 || d.Title("fr") != "L'Empire" {
		t.Errorf("defaults: %v %q", d.Readings(), d.Title("fr"))
	}
	if !IsReading("seating") || !IsReading("kingpath") || IsReading("players") || IsReading("layout") || IsReading("size") {
		t.Error("IsReading")
	}
	if w, ok := ReadingWords("triangles", "j", "fr"); !ok || w != "triangles sur la colonne j" {
		t.Errorf("triangles=j: %q %t", w, ok)
	}
}
