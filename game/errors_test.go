package game

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

func TestErrorText(t *testing.T) {
	inner := Errorf(Text{EN: "option %s is bad", FR: "l'option %s est mauvaise"}, "x")
	outer := Errorf(Text{EN: "game %s: %v", FR: "jeu %s : %v"}, "pogo", inner)
	wrapped := fmt.Errorf("file.txt: %w", outer)
	for _, tc := range []struct {
		err      error
		lang     string
		want     string
		wantIsFS bool
	}{
		{outer, "en", "game pogo: option x is bad", false},
		{outer, "fr", "jeu pogo : l'option x est mauvaise", false},
		{wrapped, "fr", "file.txt: jeu pogo : l'option x est mauvaise", false},
		{wrapped, "en", "file.txt: game pogo: option x is bad", false},
		{Errorf(Text{EN: "reading: %v", FR: "lecture : %v"}, fs.ErrNotExist), "fr", "lecture : file does not exist", true},
	} {
		if got := ErrorText(tc.err, tc.lang); got != tc.want {
			t.Errorf("ErrorText(%q, %s) = %q, want %q", tc.err, tc.lang, got, tc.want)
		}
		if errors.Is(tc.err, fs.ErrNotExist) != tc.wantIsFS {
			t.Errorf("errors.Is(%q, fs.ErrNotExist) = %v", tc.err, !tc.wantIsFS)
		}
	}
	if !errors.Is(wrapped, inner) || !IsLocalized(wrapped) {
		t.Errorf("the wrapped error loses its chain")
	}
	translate := func(err error, lang string) (string, bool) {
		if err == fs.ErrNotExist {
			return "fichier introuvable", true
		}
		return "", false
	}
	err := Errorf(Text{EN: "reading: %v", FR: "lecture : %v"}, fs.ErrNotExist)
	if got := ErrorTextWith(err, "fr", translate); got != "lecture : fichier introuvable" {
		t.Errorf("ErrorTextWith = %q", got)
	}
}

func TestNotAMoveInFrench(t *testing.T) {
	err := NotAMove("zz", Text{EN: "moves are written a1-a2", FR: "les coups s'écrivent a1-a2"})
	if got := ErrorText(err, "fr"); got != `"zz" n'est pas un coup : les coups s'écrivent a1-a2` {
		t.Errorf("NotAMove in French: %q", got)
	}
	if got := err.Error(); got != `"zz" is not a move: moves are written a1-a2` {
		t.Errorf("NotAMove in English: %q", got)
	}
}
