-- Computer players in tournaments (issue 28): the director's setting that
-- allows them, and an entrant's level when a computer plays it (its name
-- then starts with '@', which no account's can).
ALTER TABLE tournaments ADD COLUMN computers boolean NOT NULL DEFAULT false;
ALTER TABLE tournament_entrants ADD COLUMN agent text COLLATE "C" NOT NULL DEFAULT '';
