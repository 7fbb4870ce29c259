-- Puzzles: each account's Glicko-2 rating at the puzzles of each game, its
-- first attempts at puzzles, and each puzzle's own rating (its standing:
-- how hard players find it); the same tables as the SQLite backend's. Keys
-- sort bytewise (COLLATE "C") on every backend.

CREATE TABLE puzzle_ratings (
    user_key   text COLLATE "C" NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    game       text COLLATE "C" NOT NULL,  -- the game id: "pogo", "pods"
    rating     double precision NOT NULL,
    deviation  double precision NOT NULL CHECK (deviation > 0),
    volatility double precision NOT NULL CHECK (volatility > 0),
    attempts   integer     NOT NULL CHECK (attempts >= 0),
    solved     integer     NOT NULL CHECK (solved >= 0 AND solved <= attempts),
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (user_key, game)
);

-- The primary key is what makes an attempt a first one: a second attempt of
-- a user at a puzzle is refused (ErrConflict), and a refused RatePuzzle
-- leaves nothing (its row neither).
CREATE TABLE puzzle_attempts (
    user_key text COLLATE "C" NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    puzzle   text COLLATE "C" NOT NULL,    -- "saute-12"
    game     text COLLATE "C" NOT NULL,
    solved   boolean          NOT NULL,
    at       timestamptz      NOT NULL,
    rating   double precision NOT NULL,    -- the user's puzzle rating in the game after it
    PRIMARY KEY (user_key, puzzle)
);

-- PuzzleAttempts: a user's attempts, the most recent first, then by puzzle;
-- of every game, or of one.
CREATE INDEX puzzle_attempts_by_time ON puzzle_attempts (user_key, at DESC, puzzle);
CREATE INDEX puzzle_attempts_by_game ON puzzle_attempts (user_key, game, at DESC, puzzle);

-- A puzzle's standing belongs to no account: it stays when one is deleted.
-- RatePuzzle inserts a new puzzle's row with the defaults before locking
-- it, so that two players' first attempts at it wait for one another.
CREATE TABLE puzzle_standings (
    puzzle     text COLLATE "C" NOT NULL PRIMARY KEY,
    rating     double precision NOT NULL,
    deviation  double precision NOT NULL CHECK (deviation > 0),
    volatility double precision NOT NULL CHECK (volatility > 0),
    attempts   integer NOT NULL CHECK (attempts >= 0),
    solved     integer NOT NULL CHECK (solved >= 0 AND solved <= attempts)
);
