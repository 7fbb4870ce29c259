package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
)

var _ model.Notifier = (*Store)(nil)

// notifyChannel is the channel of game writes in the public schema. Every
// transaction that writes a game notifies its schema's channel, with "ID
// MOVES FINISHED SENT" (MOVES −1 when not counted, SENT the writer's clock
// in ms), "ID chat SENT", "ID hint SENT" or "ID turn SENT"; PostgreSQL delivers a
// notification only when its transaction commits, and to every listening
// connection of the database, whatever its schema.
const notifyChannel = "plateau_games"

// channelFor is the notification channel of the store whose tables are in
// schema: notifications are database-wide, so two sites in two schemas of
// one database must not hear each other's games. A hash keeps the name
// under PostgreSQL's 63 bytes whatever the schema's name.
func channelFor(schema string) string {
	if schema == "" || schema == "public" {
		return notifyChannel
	}
	sum := sha256.Sum256([]byte(schema))
	return notifyChannel + "_" + hex.EncodeToString(sum[:8])
}

// queueNotify adds the notification of a game's write to a batch.
func (s *Store) queueNotify(b *pgx.Batch, id string, moves int, finished bool) {
	b.Queue(`SELECT pg_notify($1, $2)`, s.channel, notifyPayload(id, moves, finished))
}

func notifyPayload(id string, moves int, finished bool) string {
	f := 0
	if finished {
		f = 1
	}
	return fmt.Sprintf("%s %d %d %d", id, moves, f, time.Now().UnixMilli())
}

// queueChatNotify adds the notification of a chat's change to a batch:
// "ID chat".
func (s *Store) queueChatNotify(b *pgx.Batch, id string) {
	b.Queue(`SELECT pg_notify($1, $2)`, s.channel, fmt.Sprintf("%s chat %d", id, time.Now().UnixMilli()))
}

// parsePayload reads a notification; ok false for one not ours.
func parsePayload(p string) (model.GameChange, bool) {
	f := strings.Fields(p)
	sent := func(s string) time.Time {
		if ms, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.UnixMilli(ms)
		}
		return time.Time{}
	}
	if len(f) == 3 && f[1] == "chat" {
		return model.GameChange{Game: f[0], Moves: -1, Chat: true, Sent: sent(f[2])}, true
	}
	if len(f) == 3 && f[1] == "hint" {
		return model.GameChange{Game: f[0], Moves: -1, Hint: true, Sent: sent(f[2])}, true
	}
	if len(f) == 3 && f[1] == "turn" {
		return model.GameChange{Game: f[0], Moves: -1, Turn: true, Sent: sent(f[2])}, true
	}
	if len(f) == 3 && f[1] == "left" {
		return model.GameChange{Game: f[0], Moves: -1, Left: true, Sent: sent(f[2])}, true
	}
	if len(f) >= 3 && f[1] == "event" {
		return model.GameChange{Game: f[0], Moves: -1, Event: strings.Join(f[2:len(f)-1], " "), Sent: sent(f[len(f)-1])}, true
	}
	if len(f) != 4 {
		return model.GameChange{}, false
	}
	n, err := strconv.Atoi(f[1])
	if err != nil {
		return model.GameChange{}, false
	}
	return model.GameChange{Game: f[0], Moves: n, Finished: f[2] == "1", Sent: sent(f[3])}, true
}

// Listen implements store.Notifier on a connection of its own (not one
// of the pool's, which it would hold for ever).
func (s *Store) Listen(ctx context.Context, fn func(model.GameChange)) error {
	cfg := s.pool.Config().ConnConfig.Copy()
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := s.listenOnce(ctx, cfg, fn)
		if ctx.Err() != nil {
			break
		}
		log.Printf("%s: listening for game changes: %v; again in %v", s.name, err, backoff)
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 5*time.Second)
	}
	return nil
}

// listenOnce listens on one connection until it fails or ctx ends. Each
// connection starts with a Resync: what was written while none listened is
// not lost, only read again.
func (s *Store) listenOnce(ctx context.Context, cfg *pgx.ConnConfig, fn func(model.GameChange)) error {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return s.wrap(err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return s.wrap(err)
	}
	// Writes made before LISTEN took effect (at the start, or while the
	// connection was down) sent nothing here: read everything again.
	fn(model.GameChange{Resync: true})
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if c, ok := parsePayload(n.Payload); ok {
			fn(c)
		}
	}
}

// Announce implements store.Notifier: "ID event WORDS... SENT".
func (s *Store) Announce(ctx context.Context, game, event string) error {
	if len(event) > 200 || strings.ContainsAny(event, "\r\n") || strings.TrimSpace(event) == "" {
		return fmt.Errorf("store: event %.40q: 1 to 200 bytes on one line", event)
	}
	_, err := s.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, s.channel,
		fmt.Sprintf("%s event %s %d", game, event, time.Now().UnixMilli()))
	return s.wrap(err)
}
