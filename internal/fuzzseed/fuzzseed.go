// Package fuzzseed gives the fuzz targets of plateau their seeds and
// their ground: every registered variant, positions reachable from its
// start, and the position texts and notations of the rules pages. It is
// used by tests only; importers register the games themselves (usually
// with a blank import of games/all).
package fuzzseed

import (
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
)

var (
	once     sync.Once
	variants []*game.Variant
)

// Variants lists every variant of every registered game (g.AllVariants),
// in a stable order: games by id, then as the game lists them.
func Variants() []*game.Variant {
	once.Do(func() {
		for _, g := range game.Games() {
			for _, opts := range g.AllVariants() {
				v, err := g.Variant(opts)
				if err != nil {
					panic("fuzzseed: " + g.ID + " " + opts.String() + ": " + err.Error())
				}
				variants = append(variants, v)
			}
		}
	})
	return variants
}

// Variant picks a variant by any number, so that a fuzzer's integer always
// names one.
func Variant(i uint) (int, *game.Variant) {
	vs := Variants()
	n := int(i % uint(len(vs)))
	return n, vs[n]
}

// Positions gives the start of v and the positions a seeded random game
// reaches after each of plies (those the game lives to see), in that order.
func Positions(v *game.Variant, seed uint64, plies ...int) []game.State {
	s := v.Start()
	out := []game.State{s.Clone()}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var buf []game.Move
	ply := 0
	for _, want := range plies {
		for ; ply < want; ply++ {
			buf = s.LegalMoves(buf)
			if len(buf) == 0 {
				return out
			}
			s.Apply(buf[rng.IntN(len(buf))])
		}
		out = append(out, s.Clone())
	}
	return out
}

// RandomGame plays a seeded random game of v under the complete rules
// (game.Match) for at most maxPlies plies and returns it.
func RandomGame(v *game.Variant, seed uint64, maxPlies int) *game.Match {
	m := game.NewMatch(v.Start())
	rng := rand.New(rand.NewPCG(seed, 0x9a3e))
	var buf []game.Move
	for i := 0; i < maxPlies; i++ {
		buf = m.LegalMoves(buf)
		if len(buf) == 0 {
			break
		}
		if err := m.Play(buf[rng.IntN(len(buf))]); err != nil {
			panic("fuzzseed: " + err.Error())
		}
	}
	return m
}

// RulesBlocks gives the fenced code blocks of the game's rules pages
// (English and French): the position texts, records and examples they
// show.
func RulesBlocks(id string) []string {
	var out []string
	for _, page := range rulesPages(id) {
		lines := strings.Split(page, "\n")
		for i := 0; i < len(lines); i++ {
			if !strings.HasPrefix(strings.TrimSpace(lines[i]), "```") {
				continue
			}
			j := i + 1
			for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```") {
				j++
			}
			if j < len(lines) {
				out = append(out, strings.TrimSpace(strings.Join(lines[i+1:j], "\n")))
			}
			i = j
		}
	}
	return out
}

// RulesSpans gives the inline code spans (`...`) of the game's rules
// pages: the notations of moves the pages quote, among other words.
func RulesSpans(id string) []string {
	seen := map[string]bool{}
	var out []string
	for _, page := range rulesPages(id) {
		parts := strings.Split(page, "`")
		for i := 1; i < len(parts); i += 2 {
			span := parts[i]
			if span == "" || strings.Contains(span, "\n") || len(span) > 200 || seen[span] {
				continue
			}
			seen[span] = true
			out = append(out, span)
		}
	}
	return out
}

func rulesPages(id string) []string {
	var out []string
	for _, lang := range []string{"en", "fr"} {
		if page, err := docs.Rules(id, lang); err == nil {
			out = append(out, page)
		}
	}
	return out
}
