package game

import "strings"

// StartOption is the start option of a game whose start position is a
// reconstruction (DECISIONS.md, "Alternative readings"): book, the
// reconstructed start, or any start position the game's position text can
// write, checked by the game. Option values cannot hold spaces or commas
// (records and --opt separate options with them), so the value writes each
// space of the position text as "_" and each comma as ";". example is the
// book start written so.
func StartOption(example string) Option {
	return Option{Name: "start", Default: "book", Doc: Text{
		EN: "reconstruction: the start position, book (the reconstructed start) or a position text with _ for each space and ; for each comma, player 1 to move at ply 0, checked for the game (pieces counted, nothing on forbidden cells), e.g. " + example,
		FR: "reconstitution : la position de départ, book (le départ reconstitué) ou un texte de position avec _ pour chaque espace et ; pour chaque virgule, le joueur 1 au trait au coup 0, vérifié pour le jeu (pièces comptées, rien sur une case interdite), par exemple " + example,
	}}
}

// StartPosition reads a start option value: the position text it stands
// for, and whether it is one (false for "" and book).
func StartPosition(value string) (text string, custom bool) {
	if value == "" || strings.EqualFold(value, "book") {
		return "", false
	}
	return strings.NewReplacer("_", " ", ";", ",").Replace(value), true
}

// StartValue writes a position text as a start option value (see
// StartOption).
func StartValue(text string) string {
	return strings.NewReplacer(" ", "_", ",", ";").Replace(text)
}

// CheckStart refuses a decoded position as a start: the game must not be
// over, player 1 must be to move and the ply must be 0. Games check the
// rest (pieces counted, nothing on forbidden cells) in their decoders.
func CheckStart(s State) error {
	const form = "a start position has player 1 to move at ply 0 and the game not over"
	const formFR = "une position de départ a le joueur 1 au trait au coup 0 et la partie pas finie"
	switch {
	case s.Outcome().Ended():
		return Errorf(Text{EN: "option start: the game is over in this position; " + form, FR: "option start : la partie est finie dans cette position ; " + formFR})
	case s.Ply() != 0:
		return Errorf(Text{EN: "option start: the position is at ply %d; " + form, FR: "option start : la position est au coup %d ; " + formFR}, s.Ply())
	case s.ToMove() != 0:
		return Errorf(Text{EN: "option start: player %d is to move; " + form, FR: "option start : le joueur %d est au trait ; " + formFR}, s.ToMove()+1)
	}
	return nil
}

// StartDecodeError is the error of a start option whose position text the
// game's decoder refused.
func StartDecodeError(err error) error {
	return Errorf(Text{EN: "option start: %v", FR: "option start : %v"}, err)
}
