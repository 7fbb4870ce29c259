-- Secrets every server of the store shares (the key signing device
-- cookies), and the count of revocations (accounts disabled, sessions
-- ended, bot tokens revoked), which servers poll to close the live
-- connections of withdrawn credentials.
CREATE TABLE server_secrets (
    name   text COLLATE "C" NOT NULL PRIMARY KEY,
    secret bytea NOT NULL
);

CREATE TABLE revocations (
    id    integer NOT NULL PRIMARY KEY CHECK (id = 1),
    count bigint  NOT NULL
);

INSERT INTO revocations (id, count) VALUES (1, 0);
