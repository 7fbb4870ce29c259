package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.svg")
	if err := WriteFile(path, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "one" {
		t.Fatalf("content %q", b)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}

	// A failure leaves the old file as it was, and no temporary file.
	boom := errors.New("boom")
	err := Write(path, 0o644, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err %v, want boom", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "one" {
		t.Errorf("after a failure the file holds %q, want the old content", b)
	}
	// A failure with no old file leaves nothing.
	fresh := filepath.Join(dir, "fresh.svg")
	if err := Write(fresh, 0o644, func(io.Writer) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("err %v, want boom", err)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("a failed write left %s (%v)", fresh, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the folder holds %v, want out.svg only", names)
	}
}

func TestWriteDevice(t *testing.T) {
	// Not a regular file: written in place, not renamed over.
	if err := WriteFile(os.DevNull, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(os.DevNull); err != nil || info.Mode().IsRegular() {
		t.Fatalf("%s: %v %v", os.DevNull, info, err)
	}
}
