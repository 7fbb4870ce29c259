//go:build !js

package ai

import (
	"github.com/plateau-games/plateau/game"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// What needs processes and files: an external engine and the POGO
// solution's table. The browser's build (native_js.go) has neither, and
// leaving them out keeps their code (os/exec, the table's reader) out of
// its module.

func newEngineAgent(text string, v *game.Variant, seed uint64) (Agent, error) {
	return NewEngineAgent(text, v, seed)
}

var loadPerfectTable = pogosolve.Load
