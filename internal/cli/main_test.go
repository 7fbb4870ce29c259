package cli

import (
	"os"
	"testing"
)

// TestMain removes the plateau binary the tests built (plateauBinary).
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}
