package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeProgram writes a shell script that answers every position with the
// given line after a line of chatter, as laurentg's shim prints its
// progress before the result.
func fakeProgram(t *testing.T, answer string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fake.sh")
	script := "#!/bin/sh\nwhile read line; do echo 'thinking...'; echo 'x RESULT " + answer + "'; done\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestProgramPlaysTheMoveLeadingToItsAnswer(t *testing.T) {
	g := NewGame(StartBoard(), 0)
	legal := g.Legal()
	want := legal[len(legal)/2]
	after := g.Current().Apply(want)
	var stacks []string
	for c := 0; c < 9; c++ {
		stacks = append(stacks, stackText(&after, c))
	}
	p, err := newProgramPlayer(fakeProgram(t, strings.Join(stacks, " ")))
	if err != nil {
		t.Fatal(err)
	}
	got, info := p.Choose(&Search{Game: g, Rng: rand.New(rand.NewPCG(1, 1))})
	if after2 := g.Current().Apply(got); after2.Key() != after.Key() {
		t.Fatalf("played %v (%s), want a move leading where %v does", got, info, want)
	}
	if !strings.HasPrefix(info, "program-ms") {
		t.Errorf("info %q", info)
	}
}

func TestProgramAnswerThatNoMoveReaches(t *testing.T) {
	g := NewGame(StartBoard(), 0)
	p, err := newProgramPlayer(fakeProgram(t, "- - - - - - - - -"))
	if err != nil {
		t.Fatal(err)
	}
	m, info := p.Choose(&Search{Game: g, Rng: rand.New(rand.NewPCG(1, 1))})
	if m != g.Legal()[0] || !strings.HasPrefix(info, "program-error no legal move") {
		t.Fatalf("got %v %q, want the first legal move and an error", m, info)
	}
	if _, err := newProgramPlayer(""); err == nil {
		t.Fatal("an empty --program was accepted")
	}
}
