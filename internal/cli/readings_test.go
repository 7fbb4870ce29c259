package cli

import (
	"strings"
	"testing"
)

// games --variants names each other reading of the rules in words (the
// start position's included, though no declared variant sets it), in
// English and French; a played game with another reading says so first.
func TestGamesVariantsNameReadings(t *testing.T) {
	en := mustRun(t, "", "games", "--variants")
	for _, want := range []string{
		"players=2 throne=near (near throne)",
		"other readings of the rules (never rated):",
		"throne=near: near throne",
		"start=POSITION: own start position",
		"kingpath=straight: straight king path",
		"triangles=j: triangles on file j",
		"backwards=swept: no backward direction swept",
	} {
		if !strings.Contains(en, want) {
			t.Errorf("games --variants lacks %q:\n%s", want, en)
		}
	}
	if strings.Contains(en, "throne=far:") || strings.Contains(en, "triangles=k:") {
		t.Errorf("games --variants lists a default as another reading:\n%s", en)
	}
	fr := mustRun(t, "", "games", "--variants", "--lang", "fr")
	for _, want := range []string{"players=2 throne=near (trône proche)", "autres lectures de la règle (jamais classées) :", "throne=near : trône proche", "start=POSITION : position de départ choisie"} {
		if !strings.Contains(fr, want) {
			t.Errorf("games --variants --lang fr lacks %q:\n%s", want, fr)
		}
	}
	// POGO has no readings: no section.
	if i := strings.Index(en, "pogo "); strings.Contains(en[i:strings.Index(en, "poldr ")], "other readings") {
		t.Errorf("pogo lists readings:\n%s", en)
	}

	out := mustRun(t, "quit\n", "play", "empire", "--opt", "throne=near", "--opt", "guard=all", "--seat", "2=random", "--lang", "fr")
	if first := lines(out)[0]; first != "L'Empire, avec d'autres lectures de la règle : commandant à l'abri de tous, trône proche." {
		t.Errorf("first line: %q", first)
	}
	out = mustRun(t, "quit\n", "play", "empire", "--opt", "throne=near", "--seat", "2=random")
	if first := lines(out)[0]; first != "L'Empire, with another reading of the rules: near throne." {
		t.Errorf("first line: %q", first)
	}
	out = mustRun(t, "quit\n", "play", "empire", "--opt", "throne=far", "--seat", "2=random")
	if strings.Contains(out, "reading") {
		t.Errorf("the default reading is announced:\n%s", out)
	}
}
