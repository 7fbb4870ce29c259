package cli

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/store"
)

// tokenCommand manages the tokens of bot accounts: a program plays as a
// bot with one (plateau bot --token).
func (u *usersCmd) tokenCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "token add|list|revoke BOT",
		Short: "Create, list and revoke the tokens of a bot account",
		Long: `A program plays on the server as a bot account (plateau users add NAME --bot)
with a token: 'plateau bot --server URL --token TOKEN' accepts challenges and
plays them. 'token add' prints a new token once (the store keeps only its
SHA-256: copy it then); 'token list' shows a bot's tokens by id; 'token
revoke' deletes one, and the program using it is refused from then on.`,
		Example: `  plateau users add stockbot --bot
  plateau users token add stockbot --label "engine on the club's server"
  plateau users token list stockbot
  plateau users token revoke stockbot k3j5q2xz`,
		Args: noCommandArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	var label string
	add := &cobra.Command{
		Use:   "add BOT [--label TEXT]",
		Short: "Create a token for a bot account and print it",
		Args:  argsUser(),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := store.CheckUserName(args[0]); err != nil {
				return err
			}
			return u.withBots(cmd, func(ctx context.Context, bots store.BotTokens) error {
				token, hash, err := accounts.NewToken()
				if err != nil {
					return err
				}
				var b [5]byte
				if _, err := rand.Read(b[:]); err != nil {
					return err
				}
				id := strings.ToLower(base32.StdEncoding.EncodeToString(b[:]))
				t := &store.BotToken{ID: id, User: args[0], Label: strings.TrimSpace(label), Hash: hash}
				switch err := bots.CreateBotToken(ctx, t); {
				case errors.Is(err, store.ErrNotFound):
					return notFound(err, args[0])
				case err != nil:
					return err
				}
				out := cmd.OutOrStdout()
				fmt.Fprintf(out, "Token %s of %s (shown once: copy it now):\n%s\n", id, t.User, token)
				fmt.Fprintf(out, "Play with: plateau bot --server URL --token %s --agent hard\n", token)
				return nil
			})
		},
	}
	add.Flags().StringVar(&label, "label", "", "what the token is for (at most 100 bytes)")
	list := &cobra.Command{
		Use:   "list BOT",
		Short: "List a bot account's tokens",
		Args:  argsUser(),
		RunE: func(cmd *cobra.Command, args []string) error {
			return u.withBots(cmd, func(ctx context.Context, bots store.BotTokens) error {
				tokens, err := bots.ListBotTokens(ctx, args[0])
				if err != nil {
					return err
				}
				if len(tokens) == 0 {
					fmt.Fprintf(cmd.OutOrStdout(), "%s has no token.\n", args[0])
					return nil
				}
				tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(tw, "ID\tCREATED\tLABEL")
				for _, t := range tokens {
					fmt.Fprintf(tw, "%s\t%s\t%s\n", t.ID, t.CreatedAt.Format("2006-01-02 15:04"), t.Label)
				}
				return tw.Flush()
			})
		},
	}
	revoke := &cobra.Command{
		Use:   "revoke BOT ID",
		Short: "Revoke a bot account's token",
		Args:  argsUser("ID, a token id (see 'plateau users token list')"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return u.withBots(cmd, func(ctx context.Context, bots store.BotTokens) error {
				if err := bots.RevokeBotToken(ctx, args[0], args[1]); err != nil {
					if errors.Is(err, store.ErrNotFound) {
						return fmt.Errorf("%s has no token %s (see 'plateau users token list %s')", args[0], args[1], args[0])
					}
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "Token %s of %s revoked.\n", args[1], args[0])
				return nil
			})
		},
	}
	cmd.AddCommand(add, list, revoke)
	return cmd
}

// withBots is with for the bot tokens of the store.
func (u *usersCmd) withBots(cmd *cobra.Command, fn func(ctx context.Context, bots store.BotTokens) error) error {
	return u.with(cmd, func(ctx context.Context, acc store.Accounts) error {
		bots, ok := acc.(store.BotTokens)
		if !ok {
			return errors.New("this store keeps no bot tokens")
		}
		return fn(ctx, bots)
	})
}
