-- Leaving a game of three or four (model.Leaving): a seat's left_order is
-- 0 while its player is at the table, else the order he left in (1 for
-- the first), his seat then played by the computer; a game's leaver_agent
-- is the computer level that plays a leaver's seat ('' : the server's
-- default).
ALTER TABLE seats ADD COLUMN left_order INTEGER NOT NULL DEFAULT 0 CHECK (left_order >= 0);
ALTER TABLE games ADD COLUMN leaver_agent TEXT NOT NULL DEFAULT '';
