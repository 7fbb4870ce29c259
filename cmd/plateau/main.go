// Command plateau plays, checks and measures the games of plateau from the
// terminal. Run `plateau --help` for the commands.
package main

import (
	"os"

	"github.com/plateau-games/plateau/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
