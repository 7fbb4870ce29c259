package server

import "github.com/plateau-games/plateau/server/internal/lab"

// The lab's defaults (plateau serve --lab-*; see Config).
const (
	DefaultLabWorkers        = lab.DefaultWorkers
	DefaultLabRunsPerAccount = lab.DefaultRunsPerAccount
	DefaultLabRunsPerDay     = lab.DefaultRunsPerDay
	DefaultLabMaxGames       = lab.DefaultMaxGames
	DefaultLabMaxReadings    = lab.DefaultMaxReadings
	DefaultLabRescueAfter    = lab.DefaultRescueAfter
)
