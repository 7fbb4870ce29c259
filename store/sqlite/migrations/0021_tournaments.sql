-- Tournaments (Swiss, round robin, arena): the tournament, who is invited
-- to a closed one, who registered, each round claimed once (its primary
-- key: of servers racing to pair a round, one inserts it) and its boards.
CREATE TABLE tournaments (
    id           TEXT    NOT NULL PRIMARY KEY,
    name         TEXT    NOT NULL,
    director_key TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    kind         TEXT    NOT NULL CHECK (kind IN ('swiss', 'roundrobin', 'arena', 'tables')),
    game_id      TEXT    NOT NULL,
    options      TEXT    NOT NULL,
    rated        INTEGER NOT NULL,
    clock_ms     INTEGER NOT NULL,
    increment_ms INTEGER NOT NULL,
    move_days    INTEGER NOT NULL,
    rounds       INTEGER NOT NULL,
    duration_ms  INTEGER NOT NULL,
    starts_ms    INTEGER NOT NULL,
    closed       INTEGER NOT NULL,
    auto_pair    INTEGER NOT NULL,
    bots         INTEGER NOT NULL,  -- bot accounts may register
    status       TEXT    NOT NULL CHECK (status IN ('upcoming', 'running', 'finished')),
    paired       INTEGER NOT NULL,
    created_ms   INTEGER NOT NULL,
    started_ms   INTEGER NOT NULL,  -- 0 before the start
    ended_ms     INTEGER NOT NULL,  -- 0 before the end
    updated_ms   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX tournaments_by_status ON tournaments (status, starts_ms);
CREATE INDEX tournaments_by_director ON tournaments (director_key, status);

CREATE TABLE tournament_invited (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_key      TEXT NOT NULL,
    PRIMARY KEY (tournament_id, user_key)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_entrants (
    tournament_id TEXT    NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_key      TEXT    NOT NULL,
    rating        INTEGER NOT NULL,
    registered_ms INTEGER NOT NULL,
    withdrawn     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, user_key)
) STRICT, WITHOUT ROWID;

CREATE INDEX tournament_entrants_by_user ON tournament_entrants (user_key);

-- One row per round paired: the key that makes a round paired once.
CREATE TABLE tournament_rounds (
    tournament_id TEXT    NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    paired_ms     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_pairings (
    tournament_id TEXT    NOT NULL,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL CHECK (board >= 1),
    white_key     TEXT    NOT NULL,
    black_key     TEXT    NOT NULL,  -- '' for a bye
    others        TEXT    NOT NULL,  -- a table's third and fourth players (names, space-separated), ''
    game          TEXT    NOT NULL,  -- '' for a bye
    result        TEXT    NOT NULL,  -- '' while the game is on; a table's ranks by seat, '1,3,2'
    corrected     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE INDEX tournament_pairings_by_game ON tournament_pairings (game) WHERE game <> '';
