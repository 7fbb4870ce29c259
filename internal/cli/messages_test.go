package cli

import "testing"

// The puzzle generator's summary agrees its words with the counts, in
// French (singular for 0 and 1) and English (singular for 1 only).
func TestPuzzleGeneratedCountsAgree(t *testing.T) {
	line := func(lang string, puzzles, games, positions int) string {
		return tr(lang, msgPuzzleGenerated, "porte", countedWords(lang, puzzles, countPuzzles), countedWords(lang, games, countGames), countedWords(lang, positions, countPositions), 3.0)
	}
	for _, c := range []struct {
		lang                      string
		puzzles, games, positions int
		want                      string
	}{
		{"fr", 1, 2, 40, "porte : 1 problème tiré de 2 parties (40 positions analysées) en 3 s"},
		{"fr", 0, 1, 1, "porte : 0 problème tiré de 1 partie (1 position analysée) en 3 s"},
		{"fr", 12, 30, 900, "porte : 12 problèmes tirés de 30 parties (900 positions analysées) en 3 s"},
		{"en", 1, 2, 40, "porte: 1 puzzle from 2 games (40 positions analysed) in 3 s"},
		{"en", 0, 1, 1, "porte: 0 puzzles from 1 game (1 position analysed) in 3 s"},
	} {
		if got := line(c.lang, c.puzzles, c.games, c.positions); got != c.want {
			t.Errorf("%s %d/%d/%d: %q, want %q", c.lang, c.puzzles, c.games, c.positions, got, c.want)
		}
	}
}
