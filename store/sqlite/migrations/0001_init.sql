-- The first schema: games, their seats and their moves.
-- Times are milliseconds since the Unix epoch (UTC); STRICT tables refuse a
-- value of the wrong type instead of storing it.

CREATE TABLE games (
    id           TEXT    NOT NULL PRIMARY KEY,
    game_id      TEXT    NOT NULL,
    options      TEXT    NOT NULL,
    position     TEXT    NOT NULL,
    result       TEXT    NOT NULL,          -- '*' while the game is on
    reason       TEXT    NOT NULL,
    casual       INTEGER NOT NULL,          -- 0 or 1
    clock_ms     INTEGER NOT NULL,
    increment_ms INTEGER NOT NULL,
    created_ms   INTEGER NOT NULL,
    updated_ms   INTEGER NOT NULL
) STRICT;

-- ListGames: newest first, all games or one rules id.
CREATE INDEX games_by_update ON games (updated_ms DESC, id);
CREATE INDEX games_by_rules_update ON games (game_id, updated_ms DESC, id);

CREATE TABLE seats (
    game       TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    kind       TEXT    NOT NULL,
    agent      TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    token_hash TEXT    NOT NULL,
    PRIMARY KEY (game, seat)
) STRICT, WITHOUT ROWID;

-- The primary key (game, ply) is the UNIQUE constraint that makes two
-- appends of the same ply impossible, whatever the code above it does.
CREATE TABLE moves (
    game     TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL CHECK (ply >= 0),
    notation TEXT    NOT NULL,
    seat     INTEGER NOT NULL,
    at_ms    INTEGER NOT NULL,
    clock_ms INTEGER NOT NULL,
    PRIMARY KEY (game, ply)
) STRICT, WITHOUT ROWID;
