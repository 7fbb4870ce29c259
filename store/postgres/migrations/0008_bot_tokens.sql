-- The tokens programs play with as bot accounts; only their SHA-256 is kept.
CREATE TABLE bot_tokens (
    hash       text COLLATE "C" NOT NULL PRIMARY KEY,
    id         text COLLATE "C" NOT NULL UNIQUE,
    user_key   text COLLATE "C" NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    label      text        NOT NULL,
    created_at timestamptz NOT NULL
);

CREATE INDEX bot_tokens_by_user ON bot_tokens (user_key, created_at);
