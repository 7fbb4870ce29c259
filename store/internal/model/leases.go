package model

import (
	"context"
	"time"
)

// Leases make one server, of several on one store, run a game's duties
// that must happen once: its computer seat's search and its clock. A lease
// is held by a server (a random holder id) until it expires; the holder
// renews it while it needs it, and when a server dies its leases expire
// and another takes them. The store's refusal of a taken ply or of a
// second end remains the last guard.
type Leases interface {
	// AcquireLease takes or renews the lease of game for holder, for ttl,
	// unless another holder has it unexpired; it says whether holder has
	// it now. When holder took it from another holder whose lease had
	// expired (a server that died), lapsed is how long before now, by the
	// store's clock, that holder last took or renewed it: how long the
	// game's duties went undone at most (0 otherwise, and for a lease
	// given up by ReleaseLease).
	AcquireLease(ctx context.Context, game, holder string, ttl time.Duration) (held bool, lapsed time.Duration, err error)
	// RenewLeases extends holder's leases of games by ttl and returns the
	// games whose lease it no longer holds (expired and taken by another).
	RenewLeases(ctx context.Context, holder string, games []string, ttl time.Duration) (lost []string, err error)
	// ReleaseLease gives the lease of game up, if holder has it.
	ReleaseLease(ctx context.Context, game, holder string) error
}
