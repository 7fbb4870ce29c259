package server

import (
	"github.com/plateau-games/plateau/server/internal/pool"
)

// DefaultSearchQueuePerPerson is Config.SearchQueuePerPerson's default.
const DefaultSearchQueuePerPerson = pool.DefaultQueuePerPerson
