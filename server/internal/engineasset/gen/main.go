// Command gen builds the browser's rules engine (cmd/plateau-wasm) for
// WebAssembly and writes what the server embeds into ../dist: the module
// compressed with brotli and gzip (compressed here once, never per request),
// Go's wasm_exec.js of the toolchain that built it, and manifest.json (the
// raw module's SHA-256 and sizes, checked by TestEngineModuleFresh).
//
// Run from the repository: go generate ./server/internal/engineasset
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/plateau-games/plateau/server/internal/engineasset/build"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "engineasset/gen:", err)
		os.Exit(1)
	}
}

func run() error {
	// go generate runs in the package's folder.
	dist, err := filepath.Abs("dist")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "plateau-wasm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	raw, err := build.Module(filepath.Join(tmp, "plateau.wasm"))
	if err != nil {
		return err
	}
	exec, err := build.WasmExec()
	if err != nil {
		return err
	}
	version, err := build.GoVersion()
	if err != nil {
		return err
	}
	br, err := build.Brotli(raw)
	if err != nil {
		return err
	}
	gz, err := build.Gzip(raw)
	if err != nil {
		return err
	}
	m := build.NewManifest(raw, br, gz, version)
	files := map[string][]byte{
		"plateau.wasm.br": br,
		"plateau.wasm.gz": gz,
		"wasm_exec.js":    exec,
		"manifest.json":   m.JSON(),
	}
	if err := os.MkdirAll(dist, 0o755); err != nil {
		return err
	}
	for name, b := range files {
		path := filepath.Join(dist, name)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
			continue
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("plateau.wasm %s: %d bytes, brotli %d, gzip %d (%s)\n", m.SHA256[:16], m.Size, m.Brotli, m.Gzip, m.Go)
	return nil
}
