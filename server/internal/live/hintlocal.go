package live

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// Hints found in the page: a page that runs the rules engine searches the
// hint in its own worker, at the hint's level, and tells the server which
// move it found ({"type":"hint","ply":N,"move":"2b1-b3"}), so that no
// search of the server's pool runs for it. Everything else is as for a
// hint searched here (hintLocked checked who may have one, and its rate):
// the move must be legal in the position after N moves, the current one,
// and the hint is stored and counted, sent back and shown to everyone.
// The player gains nothing by naming another move: a hint only counts
// against him.
func (r *room) localHintLocked(c *client, seat int, msg inMsg) {
	n := len(r.g.Moves)
	if msg.Ply == nil || *msg.Ply != n {
		r.sendLocked(c, errorMsg{Type: "error", Code: "stale", Message: fmt.Sprintf("a hint found in the page needs \"ply\", the number of moves played (%d)", n)})
		return
	}
	if len(msg.Move) > game.MaxInput {
		r.sendLocked(c, errorMsg{Type: "error", Code: "malformed", Message: fmt.Sprintf("move: at most %d bytes", game.MaxInput)})
		return
	}
	mv, err := r.match.State().ParseMove(msg.Move)
	if err != nil {
		r.sendLocked(c, errorMsg{Type: "error", Code: "illegal", Message: err.Error()})
		return
	}
	r.giveHintLocked(c, &hintRun{c: c, seat: seat, ply: n, pos: r.pos}, r.match, mv)
}
