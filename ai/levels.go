package ai

import (
	"fmt"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/game"
)

// Levels are the strengths offered to players, weakest first.
var Levels = []string{"easy", "medium", "hard", "max"}

func isLevel(name string) bool {
	for _, l := range Levels {
		if l == name {
			return true
		}
	}
	return false
}

var (
	levelsMu sync.RWMutex
	// levelSpecs maps a game id to the spec of each level; the entry ""
	// holds the defaults of games without their own. Levels are chosen by
	// measurement (docs/ai.md gives the figures and the command): each is
	// clearly stronger than the one below. Iteration and depth budgets keep
	// the levels below max reproducible and the same on every machine; max
	// takes time instead, the strongest play the machine allows.
	levelSpecs = map[string]map[string]string{
		"": {
			"easy":   "mcts:iterations=100,threads=1",
			"medium": "mcts:iterations=1000,threads=1",
			"hard":   "mcts:iterations=10000,time=5s",
			"max":    "mcts:time=5s",
		},
		"pogo": {
			"easy":   "alphabeta:depth=1,noise=60",
			"medium": "alphabeta:depth=2",
			"hard":   "alphabeta:depth=6",
			"max":    "alphabeta:time=3s",
		},
	}

	// multiLevelSpecs are the levels of games played by three or four
	// (with or without teams), keyed like levelSpecs: paranoid alpha-beta
	// (every opponent against the player), whose evaluations count a
	// piece attacked by an opponent who moves before its owner as lost,
	// so that a level sees what the rest of the round takes (measured by
	// TestLevelsSeeAWholeRound).
	multiLevelSpecs = map[string]map[string]string{
		"": {
			"easy":   "alphabeta:depth=2,noise=1",
			"medium": "alphabeta:depth=3",
			"hard":   "alphabeta:depth=5,nodes=300000",
			"max":    "alphabeta:time=5s",
		},
	}
)

// RegisterMultiPlayerLevels sets the specs of the levels of the game id
// when three or four play; levels not given keep the defaults.
func RegisterMultiPlayerLevels(id string, specs map[string]string) {
	levelsMu.Lock()
	defer levelsMu.Unlock()
	multiLevelSpecs[strings.ToLower(id)] = specs
}

// RegisterLevels sets the specs of the levels of the game id; levels not
// given keep the defaults.
func RegisterLevels(id string, specs map[string]string) {
	levelsMu.Lock()
	defer levelsMu.Unlock()
	levelSpecs[strings.ToLower(id)] = specs
}

// LevelSpec returns the spec that level stands for in the game id.
func LevelSpec(id, level string) (string, error) {
	if !isLevel(level) {
		return "", fmt.Errorf("unknown level %q; the levels are %s", level, strings.Join(Levels, ", "))
	}
	levelsMu.RLock()
	defer levelsMu.RUnlock()
	if spec, ok := levelSpecs[strings.ToLower(id)][level]; ok {
		return spec, nil
	}
	return levelSpecs[""][level], nil
}

// leveled is an agent standing for a level; only its name differs.
type leveled struct {
	Agent
	name string
}

func (l leveled) Name() string { return l.name }

// Unwrap is the agent the level stands for, for the figures of its
// search (nodes, iterations).
func (l leveled) Unwrap() Agent { return l.Agent }

// SearchFigures gives what the last Choose of a (or of the agent a level
// stands for) counted: alpha-beta's depth and nodes, MCTS's playouts.
func SearchFigures(a Agent) (depth int, nodes, iterations int64) {
	for {
		u, ok := a.(interface{ Unwrap() Agent })
		if !ok {
			break
		}
		a = u.Unwrap()
	}
	switch x := a.(type) {
	case *AlphaBeta:
		return x.Depth(), x.Nodes(), 0
	case *MCTS:
		return 0, 0, x.Iterations()
	}
	return 0, 0, 0
}

// LevelSpecFor returns the spec that level stands for in the variant v:
// the game's levels for one or two players, its multi-player levels
// (RegisterMultiPlayerLevels) for three or four.
func LevelSpecFor(v *game.Variant, level string) (string, error) {
	if v.Players <= 2 {
		return LevelSpec(v.Game.ID, level)
	}
	if !isLevel(level) {
		return "", fmt.Errorf("unknown level %q; the levels are %s", level, strings.Join(Levels, ", "))
	}
	levelsMu.RLock()
	defer levelsMu.RUnlock()
	if spec, ok := multiLevelSpecs[strings.ToLower(v.Game.ID)][level]; ok {
		return spec, nil
	}
	return multiLevelSpecs[""][level], nil
}

func newLevel(level string, v *game.Variant, seed uint64) (Agent, error) {
	spec, err := LevelSpecFor(v, level)
	if err != nil {
		return nil, err
	}
	// Alpha-beta needs two sides or more: a game played alone (Solitaire,
	// or a Blockade game for one) falls back to the default levels.
	if strings.HasPrefix(spec, "alphabeta") && sides(v) < 2 {
		spec, _ = LevelSpec("", level)
	}
	// POGO's strongest level is the perfect player once its solution has
	// been computed (plateau solve pogo); until then, the search above.
	if level == "max" && v.Game.ID == "pogo" && perfectTableExists() {
		spec = "perfect"
	}
	a, err := New(spec, v, seed)
	if err != nil {
		return nil, fmt.Errorf("level %s of %s (%s): %w", level, v, spec, err)
	}
	return leveled{Agent: a, name: level + " (" + a.Name() + ")"}, nil
}
