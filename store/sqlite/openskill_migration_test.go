package sqlite_test

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/sqlite"
)

// TestOpenSkillMigrationKeepsGlicko: migration 0019_openskill rebuilds the
// ratings table (SQLite cannot change a CHECK constraint); a database
// migrated before it keeps its Glicko-2 ratings and history as they were,
// and takes OpenSkill ratings afterwards.
func TestOpenSkillMigrationKeepsGlicko(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := openRaw(path + "?_foreign_keys=1")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	if _, err := raw.Exec(`CREATE TABLE schema_version (version INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL, applied_ms INTEGER NOT NULL) STRICT`); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		num, _, _ := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			t.Fatal(err)
		}
		if v >= 19 {
			break // the database as the version before OpenSkill left it
		}
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.Exec(string(text)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := raw.Exec(`INSERT INTO schema_version VALUES (?, ?, 0)`, v, name); err != nil {
			t.Fatal(err)
		}
	}
	for _, stmt := range []string{
		`INSERT INTO users (name_key, name, password, role, bot, disabled, created_ms, updated_ms) VALUES ('alice', 'Alice', '', 'player', 0, 0, 0, 0)`,
		`INSERT INTO rated_games (game, variant, at_ms) VALUES ('g1', 'pogo', 1000)`,
		`INSERT INTO ratings (user_key, variant, rating, deviation, volatility, games, wins, draws, losses, updated_ms)
			VALUES ('alice', 'pogo', 1662.5, 290.25, 0.06, 1, 1, 0, 0, 1000)`,
		`INSERT INTO rating_history (user_key, variant, game, at_ms, rating, deviation) VALUES ('alice', 'pogo', 'g1', 1000, 1662.5, 290.25)`,
	} {
		if _, err := raw.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	raw.Close()

	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	list, err := s.UserRatings(t.Context(), "alice")
	if err != nil || len(list) != 1 {
		t.Fatalf("UserRatings after the migration: %+v, %v", list, err)
	}
	r := list[0]
	if r.User != "Alice" || r.Variant != "pogo" || r.Rating != 1662.5 || r.Deviation != 290.25 || r.Volatility != 0.06 ||
		r.Games != 1 || r.Wins != 1 || r.OpenSkill() || r.Mu != 0 {
		t.Errorf("the Glicko-2 rating became %+v", r)
	}
	if lb, err := s.Leaderboard(t.Context(), "pogo", 0, 0, 0); err != nil || len(lb) != 1 || lb[0] != r {
		t.Errorf("the pogo leaderboard after the migration: %+v, %v", lb, err)
	}
	if h, err := s.RatingHistory(t.Context(), "alice", "pogo", 0); err != nil || len(h) != 1 || h[0].Rating != 1662.5 || h[0].Sigma != 0 {
		t.Errorf("the history after the migration: %+v, %v", h, err)
	}
	if err := s.CreateUser(t.Context(), &store.User{Name: "bob"}); err != nil {
		t.Fatal(err)
	}
	def := store.Rating{Rating: 1500, Deviation: 245, Mu: 25, Sigma: 25.0 / 3}
	up := func(cur []store.Rating) ([]store.Rating, error) {
		out := append([]store.Rating(nil), cur...)
		for i := range out {
			out[i].Mu += float64(1 - 2*i)
		}
		return out, nil
	}
	got, err := s.RateGame(t.Context(), "g2", "empire players=3", time.Time{}, []store.GameScore{{User: "alice", Score: 1}, {User: "bob", Score: 0}}, def, up)
	if err != nil || len(got) != 2 || !got[0].OpenSkill() || got[0].Mu != 26 || got[1].Mu != 24 {
		t.Errorf("an OpenSkill game after the migration: %+v, %v", got, err)
	}
}
