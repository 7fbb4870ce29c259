-- The tokens programs play with as bot accounts; only their SHA-256 is kept.
CREATE TABLE bot_tokens (
    hash       TEXT    NOT NULL PRIMARY KEY,
    id         TEXT    NOT NULL UNIQUE,
    user_key   TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    label      TEXT    NOT NULL,
    created_ms INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX bot_tokens_by_user ON bot_tokens (user_key, created_ms);
