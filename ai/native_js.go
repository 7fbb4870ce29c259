//go:build js

package ai

import "github.com/plateau-games/plateau/game"

// In the browser (GOOS=js) there is no process to start and no file to
// read: an external engine and the perfect player are refused with a
// reason. Leaving the POGO solution's code out (its reader, compression)
// keeps the module small; the page gets exact values from the server
// instead (NewKnownAnalyser).

func newEngineAgent(text string, v *game.Variant, seed uint64) (Agent, error) {
	return nil, game.Errorf(game.Text{EN: "external engines run only outside the browser", FR: "les moteurs externes ne tournent qu'en dehors du navigateur"})
}

// Perfect is the POGO solution's player, which the browser has not.
type Perfect struct{ Agent }

// NewPerfect refuses: the solution's table (58 MB) is not in the browser.
func NewPerfect(path string, v *game.Variant) (*Perfect, error) {
	return nil, game.Errorf(game.Text{EN: "the POGO solution's table is not available in the browser", FR: "la table de la solution de POGO n'est pas disponible dans le navigateur"})
}

func perfectTableExists() bool { return false }
