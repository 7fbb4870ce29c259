package solitairesolve

// table remembers positions proven to have no solution within some number
// of moves. It is a fixed array of 4-entry buckets indexed by the key's
// hash. Each entry holds the full exact key, so a hit is always the same
// position; losing entries to replacement only costs search time, never
// soundness. Replacement is deterministic (the entry with the smallest
// depth goes), so that a run's node counts repeat exactly.
type table struct {
	keys   []key
	depths []uint8 // 0: empty slot
	mask   uint64
	stored uint64
	target int // the pieces-left target the entries were proven for
}

const bucket = 4

func newTable(bits int) *table {
	n := 1 << uint(bits)
	return &table{keys: make([]key, n), depths: make([]uint8, n), mask: uint64(n/bucket - 1)}
}

// fails returns the largest number of moves within which k is known to
// have no solution, 0 when unknown.
func (t *table) fails(k key) int {
	b := int(k.hash()&t.mask) * bucket
	for i := b; i < b+bucket; i++ {
		if t.depths[i] != 0 && t.keys[i] == k {
			return int(t.depths[i])
		}
	}
	return 0
}

// store records that k has no solution within d moves (d ≥ 1).
func (t *table) store(k key, d int) {
	b := int(k.hash()&t.mask) * bucket
	victim := b
	for i := b; i < b+bucket; i++ {
		if t.depths[i] != 0 && t.keys[i] == k {
			t.depths[i] = uint8(max(int(t.depths[i]), d))
			return
		}
		if t.depths[i] < t.depths[victim] {
			victim = i
		}
	}
	if t.depths[victim] == 0 {
		t.stored++
	}
	t.keys[victim], t.depths[victim] = k, uint8(d)
}

func (t *table) clear() {
	clear(t.depths)
	t.stored = 0
}

// reset empties the table for a new target.
func (t *table) reset(target int) {
	t.clear()
	t.target = target
}
