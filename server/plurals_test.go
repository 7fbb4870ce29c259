package server

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// No text a player reads writes a plural as "(s)": "1 coup(s)" reads as a
// program's, not a person's. The sources of the web pages, the terminal,
// the drawings and the rules engines are searched (their tests aside).
func TestNoParenthesisedPlurals(t *testing.T) {
	bad := regexp.MustCompile(`[A-Za-zéèàû]\((s|es|x)\)`)
	for _, dir := range []string{".", "../tui", "../internal/cli", "../render", "../games", "../game"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			ext := filepath.Ext(path)
			if strings.HasSuffix(path, "_test.go") || (ext != ".go" && ext != ".js" && ext != ".html" && ext != ".tmpl") {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, text := range texts(path, b) {
				for _, m := range bad.FindAllString(text, -1) {
					if strings.HasPrefix(m, "p(s)") && strings.Contains(text, "http(s)") {
						continue // a URL scheme, http or https
					}
					t.Errorf("%s: %q writes a plural with (s): %s", path, m, text)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// texts are the strings of a source file: a Go file's string literals
// (comments and code aside), a script's quoted strings, a template whole.
func texts(path string, b []byte) []string {
	switch filepath.Ext(path) {
	case ".go":
		var out []string
		var sc scanner.Scanner
		fset := token.NewFileSet()
		sc.Init(fset.AddFile(path, -1, len(b)), b, nil, 0)
		for {
			_, tok, lit := sc.Scan()
			if tok == token.EOF {
				return out
			}
			if tok == token.STRING {
				out = append(out, lit)
			}
		}
	case ".js":
		return regexp.MustCompile(`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"`).FindAllString(string(b), -1)
	}
	return []string{string(b)}
}
