-- Leases: which server runs a game's computer seat and clock (see
-- model.Leases). The database's clock decides expiry, so the servers'
-- clocks need not agree.
CREATE TABLE leases (
    game    text COLLATE "C" NOT NULL PRIMARY KEY,
    holder  text        NOT NULL,
    expires timestamptz NOT NULL
);
