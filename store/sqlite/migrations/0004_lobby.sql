-- The lobby: seats held by accounts, rated games, and challenges.

-- The account holding a seat ('' for none: a seat held by a token only, or
-- a computer).
ALTER TABLE seats ADD COLUMN user_key TEXT NOT NULL DEFAULT '';
CREATE INDEX seats_by_user ON seats (user_key) WHERE user_key <> '';

-- A rated game changes its players' ratings when it ends.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

-- A challenge is an offer to play, open to anyone or to one named player,
-- until it is accepted (and becomes a game), cancelled or expired.
CREATE TABLE challenges (
    id           TEXT    NOT NULL PRIMARY KEY,
    creator_key  TEXT    NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    target_key   TEXT    NOT NULL,          -- '' = open to anyone
    game_id      TEXT    NOT NULL,
    options      TEXT    NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat >= -1),  -- the creator's seat; -1 = drawn at acceptance
    rated        INTEGER NOT NULL,
    clock_ms     INTEGER NOT NULL,
    increment_ms INTEGER NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'cancelled', 'expired')),
    game         TEXT    NOT NULL,          -- the game made on acceptance ('' before)
    accepted_key TEXT    NOT NULL,          -- who accepted ('' before)
    created_ms   INTEGER NOT NULL,
    expires_ms   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX challenges_open ON challenges (created_ms, id) WHERE status = 'open';
CREATE INDEX challenges_by_creator ON challenges (creator_key, status);
