package ai

import (
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// MaxWithoutClock is the level max of v with a budget of work in place of
// its time (a search of nodes for alpha-beta, of playouts for MCTS), the
// rest of its spec and its guard of the round kept: its own search, whose
// moves do not depend on the machine's speed, as a time budget's do (a
// loaded machine searched less deep in the second the tests gave it), at
// a cost the tests choose. Other agents (POGO's perfect player) are the
// level as it is. For tests and tools that check what max plays
// (ai/roundcheck, TestLevelsSeeAWholeRound).
func MaxWithoutClock(v *game.Variant, seed uint64, nodes, playouts int) (Agent, error) {
	lv, err := New("max", v, seed)
	if err != nil {
		return nil, err
	}
	name := lv.Name() // "max (alphabeta:time=5s,...)"
	i := strings.Index(name, " (")
	if i < 0 || !strings.HasSuffix(name, ")") {
		return lv, nil
	}
	kind, params, _ := strings.Cut(name[i+2:len(name)-1], ":")
	var unit string
	var work int
	switch kind {
	case "alphabeta":
		unit, work = "nodes", nodes
	case "mcts":
		unit, work = "iterations", playouts
	default:
		return lv, nil
	}
	keep := []string{unit + "=" + strconv.Itoa(work)}
	for _, p := range strings.Split(params, ",") {
		if k, _, _ := strings.Cut(p, "="); p != "" && k != "time" && k != unit {
			keep = append(keep, p)
		}
	}
	spec := kind + ":" + strings.Join(keep, ",")
	a, err := New(spec, v, seed)
	if err != nil {
		return nil, err
	}
	return leveled{Agent: GuardRound(spec, a, v), name: "max (" + a.Name() + ")"}, nil
}
