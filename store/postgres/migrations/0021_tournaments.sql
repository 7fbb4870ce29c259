-- Tournaments (Swiss, round robin, arena): the tournament, who is invited
-- to a closed one, who registered, each round claimed once (its primary
-- key: of servers racing to pair a round, one inserts it) and its boards.
CREATE TABLE tournaments (
    id           text COLLATE "C" NOT NULL PRIMARY KEY,
    name         text COLLATE "C" NOT NULL,
    director_key text COLLATE "C" NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    kind         text COLLATE "C" NOT NULL CHECK (kind IN ('swiss', 'roundrobin', 'arena', 'tables')),
    game_id      text COLLATE "C" NOT NULL,
    options      text COLLATE "C" NOT NULL,
    rated        boolean NOT NULL,
    clock_ms     bigint  NOT NULL,
    increment_ms bigint  NOT NULL,
    move_days    integer NOT NULL,
    rounds       integer NOT NULL,
    duration_ms  bigint  NOT NULL,
    starts_at    timestamptz NOT NULL,
    closed       boolean NOT NULL,
    auto_pair    boolean NOT NULL,
    bots         boolean NOT NULL,  -- bot accounts may register
    status       text COLLATE "C" NOT NULL CHECK (status IN ('upcoming', 'running', 'finished')),
    paired       integer NOT NULL,
    created_at   timestamptz NOT NULL,
    started_at   timestamptz NOT NULL,  -- the epoch before the start
    ended_at     timestamptz NOT NULL,  -- the epoch before the end
    updated_at   timestamptz NOT NULL
);

CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);
CREATE INDEX tournaments_by_director ON tournaments (director_key, status);

CREATE TABLE tournament_invited (
    tournament_id text COLLATE "C" NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_key      text COLLATE "C" NOT NULL,
    PRIMARY KEY (tournament_id, user_key)
);

CREATE TABLE tournament_entrants (
    tournament_id text COLLATE "C" NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_key      text COLLATE "C" NOT NULL,
    rating        integer NOT NULL,
    registered_at timestamptz NOT NULL,
    withdrawn     boolean NOT NULL,
    PRIMARY KEY (tournament_id, user_key)
);

CREATE INDEX tournament_entrants_by_user ON tournament_entrants (user_key);

-- One row per round paired: the key that makes a round paired once.
CREATE TABLE tournament_rounds (
    tournament_id text COLLATE "C" NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         integer NOT NULL CHECK (round >= 1),
    paired_at     timestamptz NOT NULL,
    PRIMARY KEY (tournament_id, round)
);

CREATE TABLE tournament_pairings (
    tournament_id text COLLATE "C" NOT NULL,
    round         integer NOT NULL,
    board         integer NOT NULL CHECK (board >= 1),
    white_key     text COLLATE "C" NOT NULL,
    black_key     text COLLATE "C" NOT NULL,  -- '' for a bye
    others        text COLLATE "C" NOT NULL,  -- a table's third and fourth players (names, space-separated), ''
    game          text COLLATE "C" NOT NULL,  -- '' for a bye
    result        text COLLATE "C" NOT NULL,  -- '' while the game is on; a table's ranks by seat, '1,3,2'
    corrected     boolean NOT NULL,
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round) ON DELETE CASCADE
);

CREATE INDEX tournament_pairings_by_game ON tournament_pairings (game) WHERE game <> '';
