package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderOutputFile checks render -o: the drawing goes to the file and
// nothing to standard output; a failing render (a refused move, a record
// of another game) exits non-zero with a clear error and leaves no file.
func TestRenderOutputFile(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "out.svg")
	var out, errOut bytes.Buffer
	if code := Main([]string{"render", "pogo", "2b1-b3", "-o", svg}, nil, &out, &errOut); code != 0 {
		t.Fatalf("render -o: exit %d: %s", code, errOut.String())
	}
	if out.Len() != 0 {
		t.Errorf("render -o printed %q on standard output", out.String())
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.HasPrefix(b, []byte("<svg")) {
		t.Fatalf("%s: %v, %.40q", svg, err, b)
	}

	// A POGO record given to render polygone.
	record := filepath.Join(dir, "game.txt")
	mustRun(t, "", "play", "pogo", "--seat", "1=random", "--seat", "2=random", "--seed", "7", "--record", record)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "pogo", "9z9-z9"}, "9z9-z9"},
		{[]string{"render", "polygone", "--record", record}, "game.txt"},
		{[]string{"render", "polygone", "--record", filepath.Join(dir, "missing.txt")}, "missing.txt"},
	} {
		for _, lang := range []string{"en", "fr"} {
			failed := filepath.Join(dir, "failed.svg")
			args := append(append([]string{}, c.args...), "-o", failed, "--lang", lang)
			out.Reset()
			errOut.Reset()
			code := Main(args, nil, &out, &errOut)
			if code == 0 {
				t.Errorf("plateau %s succeeded", strings.Join(args, " "))
			}
			if msg := errOut.String(); !strings.HasPrefix(msg, "plateau: ") || !strings.Contains(msg, c.want) {
				t.Errorf("plateau %s: the error %q does not name %q", strings.Join(args, " "), msg, c.want)
			}
			if _, err := os.Stat(failed); !os.IsNotExist(err) {
				t.Errorf("plateau %s left %s (%v)", strings.Join(args, " "), failed, err)
			}
		}
	}
	// A failure leaves an older file as it was.
	old, _ := os.ReadFile(svg)
	if code := Main([]string{"render", "pogo", "9z9-z9", "-o", svg}, nil, &out, &errOut); code == 0 {
		t.Fatal("render of an illegal move succeeded")
	}
	if now, _ := os.ReadFile(svg); !bytes.Equal(now, old) {
		t.Error("a failed render -o changed the older file")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if name := e.Name(); name != "out.svg" && name != "game.txt" {
			t.Errorf("a temporary file is left: %s", name)
		}
	}
}

// TestTokenRevokeAll checks 'users token revoke BOT --all', which the
// examples of 'users token' use.
func TestTokenRevokeAll(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	mustRun(t, "", "users", "add", "robo", "--bot", "--db", db)
	mustRun(t, "", "users", "token", "add", "robo", "--db", db)
	mustRun(t, "", "users", "token", "add", "robo", "--db", db)
	if out := mustRun(t, "", "users", "token", "revoke", "robo", "--all", "--db", db); strings.Count(out, "revoked") != 2 {
		t.Errorf("revoke --all:\n%s", out)
	}
	if out := mustRun(t, "", "users", "token", "list", "robo", "--db", db); !strings.Contains(out, "no token") {
		t.Errorf("tokens left after revoke --all:\n%s", out)
	}
	if _, err := run(t, "", "users", "token", "revoke", "robo", "--db", db); err == nil {
		t.Error("revoke without ID nor --all succeeded")
	}
}
