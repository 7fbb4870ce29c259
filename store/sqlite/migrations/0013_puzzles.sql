-- Puzzles: each account's Glicko-2 rating at the puzzles of each game, its
-- first attempts at puzzles, and each puzzle's own rating (its standing:
-- how hard players find it). Times are milliseconds since the Unix epoch
-- (UTC).

CREATE TABLE puzzle_ratings (
    user_key   TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    game       TEXT    NOT NULL,           -- the game id: "pogo", "pods"
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    attempts   INTEGER NOT NULL CHECK (attempts >= 0),
    solved     INTEGER NOT NULL CHECK (solved >= 0 AND solved <= attempts),
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (user_key, game)
) STRICT, WITHOUT ROWID;

-- The primary key is what makes an attempt a first one: a second attempt of
-- a user at a puzzle is refused (ErrConflict), and a refused RatePuzzle
-- leaves nothing (its row neither).
CREATE TABLE puzzle_attempts (
    user_key TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    puzzle   TEXT    NOT NULL,             -- "saute-12"
    game     TEXT    NOT NULL,
    solved   INTEGER NOT NULL CHECK (solved IN (0, 1)),
    at_ms    INTEGER NOT NULL,
    rating   REAL    NOT NULL,             -- the user's puzzle rating in the game after it
    PRIMARY KEY (user_key, puzzle)
) STRICT, WITHOUT ROWID;

-- PuzzleAttempts: a user's attempts, the most recent first, then by puzzle;
-- of every game, or of one.
CREATE INDEX puzzle_attempts_by_time ON puzzle_attempts (user_key, at_ms DESC, puzzle);
CREATE INDEX puzzle_attempts_by_game ON puzzle_attempts (user_key, game, at_ms DESC, puzzle);

-- A puzzle's standing belongs to no account: it stays when one is deleted.
CREATE TABLE puzzle_standings (
    puzzle     TEXT    NOT NULL PRIMARY KEY,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    attempts   INTEGER NOT NULL CHECK (attempts >= 0),
    solved     INTEGER NOT NULL CHECK (solved >= 0 AND solved <= attempts)
) STRICT, WITHOUT ROWID;
