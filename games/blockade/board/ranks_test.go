package board

import (
	"strings"
	"testing"
)

func TestAppendRanks(t *testing.T) {
	pieces := map[string]string{"a1": "S", "c1": "yT", "l1": "T", "l12": "C", "d6": "S", "e6": "S"}
	runs := func(c Cell) string { return pieces[c.String()] }
	got := string(AppendRanks([]byte("x:"), runs))
	if want := "x:11C/12/12/12/12/12/3SS7/12/12/12/12/S1yT8T"; got != want {
		t.Errorf("runs: got %q, want %q", got, want)
	}
	dots := func(c Cell) string {
		if p := pieces[c.String()]; p != "" {
			return p
		}
		return "."
	}
	got = string(AppendRanks(nil, dots))
	if want := "...........C/" + strings.Repeat("............/", 5) + "...SS......./" + strings.Repeat("............/", 4) + "S.yT........T"; got != want {
		t.Errorf("dots: got %q, want %q", got, want)
	}
	if got := string(AppendRanks(nil, func(Cell) string { return "" })); got != strings.Repeat("12/", 11)+"12" {
		t.Errorf("empty board: got %q", got)
	}
}

func TestReadRank(t *testing.T) {
	letter := func(ch byte) (uint8, bool) {
		switch ch {
		case 'S', 's':
			return 1, true
		case 'T', 't':
			return 2, true
		}
		return 0, false
	}
	for _, tc := range []struct {
		text, cells, err string // cells: the rank from file a, "." empty
	}{
		{"12", "............", ""},
		{"S1t8T", "S.T........T", ""},
		{"10ss", "..........SS", ""},
		{"11S", "...........S", ""},
		{"1SSSSSSSSSSS", ".SSSSSSSSSSS", ""},
		{"102", "............", ""}, // a run of 10 and a run of 2
		{"S11", "S...........", ""},
		{"", "", `rank 5 ("") does not describe exactly 12 cells`},
		{"11", "", `rank 5 ("11") does not describe exactly 12 cells`},
		{"13", "", `rank 5 ("13") does not describe exactly 12 cells`},
		{"12S", "", `rank 5 ("12S") does not describe exactly 12 cells`},
		{"12X", "", `rank 5 has 'X', which is neither S, T nor a number`},
		{"12 9X", "", `rank 5 has ' ', which is neither S, T nor a number`},
		{"0S11", "", `rank 5 has '0', which is neither S, T nor a number`},
		{"9X", "", `rank 5 has 'X', which is neither S, T nor a number`},
		{"129X", "", `rank 5 ("129X") does not describe exactly 12 cells`},
	} {
		var cells [Cells]uint8
		err := ReadRank(&cells, tc.text, 4, "FORM", "S, T", letter)
		if tc.err != "" {
			if err == nil || err.Error() != "FORM; "+tc.err {
				t.Errorf("%q: error %v, want %q", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		var got []byte
		for f := 0; f < Size; f++ {
			got = append(got, ".ST"[cells[At(f, 4)]])
		}
		if string(got) != tc.cells {
			t.Errorf("%q: read %s, want %s", tc.text, got, tc.cells)
		}
		for c := Cell(0); c < Cells; c++ {
			if c.Rank() != 4 && cells[c] != 0 {
				t.Errorf("%q: wrote on %v, off its rank", tc.text, c)
			}
		}
	}
}
