// Package tournament holds the pure foundations of tournaments: players,
// rounds, results and standings with tie-breaks; Swiss pairings by the FIDE
// Dutch system (C.04.3); round robins by the FIDE Berger tables; tables of
// three or four players seated round by round by standings; arena pairing
// and lichess-style streak scoring; and the FIDE tournament report format
// (TRF-16 with the JaVaFo/bbpPairings XXR and XXC extensions) for export
// and import, so that an independent pairing checker can verify a
// tournament.
//
// It has no server, storage or clock: callers give it the state and it
// answers with pairings and standings. The only I/O is TRF written to an
// io.Writer or read from an io.Reader. docs/tournaments.md describes the
// rules followed and the judgement of the Dutch engine it wraps.
package tournament
