-- The lobby: seats held by accounts, rated games, and challenges; the same
-- as the SQLite backend's.

-- The account holding a seat ('' for none: a seat held by a token only, or
-- a computer).
ALTER TABLE seats ADD COLUMN user_key text COLLATE "C" NOT NULL DEFAULT '';
CREATE INDEX seats_by_user ON seats (user_key) WHERE user_key <> '';

-- A rated game changes its players' ratings when it ends.
ALTER TABLE games ADD COLUMN rated boolean NOT NULL DEFAULT false;

-- A challenge is an offer to play, open to anyone or to one named player,
-- until it is accepted (and becomes a game), cancelled or expired.
CREATE TABLE challenges (
    id           text COLLATE "C" NOT NULL PRIMARY KEY,
    creator_key  text COLLATE "C" NOT NULL REFERENCES users (name_key) ON DELETE CASCADE,
    target_key   text COLLATE "C" NOT NULL,  -- '' = open to anyone
    game_id      text        NOT NULL,
    options      text        NOT NULL,
    seat         integer     NOT NULL CHECK (seat >= -1),  -- the creator's seat; -1 = drawn at acceptance
    rated        boolean     NOT NULL,
    clock_ms     bigint      NOT NULL,
    increment_ms bigint      NOT NULL,
    status       text        NOT NULL CHECK (status IN ('open', 'accepted', 'cancelled', 'expired')),
    game         text COLLATE "C" NOT NULL,  -- the game made on acceptance ('' before)
    accepted_key text COLLATE "C" NOT NULL,  -- who accepted ('' before)
    created_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL
);

CREATE INDEX challenges_open ON challenges (created_at, id) WHERE status = 'open';
CREATE INDEX challenges_by_creator ON challenges (creator_key, status);
