package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

type pogoValuesJSON struct {
	Error     string `json:"error"`
	Positions []struct {
		Position string `json:"position"`
		Moves    []struct {
			Move   string `json:"move"`
			Result string `json:"result"`
			Plies  int    `json:"plies"`
		} `json:"moves"`
	} `json:"positions"`
}

func postPogoValues(t *testing.T, ts string, form url.Values) (int, pogoValuesJSON) {
	t.Helper()
	resp, err := http.PostForm(ts+"/analysis/pogo-values", form)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out pogoValuesJSON
	if resp.StatusCode != http.StatusTooManyRequests {
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatalf("status %d: %v", resp.StatusCode, err)
		}
	}
	return resp.StatusCode, out
}

// The POGO solution's lookup for the analysis board in the browser: every
// position of the game before its end, each move's exact value as the
// perfect player's analysis gives it; bad games refused with the reason;
// a server without the solution says so; the lookups of one address are
// rationed.
func TestPogoValues(t *testing.T) {
	table := os.Getenv("PLATEAU_TEST_POGO_TABLE")
	if table == "" {
		t.Skip("PLATEAU_TEST_POGO_TABLE is not set (scripts/test solves POGO and sets it)")
	}
	_, ts := runServer(t, Config{Store: newMemStore(), POGOSolution: table, LookupsPerMinute: -1})
	moves := []string{"2b1-b3", "1a3-a2", "1c1-c2"}
	code, got := postPogoValues(t, ts.URL, url.Values{"moves": {strings.Join(moves, "\n")}})
	if code != 200 || len(got.Positions) != len(moves)+1 {
		t.Fatalf("status %d, %d positions, want %d: %+v", code, len(got.Positions), len(moves)+1, got)
	}
	v, _ := game.NewVariant("pogo", nil)
	m := game.NewMatch(v.Start())
	an, err := ai.NewAnalyser("perfect:table="+table, v, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range got.Positions {
		if p.Position != m.State().Encode() {
			t.Errorf("position %d: %q, want %q", i, p.Position, m.State().Encode())
		}
		a, err := an.Analyse(t.Context(), m)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Moves) != len(a.Moves) {
			t.Fatalf("position %d: %d moves, want %d", i, len(p.Moves), len(a.Moves))
		}
		for k, mv := range a.Moves {
			if p.Moves[k].Move != mv.Notation || p.Moves[k].Result != mv.Proof.String() || p.Moves[k].Plies != mv.Plies {
				t.Errorf("position %d move %d: %+v, want %s %s %d", i, k, p.Moves[k], mv.Notation, mv.Proof, mv.Plies)
			}
		}
		if i < len(moves) {
			if _, err := m.PlayNotation(moves[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, bad := range []struct {
		form url.Values
		says string
	}{
		{url.Values{"moves": {"2b1-b3\nzz"}}, "move 2"},
		{url.Values{"moves": {strings.Repeat("2b1-b3\n", 1001)}}, "at most 1000"},
		{url.Values{"options": {"nosuch=1"}}, "nosuch"},
		{url.Values{"position": {"not a position"}}, "position"},
	} {
		code, got := postPogoValues(t, ts.URL, bad.form)
		if code != http.StatusBadRequest || !strings.Contains(got.Error, bad.says) {
			t.Errorf("%v: %d %q, want 400 saying %q", bad.form, code, got.Error, bad.says)
		}
	}
	// A page of another site cannot use the visitor's share of lookups.
	if resp, _ := post(t, ts, "/analysis/pogo-values", url.Values{"moves": {"2b1-b3"}}, "Sec-Fetch-Site", "cross-site"); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a lookup from another site: %d, want 403", resp.StatusCode)
	}
	// A body over the bound is refused before anything is read into a game.
	code, _ = postPogoValues(t, ts.URL, url.Values{"moves": {strings.Repeat("x", 70<<10)}})
	if code != http.StatusBadRequest {
		t.Errorf("a body of 70 KB: %d, want 400", code)
	}

	// Without the solution: 404 and the reason.
	_, bare := runServer(t, Config{Store: newMemStore(), POGOSolution: t.TempDir() + "/none"})
	if code, got := postPogoValues(t, bare.URL, url.Values{"moves": {"2b1-b3"}}); code != http.StatusNotFound || !strings.Contains(got.Error, "no POGO solution") {
		t.Errorf("without a solution: %d %q", code, got.Error)
	}

	// Rationed: five at once, then 429.
	_, rationed := runServer(t, Config{Store: newMemStore(), POGOSolution: table, LookupsPerMinute: 1})
	refused := 0
	for range 8 {
		if code, _ := postPogoValues(t, rationed.URL, url.Values{"moves": {"2b1-b3"}}); code == http.StatusTooManyRequests {
			refused++
		}
	}
	if refused != 8-DefaultLookupsBurst {
		t.Errorf("%d of 8 lookups refused, want %d", refused, 8-DefaultLookupsBurst)
	}
}
