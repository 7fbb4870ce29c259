package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestArenaText(t *testing.T) {
	out := mustRun(t, "", "arena", "pogo", "--agents", "alphabeta:depth=1,random,mcts:iterations=30,threads=1", "--games", "4", "--seed", "1", "--parallel", "2")
	for _, want := range []string{
		"Arena: pogo, 3 agents, 3 tables, 12 games",
		"alphabeta:depth=1  random",
		"mcts:iterations=30,threads=1",
		"95% interval",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("arena output lacks %q:\n%s", want, out)
		}
	}
}

func TestArenaCSVAndJSON(t *testing.T) {
	args := []string{"arena", "pogo", "--agents", "alphabeta:depth=1,random", "--games", "6", "--seed", "4", "--parallel", "2"}
	text := mustRun(t, "", append(args, "--csv")...)
	gamesPart, summaryPart, ok := strings.Cut(text, "\n\n")
	if !ok {
		t.Fatalf("CSV without two tables:\n%s", text)
	}
	games, err := csv.NewReader(strings.NewReader(gamesPart)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	summary, err := csv.NewReader(strings.NewReader(summaryPart)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 7 || games[0][3] != "seat1" || len(summary) != 4 || summary[1][0] != "pair" || summary[2][0] != "agent" {
		t.Fatalf("CSV:\n%s", text)
	}
	wins := 0
	for _, g := range games[1:] {
		if g[6] == "1" && g[3] == "alphabeta:depth=1" || g[6] == "2" && g[4] == "alphabeta:depth=1" {
			wins++
		}
	}
	if summary[1][4] != strconv.Itoa(wins) {
		t.Errorf("pair wins %s, counted %d in the games", summary[1][4], wins)
	}

	var res struct {
		Games []struct {
			Seats   []string `json:"seats"`
			Winners []int    `json:"winners"`
			Moves   []string `json:"moves"`
		} `json:"games"`
		Pairs []struct {
			Agent    string   `json:"agent"`
			Opponent string   `json:"opponent"`
			Games    int      `json:"games"`
			Wins     int      `json:"wins"`
			Draws    int      `json:"draws"`
			Losses   int      `json:"losses"`
			Elo      *float64 `json:"elo"`
		} `json:"pairs"`
		Standings []struct {
			Agent string `json:"agent"`
			Seats int    `json:"seats"`
		} `json:"standings"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "", append(args, "--json")...)), &res); err != nil {
		t.Fatal(err)
	}
	p := res.Pairs[0]
	if len(res.Games) != 6 || p.Games != 6 || p.Wins+p.Draws+p.Losses != 6 || p.Wins != wins || len(res.Standings) != 2 || res.Standings[1].Seats != 6 {
		t.Fatalf("JSON: %+v", res)
	}
	// The same seed gives the same games in both outputs.
	for i, g := range res.Games {
		if strings.Join(g.Moves, " ") != games[i+1][len(games[i+1])-1] {
			t.Fatalf("game %d differs between CSV and JSON", i+1)
		}
	}
}

func TestArenaSPRT(t *testing.T) {
	out := mustRun(t, "", "arena", "pogo", "--agents", "alphabeta:depth=2,random", "--games", "200", "--sprt", "0,100", "--seed", "1", "--progress")
	if !strings.Contains(out, "H1 accepted (stopped after") || !strings.Contains(out, "SPRT: H0 elo 0, H1 elo 100") {
		t.Fatalf("SPRT output:\n%s", out)
	}
}

func TestSplitAgents(t *testing.T) {
	for in, want := range map[string][]string{
		"hard,random":                            {"hard", "random"},
		"mcts:iterations=100,threads=1,random":   {"mcts:iterations=100,threads=1", "random"},
		"engine:time=1s /p 'a,b',mcts:time=1s":   {"engine:time=1s /p 'a,b'", "mcts:time=1s"},
		" easy , alphabeta:depth=2,noise=3 ,max": {"easy", "alphabeta:depth=2,noise=3", "max"},
	} {
		got, err := splitAgents(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("splitAgents(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"random", "threads=1,random", "a,,b", "engine:/p,time=1s", "engine:'/p,random"} {
		if _, err := splitAgents(bad); err == nil {
			t.Errorf("splitAgents(%q) accepted", bad)
		}
	}
}

func TestArenaBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"arena", "pogo"}, `required flag(s) "agents" not set`},
		{[]string{"arena", "pogo", "--agents", "random"}, "at least two agents"},
		{[]string{"arena", "pogo", "--agents", "random,chess"}, "unknown agent"},
		{[]string{"arena", "pogo", "--agents", "random,random", "--games", "0"}, "--games 0"},
		{[]string{"arena", "pogo", "--agents", "random,random", "--sprt", "50,0"}, "elo1 must be above elo0"},
		{[]string{"arena", "pogo", "--agents", "random,random", "--csv", "--json"}, "choose one"},
		{[]string{"arena", "solitaire", "--agents", "random,random"}, "two players or more"},
		{[]string{"arena", "saute", "--opt", "players=3", "--agents", "random,random,random", "--sprt", "0,50"}, "the SPRT compares two agents"},
	} {
		out, err := run(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error()+out, tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestEngineChild is not a test: it is the engine that the engine: agents
// of the tests below start, by running this test binary again.
func TestEngineChild(t *testing.T) {
	if os.Getenv("PLATEAU_CLI_ENGINE_CHILD") != "1" {
		t.Skip("run as a child engine only")
	}
	os.Exit(Main([]string{"engine"}, os.Stdin, os.Stdout, os.Stderr))
}

func childEngine(t *testing.T, params string) string {
	t.Setenv("PLATEAU_CLI_ENGINE_CHILD", "1")
	return "engine:" + params + " '" + os.Args[0] + "' -test.run=^TestEngineChild$"
}

func TestEngineAgents(t *testing.T) {
	spec := childEngine(t, "depth=2")
	out := mustRun(t, "", "arena", "pogo", "--agents", spec+",random", "--games", "2", "--seed", "1")
	if !strings.Contains(out, "2 games") {
		t.Fatalf("arena with an engine:\n%s", out)
	}
	path := filepath.Join(t.TempDir(), "game.txt")
	out = mustRun(t, "", "play", "pogo", "--seat", "1=random", "--seat", "2="+spec, "--seed", "2", "--record", path)
	if !strings.Contains(out, "Game over at ply") || !strings.Contains(out, "(engine:depth=2 ") {
		t.Fatalf("play against an engine:\n%s", out)
	}
}

func TestEngineCommand(t *testing.T) {
	out := mustRun(t, "plateau\nnewgame pogo\nposition start moves 2b1-b3\ngo depth 2\n", "engine", "--seed", "1")
	if !strings.HasPrefix(out, "id name plateau\n") || !strings.Contains(out, "\nbestmove ") || !strings.Contains(out, "agent alphabeta:depth=2") {
		t.Fatalf("engine session:\n%s", out)
	}
}
