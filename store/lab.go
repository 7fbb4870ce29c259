package store

import "github.com/plateau-games/plateau/store/internal/model"

// The site's lab (server/internal/lab): runs of self-play games over the
// readings of a game's rules, each game's result stored once under (run,
// reading, game), and the report once every game is in. Labs keeps them
// (both backends; model.Labs has each method's contract, storetest.RunLabs
// is its conformance suite).
type (
	LabRun     = model.LabRun
	LabReading = model.LabReading
	LabResult  = model.LabResult
	LabFilter  = model.LabFilter
	LabEnqueue = model.LabEnqueue
	LabStored  = model.LabStored
	LabPut     = model.LabPut
	LabQuota   = model.LabQuota
	Labs       = model.Labs
)

// The quotas' refusals of CreateLabRun (both wrap ErrConflict).
var (
	ErrLabRunning = model.ErrLabRunning
	ErrLabDaily   = model.ErrLabDaily
)

// The states of a lab run.
const (
	LabRunning   = model.LabRunning
	LabDone      = model.LabDone
	LabCancelled = model.LabCancelled
	LabFailed    = model.LabFailed
)

// Bounds of the lab's runs.
const (
	MaxLabReadings    = model.MaxLabReadings
	MaxLabGames       = model.MaxLabGames
	MaxLabResultBytes = model.MaxLabResultBytes
	MaxLabReportBytes = model.MaxLabReportBytes
)
