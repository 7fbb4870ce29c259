// Package solitairesolve answers the challenge of Blockade's Solitaire rule
// sheet ("Solution en 23 coups… Qui dit mieux ?"): for a start layout, the
// fewest pieces that can be left and, among the solutions leaving that
// many, the fewest moves, with a proof by exhaustive search.
//
// The search is an iterative-deepening depth-first search with an exact
// transposition table and sound cuts: an upper bound on the pieces a
// number of moves can remove, and the line cover (each move first touches
// pieces of one rank or file, so d moves touch only pieces covered by d
// lines); see docs/solve-solitaire.md for why they are sound. Every depth
// below the answer is searched to the end and found to hold no solution,
// which is the proof of optimality. The search is deterministic: the same
// layout and options give the same node counts (with Workers > 1, as long
// as no solution is found). For the book layout it proves 12 moves the
// fewest leaving one piece.
package solitairesolve

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/solitaire"
)

// Options tune a search.
type Options struct {
	// TableBits is the log2 of the number of table entries (33 bytes
	// each); 0 means 22 (about 140 MB).
	TableBits int
	// BeamWidth is the width of the beam search that finds the first
	// solution; 0 means DefaultBeamWidth.
	BeamWidth int
	// Progress, when not nil, receives one line per finished step, in
	// Lang ("en" or "fr"; English when empty).
	Progress io.Writer
	Lang     string
	// Workers is the number of searches run in parallel, each with its
	// own table of 2^TableBits entries; 0 means 1.
	Workers int
	// ColourCover adds the colour cover cut for one piece left (cover.go):
	// fewer nodes, each dearer. Off by default, so that the node counts
	// of docs/solve-solitaire.md repeat.
	ColourCover bool
}

// DefaultBeamWidth finds a 13-move solution of the book layout in about a
// minute on a slow core (narrower beams find none leaving one piece).
const DefaultBeamWidth = 50000

// Iteration is one exhaustive search: whether a game leaving at most
// Target pieces within Moves moves exists (Moves 0: any number of moves),
// and what it cost to find out. Complete is false when the search was
// stopped (time limit) before it finished.
type Iteration struct {
	Target   int     `json:"target"`
	Moves    int     `json:"moves"`
	Found    bool    `json:"found"`
	Complete bool    `json:"complete"`
	Nodes    uint64  `json:"nodes"`
	Seconds  float64 `json:"seconds"`
}

// Result is the answer for one position.
type Result struct {
	// Layout is the start layout's 36 colour letters when the position
	// searched is a start position, else ""; Position is its text.
	Layout   string `json:"layout,omitempty"`
	Position string `json:"position"`
	// Left is the fewest pieces found; LeftProven says no game leaves
	// fewer (one piece always is: a jump never removes the jumper).
	Left       int  `json:"left"`
	LeftProven bool `json:"left_proven"`
	// Moves is the length of the shortest game found leaving Left pieces;
	// MovesProven says no shorter one exists. NoneWithin is the largest
	// number of moves proven to hold no such game (Moves-1 once proven).
	Moves       int  `json:"moves"`
	MovesProven bool `json:"moves_proven"`
	NoneWithin  int  `json:"none_within"`
	// BoundFrom is the smallest number of moves the bounds allow
	// at the start: fewer are excluded without search.
	BoundFrom int `json:"bound_from"`
	// Solution is the game, in board notation and in the book's notation
	// ("" for a move with a cell outside the book's grid).
	Solution []string `json:"solution"`
	Book     []string `json:"book"`
	// BeamMoves and BeamLeft are what the beam search found.
	BeamMoves int         `json:"beam_moves"`
	BeamLeft  int         `json:"beam_left"`
	BeamWidth int         `json:"beam_width"`
	Searches  []Iteration `json:"searches"`
	Nodes     uint64      `json:"nodes"`
	Seconds   float64     `json:"seconds"`
	TableBits int         `json:"table_bits"`
}

// Solve answers for the position s (normally a start position). A search
// cut short by ctx (a time limit) is not an error: the result then says
// how far the proof got.
func Solve(ctx context.Context, s *solitaire.State, opt Options) (*Result, error) {
	bitsN := opt.TableBits
	if bitsN == 0 {
		bitsN = 22
	}
	if bitsN < 4 || bitsN > 30 {
		return nil, fmt.Errorf("table bits %d: use 4 to 30", bitsN)
	}
	width := opt.BeamWidth
	if width <= 0 {
		width = DefaultBeamWidth
	}
	begin := time.Now()
	root := newPosition(s)
	workers := max(opt.Workers, 1)
	sr := newPool(ctx, root, workers, bitsN)
	for _, w := range sr.workers {
		w.colourCover = opt.ColourCover
	}
	res := &Result{Position: s.Encode(), TableBits: bitsN, BeamWidth: width}
	if v := s.Variant(); v.Start().Encode() == res.Position {
		res.Layout = v.Options["layout"]
		if res.Layout == "book" {
			res.Layout = solitaire.BookLayoutString()
		}
	}
	all := root.pieces - 1 // no game is longer: each jump removes a piece
	logf := func(format game.Text, args ...any) {
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, format.In(opt.Lang)+"\n", args...)
		}
	}
	run := func(target, d int) bool {
		it := sr.iterate(target, d)
		if d >= all {
			it.Moves = 0
		}
		res.Searches = append(res.Searches, it)
		what := fmt.Sprintf(game.Text{EN: "within %d moves", FR: "en %d coups au plus"}.In(opt.Lang), d)
		if it.Moves == 0 {
			what = game.Text{EN: "in any number of moves", FR: "en un nombre de coups quelconque"}.In(opt.Lang)
		}
		status := game.Text{EN: "none", FR: "aucun"}
		if it.Found {
			status = game.Text{EN: "found", FR: "trouvé"}
		}
		if !it.Complete {
			status = game.Text{EN: "stopped (time limit)", FR: "arrêté (limite de temps)"}
		}
		logf(game.Text{EN: "at most %d pieces %s: %s (%d nodes, %.1f s)", FR: "au plus %d pièces %s : %s (%d nœuds, %.1f s)"}, target, what, status.In(opt.Lang), it.Nodes, it.Seconds)
		return it.Found
	}

	// 1. A good game, quickly and without proof.
	best, left := beamSearch(ctx, root, width)
	res.BeamMoves, res.BeamLeft = len(best), left
	logf(game.Text{EN: "beam search (width %d): %d pieces left in %d moves (%.1f s)", FR: "recherche en faisceau (largeur %d) : %d pièces restantes en %d coups (%.1f s)"}, width, left, len(best), time.Since(begin).Seconds())
	res.Left, res.LeftProven = left, left <= 1
	solution := best

	// 2. The fewest pieces: the smallest count reachable at all. A
	// position holding the fewest reachable pieces has no jump left (a
	// jump would leave fewer), so that is the best final score.
	for target := 1; target < res.Left && ctx.Err() == nil; target++ {
		if run(target, all) {
			res.Left, solution = target, append([]jump(nil), sr.solution...)
			break
		}
	}
	if ctx.Err() == nil {
		res.LeftProven = true
	}

	// 3. The fewest moves leaving that many: deepening on the number of
	// moves up to one less than the best game known. The table's "none
	// within d moves" entries stay true for the next depths.
	res.BoundFrom = sr.lowerBound(res.Left)
	res.NoneWithin = res.BoundFrom - 1
	for d := res.BoundFrom; d < len(solution) && res.LeftProven && ctx.Err() == nil; d++ {
		if run(res.Left, d) {
			solution = append([]jump(nil), sr.solution...)
			break
		}
		if ctx.Err() == nil {
			res.NoneWithin = d
		}
	}
	res.Moves = len(solution)
	res.MovesProven = res.LeftProven && res.NoneWithin >= res.Moves-1
	if res.MovesProven {
		res.NoneWithin = res.Moves - 1
	}
	// A time limit may stop even the beam search before its first whole
	// game: the result then holds the moves found, the game not finished.
	if err := res.writeSolution(s, solution, ctx.Err() != nil); err != nil {
		return nil, err
	}
	res.Nodes = sr.total
	res.Seconds = time.Since(begin).Seconds()
	return res, nil
}

// writeSolution replays the solution with the rules package, which checks
// it, and writes it in both notations.
func (r *Result) writeSolution(start *solitaire.State, path []jump, cut bool) error {
	m := game.NewMatch(start)
	for _, j := range path {
		st := m.State().(*solitaire.State)
		text := fmt.Sprintf("%s-%s", board.Cell(j.from), board.Cell(j.to))
		mv, err := m.PlayNotation(text)
		if err != nil {
			return fmt.Errorf("internal error: the solution's move %s does not replay: %w", text, err)
		}
		r.Solution = append(r.Solution, text)
		r.Book = append(r.Book, st.BookString(mv))
	}
	if left := m.State().(*solitaire.State).Pieces(); left != r.Left || (!m.Outcome().Ended() && !cut) {
		return fmt.Errorf("internal error: the solution leaves %d pieces (ended: %v), not %d", left, m.Outcome().Ended(), r.Left)
	}
	return nil
}

// searcher is one sequential search.
type searcher struct {
	ctx      context.Context
	p        position
	table    *table
	target   int
	nodes    uint64 // this iteration
	total    uint64
	bufs     [][]jump
	taken    [][size]uint8
	path     []jump
	solution []jump
	stopped  bool
	// colourCover enables the colour cover cut (Options.ColourCover).
	colourCover bool
}

// iterate searches for at most target pieces within d moves.
func (sr *searcher) iterate(target, d int) Iteration {
	start := time.Now()
	sr.target, sr.nodes, sr.path = target, 0, sr.path[:0]
	if target != sr.table.target {
		sr.table.reset(target)
	}
	sr.stopped = false
	found := sr.search(d, 0)
	sr.total += sr.nodes
	return Iteration{Target: target, Moves: d, Found: found, Complete: found || !sr.stopped,
		Nodes: sr.nodes, Seconds: time.Since(start).Seconds()}
}

// lowerBound is the smallest number of moves the removal bound and the
// line cover allow for reaching target pieces from the root.
func (sr *searcher) lowerBound(target int) int {
	if sr.p.pieces <= target {
		return 0
	}
	_, longest := sr.p.jumps(nil)
	cover := sr.p.cover()
	for d := 1; ; d++ {
		if sr.p.pieces-target <= removable(&sr.p, longest, d) && cover <= d+target-1 {
			return d
		}
	}
}

// removable is an upper bound on the pieces d moves can remove from p,
// whose longest legal run is longest (the first move's exact bound).
//
// The later moves: a jump's jumper and run fill a stretch of one rank or
// file with no empty cell. A cell of that stretch that is empty now must
// have been filled since, and only a jumper's landing fills a cell, one a
// move: j moves from now, the stretch is one that holds at most j empty
// cells now, so the run is at most stretch(j) − 1 pieces. A run also fits
// on a line of 12 cells with its jumper and landing cell: at most 10
// pieces. And no sequence removes more than all pieces but one.
func removable(p *position, longest, d int) int {
	if d <= 0 {
		return 0
	}
	total := longest
	for j := 1; j < d && total < p.pieces-1; j++ {
		total += min(p.stretch(j)-1, size-2)
	}
	return min(total, p.pieces-1)
}

// cheapCut tells whether p is sure to need more than d moves (d at most
// pieces-1) to reach target pieces, by the bounds that need neither the
// moves nor the table: the line cover, and the removal bound with the
// longest stretch of adjacent pieces standing for the longest run (a run
// and its jumper are such a stretch).
func cheapCut(p *position, target, d int) bool {
	return p.coverExceeds(d+target-1) ||
		p.pieces-target > removable(p, min(p.stretch(0)-1, size-2), d)
}

func (sr *searcher) search(d, ply int) bool {
	sr.nodes++
	if sr.p.pieces <= sr.target {
		sr.solution = append(sr.solution[:0], sr.path...)
		return true
	}
	if d == 0 {
		return false
	}
	if sr.nodes&0xfffff == 0 && sr.ctx.Err() != nil {
		sr.stopped = true
	}
	if sr.stopped {
		return false
	}
	// Without a removal each move, no game has more than pieces-1 moves:
	// a larger limit means "any number", which is how it is stored.
	d = min(d, sr.p.pieces-1)
	// The cheap cuts first, before the key and the moves: they need no
	// table entry, being as quick to find again.
	if cheapCut(&sr.p, sr.target, d) {
		return false
	}
	k := sr.p.key()
	if sr.table.fails(k) >= d {
		return false
	}
	for len(sr.bufs) <= ply {
		sr.bufs = append(sr.bufs, nil)
		sr.taken = append(sr.taken, [size]uint8{})
	}
	moves, longest := sr.p.jumps(sr.bufs[ply])
	sr.bufs[ply] = moves
	if len(moves) == 0 || sr.p.pieces-sr.target > removable(&sr.p, longest, d) ||
		sr.colourCover && sr.target == 1 && sr.p.cover() == d && !colourCoverWithin(&sr.p, d) {
		sr.table.store(k, d)
		return false
	}
	// Longest runs first: the solutions that use few moves take many
	// pieces a jump. The order only changes how soon a solution is found.
	sortMoves(moves)
	for _, j := range moves {
		sr.p.apply(j, &sr.taken[ply])
		sr.path = append(sr.path, j)
		ok := sr.search(d-1, ply+1)
		sr.path = sr.path[:len(sr.path)-1]
		sr.p.undo(j, &sr.taken[ply])
		if ok {
			return true
		}
	}
	if !sr.stopped {
		sr.table.store(k, d)
	}
	return false
}
