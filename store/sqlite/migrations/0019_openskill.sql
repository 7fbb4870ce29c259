-- OpenSkill: the ratings of three- and four-player variants (and of teams
-- of three or more seats) are the Weng-Lin Bayesian rating, a skill μ ± σ,
-- kept in the same tables as the two-player Glicko-2 ratings so that each
-- variant has one leaderboard sorted by the number shown (rating). A row
-- with sigma is OpenSkill: rating is the number shown (rating.Display),
-- deviation its uncertainty on that scale, volatility 0. A Glicko-2 row
-- has mu and sigma NULL and is unchanged.

-- SQLite cannot change a table's CHECK constraints: the table is rebuilt
-- (nothing references it) with the volatility check widened.
CREATE TABLE ratings_0019 (
    user_key   TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    variant    TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility >= 0),
    games      INTEGER NOT NULL CHECK (games >= 0),
    wins       INTEGER NOT NULL CHECK (wins >= 0),
    draws      INTEGER NOT NULL CHECK (draws >= 0),
    losses     INTEGER NOT NULL CHECK (losses >= 0),
    updated_ms INTEGER NOT NULL,
    mu         REAL,
    sigma      REAL,
    CHECK ((mu IS NULL AND sigma IS NULL AND volatility > 0)
        OR (mu IS NOT NULL AND sigma > 0 AND volatility = 0)),
    PRIMARY KEY (user_key, variant)
) STRICT, WITHOUT ROWID;

INSERT INTO ratings_0019 (user_key, variant, rating, deviation, volatility, games, wins, draws, losses, updated_ms)
    SELECT user_key, variant, rating, deviation, volatility, games, wins, draws, losses, updated_ms FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_0019 RENAME TO ratings;

-- Leaderboard: a variant's ratings, the highest first, then by name.
CREATE INDEX ratings_by_variant ON ratings (variant, rating DESC, user_key);

-- The history keeps the skill of each OpenSkill point (NULL for Glicko-2).
ALTER TABLE rating_history ADD COLUMN mu REAL;
ALTER TABLE rating_history ADD COLUMN sigma REAL CHECK (sigma IS NULL OR sigma > 0);
