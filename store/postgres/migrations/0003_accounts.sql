-- Accounts: users and their login sessions, as in the SQLite backend. A
-- user is found by its name folded to lower case (name_key), so names
-- differ by more than case; keys sort bytewise (COLLATE "C") on every
-- backend.

CREATE TABLE users (
    name_key   text COLLATE "C" NOT NULL PRIMARY KEY,
    name       text        NOT NULL,
    password   text        NOT NULL,      -- PHC string ($argon2id$...); '' = no password login
    role       text        NOT NULL CHECK (role IN ('player', 'operator')),
    bot        boolean     NOT NULL,
    disabled   boolean     NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);

-- The browser holds a session's secret token; only its SHA-256 is kept.
CREATE TABLE sessions (
    token_hash text COLLATE "C" NOT NULL PRIMARY KEY,
    user_key   text COLLATE "C" NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_by_user ON sessions (user_key);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
