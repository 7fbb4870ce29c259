-- OpenSkill: the ratings of three- and four-player variants (and of teams
-- of three or more seats) are the Weng-Lin Bayesian rating, a skill μ ± σ,
-- kept in the same tables as the two-player Glicko-2 ratings so that each
-- variant has one leaderboard sorted by the number shown (rating). A row
-- with sigma is OpenSkill: rating is the number shown (rating.Display),
-- deviation its uncertainty on that scale, volatility 0. A Glicko-2 row
-- has mu and sigma NULL and is unchanged. The same schema as the SQLite
-- backend's.
ALTER TABLE ratings
    ADD COLUMN mu double precision,
    ADD COLUMN sigma double precision,
    DROP CONSTRAINT ratings_volatility_check,
    ADD CONSTRAINT ratings_volatility_check CHECK (volatility >= 0),
    ADD CONSTRAINT ratings_system_check CHECK (
        (mu IS NULL AND sigma IS NULL AND volatility > 0)
        OR (mu IS NOT NULL AND sigma > 0 AND volatility = 0));

-- The history keeps the skill of each OpenSkill point (NULL for Glicko-2).
ALTER TABLE rating_history
    ADD COLUMN mu double precision,
    ADD COLUMN sigma double precision CHECK (sigma IS NULL OR sigma > 0);
