package web

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"sort"
)

// StaticFiles lists the embedded static files by name (as served under
// /static/), for the service worker's list of files to keep offline.
func StaticFiles() []string {
	var names []string
	fs.WalkDir(staticFS, "static", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, path[len("static/"):])
		}
		return nil
	})
	sort.Strings(names)
	return names
}

// AssetsHash is a hash of everything the shell serves that a page copy
// kept offline depends on: the static files, the templates and the
// interface strings. The service worker's version carries it, so that a
// new binary with other files replaces the copies browsers keep.
func AssetsHash() string {
	h := sha256.New()
	for _, root := range []struct {
		fsys fs.FS
		dir  string
	}{{staticFS, "static"}, {templateFS, "templates"}} {
		fs.WalkDir(root.fsys, root.dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			b, err := fs.ReadFile(root.fsys, path)
			if err != nil {
				return nil
			}
			h.Write([]byte(path + "\x00"))
			h.Write(b)
			return nil
		})
	}
	keys := make([]string, 0, len(messages))
	for k := range messages {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		h.Write([]byte(k + "\x00" + messages[k][0] + "\x00" + messages[k][1] + "\x00"))
	}
	return hex.EncodeToString(h.Sum(nil))
}
