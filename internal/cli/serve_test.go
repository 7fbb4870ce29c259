package cli

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// serve starts on a free port with a new SQLite file, prints the address,
// answers, and stops cleanly when its context ends (as on SIGINT).
func TestServeStartsAndStops(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, w := io.Pipe()
	root := NewRootCommand()
	root.SetArgs([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--log", "warn"})
	root.SetOut(w)
	root.SetErr(io.Discard)
	done := make(chan error, 1)
	go func() {
		done <- root.ExecuteContext(ctx)
		w.Close()
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("no address printed: %v", err)
	}
	addr := regexp.MustCompile(`http://[^ ]+/`).FindString(line)
	if addr == "" {
		t.Fatalf("no address in %q", line)
	}
	go io.Copy(io.Discard, out)
	resp, err := http.Get(addr + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("healthz: %d", resp.StatusCode)
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatalf("the database file was not created: %v", err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := http.Get(addr + "healthz"); err == nil {
		t.Fatal("still answering after the stop")
	}
}

// The serve flags become the server's Config; mistakes are usage errors,
// and an allowed spec over the ceilings stops the server at startup.
func TestServeFlags(t *testing.T) {
	f := serveFlags{engines: []string{"stock=time=2s sh -c 'exit 0'"}, allowAgents: []string{"mcts:time=2s,threads=1"},
		trustedProxies: []string{"10.0.0.0/8", "127.0.0.1"}, origins: []string{"https://club.example"},
		hosts: []string{"play.club.example"}, chatPerMin: 7, chatBurst: 3, chatShare: 50}
	cfg, err := f.config()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Engines["stock"] != "time=2s sh -c 'exit 0'" || len(cfg.TrustedProxies) != 2 || cfg.TrustedProxies[1].Bits() != 32 ||
		len(cfg.AllowedAgents) != 1 || cfg.Origins[0] != "https://club.example" || len(cfg.Hosts) != 1 ||
		cfg.ChatPerMinute != 7 || cfg.ChatBurst != 3 || cfg.ChatShare != 50 {
		t.Fatalf("config %+v", cfg)
	}
	for _, bad := range []serveFlags{
		{engines: []string{"stock"}},
		{engines: []string{"=sh"}},
		{engines: []string{"a=sh", "a=sh"}},
		{trustedProxies: []string{"10.0.0.0/99"}},
		{trustedProxies: []string{"proxy.example"}},
		{origins: []string{"club.example"}},
		{origins: []string{"https://club.example/path"}},
		{hosts: []string{"https://club.example"}},
		{hosts: []string{"club.example:8080"}},
	} {
		if _, err := bad.config(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	for _, args := range [][]string{
		{"--allow-agent", "alphabeta:table=28"},
		{"--allow-agent", "mcts:threads=256,time=24h"},
		{"--allow-agent", "engine:sh"},
		{"--engine", "x=/no/such/program"},
	} {
		root := NewRootCommand()
		root.SetArgs(append([]string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "g.db"), "--log", "error"}, args...))
		root.SetOut(io.Discard)
		root.SetErr(io.Discard)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		err := root.ExecuteContext(ctx)
		cancel()
		if err == nil {
			t.Errorf("serve %q started", args)
		}
	}
}
