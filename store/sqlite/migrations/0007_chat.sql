-- The chat of each game: the players' channel and the spectators'.
CREATE TABLE chat (
    id       INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    game     TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel  TEXT    NOT NULL CHECK (channel IN ('players', 'spectators')),
    author   TEXT    NOT NULL,
    user_key TEXT    NOT NULL,            -- '' for none
    text     TEXT    NOT NULL,
    at_ms    INTEGER NOT NULL,
    deleted  INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE INDEX chat_by_game ON chat (game, channel, id);
