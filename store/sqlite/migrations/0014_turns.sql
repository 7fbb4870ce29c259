-- What belongs to the position being played besides its moves (see
-- model.Turns): the pending draw offer or undo request, and when the clock
-- of the seat to move began to run when not at the last move (an undo).
-- One row per game at most, for the position after ply moves: a move
-- leaves it behind (it no longer counts), an undo rewrites it. offer_kind
-- '' is no offer. (SQLite has no leases: PostgreSQL's 0014 also adds
-- their renewal time.)
CREATE TABLE turns (
    game          TEXT    NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    ply           INTEGER NOT NULL CHECK (ply >= 0),
    clock_from_ms INTEGER,                -- NULL: from the last move
    offer_kind    TEXT    NOT NULL DEFAULT '' CHECK (offer_kind IN ('', 'draw', 'undo')),
    offer_by      INTEGER NOT NULL DEFAULT 0 CHECK (offer_by >= 0),
    offer_needs   INTEGER NOT NULL DEFAULT 0 CHECK (offer_needs BETWEEN 0 AND 255),
    offer_got     INTEGER NOT NULL DEFAULT 0 CHECK (offer_got BETWEEN 0 AND 255),
    offer_keep    INTEGER NOT NULL DEFAULT 0 CHECK (offer_keep >= 0),
    offer_reason  TEXT    NOT NULL DEFAULT '',
    offer_at_ms   INTEGER
) STRICT, WITHOUT ROWID;
