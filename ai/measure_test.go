package ai

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
)

// TestMeasure compares agents by playing matches, to choose and check the
// levels. It runs only when asked, since it takes minutes:
//
//	PLATEAU_MEASURE='hard vs medium; medium vs easy; easy vs random' \
//	PLATEAU_GAME=pogo PLATEAU_GAMES=100 go test ./ai -run TestMeasure -v -timeout 0
//
// Each pair plays PLATEAU_GAMES games (default 40) with seats alternated
// and two random opening plies, each opening played from both seats.
// PLATEAU_OPTS gives variant options ("players=3"), PLATEAU_SEED the seed.
func TestMeasure(t *testing.T) {
	pairs := os.Getenv("PLATEAU_MEASURE")
	if pairs == "" {
		t.Skip("set PLATEAU_MEASURE='SPEC vs SPEC; ...' to measure")
	}
	id := envOr("PLATEAU_GAME", "pogo")
	opts, err := game.ParseOptions(os.Getenv("PLATEAU_OPTS"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.NewVariant(id, opts)
	if err != nil {
		t.Fatal(err)
	}
	games, err := strconv.Atoi(envOr("PLATEAU_GAMES", "40"))
	if err != nil {
		t.Fatal(err)
	}
	seed, err := strconv.ParseUint(envOr("PLATEAU_SEED", "1"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range strings.Split(pairs, ";") {
		a, b, ok := strings.Cut(pair, " vs ")
		if !ok {
			t.Fatalf("%q is not of the form SPEC vs SPEC", pair)
		}
		start := time.Now()
		r, err := Match(context.Background(), MatchConfig{
			Variant: v, Specs: []string{strings.TrimSpace(a), strings.TrimSpace(b)},
			Games: games, Seed: seed, Opening: 2, Parallel: 2,
		})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Println(FormatMatch(v, r, time.Since(start)))
	}
}

func envOr(name, def string) string {
	if s := os.Getenv(name); s != "" {
		return s
	}
	return def
}
