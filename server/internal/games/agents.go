package games

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/web"
)

// Computer seats from the web are names, never specs: a level (random,
// easy, medium, hard, max), the name of an engine the operator declared
// (--engine NAME=COMMAND-LINE), or a spec the operator allowed
// (--allow-agent SPEC), offered under its own text. The store keeps the
// name; AgentSpec turns it into the spec to build, on the server side.
// Nothing a visitor writes reaches ai.New, exec or a file path.

// Agent is what the server needs from a computer player (ai.Agent).
type Agent interface {
	Choose(ctx context.Context, m *game.Match) (game.Move, error)
}

// Agents are the computer players this server offers, and the ceilings
// the operator's own specs are held to.
type Agents struct {
	engines      map[string]string // name → command line after "engine:"
	allowed      []string          // operator-allowed specs
	maxSearch    time.Duration
	maxThreads   int
	maxTableBits int
}

// NewAgents checks the operator's engines (name → command line) and
// allowed specs against the ceilings, once, at startup.
func NewAgents(engines map[string]string, allowed []string, maxSearch time.Duration, maxThreads, maxTableBits int) (*Agents, error) {
	s := &Agents{maxSearch: maxSearch, maxThreads: maxThreads, maxTableBits: maxTableBits}
	if err := s.setAgents(engines, allowed); err != nil {
		return nil, err
	}
	return s, nil
}

// Engines are the operator's engines by name.
func (s *Agents) Engines() map[string]string { return s.engines }

// AgentNames are the public names of the computer players: "random", then
// the levels, then the operator's engines (sorted) and allowed specs (in
// the operator's order).
func (s *Agents) AgentNames() []string {
	names := append([]string{"random"}, ai.Levels...)
	engines := make([]string, 0, len(s.engines))
	for name := range s.engines {
		engines = append(engines, name)
	}
	sort.Strings(engines)
	names = append(names, engines...)
	return append(names, s.allowed...)
}

// AgentSpec maps the stored name of a computer seat to the spec to build
// for the variant v: levels and random pass through, an operator engine's
// name becomes engine:COMMAND-LINE, an operator-allowed spec passes.
// Anything else is refused, including the specs that older versions stored
// from the form: the caller falls back to a level.
func (s *Agents) AgentSpec(name string, v *game.Variant) (string, error) {
	switch {
	case name == "random" || slices.Contains(ai.Levels, name):
		return name, nil
	case s.engines[name] != "":
		return "engine:" + s.engines[name], nil
	case slices.Contains(s.allowed, name):
		if strings.HasPrefix(name, "alphabeta") && v != nil && Sides(v) != 2 {
			return "", fmt.Errorf("agent %q plays only games with two sides", name)
		}
		return name, nil
	}
	return "", fmt.Errorf("agent %s is not offered by this server; the choices are %s",
		game.Quote(web.CleanText(name, 60)), strings.Join(s.AgentNames(), ", "))
}

// PublicAgent is what may be shown of a stored computer seat: its name
// when it is one of this server's, else just "computer" (a spec stored by
// an older version may be a command line).
func (s *Agents) PublicAgent(stored string) string {
	if stored == "random" || slices.Contains(ai.Levels, stored) || s.engines[stored] != "" || slices.Contains(s.allowed, stored) {
		return stored
	}
	return "computer"
}

// BuildAgent is what rooms call (through the server's newAgent) to get a computer
// player: the stored name goes through AgentSpec first. A spec that is
// already one of the operator's engine command lines (a caller that mapped
// the name itself) is accepted as such.
func (s *Agents) BuildAgent(build func(string, *game.Variant, uint64) (Agent, error)) func(string, *game.Variant, uint64) (Agent, error) {
	return func(name string, v *game.Variant, seed uint64) (Agent, error) {
		spec, err := s.AgentSpec(name, v)
		if err != nil {
			if !s.isEngineSpec(name) && !slices.Contains(s.allowed, name) {
				return nil, err
			}
			spec = name
		}
		return build(spec, v, seed)
	}
}

func (s *Agents) isEngineSpec(spec string) bool {
	for _, cmd := range s.engines {
		if spec == "engine:"+cmd {
			return true
		}
	}
	return false
}

// CheckAgentName refuses a computer seat the form may not ask for.
func (s *Agents) CheckAgentName(name string, v *game.Variant) error {
	_, err := s.AgentSpec(name, v)
	return err
}

// engineNameOK: engine names are short words, so that they cannot be taken
// for a spec or a level.
func engineNameOK(name string) bool {
	if name == "" || len(name) > 32 {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// setAgents checks the operator's engines and allowed specs against the
// ceilings, once, at startup.
func (s *Agents) setAgents(engines map[string]string, allowed []string) error {
	s.engines = map[string]string{}
	reserved := append([]string{"random", "computer"}, ai.Levels...)
	for name, cmd := range engines {
		if !engineNameOK(name) {
			return fmt.Errorf("engine name %q: use lower-case letters, digits, '-', '_' or '.', at most 32", name)
		}
		if slices.Contains(reserved, name) {
			return fmt.Errorf("engine name %q is taken by a level", name)
		}
		cmd = strings.TrimSpace(cmd)
		if cmd == "" {
			return fmt.Errorf("engine %s: no command line", name)
		}
		if err := s.checkEngineBudget(cmd); err != nil {
			return fmt.Errorf("engine %s: %w", name, err)
		}
		// NewEngineAgent reads the command line and finds the program; it
		// starts nothing.
		if _, err := ai.NewEngineAgent(cmd, nil, 0); err != nil {
			return fmt.Errorf("engine %s: %w", name, err)
		}
		s.engines[name] = cmd
	}
	s.allowed = nil
	for _, spec := range allowed {
		spec = strings.TrimSpace(spec)
		if err := s.checkAllowedSpec(spec); err != nil {
			return game.Errorf(game.Text{EN: "--allow-agent %q: %v", FR: "--allow-agent %q : %v"}, spec, err)
		}
		if slices.Contains(reserved, spec) || s.engines[spec] != "" {
			return game.Errorf(game.Text{EN: "--allow-agent %q: is already a level or an engine name", FR: "--allow-agent %q : est déjà un niveau ou le nom d'un moteur"}, spec)
		}
		if !slices.Contains(s.allowed, spec) {
			s.allowed = append(s.allowed, spec)
		}
	}
	return nil
}

// checkEngineBudget holds the time budget of an engine's command line
// (engine:time=D ... PROGRAM) to the ceiling.
func (s *Agents) checkEngineBudget(cmd string) error {
	for _, w := range strings.Fields(cmd) {
		k, v, ok := strings.Cut(w, "=")
		if !ok || strings.ContainsAny(k, "/\\.") {
			break // the program
		}
		if strings.EqualFold(k, "time") {
			d, err := time.ParseDuration(v)
			if err == nil && d > s.maxSearch {
				return fmt.Errorf("time=%s is over the search time ceiling %s", v, s.maxSearch)
			}
		}
	}
	return nil
}

// checkAllowedSpec reads an operator-allowed spec the way package ai does
// (NAME[:key=value,...]) and holds its search limits to the ceilings:
// time to MaxSearchTime, threads to MaxThreads (also when left to the
// default, the machine's processors), alpha-beta's table to MaxTableBits.
// External engines are declared with --engine, not allowed as specs. The
// spec is then built once (operator text, not a visitor's) to catch the
// rest of the mistakes.
func (s *Agents) checkAllowedSpec(spec string) error {
	if spec == "" {
		return fmt.Errorf("empty spec")
	}
	if spec != strings.ToLower(spec) && !strings.HasPrefix(strings.ToLower(spec), "perfect") {
		return fmt.Errorf("write specs in lower case")
	}
	name, paramText, hasParams := strings.Cut(spec, ":")
	name = strings.TrimSpace(strings.ToLower(name))
	params := map[string]string{}
	if hasParams {
		for _, item := range strings.Split(paramText, ",") {
			k, v, ok := strings.Cut(item, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || k == "" || v == "" {
				return fmt.Errorf("parameter %q is not key=value", item)
			}
			params[k] = v
		}
	}
	switch name {
	case "engine":
		return fmt.Errorf("declare external engines with --engine NAME=COMMAND-LINE")
	case "random", "easy", "medium", "hard", "max":
		return fmt.Errorf("%s is always offered", name)
	case "mcts":
		if err := s.checkTime(params["time"], true); err != nil {
			return err
		}
		threads := runtime.NumCPU() // ai's default: GOMAXPROCS, at most the CPUs
		if t, ok := params["threads"]; ok {
			n, err := strconv.Atoi(t)
			if err != nil {
				return fmt.Errorf("threads=%s is not a number", t)
			}
			threads = n
		}
		if threads > s.maxThreads {
			return fmt.Errorf("threads=%d is over the ceiling of %d threads (give threads=N, N ≤ %d)", threads, s.maxThreads, s.maxThreads)
		}
	case "alphabeta":
		if err := s.checkTime(params["time"], false); err != nil {
			return err
		}
		bits := 18 // ai's default
		if t, ok := params["table"]; ok {
			n, err := strconv.Atoi(t)
			if err != nil {
				return fmt.Errorf("table=%s is not a number", t)
			}
			bits = n
		}
		if bits > s.maxTableBits {
			return fmt.Errorf("table=%d is over the ceiling of %d bits", bits, s.maxTableBits)
		}
	case "perfect":
		// The operator's own table file: nothing to hold.
		return nil
	default:
		return fmt.Errorf("unknown agent %q", name)
	}
	// Build it once for a two-sided game, so that every other mistake of
	// the spec shows now rather than in a game.
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		return nil // no game to try it on
	}
	if _, err := ai.New(spec, v, 0); err != nil {
		return err
	}
	return nil
}

// checkTime holds a time= parameter to the search time ceiling. Searches
// without a time budget (iterations, depth, nodes) are stopped at the
// ceiling by the room.
func (s *Agents) checkTime(text string, _ bool) error {
	if text == "" {
		return nil
	}
	d, err := time.ParseDuration(text)
	if err != nil {
		return fmt.Errorf("time=%s is not a duration", text)
	}
	if d > s.maxSearch {
		return fmt.Errorf("time=%s is over the search time ceiling %s", text, s.maxSearch)
	}
	return nil
}
