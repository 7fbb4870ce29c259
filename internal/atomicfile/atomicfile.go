// Package atomicfile writes files all at once: the content goes to a
// temporary file of the same folder, renamed over the target only when it
// is complete. A command that fails half-way (an illegal move, a full disk)
// then leaves no empty or truncated file behind, and an older file of that
// name stays as it was.
package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write creates or replaces the file at path with what fn writes, with
// permissions perm. Nothing is left at path when fn or the writing fails.
//
// A path that names something other than a regular file (a terminal,
// /dev/stdout, a named pipe) is written to directly: it cannot be renamed
// over, and it is not a file that a failure could leave empty.
func Write(path string, perm fs.FileMode, fn func(w io.Writer) error) (err error) {
	if info, serr := os.Stat(path); serr == nil && !info.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := fn(f); err != nil {
		return err
	}
	if err := f.Chmod(perm); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// WriteFile is os.WriteFile done through Write.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
