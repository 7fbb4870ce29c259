-- Correspondence: days per move, instead of (or besides) a clock. The
-- player to move loses when a move takes longer.
ALTER TABLE games ADD COLUMN move_days INTEGER NOT NULL DEFAULT 0 CHECK (move_days >= 0);
ALTER TABLE challenges ADD COLUMN move_days INTEGER NOT NULL DEFAULT 0 CHECK (move_days >= 0);

-- The ongoing correspondence games, oldest move first: the server looks
-- for the ones whose time ran out.
CREATE INDEX games_correspondence ON games (updated_ms, id) WHERE result = '*' AND move_days > 0;
