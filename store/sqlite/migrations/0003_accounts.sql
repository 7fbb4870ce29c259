-- Accounts: users and their login sessions. A user is found by its name
-- folded to lower case (name_key), so names differ by more than case.

CREATE TABLE users (
    name_key   TEXT    NOT NULL PRIMARY KEY,
    name       TEXT    NOT NULL,
    password   TEXT    NOT NULL,           -- PHC string ($argon2id$...); '' = no password login
    role       TEXT    NOT NULL CHECK (role IN ('player', 'operator')),
    bot        INTEGER NOT NULL,           -- 0 or 1
    disabled   INTEGER NOT NULL,           -- 0 or 1
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- The browser holds a session's secret token; only its SHA-256 is kept.
CREATE TABLE sessions (
    token_hash TEXT    NOT NULL PRIMARY KEY,
    user_key   TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX sessions_by_user ON sessions (user_key);
CREATE INDEX sessions_by_expiry ON sessions (expires_ms);
