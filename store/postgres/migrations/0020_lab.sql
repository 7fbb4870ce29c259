-- The site's lab (server/internal/lab): runs of self-play games over the
-- readings of a game's rules, and each game's result, stored once under
-- (run, reading, game) so that a game played again (a server died in the
-- middle of it and the job queue gave it to another) counts once. The
-- jobs themselves are River's (its own tables, migrated by River).
CREATE TABLE lab_runs (
    id          text COLLATE "C" NOT NULL PRIMARY KEY,
    owner       text        NOT NULL,
    game        text        NOT NULL,
    level       text        NOT NULL,
    games       integer     NOT NULL,
    seed        bigint      NOT NULL, -- the uint64 seed's bits
    openings    integer     NOT NULL,
    readings    jsonb       NOT NULL, -- [{"label", "options"}]
    state       text        NOT NULL CHECK (state IN ('running', 'done', 'cancelled', 'failed')),
    error       text        NOT NULL DEFAULT '',
    done        integer     NOT NULL DEFAULT 0,
    report      text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL,
    finished_at timestamptz
);

CREATE INDEX lab_runs_owner ON lab_runs (owner, state, created_at);
CREATE INDEX lab_runs_created ON lab_runs (created_at);

CREATE TABLE lab_results (
    run     text COLLATE "C" NOT NULL REFERENCES lab_runs (id) ON DELETE CASCADE,
    reading integer NOT NULL,
    game    integer NOT NULL,
    result  text    NOT NULL,
    PRIMARY KEY (run, reading, game)
);
