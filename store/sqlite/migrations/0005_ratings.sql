-- Ratings: each account's Glicko-2 rating in each variant, its history (one
-- point per rated game) and the games rated. Times are milliseconds since
-- the Unix epoch (UTC).

-- The primary key is what makes a game rated once: of several servers
-- finishing one game, only the first RateGame inserts its row, and a
-- refused RateGame leaves nothing (its row neither).
CREATE TABLE rated_games (
    game    TEXT    NOT NULL PRIMARY KEY,  -- the game's public id
    variant TEXT    NOT NULL,
    at_ms   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE ratings (
    user_key   TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    variant    TEXT    NOT NULL,           -- "pogo", "empire players=4 teams=true"
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    games      INTEGER NOT NULL CHECK (games >= 0),
    wins       INTEGER NOT NULL CHECK (wins >= 0),
    draws      INTEGER NOT NULL CHECK (draws >= 0),
    losses     INTEGER NOT NULL CHECK (losses >= 0),
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (user_key, variant)
) STRICT, WITHOUT ROWID;

-- Leaderboard: a variant's ratings, the highest first, then by name.
CREATE INDEX ratings_by_variant ON ratings (variant, rating DESC, user_key);

CREATE TABLE rating_history (
    user_key  TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    variant   TEXT    NOT NULL,
    game      TEXT    NOT NULL REFERENCES rated_games (game),
    at_ms     INTEGER NOT NULL,
    rating    REAL    NOT NULL,
    deviation REAL    NOT NULL,
    PRIMARY KEY (user_key, variant, game)
) STRICT, WITHOUT ROWID;

-- RatingHistory: a user's points in a variant, the most recent read first.
CREATE INDEX rating_history_by_time ON rating_history (user_key, variant, at_ms, game);
