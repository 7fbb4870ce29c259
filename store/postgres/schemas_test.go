package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/postgres"
)

// schemaPool holds the test schemas of this test binary. A schema a test
// gives back is emptied to the state a fresh migrated schema has (every
// row deleted, the sequences restarted, the rows the migrations insert
// copied back from a pristine schema) and handed to the next test: the tests still each see
// what a new database holds, without migrating one each.
type schemaPool struct {
	mu   sync.Mutex
	free []string // emptied schemas, ready to be taken
	all  []string // every schema made, dropped by TestMain

	once     sync.Once
	pristine string   // migrated, never used by a test
	tables   []string // its tables but schema_version
	seeded   []string // the tables the migrations put rows in
	// order lists the tables referencing others first, so that deleting
	// their rows in that order breaks no foreign key; nil if the
	// references make a cycle (then the tables are truncated).
	order     []string
	sequences []string // the schema's sequences (bigserial columns)
	err       error
}

var schemas schemaPool

func newSchemaName() string {
	b := make([]byte, 6)
	rand.Read(b)
	return "test_" + hex.EncodeToString(b)
}

// take returns an empty schema: one given back, or a new one (which the
// test's first Open migrates, as it would a new database).
func (p *schemaPool) take(ctx context.Context, base string) (string, error) {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		s := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return s, nil
	}
	p.mu.Unlock()
	schema := newSchemaName()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		return "", err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		return "", err
	}
	p.mu.Lock()
	p.all = append(p.all, schema)
	p.mu.Unlock()
	return schema, nil
}

// setup makes the pristine schema once: migrated by postgres.Open, it
// tells which tables a schema has and which rows the migrations insert.
func (p *schemaPool) setup(ctx context.Context, base string) error {
	p.once.Do(func() {
		p.err = func() error {
			schema, err := p.take(ctx, base)
			if err != nil {
				return err
			}
			p.pristine = schema
			u, err := url.Parse(base)
			if err != nil {
				return err
			}
			q := u.Query()
			q.Set("search_path", schema)
			u.RawQuery = q.Encode()
			s, err := postgres.Open(ctx, u.String())
			if err != nil {
				return err
			}
			s.Close()
			conn, err := pgx.Connect(ctx, base)
			if err != nil {
				return err
			}
			defer conn.Close(context.Background())
			rows, err := conn.Query(ctx, `SELECT tablename FROM pg_tables
				WHERE schemaname = $1 AND tablename <> 'schema_version' ORDER BY tablename`, schema)
			if err != nil {
				return err
			}
			p.tables, err = pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				return err
			}
			if p.order, err = deleteOrder(ctx, conn, schema, p.tables); err != nil {
				return err
			}
			rows, err = conn.Query(ctx, `SELECT sequencename FROM pg_sequences WHERE schemaname = $1 ORDER BY 1`, schema)
			if err != nil {
				return err
			}
			if p.sequences, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
				return err
			}
			for _, tb := range p.tables {
				var any bool
				if err := conn.QueryRow(ctx, fmt.Sprintf(`SELECT EXISTS (SELECT 1 FROM %s)`,
					pgx.Identifier{schema, tb}.Sanitize())).Scan(&any); err != nil {
					return err
				}
				if any {
					p.seeded = append(p.seeded, tb)
				}
			}
			return nil
		}()
	})
	return p.err
}

// give takes back a test's schema. The schema of a failed test is dropped
// rather than reused, to keep what it left from reaching another test.
func (p *schemaPool) give(ctx context.Context, base, schema string, failed bool) error {
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	drop := func() error {
		p.mu.Lock()
		for i, s := range p.all {
			if s == schema {
				p.all = append(p.all[:i], p.all[i+1:]...)
				break
			}
		}
		p.mu.Unlock()
		_, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
		return err
	}
	if failed {
		return drop()
	}
	if err := p.setup(ctx, base); err != nil {
		return err
	}
	var tables int
	var migrated bool
	if err := conn.QueryRow(ctx, `SELECT count(*), COALESCE(bool_or(tablename = 'schema_version'), false)
		FROM pg_tables WHERE schemaname = $1`, schema).Scan(&tables, &migrated); err != nil {
		return err
	}
	switch {
	case tables == 0: // never opened: as empty as it came
		p.mu.Lock()
		p.free = append(p.free, schema)
		p.mu.Unlock()
		return nil
	case !migrated || tables != len(p.tables)+1: // not what the migrations make
		return drop()
	}
	// One script, one round trip, one transaction (a simple query of
	// several statements is one). The tables of a test hold a few rows:
	// deleting them costs the database far less than TRUNCATE, which makes
	// new files for every table and index.
	var script strings.Builder
	script.WriteString("BEGIN;\n")
	if p.order != nil {
		for _, tb := range p.order {
			fmt.Fprintf(&script, "DELETE FROM %s;\n", pgx.Identifier{schema, tb}.Sanitize())
		}
		for _, sq := range p.sequences {
			fmt.Fprintf(&script, "SELECT setval('%s', 1, false);\n", pgx.Identifier{schema, sq}.Sanitize())
		}
	} else {
		list := make([]string, len(p.tables))
		for i, tb := range p.tables {
			list[i] = pgx.Identifier{schema, tb}.Sanitize()
		}
		fmt.Fprintf(&script, "TRUNCATE %s RESTART IDENTITY CASCADE;\n", strings.Join(list, ", "))
	}
	for _, tb := range p.seeded {
		fmt.Fprintf(&script, "INSERT INTO %s SELECT * FROM %s;\n",
			pgx.Identifier{schema, tb}.Sanitize(), pgx.Identifier{p.pristine, tb}.Sanitize())
	}
	script.WriteString("COMMIT;")
	if _, err := conn.Exec(ctx, script.String()); err != nil {
		return err
	}
	p.mu.Lock()
	p.free = append(p.free, schema)
	p.mu.Unlock()
	return nil
}

// deleteOrder orders tables so that a table comes before those it
// references (a reference to itself aside: one DELETE removes both ends),
// or returns nil when the references make a cycle.
func deleteOrder(ctx context.Context, conn *pgx.Conn, schema string, tables []string) ([]string, error) {
	rows, err := conn.Query(ctx, `SELECT ch.relname::text, pa.relname::text
		FROM pg_constraint k
		JOIN pg_class ch ON ch.oid = k.conrelid
		JOIN pg_class pa ON pa.oid = k.confrelid
		WHERE k.contype = 'f' AND k.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = $1)`, schema)
	if err != nil {
		return nil, err
	}
	referenced := map[string]map[string]bool{} // parent -> children left
	for rows.Next() {
		var child, parent string
		if err := rows.Scan(&child, &parent); err != nil {
			return nil, err
		}
		if child == parent {
			continue
		}
		if referenced[parent] == nil {
			referenced[parent] = map[string]bool{}
		}
		referenced[parent][child] = true
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var order []string
	done := map[string]bool{}
	for len(order) < len(tables) {
		progress := false
		for _, tb := range tables {
			if done[tb] || len(referenced[tb]) > 0 {
				continue
			}
			order, done[tb], progress = append(order, tb), true, true
			for _, children := range referenced {
				delete(children, tb)
			}
		}
		if !progress {
			return nil, nil
		}
	}
	return order, nil
}

// dropAll drops every schema the tests made.
func (p *schemaPool) dropAll(base string) error {
	p.mu.Lock()
	all := p.all
	p.all, p.free = nil, nil
	p.mu.Unlock()
	if len(all) == 0 {
		return nil
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	for _, s := range all {
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+s+" CASCADE"); err != nil {
			return err
		}
	}
	return nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if d := os.Getenv("PLATEAU_TEST_POSTGRES"); d != "" {
		if err := schemas.dropAll(d); err != nil {
			fmt.Fprintln(os.Stderr, "dropping the test schemas:", err)
			if code == 0 {
				code = 1
			}
		}
	}
	os.Exit(code)
}
