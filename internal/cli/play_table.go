package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/tui"
)

// A table of the lobby joined from the terminal: plateau play
// https://SITE/tables/ID logs in to the player's account through the
// site's login form (the session cookie kept in memory only), shows the
// table, takes a seat through the bots' JSON API, waits while the table
// fills (its status polled every tablePoll; Ctrl-C leaves the seat), and
// plays the game when it starts, the WebSocket authenticated by the
// session (the lobby's games have no seat tokens). A game link with
// --user is played the same way, for a game whose seat the account holds.

// tablePoll is how often a waiting player asks what became of the table.
const tablePoll = 2 * time.Second

// passwordEnv holds the password for scripts and tests (with --user).
const passwordEnv = "PLATEAU_PASSWORD"

// The words of tables, in both languages.
var (
	msgAskUser        = game.Text{EN: "User name on %s: ", FR: "Nom d'utilisateur sur %s : "}
	msgAskPassword    = game.Text{EN: "Password for %s: ", FR: "Mot de passe de %s : "}
	msgNeedUser       = game.Text{EN: "joining a table needs your account on the site: give --user NAME (and the password in %s), or run it in a terminal to be asked", FR: "rejoindre une table demande votre compte sur le site : donnez --user NOM (et le mot de passe dans %s), ou lancez-le dans un terminal pour qu'on vous le demande"}
	msgNeedPassword   = game.Text{EN: "no password for %s: set %s, or run it in a terminal to be asked", FR: "pas de mot de passe pour %s : définissez %s, ou lancez-le dans un terminal pour qu'on vous le demande"}
	msgLoggedIn       = game.Text{EN: "Logged in to %s as %s.", FR: "Connecté à %s en tant que %s."}
	msgTableTitle     = game.Text{EN: "Table %s: %s, %s, %s; host %s.", FR: "Table %s : %s, %s, %s ; hôte %s."}
	msgTableSeat      = game.Text{EN: "  %d. %s: %s", FR: "  %d. %s : %s"}
	msgTableOpenSeat  = game.Text{EN: "open", FR: "libre"}
	msgTableReserved  = game.Text{EN: "reserved for %s", FR: "réservée pour %s"}
	msgTableComputer  = game.Text{EN: "computer, %s", FR: "ordinateur, %s"}
	msgTableYou       = game.Text{EN: "%s (you)", FR: "%s (vous)"}
	msgTableHost      = game.Text{EN: "%s (host)", FR: "%s (hôte)"}
	msgTableTeam      = game.Text{EN: "%s, team %d", FR: "%s, équipe %d"}
	msgRated          = game.Text{EN: "rated", FR: "classée"}
	msgCasual         = game.Text{EN: "casual", FR: "amicale"}
	msgNoClock        = game.Text{EN: "no clock", FR: "sans pendule"}
	msgClockMin       = game.Text{EN: "%s min + %d s", FR: "%s min + %d s"}
	msgDaysPerMove    = game.Text{EN: "%d days per move", FR: "%d jours par coup"}
	msgSatDown        = game.Text{EN: "You sit at seat %d (%s).", FR: "Vous êtes assis à la place %d (%s)."}
	msgAlreadySeated  = game.Text{EN: "You already sit at seat %d (%s).", FR: "Vous êtes déjà assis à la place %d (%s)."}
	msgWaitingPlayers = game.Text{EN: "Waiting for %d more players… (Ctrl-C leaves your seat)", FR: "En attente de %d joueurs de plus… (Ctrl-C libère votre place)"}
	msgWaitingOne     = game.Text{EN: "Waiting for 1 more player… (Ctrl-C leaves your seat)", FR: "En attente d'un joueur de plus… (Ctrl-C libère votre place)"}
	msgTableStarts    = game.Text{EN: "The table is full: the game starts (%s).", FR: "La table est complète : la partie commence (%s)."}
	msgLeftTable      = game.Text{EN: "You left your seat at table %s.", FR: "Vous avez quitté votre place à la table %s."}
	msgHostStays      = game.Text{EN: "you are the host of table %s: it stays open with your seat; close it on its page (%s)", FR: "vous êtes l'hôte de la table %s : elle reste ouverte, avec votre place ; fermez-la sur sa page (%s)"}
	msgLoginStopped   = game.Text{EN: "login interrupted", FR: "connexion interrompue"}
	msgStoppedWaiting = game.Text{EN: "stopped waiting at table %s", FR: "attente arrêtée à la table %s"}

	msgTableClosed       = game.Text{EN: "table %s is closed: its host took it away", FR: "la table %s est fermée : son hôte l'a retirée"}
	msgTableExpired      = game.Text{EN: "table %s has expired: nobody filled it in time", FR: "la table %s a expiré : personne ne l'a complétée à temps"}
	msgTableStartedAway  = game.Text{EN: "table %s has started without you: its game is on with other players (watch it on the site)", FR: "la table %s a commencé sans vous : sa partie se joue avec d'autres joueurs (regardez-la sur le site)"}
	msgSeatReservedOther = game.Text{EN: "seat %d of table %s is reserved for %s: take another seat (--seat) or ask the host", FR: "la place %d de la table %s est réservée pour %s : prenez une autre place (--seat) ou demandez à l'hôte"}
	msgSeatTakenBy       = game.Text{EN: "seat %d of table %s is taken (%s sits there): take another seat (--seat)", FR: "la place %d de la table %s est prise (%s y est assis) : prenez une autre place (--seat)"}
	msgSeatTakenQuicker  = game.Text{EN: "seat %d of table %s was just taken: someone was quicker; run the command again for another seat", FR: "la place %d de la table %s vient d'être prise : quelqu'un a été plus rapide ; relancez la commande pour une autre place"}
	msgSeatComputer      = game.Text{EN: "seat %d of table %s is a computer's: take another seat (--seat)", FR: "la place %d de la table %s est à l'ordinateur : prenez une autre place (--seat)"}
	msgSeatedElsewhere   = game.Text{EN: "you already sit at another seat of table %s (taken meanwhile from elsewhere): run the command again to wait there", FR: "vous êtes déjà assis à une autre place de la table %s (prise entre-temps ailleurs) : relancez la commande pour y attendre"}
	msgNoSeatForYou      = game.Text{EN: "table %s has no seat for you: every free seat is reserved for another player", FR: "la table %s n'a pas de place pour vous : chaque place libre est réservée pour un autre joueur"}
	msgTableSeatRange    = game.Text{EN: "--seat %s: table %s has seats 1 to %d", FR: "--seat %s : la table %s a les places 1 à %d"}
	msgTableSeatOne      = game.Text{EN: "--seat: at a table, give one seat number, from 1 (e.g. --seat 2)", FR: "--seat : à une table, donnez un seul numéro de place, à partir de 1 (par ex. --seat 2)"}
	msgTableLink         = game.Text{EN: "table link %q: want %s", FR: "lien de table %q : il faut %s"}
	msgUserOnlyOnline    = game.Text{EN: "--user is for a table's or a game's link of a plateau site", FR: "--user sert au lien d'une table ou d'une partie d'un site plateau"}
)

// tableLink reads https://SITE/tables/ID; ok is false for any other link.
func tableLink(server, link string) (base *url.URL, id string, ok bool, err error) {
	u, perr := url.Parse(strings.TrimSpace(link))
	if perr != nil {
		return nil, "", false, nil
	}
	path := strings.Trim(u.Path, "/")
	rest, isTable := strings.CutPrefix(path, "tables/")
	if !isTable {
		if path != "tables" {
			return nil, "", false, nil
		}
		rest = ""
	}
	if rest == "" || strings.Contains(rest, "/") || len(rest) > 64 {
		return nil, "", true, &usageError{errorT(msgTableLink, link, "https://SITE/tables/ID")}
	}
	// The site: the link's own, or --server's for a bare path (checked
	// as a game's link is).
	if u.Scheme == "" && server == "" {
		return nil, "", true, &usageError{errorT(msgTableLink, link, "https://SITE/tables/ID, or --server")}
	}
	probe, perr := tui.ParseGameLink(server, u.Scheme+"://"+u.Host+"/games/"+rest, "en")
	if u.Scheme == "" {
		probe, perr = tui.ParseGameLink(server, "/games/"+rest, "en")
	}
	if perr != nil {
		return nil, "", true, &usageError{perr}
	}
	base, _ = url.Parse(probe.Site())
	return base, rest, true, nil
}

// onlineOptions are the flags of an online game from the terminal.
type onlineOptions struct {
	lang, server, link, recordPath, user string
	seats                                []string
	plain                                bool
}

// login asks for (or reads) the account's name and password and logs in.
func login(ctx context.Context, cmd *cobra.Command, o onlineOptions, c *siteClient) (string, error) {
	in, out := cmd.InOrStdin(), cmd.OutOrStdout()
	interactive := isTerminal(in)
	name := strings.TrimSpace(o.user)
	if name == "" {
		if !interactive {
			return "", &usageError{errorT(msgNeedUser, passwordEnv)}
		}
		fmt.Fprint(out, tr(o.lang, msgAskUser, c.base.Host))
		line, err := readLine(bufio.NewReaderSize(in, 256))
		if err != nil {
			return "", err
		}
		if name = strings.TrimSpace(line); name == "" {
			return "", &usageError{errorT(msgNeedUser, passwordEnv)}
		}
	}
	password, ok := os.LookupEnv(passwordEnv)
	if !ok || password == "" {
		if !interactive {
			return "", &usageError{errorT(msgNeedPassword, name, passwordEnv)}
		}
		fmt.Fprint(out, tr(o.lang, msgAskPassword, name))
		var err error
		password, err = readPassword(in.(*os.File))
		fmt.Fprintln(out)
		if err != nil {
			return "", err
		}
	}
	if err := c.login(ctx, name, password); err != nil {
		return "", err
	}
	fmt.Fprintln(out, tr(o.lang, msgLoggedIn, c.base.Host, name))
	return name, nil
}

// readPassword reads a line from the terminal f without echo. Ctrl-C
// there brings the echo back before stopping: a program killed with the
// echo off would leave the shell without it.
func readPassword(f *os.File) (string, error) {
	fd := int(f.Fd())
	state, err := term.GetState(fd)
	if err != nil {
		return "", err
	}
	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt)
	defer signal.Stop(interrupt)
	type typed struct {
		b   []byte
		err error
	}
	done := make(chan typed, 1)
	go func() {
		b, err := term.ReadPassword(fd)
		done <- typed{b, err}
	}()
	select {
	case t := <-done:
		return string(t.b), t.err
	case <-interrupt:
		term.Restore(fd, state)
		return "", errorT(msgLoginStopped)
	}
}

// playTable joins the table of the link and plays its game.
func playTable(cmd *cobra.Command, o onlineOptions, base *url.URL, id string) error {
	out := cmd.OutOrStdout()
	wanted := -1
	if len(o.seats) > 1 {
		return &usageError{errorT(msgTableSeatOne)}
	}
	if len(o.seats) == 1 {
		n, err := strconv.Atoi(strings.TrimSpace(o.seats[0]))
		if err != nil || n < 1 {
			return &usageError{errorT(msgTableSeatOne)}
		}
		wanted = n - 1
	}
	c := newSiteClient(base)
	user, err := login(cmd.Context(), cmd, o, c)
	if err != nil {
		return err
	}
	// Ctrl-C while waiting leaves the seat (and during a game in line
	// mode, leaves the game); the full screen reads it as a key.
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	st, err := c.tableStatus(ctx, id)
	if err != nil {
		return err
	}
	if st.Status != "open" {
		return afterTable(ctx, cmd, o, c, id)
	}
	t, err := c.openTable(ctx, id)
	if err != nil {
		return err
	}
	if t == nil {
		return afterTable(ctx, cmd, o, c, id)
	}
	v := tableVariant(t)
	showTable(out, o.lang, t, v, user)
	if wanted >= len(t.Seats) {
		return &usageError{errorT(msgTableSeatRange, o.seats[0], id, len(t.Seats))}
	}
	seat := t.Seated
	if seat >= 0 && !strings.EqualFold(t.Seats[seat].User, user) {
		seat = -1 // a site that does not say where he sits
	}
	switch {
	case seat >= 0:
		fmt.Fprintln(out, tr(o.lang, msgAlreadySeated, seat+1, seatName(v, seat, o.lang)))
	default:
		if seat, err = chooseSeat(id, t, wanted); err != nil {
			return err
		}
		refusal, now, err := c.takeSeat(ctx, id, seat)
		if err != nil {
			return err
		}
		if refusal != "" {
			return seatRefusal(ctx, c, id, t, seat, refusal)
		}
		fmt.Fprintln(out, tr(o.lang, msgSatDown, seat+1, seatName(v, seat, o.lang)))
		if now.Status == "started" && now.Game != "" {
			fmt.Fprintln(out, tr(o.lang, msgTableStarts, now.Game))
			return playAccountGame(ctx, cmd, o, c, now.Game)
		}
		if t2, err := c.openTable(ctx, id); err == nil && t2 != nil {
			t = t2
			showTable(out, o.lang, t, v, user)
		}
	}
	return waitForTable(ctx, cmd, o, c, t, v, user)
}

// chooseSeat is the seat asked for, or the first one reserved for the
// player, else the first open one.
func chooseSeat(id string, t *apiTable, wanted int) (int, error) {
	if wanted >= 0 {
		return wanted, nil // the site judges it, and says why not
	}
	if len(t.Offered) > 0 {
		return t.Offered[0], nil
	}
	if len(t.YourSeats) > 0 {
		return t.YourSeats[0], nil
	}
	return -1, errorT(msgNoSeatForYou, id)
}

// seatRefusal says why the site refused the seat.
func seatRefusal(ctx context.Context, c *siteClient, id string, t *apiTable, seat int, code string) error {
	s := t.Seats[seat]
	switch code {
	case "reserved":
		return errorT(msgSeatReservedOther, seat+1, id, s.Reserved)
	case "taken":
		switch {
		case s.Agent != "":
			return errorT(msgSeatComputer, seat+1, id)
		case s.User != "":
			return errorT(msgSeatTakenBy, seat+1, id, s.User)
		}
		return errorT(msgSeatTakenQuicker, seat+1, id)
	case "notopen", "not_found":
		st, err := c.tableStatus(ctx, id)
		if err != nil {
			return err
		}
		if _, err := notOpen(id, st); err != nil {
			return err
		}
		return errorT(msgTableStartedAway, id)
	case "twice":
		return errorT(msgSeatedElsewhere, id)
	case "bad_seat":
		return &usageError{errorT(msgTableSeatRange, strconv.Itoa(seat+1), id, len(t.Seats))}
	}
	return errorT(msgSiteAnswer, c.base.Host, code, "POST /api/tables/"+id+"/seats/"+strconv.Itoa(seat)+"/take")
}

// notOpen says what became of a table that is no longer open: the game's
// id for a player sitting at it, else why he cannot play.
func notOpen(id string, st tableStatus) (string, error) {
	switch st.Status {
	case "closed":
		return "", errorT(msgTableClosed, id)
	case "expired":
		return "", errorT(msgTableExpired, id)
	case "started":
		if st.Game != "" {
			return st.Game, nil
		}
		return "", errorT(msgTableStartedAway, id)
	}
	return "", errorT(msgSiteAnswer, "", st.Status, "GET /tables/"+id+"/status")
}

// afterTable plays the game of a table that is no longer open, or says
// why not.
func afterTable(ctx context.Context, cmd *cobra.Command, o onlineOptions, c *siteClient, id string) error {
	st, err := c.tableStatus(ctx, id)
	if err != nil {
		return err
	}
	if st.Status == "open" {
		// Listed no more but open: it expired between the two looks.
		return errorT(msgTableExpired, id)
	}
	gameID, err := notOpen(id, st)
	if err != nil {
		return err
	}
	fmt.Fprintln(cmd.OutOrStdout(), tr(o.lang, msgTableStarts, gameID))
	return playAccountGame(ctx, cmd, o, c, gameID)
}

// waitForTable shows the table as it fills until its game starts; Ctrl-C
// (ctx done) leaves the seat.
func waitForTable(ctx context.Context, cmd *cobra.Command, o onlineOptions, c *siteClient, t *apiTable, v *game.Variant, user string) error {
	out := cmd.OutOrStdout()
	sayWaiting(out, o.lang, t)
	last := seatsKey(t)
	tick := time.NewTicker(tablePoll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return leaveTable(cmd, o, c, t.ID)
		case <-tick.C:
		}
		st, err := c.tableStatus(ctx, t.ID)
		if ctx.Err() != nil {
			return leaveTable(cmd, o, c, t.ID)
		}
		if err != nil {
			return err
		}
		if st.Status != "open" {
			gameID, err := notOpen(t.ID, st)
			if err != nil {
				return err
			}
			fmt.Fprintln(out, tr(o.lang, msgTableStarts, gameID))
			return playAccountGame(ctx, cmd, o, c, gameID)
		}
		nt, err := c.openTable(ctx, t.ID)
		if ctx.Err() != nil {
			return leaveTable(cmd, o, c, t.ID)
		}
		if err != nil {
			return err
		}
		if nt == nil || seatsKey(nt) == last {
			continue // started or gone since the status: the next look says
		}
		t, last = nt, seatsKey(nt)
		showTable(out, o.lang, t, v, user)
		sayWaiting(out, o.lang, t)
	}
}

// leaveTable stands up after Ctrl-C, and says so.
func leaveTable(cmd *cobra.Command, o onlineOptions, c *siteClient, id string) error {
	// The command's own context may be done too: the leaving gets its own
	// bounded time.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(cmd.Context()), siteTimeout)
	defer cancel()
	code, err := c.leaveTable(ctx, id)
	if err != nil {
		return err
	}
	switch code {
	case "":
		fmt.Fprintln(cmd.OutOrStdout(), tr(o.lang, msgLeftTable, id))
		return errorT(msgStoppedWaiting, id)
	case "hostleave":
		return errorT(msgHostStays, id, c.origin()+"/tables/"+id)
	}
	// notopen (it started meanwhile) or notmine: nothing to leave.
	st, serr := c.tableStatus(ctx, id)
	if serr == nil && st.Status == "started" && st.Game != "" {
		return errorT(msgOnlineLeft, c.origin()+"/games/"+st.Game)
	}
	return errorT(msgStoppedWaiting, id)
}

func sayWaiting(out io.Writer, lang string, t *apiTable) {
	free := 0
	for _, s := range t.Seats {
		if s.Kind == "open" || s.Kind == "reserved" {
			free++
		}
	}
	switch {
	case free == 1:
		fmt.Fprintln(out, tr(lang, msgWaitingOne))
	case free > 1:
		fmt.Fprintln(out, tr(lang, msgWaitingPlayers, free))
	}
}

// seatsKey is who sits where, to see a change.
func seatsKey(t *apiTable) string {
	var b strings.Builder
	for _, s := range t.Seats {
		b.WriteString(s.Kind + "\x00" + s.User + "\x00" + s.Reserved + "\x00" + s.Agent + "\x00")
	}
	return b.String()
}

// tableVariant is the table's variant, nil when this program does not
// know it (a newer server).
func tableVariant(t *apiTable) *game.Variant {
	opts, err := game.ParseOptions(strings.Fields(t.Options)...)
	if err != nil {
		return nil
	}
	v, err := game.NewVariant(t.Game, opts)
	if err != nil || v.Players != len(t.Seats) {
		return nil
	}
	return v
}

// seatName names a seat: the variant's name ("South"), with its team.
func seatName(v *game.Variant, seat int, lang string) string {
	if v == nil {
		return tr(lang, game.Text{EN: "seat %d", FR: "place %d"}, seat+1)
	}
	name := v.SeatName(seat, lang)
	if v.Teams != nil {
		name = tr(lang, msgTableTeam, name, v.Team(seat)+1)
	}
	return name
}

// showTable prints the table: its game, clock and host, then who sits
// where.
func showTable(out io.Writer, lang string, t *apiTable, v *game.Variant, user string) {
	label := t.Game
	if v != nil {
		label = v.Title(lang)
		if t := render.OptionsText(v.Options.String(), lang); t != "" {
			label += " — " + t
		}
	}
	rated := tr(lang, msgCasual)
	if t.Rated {
		rated = tr(lang, msgRated)
	}
	fmt.Fprintln(out)
	fmt.Fprintln(out, tr(lang, msgTableTitle, t.ID, label, clockWords(t, lang), rated, t.Host))
	for i, s := range t.Seats {
		who := tr(lang, msgTableOpenSeat)
		switch s.Kind {
		case "computer":
			who = tr(lang, msgTableComputer, s.Agent)
		case "taken":
			who = s.User
			if strings.EqualFold(s.User, t.Host) {
				who = tr(lang, msgTableHost, who)
			}
			if strings.EqualFold(s.User, user) {
				who = tr(lang, msgTableYou, who)
			}
		case "reserved":
			who = tr(lang, msgTableReserved, s.Reserved)
			if strings.EqualFold(s.Reserved, user) {
				who = tr(lang, msgTableYou, who)
			}
		}
		fmt.Fprintln(out, tr(lang, msgTableSeat, i+1, seatName(v, i, lang), who))
	}
}

// clockWords is the table's clock: "10 min + 5 s", "3 days per move".
func clockWords(t *apiTable, lang string) string {
	switch {
	case t.MoveDays > 0:
		return tr(lang, msgDaysPerMove, t.MoveDays)
	case t.ClockMs <= 0:
		return tr(lang, msgNoClock)
	}
	minutes := strconv.FormatFloat(float64(t.ClockMs)/60000, 'f', -1, 64)
	return tr(lang, msgClockMin, minutes, t.IncrementMs/1000)
}

// playAccountGame plays game gameID of the site as the logged-in account:
// the WebSocket carries the session cookie and the site's Origin.
func playAccountGame(ctx context.Context, cmd *cobra.Command, o onlineOptions, c *siteClient, gameID string) error {
	online, err := tui.ParseGameLink(c.origin(), "/games/"+gameID, o.lang)
	if err != nil {
		return err
	}
	online.SetHeader(c.header())
	return runOnline(ctx, cmd, o, online)
}

// playGameAsUser is plateau play GAME_LINK --user NAME: log in, then play
// the game with the account's seats (and the link's tokens, if any).
func playGameAsUser(cmd *cobra.Command, o onlineOptions) error {
	online, err := tui.ParseGameLink(o.server, o.link, o.lang)
	if err != nil {
		return &usageError{err}
	}
	base, _ := url.Parse(online.Site())
	c := newSiteClient(base)
	if _, err := login(cmd.Context(), cmd, o, c); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	online.SetHeader(c.header())
	return runOnline(ctx, cmd, o, online)
}
