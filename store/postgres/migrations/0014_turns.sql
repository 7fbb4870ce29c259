-- What belongs to the position being played besides its moves (see
-- model.Turns): the pending draw offer or undo request, and when the clock
-- of the seat to move began to run when not at the last move (an undo, a
-- server taking a dead one's game over). One row per game at most, for the
-- position after ply moves: a move leaves it behind (it no longer
-- counts), an undo rewrites it. offer_kind '' is no offer.
CREATE TABLE turns (
    game         text COLLATE "C" NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    ply          integer     NOT NULL CHECK (ply >= 0),
    clock_from   timestamptz,             -- NULL: from the last move
    offer_kind   text        NOT NULL DEFAULT '' CHECK (offer_kind IN ('', 'draw', 'undo')),
    offer_by     integer     NOT NULL DEFAULT 0 CHECK (offer_by >= 0),
    offer_needs  integer     NOT NULL DEFAULT 0 CHECK (offer_needs BETWEEN 0 AND 255),
    offer_got    integer     NOT NULL DEFAULT 0 CHECK (offer_got BETWEEN 0 AND 255),
    offer_keep   integer     NOT NULL DEFAULT 0 CHECK (offer_keep >= 0),
    offer_reason text        NOT NULL DEFAULT '',
    offer_at     timestamptz
);

-- A server taking an expired lease learns how long its holder had not
-- renewed it: the time the game's computer and clock went unattended.
ALTER TABLE leases ADD COLUMN renewed timestamptz NOT NULL DEFAULT now();
