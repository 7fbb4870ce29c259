package model

import (
	"context"
	"fmt"
)

// Revocations lets every server sharing a store learn at once that
// credentials were withdrawn, whichever program withdrew them (a server,
// or plateau users writing the store while servers run), so that they
// close the live connections (WebSockets, event streams) opened with them.
// Both SQL backends implement it; storetest.RunRevocations is its suite.
type Revocations interface {
	// Revocations is a count that grows, in the same transaction, each
	// time an account is disabled (UpdateUser with Disabled), all its
	// sessions are ended (DeleteSessions) or a bot token is revoked
	// (RevokeBotToken). Servers poll it; the PostgreSQL backend also
	// notifies its listeners with GameChange{Game: "-", Event: "revoke
	// NAME"} (RevokeEvent).
	Revocations(ctx context.Context) (int64, error)
}

// RevokeEvent is the Event of the notification of a revocation of name's
// credentials.
func RevokeEvent(name string) string { return "revoke " + UserKey(name) }

// Secrets keeps the secrets that every server of a store must share, such
// as the key that signs the device cookies of logins. Both SQL backends
// implement it.
type Secrets interface {
	// Secret returns the secret named name. The first call for a name
	// stores fresh; every later call, from any server, returns what was
	// stored (racing first calls all get the one stored first). name is
	// 1 to 64 bytes, fresh 16 to 256.
	Secret(ctx context.Context, name string, fresh []byte) ([]byte, error)
}

// CheckSecret says what is wrong with a Secret call's arguments, or nil.
func CheckSecret(name string, fresh []byte) error {
	if name == "" || len(name) > 64 {
		return fmt.Errorf("store: secret name of %d bytes, accepted: 1 to 64", len(name))
	}
	if len(fresh) < 16 || len(fresh) > 256 {
		return fmt.Errorf("store: secret of %d bytes, accepted: 16 to 256", len(fresh))
	}
	return nil
}
