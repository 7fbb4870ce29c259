package empire

import "github.com/plateau-games/plateau/game"

// withStart is the variant of r with another start position (option start,
// DECISIONS.md "Alternative readings"): text, read by the decoder, with
// every seat's full army (1 commandant, 4 cavaliers, 6 archers: nobody has
// captured yet), seat 1 to move at ply 0 and the game not over.
func withStart(r *rules, text string) (*game.Variant, error) {
	nr := *r
	nv := *r.variant
	nv.Options = game.Options{}
	for k, x := range r.variant.Options {
		nv.Options[k] = x
	}
	nr.variant = &nv
	start, err := nr.decode(text)
	if err != nil {
		return nil, game.StartDecodeError(err)
	}
	if err := game.CheckStart(start); err != nil {
		return nil, err
	}
	for seat := 0; seat < nr.players; seat++ {
		var n [4]int
		for _, p := range start.cells {
			if p != 0 && codeSeat(p) == seat {
				n[codeShape(p)]++
			}
		}
		if n[Commandant] != 1 || n[Cavalier] != 4 || n[Archer] != 6 {
			return nil, game.Errorf(game.Text{
				EN: "option start: at the start every player has 1 commandant, 4 cavaliers and 6 archers; seat %d has %d, %d and %d",
				FR: "option start : au départ chaque joueur a 1 commandant, 4 cavaliers et 6 archers ; la place %d en a %d, %d et %d",
			}, seat+1, n[Commandant], n[Cavalier], n[Archer])
		}
	}
	nr.start = *start
	nv.Options["start"] = game.StartValue(start.Encode())
	nv.Start = func() game.State {
		s := nr.start
		return &s
	}
	nv.Decode = func(text string) (game.State, error) { return nr.decode(text) }
	return &nv, nil
}
