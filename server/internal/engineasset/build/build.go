// Package build makes the browser's rules engine: the WebAssembly module of
// cmd/plateau-wasm and its compressed copies. The generator (../gen) and
// the tests that check the committed module use it; the server does not.
package build

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// Flags are the build's: no file paths in the module, no symbol table or
// debug information (they are not needed to run, and weigh a fifth).
var Flags = []string{"-trimpath", "-ldflags=-s -w"}

// Package is the main package of the module.
const Package = "./cmd/plateau-wasm"

// Root is the folder of the go.mod the current folder is in.
func Root() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("not inside the plateau module (go env GOMOD is %q)", mod)
	}
	return filepath.Dir(mod), nil
}

// Module builds the module into path and returns its bytes.
func Module(path string) ([]byte, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	args := append([]string{"build"}, Flags...)
	args = append(args, "-o", path, Package)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("GOOS=js GOARCH=wasm go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return os.ReadFile(path)
}

// WasmExec is the JavaScript support file of the Go toolchain that builds
// the module: it must match the module's Go version.
func WasmExec() ([]byte, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	return os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js"))
}

// GoVersion is the version of the go command (go1.26.8).
func GoVersion() (string, error) {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOVERSION: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// Brotli compresses b at the best quality, with the largest window.
func Brotli(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Gzip compresses b at the best level, with no name or time in the header
// (the same module gives the same bytes).
func Gzip(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Manifest describes a module (dist/manifest.json; engineasset.Manifest
// reads it).
type Manifest struct {
	SHA256 string `json:"sha256"` // of the raw module
	Size   int    `json:"size"`   // raw
	Brotli int    `json:"brotli"` // bytes over the wire with brotli
	Gzip   int    `json:"gzip"`   // with gzip
	Go     string `json:"go"`     // the toolchain that built it
}

// NewManifest describes a module and its compressed copies.
func NewManifest(raw, br, gz []byte, goVersion string) Manifest {
	sum := sha256.Sum256(raw)
	return Manifest{SHA256: hex.EncodeToString(sum[:]), Size: len(raw), Brotli: len(br), Gzip: len(gz), Go: goVersion}
}

// JSON is the manifest as written in dist/manifest.json.
func (m Manifest) JSON() []byte {
	b, _ := json.MarshalIndent(m, "", "  ")
	return append(b, '\n')
}
