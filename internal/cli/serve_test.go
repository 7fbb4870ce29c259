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
