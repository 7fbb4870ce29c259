-- The chat of each game: the players' channel and the spectators'.
CREATE TABLE chat (
    id       bigserial   NOT NULL PRIMARY KEY,
    game     text COLLATE "C" NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel  text        NOT NULL CHECK (channel IN ('players', 'spectators')),
    author   text        NOT NULL,
    user_key text COLLATE "C" NOT NULL,    -- '' for none
    text     text        NOT NULL,
    at       timestamptz NOT NULL,
    deleted  boolean     NOT NULL DEFAULT false
);

CREATE INDEX chat_by_game ON chat (game, channel, id);
