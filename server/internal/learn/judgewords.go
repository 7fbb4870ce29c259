package learn

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/web"
)

// JudgeWords says in words which search judged an analysis and its time
// per position: "Judged by the computer at the hard level, 300 ms per
// position.", never the search's spec ("alphabeta:time=300ms"). A spec
// that is no level of v is named by its kind of search; an operator's
// engine keeps its name.
func JudgeWords(v *game.Variant, lang, agent, budget string) string {
	spec := agent
	level := ""
	// An analyser built from a level is named "hard (alphabeta:…)".
	if name, inner, ok := strings.Cut(agent, " ("); ok && web.Has("level:"+name) {
		level, spec = name, strings.TrimSuffix(inner, ")")
	}
	kind, params, _ := strings.Cut(spec, ":")
	if budget == "" {
		for _, p := range strings.Split(params, ",") {
			if k, val, ok := strings.Cut(p, "="); ok && k == "time" {
				budget = val
			}
		}
	}
	if level == "" && v != nil {
		for _, l := range ai.Levels {
			if s, err := ai.LevelSearchSpec(v, l); err == nil && sameSearch(s, spec) {
				level = l
				break
			}
		}
	}
	per := durationWords(budget, lang)
	if level != "" {
		if per == "" {
			return fmt.Sprintf(web.T(lang, "analysislevel"), web.T(lang, "level:"+level))
		}
		return fmt.Sprintf(web.T(lang, "analysislevelby"), web.T(lang, "level:"+level), per)
	}
	who := agent
	if web.Has("judge:" + kind) {
		who = web.T(lang, "judge:"+kind)
	}
	if per == "" {
		return fmt.Sprintf(web.T(lang, "analysisbyagent"), who)
	}
	return fmt.Sprintf(web.T(lang, "analysisby"), who, per)
}

// sameSearch says whether two search specs are the same search, the time
// aside (the analysis sets its own).
func sameSearch(a, b string) bool {
	strip := func(s string) string {
		kind, params, _ := strings.Cut(s, ":")
		var keep []string
		for _, p := range strings.Split(params, ",") {
			if p != "" && !strings.HasPrefix(p, "time=") {
				keep = append(keep, p)
			}
		}
		return kind + ":" + strings.Join(keep, ",")
	}
	return strip(a) == strip(b)
}

// durationWords writes a duration for people: "300 ms", "2 s", "1,5 s" in
// French; "" for none or an unreadable one.
func durationWords(text, lang string) string {
	d, err := time.ParseDuration(strings.TrimSpace(text))
	if err != nil || d <= 0 {
		return ""
	}
	if d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	s := strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
	if lang == "fr" {
		s = strings.ReplaceAll(s, ".", ",")
	}
	return s + " s"
}

func init() {
	web.Register(map[string][2]string{
		"judge:alphabeta": {"an alpha-beta search", "une recherche alpha-bêta"},
		"judge:mcts":      {"a Monte-Carlo tree search", "une recherche arborescente Monte-Carlo"},
		"judge:perfect":   {"the complete solution of the game", "la solution complète du jeu"},
	})
}

// BudgetWords is a search budget for the analysis page: "300 ms", never
// the program's "300ms".
func BudgetWords(text, lang string) string {
	if w := durationWords(text, lang); w != "" {
		return w
	}
	return text
}
