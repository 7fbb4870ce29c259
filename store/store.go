// Package store keeps the games of the plateau server: who sits where, every
// move with its time, and how each game ended. The server talks to storage
// only through the Store interface. Open picks a backend from a URL: an
// embedded SQLite file by default (package store/sqlite), PostgreSQL for
// larger installations (package store/postgres). Every backend passes the
// same conformance suite, package store/storetest. docs/storage.md describes
// the schema and the durability guarantees.
//
// The types are defined in store/internal/model and re-exported here as
// aliases: the backends implement Store without importing this package, which
// imports them for Open.
package store

import "github.com/plateau-games/plateau/store/internal/model"

type (
	// Game is one game on the server, finished or not.
	//
	//	ID              string // public id: URL-safe random string (e.g. 10 base32 chars)
	//	GameID          string // rules id: "pogo", "empire", ...
	//	Options         string // game.Options.String() of the resolved variant
	//	Position        string // start position text; "" = the variant's start
	//	Seats           []Seat // one per player, seat 0 first
	//	Moves           []Move // in ply order
	//	Hints           []Hint // hints given to its players, in order (LoadGame only)
	//	Result          string // as in game records: "*" while on, "win 1", "win 1,3", "draw", "over"
	//	Reason          string // why it ended ("" while on)
	//	Casual          bool   // undo requests and draw offers allowed
	//	ClockMillis     int64  // initial time per player, 0 = no clock
	//	IncrementMillis int64
	//	Rated           bool   // the result changes the ratings of the seats' accounts
	//	MoveDays        int    // correspondence: days per move, 0 = none
	//	CreatedAt       time.Time
	//	UpdatedAt       time.Time
	Game = model.Game

	// Seat says who holds a seat.
	//
	//	Kind      string // "human" (whoever holds the seat's token) or "computer"
	//	Agent     string // agent spec for a computer seat ("medium", "mcts:time=1s")
	//	Name      string // display name
	//	TokenHash string // hex SHA-256 of the seat's secret token; "" for computers
	Seat = model.Seat

	// Move is one stored move.
	//
	//	Ply         int // 0 for the first move
	//	Notation    string
	//	Seat        int
	//	At          time.Time
	//	ClockMillis int64 // mover's remaining time after the move; -1 without clock
	Move = model.Move

	// Filter selects games for listing.
	//
	//	Finished      *bool     // nil: all
	//	GameID        string    // "" : all games
	//	User          string    // "" : all games; else the games where this account holds a seat
	//	Correspondence bool     // only games with days per move
	//	UpdatedBefore time.Time // zero: no bound; else only games with UpdatedAt < UpdatedBefore
	//	OldestFirst   bool      // UpdatedAt ascending (then ID) instead of newest first
	//	Limit         int       // 0: a default of 50
	//	Offset        int
	//
	// To expire abandoned games, the server lists
	// Filter{Finished: &no, UpdatedBefore: now.Add(-ttl), OldestFirst: true}.
	Filter = model.Filter

	// Store keeps games. Implementations are safe for concurrent use. A
	// write returns only once it is durable (committed), and an error from a
	// write means that nothing was stored. See model.Store for each method's
	// contract:
	//
	//	CreateGame(ctx context.Context, g *Game) error                 // ErrConflict if the ID exists
	//	LoadGame(ctx context.Context, id string) (*Game, error)        // with its moves
	//	AppendMove(ctx context.Context, id string, m Move) error       // atomically: ErrConflict unless m.Ply == number of stored moves; ErrNotFound; refused once the game is finished (ErrConflict)
	//	AppendFinalMove(ctx context.Context, id string, m Move, result, reason string) error
	//	                                                               // AppendMove and FinishGame in one transaction
	//	TruncateMoves(ctx context.Context, id string, plies int) error // keep the first plies moves (undo); ErrConflict if the game is finished
	//	FinishGame(ctx context.Context, id, result, reason string) error
	//	ListGames(ctx context.Context, f Filter) ([]Game, error)       // newest first (UpdatedAt), without Moves
	//	Check(ctx context.Context) error                               // a durable write and its read-back: can the store write now?
	//	Close() error
	//
	// AppendMove and AppendFinalMove return nil only once the move is
	// committed; any error means it is not stored. Concurrent calls are
	// grouped into shared transactions (group commit, see GroupCommit),
	// each move checked on its own so that a conflicting move fails alone.
	// A context that ends before the move joined a batch makes the call
	// return ctx.Err() with nothing stored; once the move is in a batch,
	// the call waits for the batch's outcome (bounded by
	// GroupCommit.Timeout) rather than return an error for a move that may
	// be committed.
	Store = model.Store

	// GroupCommit sets a backend's group commit (sqlite.OpenWith,
	// postgres.OpenWith, OpenWith); zero fields take the defaults below.
	//
	//	MaxBatch  int           // moves per transaction at most (DefaultMaxBatch)
	//	QueueSize int           // moves waiting for a batch at most (DefaultQueueSize); a caller finding it full waits for room within its context
	//	Timeout   time.Duration // bound on one batch, and again on its commit (DefaultCommitTimeout)
	//	Writers   int           // batches committing at once (DefaultWriters; SQLite: always 1; PostgreSQL: at most half the pool)
	GroupCommit = model.GroupCommit

	// GroupCommitStats counts what a store's group commit did; both
	// backends report it with their GroupCommitStats method.
	GroupCommitStats = model.GroupCommitStats

	// User is a player's account; Session one of its logins; Accounts
	// keeps both (implemented by both backends next to Store, see
	// model.Accounts for each method's contract; storetest.RunAccounts is
	// its conformance suite).
	//
	//	CreateUser(ctx, u *User) error            // ErrConflict if the name is taken in any case
	//	LoadUser(ctx, name string) (*User, error)  // any case; ErrNotFound
	//	UpdateUser(ctx, u *User) error             // password, role, bot, disabled; disabling ends its sessions
	//	ListUsers(ctx, limit, offset int) ([]User, error)
	//	CreateSession(ctx, s *Session) error       // ErrNotFound unless the user exists and is enabled
	//	LoadSession(ctx, tokenHash string, now time.Time) (*Session, *User, error) // ErrNotFound if expired or disabled
	//	DeleteSession(ctx, tokenHash string) error
	//	DeleteSessions(ctx, name string) (int, error)
	//	DeleteExpiredSessions(ctx, now time.Time) (int, error)
	User     = model.User
	Session  = model.Session
	Accounts = model.Accounts
)

type (
	// Rating is an account's Glicko-2 rating in one variant; RatingPoint
	// one point of its history; GameScore one player's result in a rated
	// game; RatingUpdate computes new ratings from current ones; Ratings
	// keeps them (implemented by both backends next to Store and
	// Accounts, see model.Ratings for each method's contract;
	// storetest.RunRatings is its conformance suite).
	//
	//	RateGame(ctx, game, variant string, at time.Time, scores []GameScore, def Rating, update RatingUpdate) ([]Rating, error)
	//	                                              // once per game (ErrConflict after), in one transaction; ErrNotFound for a missing user
	//	UserRatings(ctx, user string) ([]Rating, error) // by variant; ErrNotFound
	//	Leaderboard(ctx, variant string, minGames, limit, offset int) ([]Rating, error)
	//	                                              // highest first, then by name; enabled accounts with minGames or more
	//	RatingHistory(ctx, user, variant string, limit int) ([]RatingPoint, error)
	//	                                              // oldest first, the most recent limit points (0: MaxHistory)
	Rating       = model.Rating
	RatingPoint  = model.RatingPoint
	GameScore    = model.GameScore
	RatingUpdate = model.RatingUpdate
	Ratings      = model.Ratings
)

// MaxHistory bounds the points RatingHistory returns.
const MaxHistory = model.MaxHistory

// Challenge is an account's offer to play a two-player game; Lobby keeps
// them (both backends; model.Lobby has each method's contract,
// storetest.RunLobby is its conformance suite).
//
//	CreateChallenge(ctx, c *Challenge) error                    // ErrNotFound for an unknown creator or target; ErrConflict over MaxOpenChallenges
//	LoadChallenge(ctx, id string) (*Challenge, error)
//	OpenChallenges(ctx, user string, now time.Time, limit int) ([]Challenge, error) // public ones, and user's own and those aimed at user
//	AcceptChallenge(ctx, id, user string, now time.Time, g *Game) error // makes the game; exactly one of racing acceptors wins
//	CancelChallenge(ctx, id, user string) error                  // its creator only
//	ExpireChallenges(ctx, now time.Time) (int, error)
type (
	Challenge = model.Challenge
	Lobby     = model.Lobby
)

// The states of a challenge, and the bound on one account's open ones.
const (
	ChallengeOpen      = model.ChallengeOpen
	ChallengeAccepted  = model.ChallengeAccepted
	ChallengeCancelled = model.ChallengeCancelled
	ChallengeExpired   = model.ChallengeExpired
	MaxOpenChallenges  = model.MaxOpenChallenges
	// MaxMoveDays bounds the days per move of a correspondence game.
	MaxMoveDays = model.MaxMoveDays
)

// Table is a game waiting for its players in the lobby (two to four seats,
// each open, reserved, taken or a computer); Tables keeps them (both
// backends; model.Tables has each method's contract, storetest.RunTables
// is its conformance suite).
//
//	CreateTable(ctx, t *Table, start StartTable) error       // ErrNotFound for an unknown host or seated user; ErrConflict over MaxOpenTables
//	LoadTable(ctx, id string) (*Table, error)
//	OpenTables(ctx, now time.Time, limit int) ([]Table, error)
//	TakeSeat(ctx, id string, seat int, user string, now time.Time, start StartTable) (*Table, error) // exactly one of racing takers wins; the last seat starts the game in the same transaction
//	StandUp(ctx, id, user string) (*Table, error)            // before the start; not the host
//	SetComputer(ctx, id, host string, seat int, agent string, now time.Time, start StartTable) (*Table, error) // the host only
//	CloseTable(ctx, id, host string) error                   // the host only
//	ExpireTables(ctx, now time.Time) (int, error)
type (
	Table      = model.Table
	TableSeat  = model.TableSeat
	StartTable = model.StartTable
	Tables     = model.Tables
)

// The kinds of a table's seat, the states of a table and its bounds.
const (
	SeatOpen        = model.SeatOpen
	SeatReserved    = model.SeatReserved
	SeatTaken       = model.SeatTaken
	SeatComputer    = model.SeatComputer
	TableOpen       = model.TableOpen
	TableStarted    = model.TableStarted
	TableClosed     = model.TableClosed
	TableExpired    = model.TableExpired
	MaxTableSeats   = model.MaxTableSeats
	MaxOpenTables   = model.MaxOpenTables
	MaxSeatedTables = model.MaxSeatedTables
	MaxAgentLength  = model.MaxAgentLength
)

// CheckTable says what is wrong with a new table, or nil.
var CheckTable = model.CheckTable

// ChatMessage is one message of a game's chat; Chat keeps them (both
// backends; model.Chat has the contract, storetest.RunChat the suite).
//
//	AddChat(ctx, m *ChatMessage, lim ChatLimits) error             // sets ID and At; ErrNotFound for no game; ErrConflict when the channel is full; *ChatLimitError over lim
//	ChatMessages(ctx, game, channel string, limit int) ([]ChatMessage, error) // the last ones, oldest first
//	DeleteChat(ctx, game string, id int64) error                   // flags it deleted (an operator's removal)
type (
	ChatMessage    = model.ChatMessage
	Chat           = model.Chat
	ChatLimits     = model.ChatLimits
	ChatLimitError = model.ChatLimitError
)

// The refusals of ChatLimits (inside a *ChatLimitError), and the window
// of ChatLimits.Burst.
var (
	ErrChatRate  = model.ErrChatRate
	ErrChatShare = model.ErrChatShare
)

const (
	ChatBurstWindow  = model.ChatBurstWindow
	ChatShareDivisor = model.ChatShareDivisor
)

// The channels and bounds of a game's chat.
const (
	ChatPlayers     = model.ChatPlayers
	ChatSpectators  = model.ChatSpectators
	MaxChatText     = model.MaxChatText
	MaxChatMessages = model.MaxChatMessages
)

// BotToken lets a program play as a bot account; BotTokens keeps them
// (both backends; model.BotTokens has the contract, storetest.RunBotTokens
// the suite).
//
//	CreateBotToken(ctx, t *BotToken) error                 // a bot account's; ErrConflict for a non-bot or over MaxBotTokens
//	BotTokenUser(ctx, hash string) (*User, error)          // ErrNotFound: unknown, revoked, or the account disabled
//	ListBotTokens(ctx, user string) ([]BotToken, error)
//	RevokeBotToken(ctx, user, id string) error
type (
	BotToken  = model.BotToken
	BotTokens = model.BotTokens
)

// MaxBotTokens bounds the tokens of one bot account.
const MaxBotTokens = model.MaxBotTokens

// GameChange says that some server wrote a game; Notifier delivers them
// (the PostgreSQL backend, with LISTEN/NOTIFY: see model.Notifier).
type (
	GameChange = model.GameChange
	Notifier   = model.Notifier
)

// Leases make one of several servers run a game's computer seat and
// clock (the PostgreSQL backend; see model.Leases).
type Leases = model.Leases

// The roles of an account.
const (
	RolePlayer   = model.RolePlayer
	RoleOperator = model.RoleOperator

	// The bounds of a user name's length.
	MinUserName = model.MinUserName
	MaxUserName = model.MaxUserName
)

// CheckUserName says what is wrong with a user name (2 to 20 ASCII letters,
// digits, '_' or '-', not first), or nil; UserKey is the name as compared.
var (
	CheckUserName = model.CheckUserName
	UserKey       = model.UserKey
)

var (
	// ErrNotFound is returned when no game has the given id.
	ErrNotFound = model.ErrNotFound
	// ErrConflict is returned when a write does not fit what is stored (an
	// id already used, a ply already taken, a finished game): the caller lost
	// a race, reloads the game and decides again.
	ErrConflict = model.ErrConflict
	// ErrClosed is returned by writes to a store that is closed.
	ErrClosed = model.ErrClosed
)

const (
	// DefaultLimit is the number of games ListGames returns when
	// Filter.Limit is 0.
	DefaultLimit = model.DefaultLimit
	// Ongoing is the Result of a game that is not finished.
	Ongoing = model.Ongoing

	// The group commit defaults (see GroupCommit).
	DefaultMaxBatch      = model.DefaultMaxBatch      // 256 moves per transaction
	DefaultQueueSize     = model.DefaultQueueSize     // 4096 moves waiting
	DefaultCommitTimeout = model.DefaultCommitTimeout // 10 s per batch
	DefaultWriters       = model.DefaultWriters       // 2 (PostgreSQL)
)

// Hint is one hint given to a player (the move a short search found);
// Hints keeps them (both backends; model.Hints has the contract,
// storetest.RunHints the suite). LoadGame returns them in Game.Hints.
//
//	AddHint(ctx, id string, h Hint) error // ErrConflict unless the game is on and h.Ply is its number of moves, or at MaxHints; ErrNotFound
type (
	Hint  = model.Hint
	Hints = model.Hints
)

// MaxHints bounds the hints kept per game.
const MaxHints = model.MaxHints

// Review is the stored review of a finished game (package review, as
// JSON, with its judge and budget); Reviews keeps them, one per game (both
// backends; model.Reviews has the contract, storetest.RunReviews the
// suite).
//
//	GetReview(ctx, id string) (*Review, error) // ErrNotFound when none
//	PutReview(ctx, r *Review) error            // ErrConflict unless the game is finished; ErrNotFound
type (
	Review  = model.Review
	Reviews = model.Reviews
)

// MaxReviewBytes bounds a stored review's JSON.
const MaxReviewBytes = model.MaxReviewBytes

// PuzzleRating is an account's Glicko-2 rating at the puzzles of one game;
// PuzzleStanding a puzzle's own rating (how hard players find it);
// PuzzleAttempt a user's first attempt at a puzzle; PuzzleUpdate computes
// the new ratings after an attempt; Puzzles keeps them (both backends;
// model.Puzzles has each method's contract, storetest.RunPuzzles is its
// conformance suite).
//
//	RatePuzzle(ctx, a PuzzleAttempt, defPlayer PuzzleRating, defPuzzle PuzzleStanding, update PuzzleUpdate) (PuzzleRating, PuzzleStanding, error)
//	                                                  // once per user and puzzle (ErrConflict after), in one transaction; ErrNotFound for a missing user
//	PuzzleRatings(ctx, user string) ([]PuzzleRating, error) // by game; ErrNotFound
//	PuzzleAttempts(ctx, user, game string, limit int) ([]PuzzleAttempt, error)
//	                                                  // the most recent first; game "" every game; limit 0: DefaultLimit, at most MaxHistory
//	PuzzleStandings(ctx, puzzles []string) (map[string]PuzzleStanding, error) // at most MaxPuzzleIDs ids
type (
	PuzzleRating   = model.PuzzleRating
	PuzzleStanding = model.PuzzleStanding
	PuzzleAttempt  = model.PuzzleAttempt
	PuzzleUpdate   = model.PuzzleUpdate
	Puzzles        = model.Puzzles
)

const (
	// MaxPuzzleIDs bounds the puzzles PuzzleStandings reads at once.
	MaxPuzzleIDs = model.MaxPuzzleIDs
	// MaxPuzzleID bounds the length in bytes of the puzzle and game ids of
	// an attempt.
	MaxPuzzleID = model.MaxPuzzleID
)

// Offer is a game's pending draw offer or undo request, OfferAnswer an
// answer to it; Turns keeps them, and when the clock of the seat to move
// began to run when not at the last move (both backends; model.Turns has
// each method's contract, storetest.RunTurns is its conformance suite).
// LoadGame returns them in Game.Offer and Game.ClockFrom while they are
// about the position played.
//
//	MakeOffer(ctx, id string, o Offer) (OfferOutcome, error)                 // ErrConflict unless on at o.Ply with none pending; Needs 0: carried out at once
//	AnswerOffer(ctx, id string, a OfferAnswer) (Offer, OfferOutcome, error) // exactly one of racing answers decides; the accepted offer is carried out in the same transaction
//	SetClockFrom(ctx, id string, ply int, from time.Time) error             // the seat to move is not charged the time before from
type (
	Offer        = model.Offer
	OfferAnswer  = model.OfferAnswer
	OfferOutcome = model.OfferOutcome
	Turns        = model.Turns
)

// What an offer became, and the seats an offer can name.
const (
	OfferWaiting  = model.OfferWaiting
	OfferDeclined = model.OfferDeclined
	OfferCarried  = model.OfferCarried
	MaxOfferSeats = model.MaxOfferSeats
)

// Revocations counts the withdrawals of credentials (an account disabled,
// its sessions ended, a bot token revoked), so that every server closes
// the live connections opened with them; Secrets keeps the secrets the
// servers of a store share (both backends; model.Revocations and
// model.Secrets have the contracts, storetest.RunRevocations the suite).
//
//	Revocations(ctx) (int64, error)                          // grows with each withdrawal, in its transaction
//	Secret(ctx, name string, fresh []byte) ([]byte, error)   // the first call stores fresh; all get the stored one
type (
	Revocations = model.Revocations
	Secrets     = model.Secrets
)

// RevokeEvent is the Event of the PostgreSQL backend's notification of a
// revocation of an account's credentials ("revoke NAME", in lower case).
var RevokeEvent = model.RevokeEvent

// Leaving makes a player leave a game of three or four without teams: his
// seat becomes a computer's and Seat.Left says in which order he left
// (both backends; model.Leaving has the contract, storetest.RunLeaving the
// suite).
//
//	LeaveSeat(ctx, id string, seat int, agent string, at time.Time) (left int, err error) // ErrConflict: finished, already left, a computer
type Leaving = model.Leaving

// Tournament is a Swiss, round robin or arena of two-player games;
// Entrant one of its players, Pairing one board of a round; Tournaments
// keeps them (both backends; model.Tournaments has each method's
// contract, storetest.RunTournaments is its conformance suite).
//
//	CreateTournament(ctx, t *Tournament) error                  // ErrNotFound for an unknown director or invited; ErrConflict over MaxDirected
//	LoadTournament(ctx, id string) (*Tournament, error)          // with invited, entrants, pairings
//	ListTournaments(ctx, status string, limit int) ([]Tournament, error)
//	Register(ctx, id, user string, rating int, now time.Time) error
//	Withdraw(ctx, id, user string, now time.Time) error
//	StartTournament(ctx, id string, rounds int, now time.Time) error
//	PairRound(ctx, id string, round int, p []Pairing, g []*Game, now time.Time) error // exactly one of racing pairers wins
//	SetResult(ctx, id string, round, board int, result string, corrected bool, now time.Time) error
//	GameResult(ctx, game, result string, now time.Time) (string, error)
//	FinishTournament(ctx, id string, now time.Time) error
type (
	Tournament  = model.Tournament
	Entrant     = model.Entrant
	Pairing     = model.Pairing
	Tournaments = model.Tournaments
	// TournamentExtras: computer players, a game's tournament
	// (model.TournamentExtras); TournamentBoard what GameBoard finds.
	TournamentExtras = model.TournamentExtras
	TournamentBoard  = model.TournamentBoard
)

// The kinds, states and bounds of tournaments.
const (
	TournamentSwiss       = model.TournamentSwiss
	TournamentRoundRobin  = model.TournamentRoundRobin
	TournamentArena       = model.TournamentArena
	TournamentTables      = model.TournamentTables
	TournamentUpcoming    = model.TournamentUpcoming
	TournamentRunning     = model.TournamentRunning
	TournamentFinished    = model.TournamentFinished
	TournamentBye         = model.TournamentBye
	MaxDirected           = model.MaxDirected
	MaxTournamentPlayers  = model.MaxTournamentPlayers
	MaxInvited            = model.MaxInvited
	MaxEntered            = model.MaxEntered
	MaxTournamentRounds   = model.MaxTournamentRounds
	MaxTournamentName     = model.MaxTournamentName
	MaxArenaMillis        = model.MaxArenaMillis
	MaxTournamentPairings = model.MaxTournamentPairings
)

// CheckTournament says what is wrong with a new tournament;
// CheckTournamentResult whether a result is one a board may have.
var (
	CheckTournament       = model.CheckTournament
	CheckTournamentResult = model.CheckTournamentResult
	CheckTableResult      = model.CheckTableResult
	TableRanks            = model.TableRanks
	// TournamentResults are the results a board with a game may have.
	TournamentResults = model.TournamentResults
)

// Computer players of tournaments (model.ComputerPrefix).
const (
	ComputerPrefix = model.ComputerPrefix
	MaxComputers   = model.MaxComputers
)

// IsComputerEntrant says whether a tournament entrant is a computer.
var IsComputerEntrant = model.IsComputerEntrant
