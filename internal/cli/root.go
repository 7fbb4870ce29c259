// Package cli is the plateau command line: listing the games, showing their
// rules, playing in the terminal, replaying records and measuring the rules
// engines (perft, bench).
//
// Commands never call os.Exit: errors come back from Execute, so that tests
// can run every command in-process. Main turns them into exit statuses.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	_ "github.com/plateau-games/plateau/games/all" // registers every game
)

// Exit statuses of Main.
const (
	exitOK    = 0
	exitError = 1 // the command failed: bad game, illegal move, unreadable file
	exitUsage = 2 // the command line itself is wrong
)

// Main runs the command line with args (without the program name) and
// returns the exit status. Errors are written to stderr.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCommand(langFromEnv(os.Getenv))
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	lang := errorLang(cmd, args)
	fmt.Fprintf(stderr, "plateau: %s\n", errorText(lang, err))
	var usage *usageError
	if errors.As(err, &usage) {
		fmt.Fprintln(stderr, tr(lang, msgUsageHint, cmd.CommandPath()))
		return exitUsage
	}
	return exitError
}

// usageError is a mistake in the command line (a missing argument, an
// unknown flag) rather than a failure of the command.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Errorf(format, args...)}
}

// app holds the flags every command shares.
type app struct {
	lang string
}

// NewRootCommand builds the plateau command and its subcommands. Its
// Execute returns errors instead of exiting; input and output go through
// the command's SetIn, SetOut and SetErr. --lang defaults to English.
func NewRootCommand() *cobra.Command {
	return newRootCommand("en")
}

// newRootCommand is NewRootCommand with lang (en or fr) as the default of
// --lang: Main gives the language of the environment (langFromEnv). The
// help follows --lang too (helpInLanguage).
func newRootCommand(lang string) *cobra.Command {
	a := &app{}
	root := &cobra.Command{
		Use:   "plateau",
		Short: "Play and study rare abstract board games",
		Long: `plateau brings rare abstract board games to life: it serves them in the
browser (plateau serve), lets you play them in the terminal against other
people or computer players, prints their rules, reads and writes game
records, rates computer players against each other, analyses games for
designers, solves POGO, and checks and measures the rules engines.

Games are named by their id (see 'plateau games'). Seats are numbered from 1:
player 1 moves first. Options of a game are given as --opt name=value.`,
		Example: `  plateau serve
  plateau games
  plateau rules pogo --lang fr
  plateau play pogo --seat 2=medium --record game.txt
  plateau replay pogo --record game.txt --json
  plateau perft pogo 4`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          noCommandArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			a.lang = strings.ToLower(strings.TrimSpace(a.lang))
			if a.lang != "en" && a.lang != "fr" {
				return usageErrorT(msgBadLang, a.lang)
			}
			return nil
		},
	}
	// Shell completion would add commands without examples; it is not
	// worth a command of its own yet.
	root.CompletionOptions.DisableDefaultCmd = true
	root.SuggestionsMinimumDistance = 2
	root.PersistentFlags().StringVar(&a.lang, "lang", lang, "language of game names and messages: en or fr")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &usageError{err} })
	helpInLanguage(root, &a.lang)
	root.AddCommand(
		newGamesCommand(a),
		newRulesCommand(a),
		newPlayCommand(a),
		newPerftCommand(),
		newReplayCommand(a),
		newLegalCommand(),
		newBenchCommand(a),
		newRenderCommand(a),
		newArenaCommand(),
		newEngineCommand(),
		newServeCommand(a),
		newUsersCommand(),
		newBotCommand(),
		newLoadtestCommand(),
		newAnalyzeCommand(),
		newAnalyzeGameCommand(),
		newLabCommand(),
		newSolveCommand(),
		newPuzzlesCommand(),
	)
	return root
}

// noCommandArgs refuses words after "plateau" that are not a command,
// suggesting the command the user probably meant.
func noCommandArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		return usageErrorT(msgDidYouMean, args[0], orList(s))
	}
	return usageErrorT(msgUnknownCommand, args[0])
}

// argsGame checks the positional arguments of a command that takes a game
// and then exactly the named arguments (more...: any number of words after
// them).
func argsGame(names []string, more bool) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		want := 1 + len(names)
		if len(args) < want {
			if len(args) == 0 {
				return usageErrorT(msgMissingGame)
			}
			return usageErrorT(msgMissingArg, argName(names[len(args)-1]))
		}
		if !more && len(args) > want {
			return usageErrorT(msgUnexpectedArg, args[want])
		}
		return nil
	}
}
