-- Ratings: each account's Glicko-2 rating in each variant, its history (one
-- point per rated game) and the games rated; the same tables as the SQLite
-- backend's. Keys sort bytewise (COLLATE "C") on every backend.

-- The primary key is what makes a game rated once: of several servers
-- finishing one game, only the first RateGame inserts its row (the others
-- wait for it to commit, then find it), and a refused RateGame leaves
-- nothing (its row neither).
CREATE TABLE rated_games (
    game    text COLLATE "C" NOT NULL PRIMARY KEY,  -- the game's public id
    variant text COLLATE "C" NOT NULL,
    at      timestamptz      NOT NULL
);

CREATE TABLE ratings (
    user_key   text COLLATE "C" NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    variant    text COLLATE "C" NOT NULL,  -- "pogo", "empire players=4 teams=true"
    rating     double precision NOT NULL,
    deviation  double precision NOT NULL CHECK (deviation > 0),
    volatility double precision NOT NULL CHECK (volatility > 0),
    games      integer     NOT NULL CHECK (games >= 0),
    wins       integer     NOT NULL CHECK (wins >= 0),
    draws      integer     NOT NULL CHECK (draws >= 0),
    losses     integer     NOT NULL CHECK (losses >= 0),
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (user_key, variant)
);

-- Leaderboard: a variant's ratings, the highest first, then by name.
CREATE INDEX ratings_by_variant ON ratings (variant, rating DESC, user_key);

CREATE TABLE rating_history (
    user_key  text COLLATE "C" NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    variant   text COLLATE "C" NOT NULL,
    game      text COLLATE "C" NOT NULL REFERENCES rated_games (game),
    at        timestamptz      NOT NULL,
    rating    double precision NOT NULL,
    deviation double precision NOT NULL,
    PRIMARY KEY (user_key, variant, game)
);

-- RatingHistory: a user's points in a variant, the most recent read first.
CREATE INDEX rating_history_by_time ON rating_history (user_key, variant, at, game);
