package store

import (
	"context"
	"regexp"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/store/postgres"
	"github.com/plateau-games/plateau/store/sqlite"
)

// DefaultPath is the SQLite file Open uses for an empty URL: in the working
// directory, where whoever started the server will look for it.
const DefaultPath = "plateau.db"

// scheme matches a URL scheme of two letters or more (one letter would be a
// Windows drive, "C:").
var scheme = regexp.MustCompile(`^([a-zA-Z][a-zA-Z0-9+.-]+):`)

// Open opens the store a URL names, creating and migrating its tables if
// needed:
//
//	""                       SQLite, file DefaultPath
//	PATH                     SQLite, that file (created on first open)
//	sqlite:PATH, file:PATH   SQLite, that file; sqlite:///abs/path also works
//	postgres://..., postgresql://...
//	                         PostgreSQL, a libpq URL such as
//	                         postgres://user:pass@host:5432/db?sslmode=disable
//
// Any other scheme is refused, so that a typo ("postgre://...") is not taken
// for a file name.
func Open(ctx context.Context, url string) (Store, error) {
	return OpenWith(ctx, url, GroupCommit{})
}

// OpenWith is Open with group commit settings; zero fields take the
// defaults.
func OpenWith(ctx context.Context, url string, gc GroupCommit) (Store, error) {
	if url == "" {
		return openSQLite(ctx, DefaultPath, gc)
	}
	m := scheme.FindStringSubmatch(url)
	if m == nil {
		return openSQLite(ctx, url, gc)
	}
	rest := url[len(m[0]):]
	switch strings.ToLower(m[1]) {
	case "sqlite", "sqlite3", "file":
		// sqlite:///abs/path and sqlite://rel/path, as some tools write
		// them, mean the path after the two slashes.
		rest = strings.TrimPrefix(rest, "//")
		if rest == "" {
			return nil, game.Errorf(game.Text{EN: "store: %q: no file path after %q", FR: "base %q : aucun chemin de fichier après %q"}, url, m[0])
		}
		return openSQLite(ctx, rest, gc)
	case "postgres", "postgresql":
		s, err := postgres.OpenWith(ctx, url, gc)
		if err != nil {
			return nil, err // a nil *postgres.Store must not become a non-nil Store
		}
		return s, nil
	default:
		return nil, game.Errorf(game.Text{EN: "store: unknown storage %q in %q: give a file path, sqlite:PATH or postgres://user@host/db", FR: "base : stockage inconnu %q dans %q : donnez un chemin de fichier, sqlite:CHEMIN ou postgres://user@host/db"}, m[1], redactURL(url))
	}
}

func openSQLite(ctx context.Context, path string, gc GroupCommit) (Store, error) {
	s, err := sqlite.OpenWith(ctx, path, gc)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// redactURL keeps a password out of error messages.
func redactURL(url string) string {
	if at := strings.LastIndex(url, "@"); at >= 0 {
		if i := strings.Index(url, "://"); i >= 0 && i < at {
			return url[:i+3] + "...@" + url[at+1:]
		}
	}
	return url
}
