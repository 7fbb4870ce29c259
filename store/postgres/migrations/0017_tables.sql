-- The lobby's tables: a game of two to four players waiting for them, as
-- on Board Game Arena, until its last seat is filled (and it becomes a
-- game), its host closes it, or it expires; the same as the SQLite
-- backend's. A change locks the table's row (SELECT ... FOR UPDATE), so
-- that of players racing for a seat exactly one gets it.
CREATE TABLE lobby_tables (
    id           text COLLATE "C" NOT NULL PRIMARY KEY,
    host_key     text COLLATE "C" NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    game_id      text        NOT NULL,
    options      text        NOT NULL,
    rated        boolean     NOT NULL,
    clock_ms     bigint      NOT NULL,
    increment_ms bigint      NOT NULL,
    move_days    integer     NOT NULL,
    leaver_agent text        NOT NULL,  -- '' = the server's default
    status       text        NOT NULL CHECK (status IN ('open', 'started', 'closed', 'expired')),
    game         text COLLATE "C" NOT NULL,  -- the game made when it started ('' before)
    created_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL
);

CREATE INDEX lobby_tables_open ON lobby_tables (created_at, id) WHERE status = 'open';
CREATE INDEX lobby_tables_by_host ON lobby_tables (host_key, status);

-- One row per seat, written with the table and changed under its row's
-- lock. Users are kept by key, without a reference: a seat names whoever
-- sat there even if the account went.
CREATE TABLE lobby_table_seats (
    table_id     text COLLATE "C" NOT NULL REFERENCES lobby_tables (id) ON DELETE CASCADE,
    seat         integer NOT NULL CHECK (seat >= 0 AND seat < 4),
    reserved_key text COLLATE "C" NOT NULL,  -- '' = anyone may take it
    user_key     text COLLATE "C" NOT NULL,  -- '' = nobody sits there
    agent        text    NOT NULL,           -- a computer's level, '' = a person's seat
    CHECK (agent = '' OR (user_key = '' AND reserved_key = '')),
    PRIMARY KEY (table_id, seat)
);

-- Nobody sits twice at one table, even if a check were missed.
CREATE UNIQUE INDEX lobby_table_seats_user ON lobby_table_seats (table_id, user_key) WHERE user_key <> '';
