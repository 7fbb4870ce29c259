package puzzle

import (
	"reflect"

	"github.com/plateau-games/plateau/game"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// Verify proves p again from scratch: its position is legal and its side
// to move is Player; the key and the wrong moves are exactly the legal
// moves, each once; and
//   - a win (not POGO): the key forces a win within N plies and not within
//     N-2; each wrong move's reply wins for the opponent within its Plies
//     (the wrong move included), and the opponent has no win within
//     Plies-2 (so Plies is exact);
//   - a horizon puzzle (Horizon not 0, its set's): the same for the key
//     and the losses; after each "nowin" wrong move (and its reply, a
//     defence, when given) the mover has no win within Horizon plies, the
//     wrong move included, repetitions ignored; the ply limit is beyond
//     the horizon;
//   - POGO (win or save): the solution gives the same puzzle (key, N,
//     every wrong move's result, plies and reply).
//
// table is POGO's solution (LoadTable), needed for POGO puzzles only.
func Verify(p Puzzle, table *pogosolve.Table) error {
	set, err := LookupSet(p.Set)
	if err != nil {
		return err
	}
	return verifyIn(p, set, table)
}

// verifyIn is Verify for a puzzle of set.
func verifyIn(p Puzzle, set *Set, table *pogosolve.Table) error {
	if set.Game != p.Game {
		return failf(p, game.Text{EN: "game %q, the set's is %q", FR: "jeu %q, celui de la série est %q"}, p.Game, set.Game)
	}
	v, ok := set.variantOf(p.Options)
	if !ok {
		return failf(p, game.Text{EN: "options %v are not those of set %s", FR: "les options %v ne sont pas celles de la série %s"}, p.Options, set.ID)
	}
	s, err := v.Decode(p.Position)
	if err != nil {
		return failf(p, game.Text{EN: "%v", FR: "%v"}, err)
	}
	if o := v.Judge(s, 1); o.Ended() {
		return failf(p, game.Text{EN: "the game is over", FR: "la partie est finie"})
	}
	if s.ToMove()+1 != p.Player {
		return failf(p, game.Text{EN: "player %d is to move, not %d", FR: "le trait est au joueur %d, pas %d"}, s.ToMove()+1, p.Player)
	}
	// The key and the wrong moves are the legal moves.
	legal := s.LegalMoves(nil)
	byName := map[string]game.Move{}
	for _, m := range legal {
		byName[s.MoveString(m)] = m
	}
	names := map[string]bool{p.Key: true}
	for _, w := range p.Wrong {
		if names[w.Move] {
			return failf(p, game.Text{EN: "move %s is listed twice", FR: "le coup %s figure deux fois"}, w.Move)
		}
		names[w.Move] = true
	}
	for n := range names {
		if _, ok := byName[n]; !ok {
			return failf(p, game.Text{EN: "%s is not a legal move", FR: "%s n'est pas un coup possible"}, n)
		}
	}
	if len(legal) < minMoves {
		return failf(p, game.Text{EN: "only %d legal moves", FR: "seulement %d coups possibles"}, len(legal))
	}
	if len(names) != len(legal) {
		return failf(p, game.Text{EN: "%d moves listed, %d legal", FR: "%d coups listés, %d possibles"}, len(names), len(legal))
	}
	if set.Solved {
		if table == nil {
			return ErrNoTable
		}
		want, why := solvedPuzzle(table, s)
		if why != "" {
			return failf(p, game.Text{EN: "not a puzzle by the solution: %s", FR: "pas un problème d'après la solution : %s"}, why)
		}
		if want.Kind != p.Kind || want.Key != p.Key || want.N != p.N || !reflect.DeepEqual(want.Wrong, p.Wrong) {
			return failf(p, game.Text{EN: "the solution gives another puzzle: %s %s in %d, wrong moves %v", FR: "la solution donne un autre problème : %s %s en %d, mauvais coups %v"}, want.Kind, want.Key, want.N, want.Wrong)
		}
		return nil
	}
	if p.Kind != KindWin {
		return failf(p, game.Text{EN: "kind %q: only POGO has other puzzles than wins", FR: "genre %q : seul POGO a d'autres problèmes que des gains"}, p.Kind)
	}
	pr := newProver(v, 0)
	root := s.Hash()
	me, opp := s.ToMove(), 1-s.ToMove()
	// The key.
	if p.N < 1 || p.N%2 == 0 {
		return failf(p, game.Text{EN: "a win takes an odd number of plies, not %d", FR: "un gain prend un nombre impair de coups, pas %d"}, p.N)
	}
	c := s.Clone()
	c.Apply(byName[p.Key])
	if o := v.Judge(c, 1); o.Ended() {
		if !(o.Status == game.Win && o.Won(me)) || p.N != 1 {
			return failf(p, game.Text{EN: "the key %s ends the game (%s), the puzzle says a win in %d", FR: "la clé %s termine la partie (%s), le problème dit un gain en %d"}, p.Key, o.Reason, p.N)
		}
	} else {
		if p.N == 1 {
			return failf(p, game.Text{EN: "the key %s does not win at once", FR: "la clé %s ne gagne pas tout de suite"}, p.Key)
		}
		if ok, _ := pr.winsWithin(c, me, p.N-1, root); !ok {
			return failf(p, game.Text{EN: "the key %s does not win within %d plies", FR: "la clé %s ne gagne pas en %d coups au plus"}, p.Key, p.N)
		}
		if ok, _ := pr.winsWithin(c, me, p.N-3, root); ok {
			return failf(p, game.Text{EN: "the key %s wins within %d plies, not %d", FR: "la clé %s gagne en %d coups au plus, pas %d"}, p.Key, p.N-2, p.N)
		}
	}
	// A horizon puzzle: its horizon is its set's, and the ply limit is out
	// of its reach (see classifyHorizon).
	if p.Horizon != 0 {
		if p.Horizon != set.Horizon || p.Horizon%2 == 0 || p.Horizon < max(p.N+4, 7) {
			return failf(p, game.Text{EN: "horizon %d: the set's is %d, odd, at least N+4 and 7", FR: "horizon %d : celui de la série est %d, impair, au moins N+4 et 7"}, p.Horizon, set.Horizon)
		}
		if v.PlyLimit > 0 && s.Ply()+p.Horizon >= v.PlyLimit {
			return failf(p, game.Text{EN: "the ply limit is within the horizon", FR: "la limite de coups est dans l'horizon"})
		}
	}
	// The wrong moves.
	for _, w := range p.Wrong {
		if w.Result == "nowin" && p.Horizon != 0 {
			if err := verifyNoWin(p, w, s, byName[w.Move], pr); err != nil {
				return err
			}
			continue
		}
		if w.Result != "loss" || w.Plies < 1 || w.Plies > 1 && w.Plies%2 == 1 {
			return failf(p, game.Text{EN: "%s: a wrong move loses at once or in an even number of plies, not %s in %d", FR: "%s : un mauvais coup perd tout de suite ou en un nombre pair de coups, pas %s en %d"}, w.Move, w.Result, w.Plies)
		}
		c := s.Clone()
		c.Apply(byName[w.Move])
		o := v.Judge(c, 1)
		if w.Plies == 1 {
			if !(o.Status == game.Win && o.Won(opp)) || w.Reply != "" {
				return failf(p, game.Text{EN: "%s does not lose at once", FR: "%s ne perd pas tout de suite"}, w.Move)
			}
			continue
		}
		if o.Ended() {
			return failf(p, game.Text{EN: "%s ends the game (%s)", FR: "%s termine la partie (%s)"}, w.Move, o.Reason)
		}
		if c.Hash() == root {
			return failf(p, game.Text{EN: "%s repeats the position", FR: "%s répète la position"}, w.Move)
		}
		if c.ToMove() != opp {
			return failf(p, game.Text{EN: "%s: the opponent is not to move after it", FR: "%s : ce n'est pas à l'adversaire de jouer après lui"}, w.Move)
		}
		reply, err := c.ParseMove(w.Reply)
		if err != nil {
			return failf(p, game.Text{EN: "%s: reply %q: %v", FR: "%s : réponse %q : %v"}, w.Move, w.Reply, err)
		}
		if ok, _ := pr.winsWithin(c, opp, w.Plies-3, root); ok {
			return failf(p, game.Text{EN: "after %s the opponent wins within %d plies, not %d", FR: "après %s l'adversaire gagne en %d coups au plus, pas %d"}, w.Move, w.Plies-2, w.Plies)
		}
		cc := c.Clone()
		cc.Apply(reply)
		if o := v.Judge(cc, 1); o.Ended() {
			if !(o.Status == game.Win && o.Won(opp)) || w.Plies != 2 {
				return failf(p, game.Text{EN: "%s %s ends the game (%s), the puzzle says a loss in %d", FR: "%s %s termine la partie (%s), le problème dit une perte en %d"}, w.Move, w.Reply, o.Reason, w.Plies)
			}
			continue
		}
		if w.Plies == 2 {
			return failf(p, game.Text{EN: "%s %s does not win at once", FR: "%s %s ne gagne pas tout de suite"}, w.Move, w.Reply)
		}
		if cc.Hash() == root || cc.Hash() == c.Hash() {
			return failf(p, game.Text{EN: "%s %s repeats a position", FR: "%s %s répète une position"}, w.Move, w.Reply)
		}
		if ok, _ := pr.winsWithin(cc, opp, w.Plies-2, root, c.Hash()); !ok {
			return failf(p, game.Text{EN: "after %s %s the opponent does not win within %d plies", FR: "après %s %s l'adversaire ne gagne pas en %d coups au plus"}, w.Move, w.Reply, w.Plies)
		}
	}
	return nil
}

// verifyNoWin proves that after the wrong move w (m) of the horizon puzzle
// p of s the mover has no win within p.Horizon plies, w included, whatever
// the repetition rule: repetitions ignored, as classifyHorizon does. With a
// reply, the proof is that after it the mover has no win within the
// horizon's rest.
func verifyNoWin(p Puzzle, w Wrong, s game.State, m game.Move, pr *prover) error {
	v := s.Variant()
	me := s.ToMove()
	if w.Plies != 0 {
		return failf(p, game.Text{EN: "%s: a nowin move has no plies, not %d", FR: "%s : un coup sans gain n'a pas de nombre de coups, pas %d"}, w.Move, w.Plies)
	}
	c := s.Clone()
	c.Apply(m)
	if o := v.Judge(c, 1); o.Ended() {
		return failf(p, game.Text{EN: "%s ends the game (%s)", FR: "%s termine la partie (%s)"}, w.Move, o.Reason)
	}
	if c.ToMove() != 1-me {
		return failf(p, game.Text{EN: "%s: the opponent is not to move after it", FR: "%s : ce n'est pas à l'adversaire de jouer après lui"}, w.Move)
	}
	n := p.Horizon - 1
	if w.Reply != "" {
		reply, err := c.ParseMove(w.Reply)
		if err != nil {
			return failf(p, game.Text{EN: "%s: reply %q: %v", FR: "%s : réponse %q : %v"}, w.Move, w.Reply, err)
		}
		c.Apply(reply)
		if o := v.Judge(c, 1); o.Ended() {
			if o.Status == game.Win && o.Won(me) {
				return failf(p, game.Text{EN: "%s %s: the mover wins", FR: "%s %s : le joueur gagne"}, w.Move, w.Reply)
			}
			return nil
		}
		n--
	}
	if ok, _ := pr.freeWithin(c, me, n); ok {
		return failf(p, game.Text{EN: "after %s the mover wins within %d plies", FR: "après %s le joueur gagne en %d coups au plus"}, w.Move, p.Horizon)
	}
	return nil
}

// failf is the error of puzzle p: its id, then msg.
func failf(p Puzzle, msg game.Text, args ...any) error {
	return game.Errorf(game.Text{EN: "%s: " + msg.EN, FR: "%s : " + msg.FR}, append([]any{p.ID}, args...)...)
}
