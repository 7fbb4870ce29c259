package puzzle

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// proved.sum records, for each set, a hash of every input its proofs
// depend on, as of the last time each of its puzzles was proved against
// them (docs/puzzles.md, "Tests"). TestStoredPuzzlesVerify proves every
// puzzle of a set whose inputs changed since, and a fixed sample of the
// others; -update rewrites the file once those proofs passed.
const provedSum = "data/proved.sum"

var update = flag.Bool("update", false, "TestStoredPuzzlesVerify: once every puzzle of the sets whose inputs changed is proved, record their inputs in "+provedSum)

// listedPackage is what 'go list -json' says of a package.
type listedPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	GoFiles    []string
	CgoFiles   []string
	EmbedFiles []string
	Imports    []string
	Module     *struct{ Path, Version string }
}

// setInputs hashes what the proofs of a set's puzzles depend on:
//   - the set's data, as embedded in the package (what Load reads);
//   - the Go sources (and embedded files) of the package puzzle itself,
//     which holds the sets, the prover and Verify;
//   - every package of the module that the game's rules package imports,
//     directly or not, itself included (package game, the shared boards),
//     and for a set read from a solution (POGO) the solver's (solve/pogo);
//     a package of another module by its path and version;
//   - the Go language version of go.mod (it changes what the code means).
//
// The rules package is found from the registered game itself (the package
// of its Setup function and of its positions' type), so a set cannot be
// hashed against another game's code. The files are read from the module's
// directory: those go test compiled.
type setInputs struct {
	root     string                    // the module's directory
	module   string                    // its path
	goLine   string                    // go.mod's go directive
	packages map[string]*listedPackage // by import path
	read     func(path string) ([]byte, error)
}

// loadInputs lists the packages the sets' proofs may depend on.
func loadInputs() (*setInputs, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	in := &setInputs{packages: map[string]*listedPackage{}, read: os.ReadFile}
	out, err := exec.Command(goCmd, "list", "-m", "-f", "{{.Path}} {{.Dir}} {{.GoVersion}}").Output()
	if err != nil {
		return nil, fmt.Errorf("go list -m: %w", err)
	}
	f := strings.Fields(string(out))
	if len(f) != 3 {
		return nil, fmt.Errorf("go list -m: %q", out)
	}
	in.module, in.root, in.goLine = f[0], f[1], "go "+f[2]
	roots := []string{in.module + "/puzzle", in.module + "/solve/pogo"}
	for _, set := range Sets() {
		pkgs, err := rulesPackages(set)
		if err != nil {
			return nil, err
		}
		roots = append(roots, pkgs...)
	}
	cmd := exec.Command(goCmd, append([]string{"list", "-deps", "-json"}, roots...)...)
	cmd.Dir = in.root
	out, err = cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%w: %s", err, ee.Stderr)
		}
		return nil, fmt.Errorf("go list -deps: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list -deps: %w", err)
		}
		in.packages[p.ImportPath] = &p
	}
	return in, nil
}

// rulesPackages are the import paths of the packages that define set's
// game: the package of its Setup function and that of its positions.
func rulesPackages(set *Set) ([]string, error) {
	g, err := game.Lookup(set.Game)
	if err != nil {
		return nil, err
	}
	v, err := set.Variant(0)
	if err != nil {
		return nil, err
	}
	var out []string
	if fn := runtime.FuncForPC(reflect.ValueOf(g.Setup).Pointer()); fn != nil {
		out = append(out, funcPackage(fn.Name()))
	}
	ty := reflect.TypeOf(v.Start())
	for ty.Kind() == reflect.Pointer {
		ty = ty.Elem()
	}
	out = append(out, ty.PkgPath())
	for _, p := range out {
		if p == "" || !strings.Contains(p, "/") {
			return nil, fmt.Errorf("%s: the package of game %s is not found (%q)", set.ID, set.Game, out)
		}
	}
	return out, nil
}

// funcPackage is the import path in a function's full name:
// "example.com/a/b.init.func1" is "example.com/a/b".
func funcPackage(name string) string {
	slash := strings.LastIndex(name, "/")
	dot := strings.Index(name[slash+1:], ".")
	if dot < 0 {
		return name
	}
	return name[:slash+1+dot]
}

// hash is the hash of set's inputs, and the packages it covers.
func (in *setInputs) hash(set *Set) (string, []string, error) {
	rules, err := rulesPackages(set)
	if err != nil {
		return "", nil, err
	}
	closure := map[string]bool{}
	var walk func(string) error
	walk = func(path string) error {
		if closure[path] {
			return nil
		}
		p, ok := in.packages[path]
		if !ok {
			return fmt.Errorf("package %s was not listed", path)
		}
		if p.Standard {
			return nil // the Go version stands for it
		}
		closure[path] = true
		for _, imp := range p.Imports {
			if err := walk(imp); err != nil {
				return err
			}
		}
		return nil
	}
	roots := rules
	if set.Solved {
		roots = append(roots, in.module+"/solve/pogo")
	}
	for _, r := range roots {
		if err := walk(r); err != nil {
			return "", nil, err
		}
	}
	// The package puzzle's own files, not its imports: it imports every
	// game and the computer players, which the proofs do not use.
	closure[in.module+"/puzzle"] = true
	paths := make([]string, 0, len(closure))
	for p := range closure {
		paths = append(paths, p)
	}
	sort.Strings(paths)

	h := sha256.New()
	add := func(name string, content []byte) {
		fmt.Fprintf(h, "%s %d\n", name, len(content))
		h.Write(content)
	}
	add("go.mod", []byte(in.goLine))
	b, err := data.ReadFile("data/" + set.ID + ".json")
	if err != nil {
		return "", nil, err
	}
	add("puzzle/data/"+set.ID+".json", b)
	for _, path := range paths {
		p := in.packages[path]
		if p.Module == nil || p.Module.Path != in.module {
			mod := "?"
			if p.Module != nil {
				mod = p.Module.Path + "@" + p.Module.Version
			}
			add(path, []byte(mod))
			continue
		}
		files := slices.Concat(p.GoFiles, p.CgoFiles, p.EmbedFiles)
		if path == in.module+"/puzzle" {
			// Its embedded files are the sets' data (this set's is above)
			// and proved.sum itself.
			files = slices.Concat(p.GoFiles, p.CgoFiles)
		}
		sort.Strings(files)
		if len(files) == 0 {
			return "", nil, fmt.Errorf("package %s: no files listed", path)
		}
		for _, name := range files {
			b, err := in.read(filepath.Join(p.Dir, name))
			if err != nil {
				return "", nil, err
			}
			rel, _ := filepath.Rel(in.root, filepath.Join(p.Dir, name))
			add(filepath.ToSlash(rel), b)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), paths, nil
}

// readProved reads proved.sum: set id to hash.
func readProved() (map[string]string, error) {
	f, err := os.Open(provedSum)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 || len(f[1]) != 64 {
			return nil, fmt.Errorf("%s:%d: %q, want SET SHA256", provedSum, n, line)
		}
		out[f[0]] = f[1]
	}
	return out, sc.Err()
}

// writeProved writes proved.sum.
func writeProved(sums map[string]string) error {
	var b strings.Builder
	b.WriteString(`# The inputs every puzzle of each set was last proved against: a SHA-256 of
# the set's data, the package puzzle's sources and those of every package of
# the module its game's rules import (docs/puzzles.md, "Tests"). Written by
#   go test ./puzzle -run TestStoredPuzzlesVerify -update
# after proving every puzzle of each set whose inputs changed; never by hand.
`)
	for _, set := range Sets() {
		if h, ok := sums[set.ID]; ok {
			fmt.Fprintf(&b, "%s %s\n", set.ID, h)
		}
	}
	return os.WriteFile(provedSum, []byte(b.String()), 0o644)
}

// The hash of a set's inputs covers its game's rules, the shared code they
// use and the set's data, and nothing of another game: a change to a
// source file of the game (here: a file's content as read) changes it.
func TestProvedInputs(t *testing.T) {
	in, err := loadInputs()
	if err != nil {
		t.Fatal(err)
	}
	m := in.module
	for _, c := range []struct {
		set      string
		has, not []string
	}{
		{"blocus", []string{m + "/games/blockade/blocus", m + "/games/blockade/board", m + "/game", m + "/puzzle"},
			[]string{m + "/games/pogo", m + "/ai", m + "/solve/pogo", m + "/games/blockade/saute"}},
		{"pods-basic", []string{m + "/games/pods", m + "/game"}, []string{m + "/games/blockade/board"}},
		{"pogo", []string{m + "/games/pogo", m + "/solve/pogo", m + "/game"}, []string{m + "/ai"}},
	} {
		set, _ := LookupSet(c.set)
		h, paths, err := in.hash(set)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range c.has {
			if !slices.Contains(paths, p) {
				t.Errorf("%s: %s not among the inputs %v", c.set, p, paths)
			}
		}
		for _, p := range c.not {
			if slices.Contains(paths, p) {
				t.Errorf("%s: %s among the inputs", c.set, p)
			}
		}
		if again, _, _ := in.hash(set); again != h {
			t.Errorf("%s: two hashes differ", c.set)
		}
	}
	// Every set's inputs hash, and the sets of one game with the same
	// code differ by their data.
	seen := map[string]string{}
	for _, set := range Sets() {
		h, _, err := in.hash(set)
		if err != nil {
			t.Fatalf("%s: %v", set.ID, err)
		}
		if other, dup := seen[h]; dup {
			t.Errorf("%s and %s have the same inputs", set.ID, other)
		}
		seen[h] = set.ID
	}
	// A rules file changed: the hash changes.
	blocus, _ := LookupSet("blocus")
	before, _, _ := in.hash(blocus)
	p := in.packages[m+"/games/blockade/blocus"]
	changed := filepath.Join(p.Dir, p.GoFiles[len(p.GoFiles)-1])
	in.read = func(path string) ([]byte, error) {
		b, err := os.ReadFile(path)
		if path == changed {
			b = append(b, "\n// changed\n"...)
		}
		return b, err
	}
	after, _, err := in.hash(blocus)
	if err != nil || after == before {
		t.Errorf("a changed rules file leaves the hash as it was: %v", err)
	}
}
