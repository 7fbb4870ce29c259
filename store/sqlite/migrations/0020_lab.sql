-- The site's lab (server/internal/lab): runs of self-play games over the
-- readings of a game's rules, and each game's result, stored once under
-- (run, reading, game) so that a game played again (a server died in the
-- middle of it and the job queue gave it to another) counts once. The
-- jobs themselves are River's (its own tables, migrated by River).
CREATE TABLE lab_runs (
    id          TEXT    NOT NULL PRIMARY KEY,
    owner       TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    level       TEXT    NOT NULL,
    games       INTEGER NOT NULL,
    seed        INTEGER NOT NULL, -- the uint64 seed's bits
    openings    INTEGER NOT NULL,
    readings    TEXT    NOT NULL, -- JSON: [{"label", "options"}]
    state       TEXT    NOT NULL CHECK (state IN ('running', 'done', 'cancelled', 'failed')),
    error       TEXT    NOT NULL DEFAULT '',
    done        INTEGER NOT NULL DEFAULT 0,
    report      TEXT    NOT NULL DEFAULT '',
    created_ms  INTEGER NOT NULL,
    finished_ms INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

CREATE INDEX lab_runs_owner ON lab_runs (owner, state, created_ms);
CREATE INDEX lab_runs_created ON lab_runs (created_ms);

CREATE TABLE lab_results (
    run     TEXT    NOT NULL REFERENCES lab_runs (id) ON DELETE CASCADE,
    reading INTEGER NOT NULL,
    game    INTEGER NOT NULL,
    result  TEXT    NOT NULL,
    PRIMARY KEY (run, reading, game)
) STRICT, WITHOUT ROWID;
