-- The reviews of finished games (package review), computed once by the
-- server and kept: the review as JSON, the search that judged and its
-- budget per position, when it was stored. One per game.
CREATE TABLE reviews (
    game       TEXT    NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    agent      TEXT    NOT NULL,
    budget     TEXT    NOT NULL,
    review     TEXT    NOT NULL,
    created_ms INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
