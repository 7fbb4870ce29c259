//go:build !unix

package cli

func raiseOpenFileLimit() error { return nil }
