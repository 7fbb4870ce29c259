package server

import (
	"os"
	"testing"
)

// TestMain stops the browser the browser tests share once every test is
// over.
func TestMain(m *testing.M) {
	code := m.Run()
	stopBrowser()
	os.Exit(code)
}
