// Package conformance is the test suite every game and variant of plateau
// passes: seeded random playouts that check the game.State contract at every
// step, round-trips of positions and moves, garbage input, determinism and
// the ply limit. A game's test calls Run for each of its variants:
//
//	func TestConformance(t *testing.T) {
//		conformance.Run(t, pogo.Variant(), conformance.Config{Games: 2000})
//	}
//
// Every position of every game gets the checks that cost little (its
// outcome, its side to move, a clone's move leaving the original's hash
// alone, a Match replaying the game). The others (the position text read
// back, its legal moves listed twice alike, every legal move distinct and
// its notation read back, the decoded position's moves, the drawing, the
// original's text after a clone's move) run on one ply in Config.FullEvery
// and on every final position, and the garbage inputs on one ply in
// Config.GarbageEvery; the plies they fall on move with the game's number,
// so that across the games every ply number gets them all.
//
// Two environment variables make a deeper run, one command away:
//
//	PLATEAU_CONFORMANCE_SCALE=10  plays ten times the games (any factor; 0.5 halves them)
//	PLATEAU_CONFORMANCE_FULL=1    runs every check on every ply of every game
//
// for example PLATEAU_CONFORMANCE_SCALE=10 PLATEAU_CONFORMANCE_FULL=1 go test ./games/... -run Conformance -timeout 0.
package conformance

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// Config sets how much the suite plays.
type Config struct {
	// Games is the number of random games (default 100).
	Games int
	// Seed makes the run reproducible; game i uses seed Seed+i.
	Seed uint64
	// MaxPlies bounds games whose variant has no ply limit and must end by
	// themselves (default 10,000).
	MaxPlies int
	// GarbageEvery checks garbage positions and moves every that many plies
	// (default 4). Garbage exercises the refusal paths of ParseMove and
	// Decode, which depend on the position only through its pieces and
	// legal moves: one ply in four, rotating, still feeds each variant tens
	// of thousands of garbage texts (18 a ply) from every ply number.
	GarbageEvery int
	// FullEvery runs the checks that read the position text back and go
	// through every legal move (notation round trips, the decoded
	// position's moves, the drawing) every that many plies (default 3), and
	// on every final position. Consecutive positions of a random game
	// differ by one move, so one in three still meets every kind of
	// position many times over: a few hundred games of a hundred plies
	// give tens of thousands of fully checked positions, and millions of
	// notations read back. The rotation by game number gives every ply
	// number its full check in one game out of FullEvery.
	FullEvery int
}

// defaultFullEvery and defaultGarbageEvery are FullEvery and GarbageEvery
// when a Config does not set them.
const (
	defaultFullEvery    = 3
	defaultGarbageEvery = 4
)

func (c Config) withDefaults() (Config, error) {
	if c.Games <= 0 {
		c.Games = 100
	}
	if c.MaxPlies <= 0 {
		c.MaxPlies = 10_000
	}
	if c.GarbageEvery <= 0 {
		c.GarbageEvery = defaultGarbageEvery
	}
	if c.FullEvery <= 0 {
		c.FullEvery = defaultFullEvery
	}
	f, err := envScale()
	if err != nil {
		return c, err
	}
	c.Games = max(1, int(math.Round(float64(c.Games)*f)))
	if os.Getenv("PLATEAU_CONFORMANCE_FULL") != "" {
		c.FullEvery, c.GarbageEvery = 1, 1
	}
	return c, nil
}

// envScale reads PLATEAU_CONFORMANCE_SCALE, the factor applied to every
// game count (1 when unset).
func envScale() (float64, error) {
	text := os.Getenv("PLATEAU_CONFORMANCE_SCALE")
	if text == "" {
		return 1, nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || !(f > 0) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("PLATEAU_CONFORMANCE_SCALE=%q: want a positive number, such as 10 or 0.5", text)
	}
	return f, nil
}

// Run runs the whole suite on v.
func Run(t *testing.T, v *game.Variant, cfg Config) {
	t.Helper()
	cfg, err := cfg.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("variant", func(t *testing.T) { checkVariant(t, v) })
	t.Run("playouts", func(t *testing.T) {
		stats := map[string]int{}
		for i := 0; i < cfg.Games; i++ {
			rec, err := playout(v, cfg, cfg.Seed+uint64(i), i, true)
			if err != nil {
				t.Fatalf("game %d (seed %d): %v\nmoves: %s", i, cfg.Seed+uint64(i), err, strings.Join(rec.notations, " "))
			}
			stats[rec.outcome.Status.String()+"/"+rec.outcome.Reason]++
		}
		t.Logf("%s: %d games: %v", v, cfg.Games, stats)
	})
	t.Run("determinism", func(t *testing.T) {
		for i := 0; i < 5; i++ {
			seed := cfg.Seed + 1_000_003*uint64(i+1)
			a, errA := playout(v, cfg, seed, 0, false)
			b, errB := playout(v, cfg, seed, 0, false)
			if errA != nil || errB != nil {
				t.Fatalf("seed %d: %v / %v", seed, errA, errB)
			}
			if strings.Join(a.notations, " ") != strings.Join(b.notations, " ") || a.final != b.final {
				t.Fatalf("seed %d gives two different games:\n%s\n%s", seed, a.notations, b.notations)
			}
		}
	})
	t.Run("allocations", func(t *testing.T) { checkAllocations(t, v, cfg) })
}

func checkVariant(t *testing.T, v *game.Variant) {
	if v.Game == nil || v.Start == nil || v.Decode == nil {
		t.Fatal("variant lacks Game, Start or Decode")
	}
	if v.Players < v.Game.MinPlayers || v.Players > v.Game.MaxPlayers {
		t.Fatalf("%d players outside the game's %d..%d", v.Players, v.Game.MinPlayers, v.Game.MaxPlayers)
	}
	if v.Teams != nil && len(v.Teams) != v.Players {
		t.Fatalf("Teams has %d entries for %d players", len(v.Teams), v.Players)
	}
	if len(v.Seats) != v.Players {
		t.Fatalf("Seats names %d seats for %d players", len(v.Seats), v.Players)
	}
	if v.Repetition > 0 && v.PlyLimit == 0 {
		t.Fatal("a variant with a repetition rule needs a ply limit")
	}
	// The resolved options recreate the same variant.
	again, err := v.Game.Variant(v.Options)
	if err != nil {
		t.Fatalf("resolved options %q are refused: %v", v.Options, err)
	}
	if again.Start().Encode() != v.Start().Encode() || again.String() != v.String() {
		t.Fatalf("resolved options %q do not recreate the variant", v.Options)
	}
	if _, err := v.Game.Variant(game.Options{"no-such-option": "1"}); err == nil {
		t.Fatal("an unknown option is accepted")
	}
	s := v.Start()
	if s.Ply() != 0 || s.Outcome().Ended() {
		t.Fatalf("start position: ply %d, outcome %+v", s.Ply(), s.Outcome())
	}
}

type record struct {
	notations []string
	outcome   game.Outcome
	final     string
}

// scratch holds the buffers one playout reuses from ply to ply, so that the
// suite's own allocations do not outweigh the rules it checks.
type scratch struct {
	decoded []game.Move // the legal moves of the decoded position
	// seen is an open-addressing set of the moves met so far in the list
	// being checked for duplicates: a slot is in use when its stamp is
	// the current gen, so that each list starts from an empty set without
	// clearing the table. It replaced a sort of the moves, which cost the
	// suite more than the rules' own move generation.
	slots []game.Move
	stamp []uint32
	gen   uint32
}

// duplicate returns a move listed twice in moves, if any.
func (sc *scratch) duplicate(moves []game.Move) (game.Move, bool) {
	size := 16
	for size < 2*len(moves) {
		size *= 2
	}
	if len(sc.slots) < size {
		sc.slots, sc.stamp, sc.gen = make([]game.Move, size), make([]uint32, size), 0
	}
	sc.gen++
	if sc.gen == 0 { // wrapped: old stamps could read as current
		clear(sc.stamp)
		sc.gen = 1
	}
	mask := uint64(size - 1)
	for _, mv := range moves {
		i := (uint64(mv) * 0x9e3779b97f4a7c15 >> 32) & mask
		for sc.stamp[i] == sc.gen {
			if sc.slots[i] == mv {
				return mv, true
			}
			i = (i + 1) & mask
		}
		sc.stamp[i], sc.slots[i] = sc.gen, mv
	}
	return 0, false
}

// playout plays one seeded random game, checking every step when deep. Game
// number phase gets the full checks on the plies where ply+phase is a
// multiple of FullEvery, and the garbage checks where it is one of
// GarbageEvery.
func playout(v *game.Variant, cfg Config, seed uint64, phase int, deep bool) (rec record, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	rng := rand.New(rand.NewPCG(seed, 0x706c6174656175))
	// The garbage has its own generator: the games played do not depend on
	// which checks ran (a deep run plays the same games, FULL or not).
	garbageRng := rand.New(rand.NewPCG(seed, 0x67617262616765))
	s := v.Start()
	start := s.Clone()
	rep := game.NewRepetitionTable(v.PlyLimit + 1)
	var buf, again []game.Move
	var sc scratch
	limit := v.PlyLimit
	if limit == 0 {
		limit = cfg.MaxPlies
	}
	var moves []game.Move
	for ply := 0; ; ply++ {
		occ := 1
		if v.Repetition > 0 {
			occ = rep.Add(s.Hash())
		}
		out := v.Judge(s, occ)
		if err := checkOutcome(v, out); err != nil {
			return rec, fmt.Errorf("ply %d: %v", ply, err)
		}
		buf = s.LegalMoves(buf)
		var text string
		full := (ply+phase)%cfg.FullEvery == 0 || out.Ended()
		if deep {
			garbage := (ply+phase)%cfg.GarbageEvery == 0
			text, err = checkPosition(v, s, buf, garbageRng, &sc, full, garbage)
			if err != nil {
				return rec, fmt.Errorf("ply %d, position %q: %v", ply, s.Encode(), err)
			}
		}
		if out.Ended() {
			rec.outcome, rec.final = out, s.Encode()
			break
		}
		if ply >= limit {
			return rec, fmt.Errorf("the game has not ended after %d plies (limit %d)", ply, limit)
		}
		if len(buf) == 0 {
			return rec, fmt.Errorf("no legal move, yet the game is %s", out.Status)
		}
		if full {
			again = s.LegalMoves(again)
			if !equalMoves(buf, again) {
				return rec, fmt.Errorf("LegalMoves is not stable")
			}
		}
		mv := buf[rng.IntN(len(buf))]
		rec.notations = append(rec.notations, s.MoveString(mv))
		moves = append(moves, mv)
		if deep {
			// Clones are independent: playing on one leaves the other
			// (its hash, and its text when checkPosition read it).
			hash := s.Hash()
			c := s.Clone()
			c.Apply(mv)
			if s.Hash() != hash || (text != "" && s.Encode() != text) {
				return rec, fmt.Errorf("applying %s to a clone changed the original", rec.notations[len(rec.notations)-1])
			}
			if c.Ply() != s.Ply()+1 {
				return rec, fmt.Errorf("ply went from %d to %d", s.Ply(), c.Ply())
			}
		}
		s.Apply(mv)
	}
	if deep {
		// A Match replaying the same moves agrees on the end, and on the
		// notation of every move.
		m := game.NewMatch(start)
		for i, mv := range moves {
			if err := m.Play(mv); err != nil {
				return rec, fmt.Errorf("Match refuses move %d (%s): %v", i, rec.notations[i], err)
			}
			if got := m.Notations()[i]; got != rec.notations[i] {
				return rec, fmt.Errorf("Match writes move %d %q, the playout %q", i, got, rec.notations[i])
			}
		}
		if m.Outcome() != rec.outcome {
			return rec, fmt.Errorf("Match ends with %+v, the playout with %+v", m.Outcome(), rec.outcome)
		}
	}
	return rec, nil
}

func equalMoves(a, b []game.Move) bool {
	return slices.Equal(a, b)
}

func checkOutcome(v *game.Variant, o game.Outcome) error {
	all := uint8(1)<<uint(v.Players) - 1
	switch o.Status {
	case game.Ongoing:
		if o.Winners != 0 || o.Reason != "" {
			return fmt.Errorf("ongoing game with winners %b or reason %q", o.Winners, o.Reason)
		}
	case game.Win:
		if o.Winners == 0 || o.Winners&^all != 0 {
			return fmt.Errorf("win with winners %b for %d players", o.Winners, v.Players)
		}
		for seat := 0; seat < v.Players; seat++ {
			for other := 0; other < v.Players; other++ {
				if v.Team(seat) == v.Team(other) && o.Won(seat) != o.Won(other) {
					return fmt.Errorf("partners %d and %d do not share the result", seat+1, other+1)
				}
			}
		}
	case game.Draw, game.Over:
		if o.Winners != 0 {
			return fmt.Errorf("%s with winners %b", o.Status, o.Winners)
		}
	default:
		return fmt.Errorf("unknown status %d", o.Status)
	}
	if o.Ended() && o.Reason == "" {
		return fmt.Errorf("%s without a reason", o.Status)
	}
	for seat := v.Players; seat < game.MaxPlayers; seat++ {
		if o.Scores[seat] != 0 {
			return fmt.Errorf("score for seat %d of %d", seat+1, v.Players)
		}
	}
	return nil
}

// checkPosition checks one position and its legal moves. Every position gets
// the checks of its outcome and side to move; full adds its text read back
// and those that go through its moves one by one, garbage the garbage
// inputs. It returns the position's text when it read it, "" otherwise.
func checkPosition(v *game.Variant, s game.State, moves []game.Move, rng *rand.Rand, sc *scratch, full, garbage bool) (string, error) {
	out := s.Outcome()
	if err := checkOutcome(v, out); err != nil {
		return "", err
	}
	if out.Ended() != (len(moves) == 0) {
		return "", fmt.Errorf("game %s with %d legal moves", out.Status, len(moves))
	}
	if out.Ended() != (s.ToMove() < 0) {
		return "", fmt.Errorf("game %s with seat %d to move", out.Status, s.ToMove())
	}
	if !out.Ended() && s.ToMove() >= v.Players {
		return "", fmt.Errorf("seat %d to move among %d players", s.ToMove(), v.Players)
	}
	if !full && !garbage {
		return "", nil
	}
	text := s.Encode()
	if !full {
		return text, checkGarbage(v, s, text, moves, rng)
	}
	// The position text reads back to the same position.
	d, err := v.Decode(text)
	if err != nil {
		return "", fmt.Errorf("its own position text does not decode: %v", err)
	}
	if d.Encode() != text || d.Hash() != s.Hash() || d.Ply() != s.Ply() || d.ToMove() != s.ToMove() || d.Outcome() != out {
		return "", fmt.Errorf("decoded position differs: %q, hash %x/%x", d.Encode(), d.Hash(), s.Hash())
	}
	// Distinct moves.
	if mv, twice := sc.duplicate(moves); twice {
		return "", fmt.Errorf("move %s listed twice", s.MoveString(mv))
	}
	// Notations without spaces that parse back to their move: two moves
	// sharing a notation cannot both parse back, the distinct moves thus
	// have distinct notations.
	for _, mv := range moves {
		name := s.MoveString(mv)
		if name == "" || hasSpace(name) {
			return "", fmt.Errorf("move notation %q is empty or holds spaces", name)
		}
		back, err := s.ParseMove(name)
		if err != nil {
			return "", fmt.Errorf("notation %q of a legal move does not parse: %v", name, err)
		}
		if back != mv {
			if slices.Contains(moves, back) && s.MoveString(back) == name {
				return "", fmt.Errorf("two moves share the notation %q", name)
			}
			return "", fmt.Errorf("notation %q parses to another move (%s)", name, s.MoveString(back))
		}
	}
	sc.decoded = d.LegalMoves(sc.decoded)
	if !equalMoves(sc.decoded, moves) {
		return "", fmt.Errorf("decoded position has other legal moves")
	}
	if s.String() == "" {
		return "", fmt.Errorf("empty board drawing")
	}
	if garbage {
		return text, checkGarbage(v, s, text, moves, rng)
	}
	return text, nil
}

// checkGarbage feeds garbage moves and positions to s, whose text is text.
func checkGarbage(v *game.Variant, s game.State, text string, moves []game.Move, rng *rand.Rand) error {
	if err := checkGarbageMoves(s, text, moves, rng); err != nil {
		return err
	}
	return checkGarbagePositions(v, text, rng)
}

// hasSpace says whether a notation holds a space, a tab or a newline.
func hasSpace(name string) bool {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c == ' ' || c == '\t' || c == '\n' {
			return true
		}
	}
	return false
}

const garbageAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-x:/=,.+*()[] #éà\x00\xff"

func mutate(s string, rng *rand.Rand) string {
	b := []byte(s)
	switch rng.IntN(6) {
	case 0: // delete a byte
		if len(b) > 0 {
			i := rng.IntN(len(b))
			b = append(b[:i], b[i+1:]...)
		}
	case 1: // insert a byte
		i := rng.IntN(len(b) + 1)
		b = append(b[:i], append([]byte{garbageAlphabet[rng.IntN(len(garbageAlphabet))]}, b[i:]...)...)
	case 2: // replace a byte
		if len(b) > 0 {
			b[rng.IntN(len(b))] = garbageAlphabet[rng.IntN(len(garbageAlphabet))]
		}
	case 3: // truncate
		b = b[:rng.IntN(len(b)+1)]
	case 4: // repeat
		b = append(b, b...)
	default: // random string
		b = make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = garbageAlphabet[rng.IntN(len(garbageAlphabet))]
		}
	}
	return string(b)
}

// longInput is a move text far longer than any notation.
var longInput = strings.Repeat("a", 10_000)

// checkGarbageMoves parses garbage move texts at s, whose text is before and
// whose legal moves are moves: each is refused with a message or read as a
// legal move, and none changes the position.
func checkGarbageMoves(s game.State, before string, moves []game.Move, rng *rand.Rand) (err error) {
	inputs := [6 + 8]string{"", " ", "pass", "resign", "zz99-zz99", longInput}
	for i := 6; i < len(inputs); i++ {
		base := "a1"
		if len(moves) > 0 {
			base = s.MoveString(moves[rng.IntN(len(moves))])
		}
		inputs[i] = mutate(base, rng)
	}
	for _, in := range inputs {
		mv, err, panicked := parseNoPanic(s, in)
		if panicked {
			return err
		}
		if err != nil {
			if err.Error() == "" {
				return fmt.Errorf("empty error for move %q", in)
			}
			continue
		}
		if !slices.Contains(moves, mv) {
			return fmt.Errorf("garbage move %q parses to an illegal move", in)
		}
	}
	if s.Encode() != before {
		return fmt.Errorf("parsing moves changed the position")
	}
	return nil
}

func parseNoPanic(s game.State, in string) (mv game.Move, err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			err, panicked = fmt.Errorf("panic parsing move %q: %v", in, r), true
		}
	}()
	mv, err = s.ParseMove(in)
	return mv, err, false
}

func checkGarbagePositions(v *game.Variant, text string, rng *rand.Rand) (err error) {
	var in string
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic on position text %q: %v", in, r)
		}
	}()
	for i := 0; i < 4; i++ {
		in = mutate(text, rng)
		d, derr := v.Decode(in)
		if derr != nil {
			if derr.Error() == "" {
				return fmt.Errorf("empty error for position %q", in)
			}
			continue
		}
		// Accepted: it must be a sound position of its own.
		again, derr := v.Decode(d.Encode())
		if derr != nil || again.Encode() != d.Encode() || again.Hash() != d.Hash() {
			return fmt.Errorf("accepted position %q does not round-trip (%v)", in, derr)
		}
		moves := d.LegalMoves(nil)
		if d.Outcome().Ended() != (len(moves) == 0) {
			return fmt.Errorf("accepted position %q: outcome %+v with %d moves", in, d.Outcome(), len(moves))
		}
		for _, mv := range moves {
			c := d.Clone()
			c.Apply(mv)
			_ = c.Encode()
		}
	}
	return nil
}

// checkAllocations makes sure move generation and application do not
// allocate on the positions of one game.
func checkAllocations(t *testing.T, v *game.Variant, cfg Config) {
	rng := rand.New(rand.NewPCG(cfg.Seed, 7))
	s := v.Start()
	buf := make([]game.Move, 0, 4096)
	for ply := 0; ply < 60; ply++ {
		buf = s.LegalMoves(buf)
		if len(buf) == 0 {
			break
		}
		mv := buf[rng.IntN(len(buf))]
		if n := testing.AllocsPerRun(5, func() { buf = s.LegalMoves(buf) }); n != 0 {
			t.Fatalf("LegalMoves allocates %v times at %q", n, s.Encode())
		}
		if n := testing.AllocsPerRun(5, func() { _ = s.Hash(); _ = s.Outcome() }); n != 0 {
			t.Fatalf("Hash or Outcome allocates %v times at %q", n, s.Encode())
		}
		// AllocsPerRun runs the function more than once, so each run applies
		// the move to a fresh clone; the clone's own allocations are
		// measured apart and subtracted.
		cloneOnly := testing.AllocsPerRun(3, func() { _ = s.Clone() })
		cloneApply := testing.AllocsPerRun(3, func() { s.Clone().Apply(mv) })
		if cloneApply != cloneOnly {
			t.Fatalf("Apply(%s) allocates %v times at %q", s.MoveString(mv), cloneApply-cloneOnly, s.Encode())
		}
		s.Apply(mv)
	}
}
