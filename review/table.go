//go:build !js

package review

import (
	"os"

	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// tableExists says whether the POGO solution is at path (the default
// place when "").
func tableExists(path string) bool {
	if path == "" {
		path = pogosolve.DefaultPath()
	}
	_, err := os.Stat(path)
	return err == nil
}
