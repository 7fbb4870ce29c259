package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/tui"
)

var (
	msgLegalCount = game.Text{EN: "Legal moves (%d):", FR: "Coups possibles (%d) :"}
	msgOnlineLeft = game.Text{EN: "Left the game; it goes on at %s.", FR: "Vous avez quitté la partie ; elle continue sur %s."}
)

// playFullScreen plays the game in the full-screen view, then says how it
// ended and saves the record as the line mode does.
func playFullScreen(cmd *cobra.Command, lang string, m *game.Match, seats []seat, seed uint64, recordPath string) error {
	players := make([]tui.Player, len(seats))
	computer := false
	for i, s := range seats {
		players[i] = tui.Player{Who: s.who.In(lang), Agent: s.agent, Local: true}
		computer = computer || s.agent != nil
	}
	started := time.Now()
	res, err := tui.Run(cmd.Context(), tui.Config{Lang: lang, Match: m, Players: players}, cmd.InOrStdin(), cmd.OutOrStdout())
	p := &playSession{lang: lang, m: m, seats: seats, out: cmd.OutOrStdout(), recordPath: recordPath, started: started,
		movers: res.Movers, resigned: res.Resigned}
	if computer {
		p.say(msgSeed, seed, seed)
	}
	if o := p.outcome(); o.Ended() {
		fmt.Fprint(p.out, p.board())
		fmt.Fprintln(p.out, statusText(m.State(), o, lang))
	} else {
		p.say(msgStopped)
	}
	if serr := p.save(); serr != nil {
		return serr
	}
	return err
}

// isGameLink says whether arg is a game's link rather than a game id.
func isGameLink(arg string) bool {
	return strings.HasPrefix(arg, "http://") || strings.HasPrefix(arg, "https://") || strings.Contains(arg, "/")
}

// playOnline joins a game of a plateau server by its link's seat tokens.
func playOnline(cmd *cobra.Command, o onlineOptions) error {
	online, err := tui.ParseGameLink(o.server, o.link, o.lang)
	if err != nil {
		return &usageError{err}
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	return runOnline(ctx, cmd, o, online)
}

// runOnline plays an online game full screen on a terminal, else (or with
// --plain) a line at a time, then says how it was left and saves the
// record when --record asks.
func runOnline(ctx context.Context, cmd *cobra.Command, o onlineOptions, online *tui.Online) error {
	lang := o.lang
	in, out := cmd.InOrStdin(), cmd.OutOrStdout()
	started := time.Now()
	var res tui.Result
	var err error
	plain := o.plain || !isTerminal(in) || !isTerminal(out)
	if plain {
		res, err = tui.RunPlain(ctx, online, in, out, !isTerminal(in))
	} else {
		// The full screen reads Ctrl-C as a key: the command's context.
		res, err = tui.Run(cmd.Context(), tui.Config{Lang: lang, Online: online}, in, out)
	}
	if err != nil {
		return err
	}
	switch {
	case res.Outcome != "" && !plain:
		fmt.Fprintln(out, res.Outcome)
	case res.Outcome != "":
		// The line mode has said how it ended, under the last board.
	default:
		fmt.Fprintln(out, tr(lang, msgOnlineLeft, online.GameURL()))
	}
	if o.recordPath != "" && res.Match != nil {
		rec := record.FromMatch(res.Match)
		rec.Date = record.FormatDate(started)
		path, err := writeRecord(rec, o.recordPath, started)
		if err != nil {
			return fmt.Errorf("saving the game record: %w", err)
		}
		fmt.Fprintln(out, tr(lang, msgSaved, path))
	}
	return nil
}
