package board

import "testing"

func TestCellsAndSections(t *testing.T) {
	for _, tc := range []struct {
		name    string
		section int
		circle  bool
	}{{"a1", 0, false}, {"b2", 0, true}, {"e5", 5, true}, {"l12", 15, false}, {"k11", 15, true}, {"h8", 10, true}} {
		c, err := ParseCell(tc.name)
		if err != nil || c.String() != tc.name {
			t.Fatalf("%s: %v %v", tc.name, c, err)
		}
		if c.Section() != tc.section || c.IsCircle() != tc.circle {
			t.Errorf("%s: section %d circle %v", tc.name, c.Section(), c.IsCircle())
		}
		if Circle(c.Section()).Section() != c.Section() || !Circle(c.Section()).IsCircle() {
			t.Errorf("%s: circle of its section is wrong", tc.name)
		}
	}
	for _, bad := range []string{"", "m1", "a0", "a13", "a01", "1a", "a1x"} {
		if _, err := ParseCell(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestSeatsRotate(t *testing.T) {
	b2, _ := ParseCell("b2")
	want := map[Seat]string{SouthSeat: "b2", WestSeat: "b11", NorthSeat: "k11", EastSeat: "k2"}
	for seat, name := range want {
		if got := FromSouth(seat, b2).String(); got != name {
			t.Errorf("%v: b2 -> %s, want %s", seat, got, name)
		}
	}
	if WestSeat.Forward() != East || NorthSeat.Forward() != South || EastSeat.Forward() != West {
		t.Error("forward directions")
	}
	for c := Cell(0); c < Cells; c++ {
		if RotateClockwise(c, 4) != c || RotateClockwise(RotateClockwise(c, 1), 3) != c {
			t.Fatalf("rotation of %v does not come back", c)
		}
	}
}
