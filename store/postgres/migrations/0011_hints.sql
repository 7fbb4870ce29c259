-- The hints given to players in casual games against the computer: who
-- asked (the seat), in which position (the number of moves played then:
-- the hint was for move ply+1), when. n numbers a game's hints from 0, in
-- the order given; a hint taken back by an undo stays: it was given.
CREATE TABLE hints (
    game text COLLATE "C" NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n    integer     NOT NULL CHECK (n >= 0),
    seat integer     NOT NULL CHECK (seat >= 0),
    ply  integer     NOT NULL CHECK (ply >= 0),
    at   timestamptz NOT NULL,
    PRIMARY KEY (game, n)
);
