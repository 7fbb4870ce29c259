package server

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// The new game form offers each other reading of the rules of the game in
// words, in its own fieldset, the usual one preselected and said so; only
// for the games that have them. A start position is typed with its spaces
// and commas; the game created starts there and its title names the
// readings; an illegal start is refused in the page's language.
func TestNewGameFormReadings(t *testing.T) {
	srv, ts, _ := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	c := browser(t)
	_, en := getAs(t, c, ts.URL+"/new?game=empire&lang=en")
	for _, want := range []string{`<fieldset id="readings"><legend>Readings of the rules</legend>`, `King's throne`,
		`<option value="far" selected>far throne (usual reading)</option><option value="near">near throne</option>`,
		`<textarea name="opt_start"`, `is never rated`} {
		if !strings.Contains(strings.ReplaceAll(en, "&#39;", "'"), want) {
			t.Errorf("English form lacks %q", want)
		}
	}
	_, fr := getAs(t, c, ts.URL+"/new?game=polygone&lang=fr")
	for _, want := range []string{"Lectures de la règle", "(lecture habituelle)", "aucune direction balayée vers l", "Le départ habituel :", "B1-A1,B1-B2,B2-A2"} {
		if !strings.Contains(fr, want) {
			t.Errorf("French form lacks %q", want)
		}
	}
	if _, pogo := getAs(t, c, ts.URL+"/new?game=pogo&lang=en"); strings.Contains(pogo, `id="readings"`) || strings.Contains(pogo, "opt_") {
		t.Errorf("POGO's form offers readings")
	}

	v, err := game.NewVariant("empire", nil)
	if err != nil {
		t.Fatal(err)
	}
	book := v.Start().Encode()
	moved := strings.Replace(book, "1T1S1T1S........ ", "1T1S1T.1S....... ", 1)
	f := form("empire", "me", "computer")
	f.Set("opt_throne", "near")
	f.Set("opt_start", "  "+strings.ReplaceAll(moved, " ", "  \n")+" ") // as pasted
	made := createGame(t, ts, f)
	g, err := srv.store.LoadGame(context.Background(), made.id)
	if err != nil {
		t.Fatal(err)
	}
	gv, err := game.NewVariant("empire", mustOptions(t, g.Options))
	if err != nil {
		t.Fatal(err)
	}
	if got := gv.Start().Encode(); got != moved {
		t.Errorf("start %q, want %q", got, moved)
	}
	_, page := getAs(t, c, ts.URL+"/games/"+made.id+"?lang=en")
	if !strings.Contains(strings.ReplaceAll(page, "&#39;", "'"), "<title>L'Empire, own start position, near throne") {
		i := strings.Index(page, "<title>")
		t.Errorf("title: %q", page[i:min(len(page), i+80)])
	}

	// An illegal start: the commandant gone. Refused in French, the
	// form shown again.
	f.Set("opt_start", strings.Replace(moved, "1C", "1S", 1))
	resp, body := postAs(t, c, ts.URL+"/games?lang=fr", f)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, `id="formerror"`) || !strings.Contains(body, "option start :") {
		i := strings.Index(body, `id="formerror"`)
		t.Errorf("illegal start: status %d, %q", resp.StatusCode, body[max(i, 0):min(len(body), max(i, 0)+300)])
	}
	// A value the reading does not have.
	f.Set("opt_start", "")
	f.Set("opt_throne", "middle")
	if resp, body := postAs(t, c, ts.URL+"/games?lang=en", f); resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "far, near") {
		t.Errorf("throne=middle: status %d", resp.StatusCode)
	}
	if got := startFormValue("a b,c\n d"); got != "a_b;c_d" {
		t.Errorf("startFormValue = %q", got)
	}
}

func mustOptions(t *testing.T, s string) game.Options {
	t.Helper()
	o, err := game.ParseOptions(s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
