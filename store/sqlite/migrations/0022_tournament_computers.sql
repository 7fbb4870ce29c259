-- Computer players in tournaments (issue 28): the director's setting that
-- allows them, and an entrant's level when a computer plays it (its name
-- then starts with '@', which no account's can).
ALTER TABLE tournaments ADD COLUMN computers INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_entrants ADD COLUMN agent TEXT NOT NULL DEFAULT '';
