-- The lobby's tables: a game of two to four players waiting for them, as
-- on Board Game Arena, until its last seat is filled (and it becomes a
-- game), its host closes it, or it expires.
CREATE TABLE lobby_tables (
    id           TEXT    NOT NULL PRIMARY KEY,
    host_key     TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    game_id      TEXT    NOT NULL,
    options      TEXT    NOT NULL,
    rated        INTEGER NOT NULL,
    clock_ms     INTEGER NOT NULL,
    increment_ms INTEGER NOT NULL,
    move_days    INTEGER NOT NULL,
    leaver_agent TEXT    NOT NULL,          -- '' = the server's default
    status       TEXT    NOT NULL CHECK (status IN ('open', 'started', 'closed', 'expired')),
    game         TEXT    NOT NULL,          -- the game made when it started ('' before)
    created_ms   INTEGER NOT NULL,
    expires_ms   INTEGER NOT NULL,
    updated_ms   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX lobby_tables_open ON lobby_tables (created_ms, id) WHERE status = 'open';
CREATE INDEX lobby_tables_by_host ON lobby_tables (host_key, status);

-- One row per seat, written with the table and changed under its lock.
-- Users are kept by key, without a reference: a seat names whoever sat
-- there even if the account went.
CREATE TABLE lobby_table_seats (
    table_id     TEXT    NOT NULL REFERENCES lobby_tables (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0 AND seat < 4),
    reserved_key TEXT    NOT NULL,          -- '' = anyone may take it
    user_key     TEXT    NOT NULL,          -- '' = nobody sits there
    agent        TEXT    NOT NULL,          -- a computer's level, '' = a person's seat
    CHECK (agent = '' OR (user_key = '' AND reserved_key = '')),
    PRIMARY KEY (table_id, seat)
) STRICT, WITHOUT ROWID;

-- Nobody sits twice at one table, even if a check were missed.
CREATE UNIQUE INDEX lobby_table_seats_user ON lobby_table_seats (table_id, user_key) WHERE user_key <> '';
