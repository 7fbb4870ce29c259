package server

import (
	"regexp"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/server/internal/learn"
)

// Found reading the analysis page in French: "une recherche de 300ms par
// position", the program's way of writing a duration. It says "300 ms" now
// (and "1,5 s" in French).
func TestAnalysisPageBudgetInWords(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a := dial(t, ts, g.id)
	a.hello(0, g.mine[0])
	a.send(map[string]any{"type": "resign"})
	a.expect("state", func(m msg) bool { return m.str("result") != "*" })
	glued := regexp.MustCompile(`\d(ms|s|m|h)\b`)
	for _, lang := range []string{"fr", "en"} {
		_, body := get(t, ts, "/games/"+g.id+"/analysis?lang="+lang)
		intro := "par position"
		if lang == "en" {
			intro = "per position"
		}
		i := strings.Index(body, intro)
		if i < 0 {
			t.Fatalf("%s: no budget sentence on the analysis page", lang)
		}
		line := body[max(0, i-60) : i+len(intro)]
		if glued.MatchString(line) || !strings.Contains(line, " ms ") && !strings.Contains(line, " s ") {
			t.Errorf("%s: the budget reads %q", lang, line)
		}
	}
	if got := learn.BudgetWords("1.5s", "fr"); got != "1,5 s" {
		t.Errorf("1.5s in French: %q", got)
	}
}
