-- The reviews of finished games (package review), computed once by the
-- server and kept: the review as JSON, the search that judged and its
-- budget per position, when it was stored. One per game.
CREATE TABLE reviews (
    game       text COLLATE "C" NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    agent      text        NOT NULL,
    budget     text        NOT NULL,
    review     jsonb       NOT NULL,
    created_at timestamptz NOT NULL
);
