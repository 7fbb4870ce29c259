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
revoke BOT ID' deletes one, and the program using it is refused from then
on; 'token revoke BOT --all' deletes every token of the bot.`,
		Example: `  plateau users add stockbot --bot
  plateau users token add stockbot --label "engine on the club's server"
  plateau users token list stockbot
  plateau users token revoke stockbot --all`,
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
				lang := langOf(cmd)
				fmt.Fprintln(out, tr(lang, msgTokenAdded, id, t.User, token))
				fmt.Fprintln(out, tr(lang, msgTokenPlay, token))
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
					fmt.Fprintln(cmd.OutOrStdout(), tr(langOf(cmd), msgNoToken, args[0]))
					return nil
				}
				tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(tw, msgTokensHead.In(langOf(cmd)))
				for _, t := range tokens {
					fmt.Fprintf(tw, "%s\t%s\t%s\n", t.ID, t.CreatedAt.Format("2006-01-02 15:04"), t.Label)
				}
				return tw.Flush()
			})
		},
	}
	var all bool
	revoke := &cobra.Command{
		Use:   "revoke BOT ID|--all",
		Short: "Revoke a bot account's token, or all of them",
		Args: func(cmd *cobra.Command, args []string) error {
			if all {
				return argsUser()(cmd, args)
			}
			return argsUser(msgArgTokenID)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return u.withBots(cmd, func(ctx context.Context, bots store.BotTokens) error {
				ids := args[1:]
				if all {
					tokens, err := bots.ListBotTokens(ctx, args[0])
					if err != nil {
						return err
					}
					if len(tokens) == 0 {
						fmt.Fprintln(cmd.OutOrStdout(), tr(langOf(cmd), msgNoToken, args[0]))
					}
					for _, t := range tokens {
						ids = append(ids, t.ID)
					}
				}
				for _, id := range ids {
					if err := bots.RevokeBotToken(ctx, args[0], id); err != nil {
						if errors.Is(err, store.ErrNotFound) {
							return errorT(msgNoSuchToken, args[0], id, args[0])
						}
						return err
					}
					fmt.Fprintln(cmd.OutOrStdout(), tr(langOf(cmd), msgTokenRevoked, id, args[0]))
				}
				return nil
			})
		},
	}
	revoke.Flags().BoolVar(&all, "all", false, "revoke every token of the bot")
	cmd.AddCommand(add, list, revoke)
	return cmd
}

// withBots is with for the bot tokens of the store.
func (u *usersCmd) withBots(cmd *cobra.Command, fn func(ctx context.Context, bots store.BotTokens) error) error {
	return u.with(cmd, func(ctx context.Context, acc store.Accounts) error {
		bots, ok := acc.(store.BotTokens)
		if !ok {
			return errorT(msgNoBotTokens)
		}
		return fn(ctx, bots)
	})
}
