-- Secrets every server of the store shares (the key signing device
-- cookies), and the count of revocations (accounts disabled, sessions
-- ended, bot tokens revoked), which servers poll to close the live
-- connections of withdrawn credentials.
CREATE TABLE server_secrets (
    name   TEXT NOT NULL PRIMARY KEY,
    secret BLOB NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE revocations (
    id    INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    count INTEGER NOT NULL
) STRICT;

INSERT INTO revocations (id, count) VALUES (1, 0);
