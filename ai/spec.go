package ai

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
)

// SpecHelp describes the agent specs that New reads, for help texts.
const SpecHelp = `an agent spec is a level (easy, medium, hard, max) or an agent with
optional parameters after a colon, separated by commas:
  random
  mcts[:iterations=N][,time=DURATION][,threads=N][,c=X][,reuse=false][,decisive=false]
  alphabeta[:depth=N][,rounds=N][,nodes=N][,time=DURATION][,noise=X][,table=BITS][,brs=true]
    (rounds=N searches N whole rounds more: N times the number of players, in plies;
    with more than two sides the search is paranoid: every opponent plays against it;
    brs=true: only the opponent with the best reply moves, depth counts layers)
  engine:[time=D] [iterations=N] [depth=N] [nodes=N] [timeout=D] PROGRAM [ARGS...]  (docs/engine-protocol.md)
  perfect[:table=PATH]  (POGO, from the solution of 'plateau solve pogo')
for example mcts:time=2s, mcts:iterations=20000,threads=2, alphabeta:depth=6`

// SpecHelpText is SpecHelp in both languages, for messages.
var SpecHelpText = game.Text{EN: SpecHelp, FR: `un agent est un niveau (easy, medium, hard, max : facile, moyen, difficile, le plus fort)
ou un agent avec des paramètres facultatifs après deux-points, séparés par des virgules :
  random  (au hasard)
  mcts[:iterations=N][,time=DURÉE][,threads=N][,c=X][,reuse=false][,decisive=false]
  alphabeta[:depth=N][,rounds=N][,nodes=N][,time=DURÉE][,noise=X][,table=BITS][,brs=true]
    (rounds=N cherche N tours de table de plus : N fois le nombre de joueurs, en coups ;
    à plus de deux camps la recherche est paranoïaque : chaque adversaire joue contre lui ;
    brs=true : seul l'adversaire à la meilleure réponse joue, depth compte des couches)
  engine:[time=D] [iterations=N] [depth=N] [nodes=N] [timeout=D] PROGRAMME [ARGS...]  (docs/engine-protocol.md)
  perfect[:table=CHEMIN]  (POGO, d'après la solution de 'plateau solve pogo')
par exemple mcts:time=2s, mcts:iterations=20000,threads=2, alphabeta:depth=6`}

// New builds the agent described by spec for the variant v (see SpecHelp).
// seed makes its choices reproducible (with an iteration or depth budget).
func New(spec string, v *game.Variant, seed uint64) (Agent, error) {
	// An external engine's command line keeps its case and spaces.
	if len(strings.TrimSpace(spec)) >= len("engine:") && strings.EqualFold(strings.TrimSpace(spec)[:len("engine:")], "engine:") {
		return newEngineAgent(strings.TrimSpace(spec)[len("engine:"):], v, seed)
	}
	spec = strings.TrimSpace(spec)
	name, paramText, hasParams := strings.Cut(spec, ":")
	if !strings.EqualFold(name, "perfect") {
		// Only a file path (perfect's table=PATH) keeps its case.
		spec = strings.ToLower(spec)
		name, paramText, hasParams = strings.Cut(spec, ":")
	}
	name = strings.ToLower(name)
	name = strings.TrimSpace(name)
	params, err := parseParams(paramText, hasParams)
	if err != nil {
		return nil, game.Errorf(game.Text{EN: "agent %s: %v", FR: "agent %s : %v"}, game.Quote(spec), err)
	}
	if isLevel(name) {
		if hasParams {
			return nil, game.Errorf(game.Text{EN: "agent %s: the level %s takes no parameters", FR: "agent %s : le niveau %s ne prend pas de paramètres"}, game.Quote(spec), name)
		}
		return newLevel(name, v, seed)
	}
	var agent Agent
	switch name {
	case "random":
		if hasParams {
			return nil, game.Errorf(game.Text{EN: "agent %s: random takes no parameters", FR: "agent %s : random (au hasard) ne prend pas de paramètres"}, game.Quote(spec))
		}
		return NewRandom(newRNG(seed)), nil
	case "mcts":
		agent, err = newMCTSFromParams(params, seed)
	case "alphabeta":
		agent, err = newAlphaBetaFromParams(params, v, seed)
	case "perfect":
		agent, err = newPerfectFromParams(params, v)
	default:
		return nil, game.Errorf(game.Text{EN: "unknown agent %s; %s", FR: "agent inconnu %s ; %s"}, game.Quote(spec), SpecHelpText)
	}
	if err != nil {
		return nil, game.Errorf(game.Text{EN: "agent %s: %v", FR: "agent %s : %v"}, game.Quote(spec), err)
	}
	return agent, nil
}

func newPerfectFromParams(p *params, v *game.Variant) (Agent, error) {
	path, _ := p.take("table")
	if err := p.done("perfect", "table"); err != nil {
		return nil, err
	}
	return NewPerfect(path, v)
}

// params are the key=value parameters of a spec. The getters take them
// out and keep the first error, so that a spec reads in one go and what is
// left at the end was not understood.
type params struct {
	values map[string]string
	err    error
}

func parseParams(text string, present bool) (*params, error) {
	p := &params{values: map[string]string{}}
	if !present {
		return p, nil
	}
	if strings.TrimSpace(text) == "" {
		return nil, game.Errorf(game.Text{EN: "nothing after the colon: write parameters as key=value, separated by commas", FR: "rien après les deux-points : écrivez les paramètres en clé=valeur, séparés par des virgules"})
	}
	for _, item := range strings.Split(text, ",") {
		k, v, ok := strings.Cut(item, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return nil, game.Errorf(game.Text{EN: "parameter %s is not of the form key=value", FR: "le paramètre %s n'est pas de la forme clé=valeur"}, game.Quote(item))
		}
		if _, dup := p.values[k]; dup {
			return nil, game.Errorf(game.Text{EN: "parameter %s is given twice", FR: "le paramètre %s est donné deux fois"}, k)
		}
		p.values[k] = v
	}
	return p, nil
}

// take removes the parameter key and reports whether it was there.
func (p *params) take(key string) (string, bool) {
	s, ok := p.values[key]
	delete(p.values, key)
	return s, ok && p.err == nil
}

func (p *params) int(key string, min, max int) int {
	s, ok := p.take(key)
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < min || n > max {
		p.err = game.Errorf(game.Text{EN: "%s=%s must be a whole number from %d to %d", FR: "%s=%s doit être un nombre entier de %d à %d"}, key, s, min, max)
	}
	return n
}

func (p *params) float(key string, min, max float64) float64 {
	s, ok := p.take(key)
	if !ok {
		return 0
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !(x >= min && x <= max) {
		p.err = game.Errorf(game.Text{EN: "%s=%s must be a number from %g to %g", FR: "%s=%s doit être un nombre de %g à %g"}, key, s, min, max)
	}
	return x
}

func (p *params) duration(key string) time.Duration {
	s, ok := p.take(key)
	if !ok {
		return 0
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 || d > 24*time.Hour {
		p.err = game.Errorf(game.Text{EN: "%s=%s must be a duration such as 500ms, 2s or 1m", FR: "%s=%s doit être une durée comme 500ms, 2s ou 1m"}, key, s)
	}
	return d
}

func (p *params) bool(key string, def bool) bool {
	s, ok := p.take(key)
	if !ok {
		return def
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		p.err = game.Errorf(game.Text{EN: "%s=%s must be true or false", FR: "%s=%s doit valoir true ou false"}, key, s)
	}
	return b
}

// done returns the first error, or refuses the parameters no getter took.
func (p *params) done(agent string, known ...string) error {
	if p.err != nil || len(p.values) == 0 {
		return p.err
	}
	var unknown []string
	for k := range p.values {
		unknown = append(unknown, k)
	}
	sort.Strings(unknown)
	return game.Errorf(game.Text{EN: "%s has no parameter %s; its parameters are %s", FR: "%s n'a pas de paramètre %s ; ses paramètres : %s"}, agent, strings.Join(unknown, ", "), strings.Join(known, ", "))
}

func newMCTSFromParams(p *params, seed uint64) (Agent, error) {
	cfg := MCTSConfig{
		Iterations: p.int("iterations", 1, 1e9),
		Time:       p.duration("time"),
		Threads:    p.int("threads", 1, 256),
		C:          p.float("c", 0.01, 100),
		NoReuse:    !p.bool("reuse", true),
		NoDecisive: !p.bool("decisive", true),
	}
	if err := p.done("mcts", "iterations", "time", "threads", "c", "reuse", "decisive"); err != nil {
		return nil, err
	}
	if cfg.Iterations == 0 && cfg.Time == 0 {
		cfg.Iterations = DefaultIterations
	}
	return NewMCTS(cfg, seed)
}

func newAlphaBetaFromParams(p *params, v *game.Variant, seed uint64) (Agent, error) {
	cfg := AlphaBetaConfig{
		Depth:     p.int("depth", 1, maxPly-1),
		Rounds:    p.int("rounds", 1, maxPly-1),
		Nodes:     int64(p.int("nodes", 1, 1e12)),
		Time:      p.duration("time"),
		Noise:     p.float("noise", 0, EvalLimit),
		TableBits: p.int("table", 8, 28),
		BRS:       p.bool("brs", false),
	}
	if err := p.done("alphabeta", "depth", "rounds", "nodes", "time", "noise", "table", "brs"); err != nil {
		return nil, err
	}
	if cfg.Depth == 0 && cfg.Rounds == 0 && cfg.Time == 0 && cfg.Nodes == 0 {
		cfg.Depth = DefaultDepth
	}
	return NewAlphaBeta(cfg, v, seed)
}

// Budgets of the specs "mcts" and "alphabeta" without one.
const (
	DefaultIterations = 10000
	DefaultDepth      = 6
)
