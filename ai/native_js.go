//go:build js

package ai

import (
	"github.com/plateau-games/plateau/game"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// In the browser (GOOS=js) there is no process to start and no file to
// read: an external engine and the perfect player are refused with a reason.

func newEngineAgent(text string, v *game.Variant, seed uint64) (Agent, error) {
	return nil, game.Errorf(game.Text{EN: "external engines run only outside the browser", FR: "les moteurs externes ne tournent qu'en dehors du navigateur"})
}

func loadPerfectTable(path string) (*pogosolve.Table, error) {
	return nil, game.Errorf(game.Text{EN: "the POGO solution's table is not available in the browser", FR: "la table de la solution de POGO n'est pas disponible dans le navigateur"})
}
