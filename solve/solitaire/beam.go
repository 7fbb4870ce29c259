package solitairesolve

import (
	"context"
	"sort"
)

// beamSearch looks for a short game leaving few pieces, without proof: it
// keeps the width most promising positions of each move number (fewest
// pieces, then the longest run on offer, then the most jumps), dropping
// positions already seen. It gives the exhaustive search its target and
// the upper end of its deepening. Ties are broken by generation order, so
// the result is deterministic.
func beamSearch(ctx context.Context, root *position, width int) (best []jump, left int) {
	type node struct {
		p     position
		path  []jump
		score int
	}
	left = root.pieces
	beam := []node{{p: *root}}
	seen := map[key]bool{root.key(): true}
	var buf, childBuf []jump
	var taken [size]uint8
	for len(beam) > 0 && ctx.Err() == nil {
		var next []node
		for i, b := range beam {
			// A level of a wide beam takes a second: a time limit is
			// looked at within it too.
			if i%1024 == 1023 && ctx.Err() != nil {
				break
			}
			buf, _ = b.p.jumps(buf)
			for _, j := range buf {
				c := b.p
				c.apply(j, &taken)
				k := c.key()
				if seen[k] {
					continue
				}
				seen[k] = true
				path := append(append(make([]jump, 0, len(b.path)+1), b.path...), j)
				var longest int
				childBuf, longest = c.jumps(childBuf)
				if len(childBuf) == 0 {
					// The game is over here: the first game found with
					// the fewest pieces is also the shortest such, since
					// the beam advances one move at a time.
					if c.pieces < left {
						left, best = c.pieces, path
					}
					continue
				}
				next = append(next, node{p: c, path: path, score: -c.pieces*1000 + longest*100 + len(childBuf)})
			}
		}
		sort.SliceStable(next, func(a, b int) bool { return next[a].score > next[b].score })
		if len(next) > width {
			next = next[:width]
		}
		beam = next
		if left == 1 {
			break // nothing can beat one piece, and later games are longer
		}
	}
	return best, left
}
