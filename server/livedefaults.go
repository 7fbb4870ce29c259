package server

import "github.com/plateau-games/plateau/server/internal/live"

// The defaults of live play's settings (Config fields of the same names;
// package live documents them).
const (
	DefaultAbortAfter     = live.DefaultAbortAfter
	DefaultLeaseTTL       = live.DefaultLeaseTTL
	DefaultHintBudget     = live.DefaultHintBudget
	DefaultHintsPerMinute = live.DefaultHintsPerMinute
	DefaultChatPerMinute  = live.DefaultChatPerMinute
	DefaultChatBurst      = live.DefaultChatBurst
	DefaultChatShare      = live.DefaultChatShare
)
