package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/store"
)

// usersCmd holds what the users subcommands share: the store.
type usersCmd struct {
	db string
}

func newUsersCommand() *cobra.Command {
	u := &usersCmd{}
	cmd := &cobra.Command{
		Use:   "users",
		Short: "Manage the player accounts of the server",
		Long: `Add, list and change the accounts of the people (and bots) who play on the
server, in the store that 'plateau serve' uses: an SQLite file (plateau.db in
the current directory unless --db names another file) or PostgreSQL with
--db postgres://user:password@host/database. The server may be running.

A user name has 2 to 20 characters: ASCII letters, digits, and '_' or '-'
after the first character. Names are unique regardless of case ("Alice" and
"alice" are one account) but shown as chosen.

Passwords have 8 to 256 bytes. In a terminal, add and reset ask for the new
password twice without showing it; otherwise (or with --password-stdin) they
read it from the first line of standard input. The store keeps only an
argon2id hash of it.

An operator is one of the people who run the site (the role that moderation
on the site will ask for). A bot has no password and cannot log in on the site (it is a program). A
disabled account cannot log in, and disabling it ends its sessions.`,
		Example: `  plateau users add alice
  echo 'correct horse battery' | plateau users add bob --operator --db games.db
  plateau users add stockbot --bot
  plateau users list --db postgres://plateau:secret@localhost/plateau
  plateau users reset alice
  plateau users disable bob --db games.db
  plateau users role alice operator`,
		Args: noCommandArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	cmd.PersistentFlags().StringVar(&u.db, "db", "", "store: an SQLite file (default "+store.DefaultPath+") or a postgres:// URL")
	cmd.AddCommand(u.addCommand(), u.resetCommand(), u.disableCommand(true), u.disableCommand(false),
		u.roleCommand(), u.listCommand(), u.tokenCommand())
	return cmd
}

func (u *usersCmd) addCommand() *cobra.Command {
	var operator, bot, passwordStdin bool
	var owner string
	cmd := &cobra.Command{
		Use:   "add NAME [--operator] [--bot [--owner ACCOUNT]]",
		Short: "Add an account",
		Long: `Add an account named NAME, a player unless --operator is given. Its password
is asked twice in a terminal, or read from the first line of standard input
(--password-stdin, implied when standard input is not a terminal). A bot
(--bot) gets no password; its owner (--owner, an account) creates and
revokes its tokens on the bot's page, as the operator does with
'plateau users token'.

The name must be free in any case: "Alice" is refused when "alice" exists.`,
		Example: `  plateau users add alice
  echo 'correct horse battery' | plateau users add carol
  plateau users add bob --operator --db games.db
  plateau users add stockbot --bot --owner alice`,
		Args: argsUser(),
		RunE: func(cmd *cobra.Command, args []string) error {
			name, lang := args[0], langOf(cmd)
			if bot && passwordStdin {
				return usageErrorT(msgBotNoPassword)
			}
			if owner != "" && !bot {
				return usageErrorT(msgOwnerForBot)
			}
			if err := store.CheckUserName(name); err != nil {
				return err
			}
			role := store.RolePlayer
			if operator {
				role = store.RoleOperator
			}
			return u.with(cmd, func(ctx context.Context, acc store.Accounts) error {
				// Say that the name is taken before asking for a password.
				if old, err := acc.LoadUser(ctx, name); err == nil {
					return nameTaken(name, old.Name)
				} else if !errors.Is(err, store.ErrNotFound) {
					return err
				}
				user := &store.User{Name: name, Role: role, Bot: bot, Owner: owner}
				if !bot {
					hash, err := newPasswordHash(cmd, name, passwordStdin, lang)
					if err != nil {
						return err
					}
					user.PasswordHash = hash
				}
				if err := acc.CreateUser(ctx, user); errors.Is(err, store.ErrConflict) {
					return nameTaken(name, "")
				} else if errors.Is(err, store.ErrNotFound) {
					return errorT(msgNoOwner, owner)
				} else if err != nil {
					return err
				}
				kind := roleName(user.Role, lang)
				if bot {
					kind += msgBotNoPasswordFor.In(lang)
				}
				if user.Owner != "" {
					kind += tr(lang, msgOwnedBy, user.Owner)
				}
				fmt.Fprintln(cmd.OutOrStdout(), tr(lang, msgAdded, user.Name, kind))
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&operator, "operator", false, "an operator: one of the people who run the site")
	cmd.Flags().BoolVar(&bot, "bot", false, "a bot: an account for a program, without a password")
	cmd.Flags().StringVar(&owner, "owner", "", "a bot's owner: the account that manages its tokens on the site")
	cmd.Flags().BoolVar(&passwordStdin, "password-stdin", false, "read the password from the first line of standard input (implied when it is not a terminal)")
	return cmd
}

func (u *usersCmd) resetCommand() *cobra.Command {
	var passwordStdin bool
	cmd := &cobra.Command{
		Use:   "reset NAME",
		Short: "Give an account a new password and end its sessions",
		Long: `Give the account NAME a new password, asked twice in a terminal or read from
the first line of standard input (--password-stdin, implied when standard
input is not a terminal), then end all its sessions: every browser logged in
as NAME must log in again. Prints how many sessions ended. Bots have no
password to reset.`,
		Example: `  plateau users add alice
  plateau users reset alice
  echo 'a new long password' | plateau users reset alice`,
		Args: argsUser(),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			if err := store.CheckUserName(name); err != nil {
				return err
			}
			return u.with(cmd, func(ctx context.Context, acc store.Accounts) error {
				user, err := loadUser(ctx, acc, name)
				if err != nil {
					return err
				}
				if user.Bot {
					return errorT(msgIsBot, user.Name)
				}
				if user.PasswordHash, err = newPasswordHash(cmd, user.Name, passwordStdin, langOf(cmd)); err != nil {
					return err
				}
				if err := acc.UpdateUser(ctx, user); err != nil {
					return notFound(err, name)
				}
				n, err := acc.DeleteSessions(ctx, user.Name)
				if err != nil {
					return errorT(msgSessionsNotEnded, user.Name, err)
				}
				lang := langOf(cmd)
				fmt.Fprintln(cmd.OutOrStdout(), tr(lang, msgNewPassword, user.Name, sessionsEnded(n, lang)))
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&passwordStdin, "password-stdin", false, "read the password from the first line of standard input (implied when it is not a terminal)")
	return cmd
}

// disableCommand is users disable, or users enable when disable is false.
func (u *usersCmd) disableCommand(disable bool) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "disable NAME",
		Short: "Stop an account from logging in and end its sessions",
		Long: `Disable the account NAME: it can no longer log in, and its sessions end at
once (prints how many). The running servers close its open game connections
and event streams within seconds (at once on PostgreSQL). Its games and name
stay; 'plateau users enable NAME' undoes it.`,
		Example: `  plateau users add bob
  plateau users disable bob`,
	}
	if !disable {
		cmd.Use = "enable NAME"
		cmd.Short = "Let a disabled account log in again"
		cmd.Long = `Enable the account NAME again after 'plateau users disable NAME': it can log
in with its password as before.`
		cmd.Example = `  plateau users add bob
  plateau users disable bob
  plateau users enable bob`
	}
	cmd.Args = argsUser()
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		name := args[0]
		if err := store.CheckUserName(name); err != nil {
			return err
		}
		return u.with(cmd, func(ctx context.Context, acc store.Accounts) error {
			user, err := loadUser(ctx, acc, name)
			if err != nil {
				return err
			}
			out, lang := cmd.OutOrStdout(), langOf(cmd)
			if user.Disabled == disable {
				already := msgAlreadyEnabled
				if disable {
					already = msgAlreadyDisabled
				}
				fmt.Fprintln(out, tr(lang, already, user.Name))
				return nil
			}
			// Count the sessions first: UpdateUser ends them (again, with
			// any opened meanwhile) without saying how many.
			n := 0
			if disable {
				if n, err = acc.DeleteSessions(ctx, user.Name); err != nil {
					return err
				}
			}
			user.Disabled = disable
			if err := acc.UpdateUser(ctx, user); err != nil {
				return notFound(err, name)
			}
			if disable {
				fmt.Fprintln(out, tr(lang, msgDisabled, user.Name, sessionsEnded(n, lang)))
			} else {
				fmt.Fprintln(out, tr(lang, msgEnabled, user.Name))
			}
			return nil
		})
	}
	return cmd
}

func (u *usersCmd) roleCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "role NAME player|operator",
		Short: "Make an account a player or an operator",
		Long: `Set the role of the account NAME: player, or operator (one of the people who run
the site).`,
		Example: `  plateau users add alice
  plateau users role alice operator
  plateau users role alice player`,
		Args: argsUser(msgArgRole),
		RunE: func(cmd *cobra.Command, args []string) error {
			name, role := args[0], strings.ToLower(args[1])
			if role != store.RolePlayer && role != store.RoleOperator {
				return usageErrorT(msgBadRole, args[1], store.RolePlayer, store.RoleOperator)
			}
			if err := store.CheckUserName(name); err != nil {
				return err
			}
			return u.with(cmd, func(ctx context.Context, acc store.Accounts) error {
				user, err := loadUser(ctx, acc, name)
				if err != nil {
					return err
				}
				lang := langOf(cmd)
				if user.Role == role {
					fmt.Fprintln(cmd.OutOrStdout(), tr(lang, msgAlreadyRole, user.Name, roleWithArticle(role, lang)))
					return nil
				}
				user.Role = role
				if err := acc.UpdateUser(ctx, user); err != nil {
					return notFound(err, name)
				}
				fmt.Fprintln(cmd.OutOrStdout(), tr(lang, msgNowRole, user.Name, roleWithArticle(role, lang)))
				return nil
			})
		},
	}
}

func (u *usersCmd) listCommand() *cobra.Command {
	var limit, offset int
	cmd := &cobra.Command{
		Use:   "list [--limit N] [--offset N]",
		Short: "List the accounts",
		Long: `List the accounts by name (regardless of case), --limit at a time from
--offset, as a table: name, role (player or operator), bot, disabled, and
when the account was created (UTC). When more accounts follow, a line on
standard error gives the --offset of the next page.`,
		Example: `  plateau users list
  plateau users list --limit 100 --offset 100 --db games.db`,
		Args: argsNone,
		RunE: func(cmd *cobra.Command, args []string) error {
			lang := langOf(cmd)
			if limit < 1 {
				return usageErrorT(msgBadLimit, limit)
			}
			if offset < 0 {
				return usageErrorT(msgBadOffset, offset)
			}
			return u.with(cmd, func(ctx context.Context, acc store.Accounts) error {
				users, err := acc.ListUsers(ctx, limit+1, offset) // one more says whether a page follows
				if err != nil {
					return err
				}
				more := len(users) > limit
				users = users[:min(len(users), limit)]
				if len(users) == 0 {
					if offset == 0 {
						fmt.Fprintln(cmd.OutOrStdout(), msgNoAccounts.In(lang))
					} else {
						fmt.Fprintln(cmd.OutOrStdout(), tr(lang, msgNoAccountsAfter, offset))
					}
					return nil
				}
				tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 8, 2, ' ', 0)
				fmt.Fprintln(tw, msgUsersHead.In(lang))
				for _, user := range users {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", user.Name, roleName(user.Role, lang), yesNo(user.Bot, lang), yesNo(user.Disabled, lang),
						user.CreatedAt.UTC().Format("2006-01-02 15:04"))
				}
				if err := tw.Flush(); err != nil {
					return err
				}
				if more {
					fmt.Fprintln(cmd.ErrOrStderr(), tr(lang, msgMoreAccounts, offset+limit))
				}
				return nil
			})
		},
	}
	cmd.Flags().IntVar(&limit, "limit", store.DefaultLimit, "accounts to list at most")
	cmd.Flags().IntVar(&offset, "offset", 0, "accounts to skip first")
	return cmd
}

// with opens the store, runs fn on its accounts and closes it.
func (u *usersCmd) with(cmd *cobra.Command, fn func(ctx context.Context, acc store.Accounts) error) error {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	st, err := store.Open(ctx, u.db)
	if err != nil {
		return errorT(msgOpeningStore, err)
	}
	acc, ok := st.(store.Accounts)
	if !ok {
		st.Close()
		name := u.db
		if name == "" {
			name = store.DefaultPath
		}
		return errorT(msgNoAccountsStore, redact(name))
	}
	err = fn(ctx, acc)
	if cerr := st.Close(); err == nil && cerr != nil {
		err = errorT(msgClosingStore, cerr)
	}
	return err
}

// argsUser checks the positional arguments: NAME, then the named ones.
func argsUser(more ...game.Text) cobra.PositionalArgs {
	names := append([]game.Text{msgArgUserName}, more...)
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < len(names) {
			return usageErrorT(msgMissingArg, names[len(args)])
		}
		if len(args) > len(names) {
			return usageErrorT(msgUnexpectedArg, args[len(names)])
		}
		return nil
	}
}

// loadUser loads an account, with a plain message when there is none.
func loadUser(ctx context.Context, acc store.Accounts, name string) (*store.User, error) {
	user, err := acc.LoadUser(ctx, name)
	if err != nil {
		return nil, notFound(err, name)
	}
	return user, nil
}

// notFound says that no account has that name, for a store.ErrNotFound.
func notFound(err error, name string) error {
	if errors.Is(err, store.ErrNotFound) {
		return errorT(msgNoUser, name)
	}
	return err
}

// nameTaken refuses a name already used; taken is its stored spelling when
// known.
func nameTaken(name, taken string) error {
	if taken != "" && taken != name {
		return errorT(msgNameTakenBy, name, taken)
	}
	return errorT(msgNameTaken, name)
}

// newPasswordHash reads a new password for name and hashes it: asked twice
// without echo when standard input is a terminal (and fromStdin is false),
// else the first line of standard input.
func newPasswordHash(cmd *cobra.Command, name string, fromStdin bool, lang string) (string, error) {
	var password string
	var err error
	if f, ok := cmd.InOrStdin().(*os.File); ok && !fromStdin && term.IsTerminal(int(f.Fd())) {
		fd := int(f.Fd())
		password, err = promptPassword(cmd.ErrOrStderr(), name, func() ([]byte, error) { return term.ReadPassword(fd) }, lang)
	} else {
		password, err = readPasswordLine(cmd.InOrStdin())
	}
	if err != nil {
		return "", err
	}
	return accounts.HashPassword(password)
}

// promptPassword asks for a new password twice on w, reading each answer
// with read (without echo), and refuses two different answers.
func promptPassword(w io.Writer, name string, read func() ([]byte, error), lang string) (string, error) {
	fmt.Fprint(w, tr(lang, msgPasswordPrompt, name, accounts.MinPassword, accounts.MaxPassword))
	first, err := read()
	fmt.Fprintln(w)
	if err != nil {
		return "", errorT(msgReadingPassword, err)
	}
	if err := accounts.CheckNewPassword(string(first)); err != nil {
		return "", err
	}
	fmt.Fprint(w, msgPasswordAgain.In(lang))
	second, err := read()
	fmt.Fprintln(w)
	if err != nil {
		return "", errorT(msgReadingPassword, err)
	}
	if string(first) != string(second) {
		return "", errorT(msgPasswordsDiffer)
	}
	return string(first), nil
}

// readPasswordLine reads a password from the first line of r, without its
// line ending, reading no more than a password's bound.
func readPasswordLine(r io.Reader) (string, error) {
	limit := accounts.MaxPassword + 3 // the password, "\r\n", and one byte to tell it is too long
	line, err := bufio.NewReader(io.LimitReader(r, int64(limit))).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", errorT(msgReadingPassword, err)
	}
	if line == "" {
		return "", errorT(msgNoPasswordStdin)
	}
	if !strings.HasSuffix(line, "\n") && len(line) == limit {
		return "", errorT(msgPasswordTooLong, accounts.MaxPassword, accounts.MinPassword, accounts.MaxPassword)
	}
	password := strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	if err := accounts.CheckNewPassword(password); err != nil {
		return "", err
	}
	return password, nil
}

// sessionsEnded says how many sessions ended.
func sessionsEnded(n int, lang string) string {
	if n == 1 {
		return msgOneSession.In(lang)
	}
	return tr(lang, msgSessions, n)
}

func yesNo(b bool, lang string) string {
	if b {
		return msgYes.In(lang)
	}
	return msgNo.In(lang)
}

// roleName is a role (store.RolePlayer, store.RoleOperator) for people.
func roleName(role, lang string) string {
	switch {
	case lang != "fr":
		return role
	case role == store.RolePlayer:
		return "joueur"
	case role == store.RoleOperator:
		return "responsable"
	}
	return role
}

// roleWithArticle is "a player" or "an operator".
func roleWithArticle(role, lang string) string {
	if role == store.RoleOperator {
		return msgRoleOperator.In(lang)
	}
	return msgRolePlayer.In(lang)
}
