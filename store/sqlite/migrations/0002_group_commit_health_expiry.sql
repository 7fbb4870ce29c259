-- Health checks (Store.Check) write this one row and read it back, to prove
-- that the database takes writes now.
CREATE TABLE health (
    id    INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    seq   INTEGER NOT NULL,           -- bumped by every check
    at_ms INTEGER NOT NULL
) STRICT;

-- Expiry of abandoned games: the ongoing games by update time, oldest
-- first (ListGames with Finished false, UpdatedBefore, OldestFirst).
CREATE INDEX games_ongoing_by_update ON games (updated_ms, id) WHERE result = '*';
