-- The chat's limits per person: who sent each message (an account, or an
-- address without one), to count his messages of the last minute and his
-- share of a channel; messages from before have none and count for nobody.
ALTER TABLE chat ADD COLUMN sender text COLLATE "C" NOT NULL DEFAULT '';

CREATE INDEX chat_by_sender ON chat (sender, at);
CREATE INDEX chat_by_channel_sender ON chat (game, channel, sender) WHERE NOT deleted;
