package cli

import (
	"os"
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

	// The games played here save their records in the working folder.
	t.Chdir(t.TempDir())
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

// A game played with other readings and a start of its own is recorded
// with them (options, and the [Readings] and [Lectures] tags); replay
// --record and analyze-game read it back, start there, and name the
// readings; replay --json lists them.
func TestRecordReadingsReplayAndAnalyze(t *testing.T) {
	// Polygone's book start with White's B1-A1 segment moved to A1-A2.
	start := "A1-A2;B1-B2;B2-A2;C1-B1;C1-C2;C1-D1;C2-B2;C2-C3;C2-D2;D1-D2;D1-E1;D2-E2_A3-B4;A4-B5;B4-B5;B4-C5;B5-C6;C4-C5;C5-C6;D4-C5;D4-D5;D5-C6;E3-D4;E4-D5_W_0_0"
	path := t.TempDir() + "/game.txt"
	mustRun(t, "", "play", "polygone", "--opt", "backwards=swept", "--opt", "start="+start,
		"--seat", "1=random", "--seat", "2=random", "--seed", "5", "--record", path)
	text := readFile(t, path)
	for _, want := range []string{`[Options "backwards=swept start=` + start + `"]`,
		`[Readings "no backward direction swept, own start position"]`,
		`[Lectures "aucune direction balayée vers l'arrière, position de départ choisie"]`} {
		if !strings.Contains(text, want) {
			t.Errorf("record lacks %s:\n%s", want, text)
		}
	}
	out := mustRun(t, "", "replay", "--record", path, "--json")
	for _, want := range []string{`"readings": [`, `"backwards=swept",`, `"start_position": "A1-A2,B1-B2,B2-A2,`} {
		if !strings.Contains(out, want) {
			t.Errorf("replay --json lacks %s:\n%s", want, out)
		}
	}
	out = mustRun(t, "", "replay", "--record", path, "--lang", "fr")
	if first := lines(out)[0]; first != "Polygone, avec d'autres lectures de la règle : aucune direction balayée vers l'arrière, position de départ choisie." {
		t.Errorf("replay's first line: %q", first)
	}
	out = mustRun(t, "", "analyze-game", path, "--nodes", "20", "--seed", "1")
	if l := lines(out); len(l) < 2 || l[1] != "Polygone, with other readings of the rules: no backward direction swept, own start position." || !strings.Contains(out, "Summary:") {
		t.Errorf("analyze-game:\n%s", out)
	}
	// A usual game's replay says nothing of readings.
	if out := mustRun(t, "", "replay", "polygone", "--json"); strings.Contains(out, "readings") {
		t.Errorf("replay --json of the usual rules names readings:\n%s", out)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// --opt start= takes a position text with its own spaces and commas too.
func TestOptStartWithSpaces(t *testing.T) {
	typed := "A1-A2,B1-B2,B2-A2,C1-B1,C1-C2,C1-D1,C2-B2,C2-C3,C2-D2,D1-D2,D1-E1,D2-E2 A3-B4,A4-B5,B4-B5,B4-C5,B5-C6,C4-C5,C5-C6,D4-C5,D4-D5,D5-C6,E3-D4,E4-D5 W 0 0"
	out := mustRun(t, "", "replay", "polygone", "--opt", "start="+typed, "--json")
	if !strings.Contains(out, `"start_position": "`+typed+`"`) {
		t.Errorf("replay --opt start with spaces:\n%s", out)
	}
	if got := startOpts([]string{"players=3,teams=true", " start=a b,c"}); got[0] != "players=3,teams=true" || got[1] != "start=a_b;c" {
		t.Errorf("startOpts = %q", got)
	}
}
