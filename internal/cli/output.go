package cli

import (
	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/atomicfile"
)

// outputFlag is the -o/--output flag of the commands that write a file.
// The file is written only once the command succeeded, all at once (see
// package atomicfile): unlike the shell's "> FILE", a refused move or a
// wrong record leaves no empty file behind.
type outputFlag struct{ path string }

func (f *outputFlag) register(cmd *cobra.Command, usage string) {
	cmd.Flags().StringVarP(&f.path, "output", "o", "", usage)
}

var msgWritingFile = game.Text{EN: "writing %s: %v", FR: "écriture de %s : %v"}

// write writes data to the --output file, or to standard output without
// one (or with -o -).
func (f *outputFlag) write(cmd *cobra.Command, data []byte) error {
	if f.path == "" || f.path == "-" {
		_, err := cmd.OutOrStdout().Write(data)
		return err
	}
	if err := atomicfile.WriteFile(f.path, data, 0o644); err != nil {
		return errorT(msgWritingFile, f.path, err)
	}
	return nil
}
