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
  echo 'correct horse battery' | plateau users add bob --operator --db /var/lib/plateau/games.db
  plateau users add stockbot --bot
  plateau users list --db postgres://plateau:secret@localhost/plateau
  plateau users reset alice
  plateau users disable bob
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
  echo 'correct horse battery' | plateau users add alice
  plateau users add bob --operator --db /var/lib/plateau/games.db
  plateau users add stockbot --bot --owner alice`,
		Args: argsUser(),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			if bot && passwordStdin {
				return usageErrorf("--bot and --password-stdin: a bot has no password")
			}
			if owner != "" && !bot {
				return usageErrorf("--owner is for a bot (--bot)")
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
					hash, err := newPasswordHash(cmd, name, passwordStdin)
					if err != nil {
						return err
					}
					user.PasswordHash = hash
				}
				if err := acc.CreateUser(ctx, user); errors.Is(err, store.ErrConflict) {
					return nameTaken(name, "")
				} else if errors.Is(err, store.ErrNotFound) {
					return fmt.Errorf("no user %s to own the bot (see 'plateau users list')", owner)
				} else if err != nil {
					return err
				}
				kind := user.Role
				if bot {
					kind += ", bot without password"
				}
				if user.Owner != "" {
					kind += ", owned by " + user.Owner
				}
				fmt.Fprintf(cmd.OutOrStdout(), "Added %s (%s).\n", user.Name, kind)
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
		Example: `  plateau users reset alice
  echo 'a new long password' | plateau users reset alice --db /var/lib/plateau/games.db`,
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
					return fmt.Errorf("%s is a bot: bots have no password", user.Name)
				}
				if user.PasswordHash, err = newPasswordHash(cmd, user.Name, passwordStdin); err != nil {
					return err
				}
				if err := acc.UpdateUser(ctx, user); err != nil {
					return notFound(err, name)
				}
				n, err := acc.DeleteSessions(ctx, user.Name)
				if err != nil {
					return fmt.Errorf("the password of %s is changed, but its sessions were not ended: %w", user.Name, err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "New password for %s; %s.\n", user.Name, sessionsEnded(n))
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
once (prints how many). Its games and name stay; 'plateau users enable NAME'
undoes it.`,
		Example: `  plateau users disable bob
  plateau users disable bob --db postgres://plateau:secret@localhost/plateau`,
	}
	if !disable {
		cmd.Use = "enable NAME"
		cmd.Short = "Let a disabled account log in again"
		cmd.Long = `Enable the account NAME again after 'plateau users disable NAME': it can log
in with its password as before.`
		cmd.Example = `  plateau users enable bob`
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
			out := cmd.OutOrStdout()
			if user.Disabled == disable {
				fmt.Fprintf(out, "%s was already %sd.\n", user.Name, cmd.Name())
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
				fmt.Fprintf(out, "Disabled %s; %s.\n", user.Name, sessionsEnded(n))
			} else {
				fmt.Fprintf(out, "Enabled %s.\n", user.Name)
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
		Example: `  plateau users role alice operator
  plateau users role alice player`,
		Args: argsUser("ROLE (player or operator)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			name, role := args[0], strings.ToLower(args[1])
			if role != store.RolePlayer && role != store.RoleOperator {
				return usageErrorf("role %q: use %s or %s", args[1], store.RolePlayer, store.RoleOperator)
			}
			if err := store.CheckUserName(name); err != nil {
				return err
			}
			return u.with(cmd, func(ctx context.Context, acc store.Accounts) error {
				user, err := loadUser(ctx, acc, name)
				if err != nil {
					return err
				}
				article := "a"
				if role == store.RoleOperator {
					article = "an"
				}
				if user.Role == role {
					fmt.Fprintf(cmd.OutOrStdout(), "%s is already %s %s.\n", user.Name, article, role)
					return nil
				}
				user.Role = role
				if err := acc.UpdateUser(ctx, user); err != nil {
					return notFound(err, name)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s is now %s %s.\n", user.Name, article, role)
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
  plateau users list --limit 100 --offset 100 --db /var/lib/plateau/games.db`,
		Args: argsNone,
		RunE: func(cmd *cobra.Command, args []string) error {
			if limit < 1 {
				return usageErrorf("--limit %d: list 1 account or more", limit)
			}
			if offset < 0 {
				return usageErrorf("--offset %d: skip 0 accounts or more", offset)
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
						fmt.Fprintln(cmd.OutOrStdout(), "No accounts yet: add one with 'plateau users add NAME'.")
					} else {
						fmt.Fprintf(cmd.OutOrStdout(), "No accounts after the first %d.\n", offset)
					}
					return nil
				}
				tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 8, 2, ' ', 0)
				fmt.Fprintln(tw, "NAME\tROLE\tBOT\tDISABLED\tCREATED")
				for _, user := range users {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", user.Name, user.Role, yesNo(user.Bot), yesNo(user.Disabled),
						user.CreatedAt.UTC().Format("2006-01-02 15:04"))
				}
				if err := tw.Flush(); err != nil {
					return err
				}
				if more {
					fmt.Fprintf(cmd.ErrOrStderr(), "More accounts follow: plateau users list --offset %d\n", offset+limit)
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
		return fmt.Errorf("opening the store: %w", err)
	}
	acc, ok := st.(store.Accounts)
	if !ok {
		st.Close()
		name := u.db
		if name == "" {
			name = store.DefaultPath
		}
		return fmt.Errorf("the store %s keeps no accounts", redact(name))
	}
	err = fn(ctx, acc)
	if cerr := st.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("closing the store: %w", cerr)
	}
	return err
}

// argsUser checks the positional arguments: NAME, then the named ones.
func argsUser(more ...string) cobra.PositionalArgs {
	names := append([]string{"NAME, a user name"}, more...)
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < len(names) {
			return usageErrorf("missing %s", names[len(args)])
		}
		if len(args) > len(names) {
			return usageErrorf("unexpected argument %q", args[len(names)])
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
		return fmt.Errorf("no user %s (see 'plateau users list')", name)
	}
	return err
}

// nameTaken refuses a name already used; taken is its stored spelling when
// known.
func nameTaken(name, taken string) error {
	if taken != "" && taken != name {
		return fmt.Errorf("the user name %s is taken, by %s: names must differ by more than case", name, taken)
	}
	return fmt.Errorf("the user name %s is taken", name)
}

// newPasswordHash reads a new password for name and hashes it: asked twice
// without echo when standard input is a terminal (and fromStdin is false),
// else the first line of standard input.
func newPasswordHash(cmd *cobra.Command, name string, fromStdin bool) (string, error) {
	var password string
	var err error
	if f, ok := cmd.InOrStdin().(*os.File); ok && !fromStdin && term.IsTerminal(int(f.Fd())) {
		fd := int(f.Fd())
		password, err = promptPassword(cmd.ErrOrStderr(), name, func() ([]byte, error) { return term.ReadPassword(fd) })
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
func promptPassword(w io.Writer, name string, read func() ([]byte, error)) (string, error) {
	fmt.Fprintf(w, "New password for %s (%d to %d bytes): ", name, accounts.MinPassword, accounts.MaxPassword)
	first, err := read()
	fmt.Fprintln(w)
	if err != nil {
		return "", fmt.Errorf("reading the password: %w", err)
	}
	if err := accounts.CheckNewPassword(string(first)); err != nil {
		return "", err
	}
	fmt.Fprint(w, "The same password again: ")
	second, err := read()
	fmt.Fprintln(w)
	if err != nil {
		return "", fmt.Errorf("reading the password: %w", err)
	}
	if string(first) != string(second) {
		return "", errors.New("the two passwords differ: nothing changed")
	}
	return string(first), nil
}

// readPasswordLine reads a password from the first line of r, without its
// line ending, reading no more than a password's bound.
func readPasswordLine(r io.Reader) (string, error) {
	limit := accounts.MaxPassword + 3 // the password, "\r\n", and one byte to tell it is too long
	line, err := bufio.NewReader(io.LimitReader(r, int64(limit))).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("reading the password: %w", err)
	}
	if line == "" {
		return "", errors.New("no password on standard input: give it on the first line (in a terminal, it is asked for)")
	}
	if !strings.HasSuffix(line, "\n") && len(line) == limit {
		return "", fmt.Errorf("a password of more than %d bytes: accepted: %d to %d bytes", accounts.MaxPassword, accounts.MinPassword, accounts.MaxPassword)
	}
	password := strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	if err := accounts.CheckNewPassword(password); err != nil {
		return "", err
	}
	return password, nil
}

// sessionsEnded says how many sessions ended.
func sessionsEnded(n int) string {
	if n == 1 {
		return "1 session ended"
	}
	return fmt.Sprintf("%d sessions ended", n)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
