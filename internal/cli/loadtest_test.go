package cli

import (
	"strings"
	"testing"
)

func TestLoadtestHelp(t *testing.T) {
	out := mustRun(t, "", "loadtest", "--help")
	for _, want := range []string{"Examples:", "plateau loadtest --games", "--allow-remote", "--spectators", "--computer", "--json"} {
		if !strings.Contains(out, want) {
			t.Errorf("loadtest --help lacks %q:\n%s", want, out)
		}
	}
}

// A load test is refused against anything but a loopback address unless
// --allow-remote, before any request is sent.
func TestLoadtestRefusesRemoteTarget(t *testing.T) {
	for _, target := range []string{"http://192.0.2.1:8080", "http://10.1.2.3"} {
		out, err := run(t, "", "loadtest", "--server", target, "--games", "1", "--duration", "1s")
		if err == nil || !strings.Contains(err.Error(), "loopback") || !strings.Contains(err.Error(), "--allow-remote") {
			t.Errorf("%s: err = %v, want a refusal\n%s", target, err, out)
		}
	}
	if _, err := run(t, "", "loadtest", "--games", "1,x"); err == nil {
		t.Error("--games 1,x accepted")
	}
}
