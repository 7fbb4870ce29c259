-- The first schema: games, their seats and their moves; the same tables as
-- the SQLite backend's, in PostgreSQL's types. Ids sort bytewise (COLLATE
-- "C") so that listings come in the same order on every backend.

CREATE TABLE games (
    id           text COLLATE "C" NOT NULL PRIMARY KEY,
    game_id      text        NOT NULL,
    options      text        NOT NULL,
    position     text        NOT NULL,
    result       text        NOT NULL,      -- '*' while the game is on
    reason       text        NOT NULL,
    casual       boolean     NOT NULL,
    clock_ms     bigint      NOT NULL,
    increment_ms bigint      NOT NULL,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL
);

-- ListGames: newest first, all games or one rules id.
CREATE INDEX games_by_update ON games (updated_at DESC, id);
CREATE INDEX games_by_rules_update ON games (game_id, updated_at DESC, id);

CREATE TABLE seats (
    game       text COLLATE "C" NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       integer NOT NULL CHECK (seat >= 0),
    kind       text    NOT NULL,
    agent      text    NOT NULL,
    name       text    NOT NULL,
    token_hash text    NOT NULL,
    PRIMARY KEY (game, seat)
);

-- The primary key (game, ply) is the UNIQUE constraint that makes two
-- appends of the same ply impossible, whatever the code above it does.
CREATE TABLE moves (
    game     text COLLATE "C" NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply      integer     NOT NULL CHECK (ply >= 0),
    notation text        NOT NULL,
    seat     integer     NOT NULL,
    at       timestamptz NOT NULL,
    clock_ms bigint      NOT NULL,
    PRIMARY KEY (game, ply)
);
