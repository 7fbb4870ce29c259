package engine

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// childEnv makes the test binary run as "plateau engine" when it is started
// by an engine: agent (the os.Args[0] re-exec trick), so that the tests
// need no build step.
const childEnv = "PLATEAU_ENGINE_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		s := NewServer(os.Stdin, os.Stdout)
		if err := s.Run(context.Background()); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// selfSpec is the engine: spec of this test binary as an engine.
func selfSpec(t *testing.T, params string) string {
	t.Setenv(childEnv, "1")
	return "engine:" + params + " '" + os.Args[0] + "'"
}

func TestExternalEngineAgainstRandom(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	spec := selfSpec(t, "depth=2")
	res, err := ai.Arena(context.Background(), ai.ArenaConfig{Variant: v, Specs: []string{spec, "random"}, Games: 4, Opening: 2, Seed: 1, Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Pairs[0]
	if p.WDL.N() != 4 || p.WDL.W < 3 {
		t.Fatalf("engine (alpha-beta depth 2) against random: %+v", p.WDL)
	}
	// A fixed depth and seed repeat: the engine gets the seed through
	// setoption seed.
	again, err := ai.Arena(context.Background(), ai.ArenaConfig{Variant: v, Specs: []string{spec, "random"}, Games: 4, Opening: 2, Seed: 1, Parallel: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range res.Games {
		if strings.Join(res.Games[i].Moves, " ") != strings.Join(again.Games[i].Moves, " ") {
			t.Fatalf("game %d differs", i)
		}
	}
}

func TestExternalEngineFromPosition(t *testing.T) {
	v, err := game.NewVariant("saute", game.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := ai.New(selfSpec(t, "iterations=50"), v, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer a.(interface{ Close() error }).Close()
	m := game.NewMatch(v.Start())
	for i := 0; i < 5; i++ {
		mv, err := a.Choose(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.HasPrefix(a.Name(), "engine:iterations=50 ") {
		t.Errorf("name %q", a.Name())
	}
}

func TestExternalEngineStop(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	a, err := ai.New(selfSpec(t, "time=10m"), v, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer a.(interface{ Close() error }).Close()
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	mv, err := a.Choose(ctx, game.NewMatch(v.Start()))
	// The engine was given ten minutes: a move within two (a process
	// started, then stopped; idle, about a second) shows the stop worked,
	// however loaded the machine.
	if err != nil || time.Since(start) > 2*time.Minute {
		t.Fatalf("stopped search: %v after %v", err, time.Since(start))
	}
	if err := game.NewMatch(v.Start()).Play(mv); err != nil {
		t.Fatal(err)
	}
}

func TestExternalEngineErrors(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	for spec, want := range map[string]string{
		"engine:":                     "no program given",
		"engine:/no/such/program":     "cannot run",
		"engine:time=x prog":          "time=x must be a duration",
		"engine:depth=2 time=1s prog": "give one budget",
		"engine:speed=3 prog":         `unknown parameter "speed"`,
		"engine:'/bin/true":           "unclosed quote",
		"ENGINE:depth=0 /bin/true":    "depth=0 must be a whole number",
	} {
		if _, err := ai.New(spec, v, 0); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
	// A program that exits at once, and one that answers nonsense.
	for spec, want := range map[string]string{
		"engine:sh -c 'exit 3'":                 "ended",
		"engine:sh -c 'echo hello >&2; exit 3'": "its stderr: hello",
		`engine:sh -c 'read l; echo ok; read l; echo ok; read l; echo error no such game'`: "refused",
	} {
		a, err := ai.New(spec, v, 0)
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.Choose(context.Background(), game.NewMatch(v.Start()))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
		a.(interface{ Close() error }).Close()
	}
}
