// Package all registers every game of plateau. Programs that offer the whole
// catalogue (the command line, the server) import it for its side effects:
//
//	import _ "github.com/plateau-games/plateau/games/all"
//
// Add one blank import here for each new game package.
package all

import (
	_ "github.com/plateau-games/plateau/games/blockade/alignement"
	_ "github.com/plateau-games/plateau/games/blockade/blocus"
	_ "github.com/plateau-games/plateau/games/blockade/empire"
	_ "github.com/plateau-games/plateau/games/blockade/porte"
	_ "github.com/plateau-games/plateau/games/blockade/saute"
	_ "github.com/plateau-games/plateau/games/blockade/solitaire"
	_ "github.com/plateau-games/plateau/games/pods"
	_ "github.com/plateau-games/plateau/games/pogo"
	_ "github.com/plateau-games/plateau/games/poldr"
	_ "github.com/plateau-games/plateau/games/polygone"
)
