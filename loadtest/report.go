package loadtest

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is what a run measured.
type Report struct {
	Server  string    `json:"server"`
	Started time.Time `json:"started"`
	Config  Settings  `json:"config"`
	// FileLimit is the open file limit of the load generator (0: unknown).
	FileLimit uint64 `json:"file_limit"`
	Steps     []Step `json:"steps"`
	// Interrupted is set when the run was stopped before its last step.
	Interrupted bool `json:"interrupted,omitempty"`
}

// Settings are the parameters of a run, as reported.
type Settings struct {
	Game             string   `json:"game"`
	Variant          string   `json:"variant,omitempty"`
	Options          []string `json:"options,omitempty"`
	Seats            int      `json:"seats"`
	Computer         string   `json:"computer,omitempty"`
	Spectators       int      `json:"spectators"`
	SocketPerGame    bool     `json:"socket_per_game"`
	ThinkSeconds     float64  `json:"think_s"`
	WarmupSeconds    float64  `json:"warmup_s"`
	DurationSeconds  float64  `json:"duration_s"`
	CreateRate       float64  `json:"create_rate"`
	MaxPlies         int      `json:"max_plies,omitempty"`
	Casual           bool     `json:"casual"`
	ClockMinutes     float64  `json:"clock_min,omitempty"`
	IncrementSeconds float64  `json:"increment_s,omitempty"`
	FetchPages       bool     `json:"fetch_pages"`
	Seed             uint64   `json:"seed"`
	Steps            []int    `json:"steps"`
}

func summarize(c Config, seats int) Settings {
	s := Settings{Game: c.Game, Variant: c.Variant, Seats: seats, Computer: c.Computer, Spectators: c.Spectators,
		SocketPerGame: c.SocketPerGame, ThinkSeconds: c.Think.Seconds(), WarmupSeconds: c.Warmup.Seconds(),
		DurationSeconds: c.Duration.Seconds(), CreateRate: c.CreateRate, MaxPlies: c.MaxPlies, Casual: c.Casual,
		ClockMinutes: c.Clock, IncrementSeconds: c.Increment, FetchPages: c.FetchPages, Seed: c.Seed, Steps: c.Steps}
	for _, k := range sortedKeys(c.Options) {
		s.Options = append(s.Options, k+"="+c.Options[k])
	}
	return s
}

// Step is what one step measured. Latencies and moves are of the
// measurement window; the counts cover the whole step (creating the
// games, warming up and measuring).
type Step struct {
	// Games is the number of concurrent games asked; LiveGames how many
	// were being played at the end of the window.
	Games     int   `json:"games"`
	LiveGames int64 `json:"live_games"`
	// Sockets is the number of open WebSockets at the end of the window.
	Sockets int64   `json:"sockets"`
	Seconds float64 `json:"seconds"` // of the window
	// Moves is the number of moves the players sent that were
	// acknowledged in the window; ComputerMoves the computer's replies.
	Moves          int64   `json:"moves"`
	MovesPerSecond float64 `json:"moves_per_s"`
	ComputerMoves  int64   `json:"computer_moves"`

	// Ack is from a move sent to its ack; Opponent to the move arriving
	// at the other players' sockets; Spectator to the spectators' sockets
	// (the move or a state that holds it); Computer from the ack of the
	// human's move to the computer's reply.
	Ack       Latency `json:"ack"`
	Opponent  Latency `json:"opponent"`
	Spectator Latency `json:"spectator"`
	Computer  Latency `json:"computer"`

	GamesStarted  int64 `json:"games_started"`
	GamesFinished int64 `json:"games_finished"`
	GamesResigned int64 `json:"games_resigned"` // by --max-plies

	Rejects      map[string]int `json:"rejects"`       // by code
	Errors       map[string]int `json:"errors"`        // by code
	Infos        map[string]int `json:"infos"`         // by code
	HTTP         map[string]int `json:"http"`          // "METHOD route status"
	ConnFailures map[string]int `json:"conn_failures"` // by kind
	Closes       map[string]int `json:"closes"`        // connections lost, by close status

	// ClientCPU is the CPU the load generator used during the window, in
	// cores: near the machine's cores, the client is the bottleneck.
	ClientCPU float64 `json:"client_cpu"`

	Note    string `json:"note,omitempty"`
	Skipped string `json:"skipped,omitempty"`
}

func (r *runner) result(st *stats, games int, window, cpu time.Duration) Step {
	st.mu.Lock()
	defer st.mu.Unlock()
	s := Step{Games: games, LiveGames: r.live.Load(), Sockets: r.sockets.Load(), Seconds: window.Seconds(),
		Moves: st.moves.Load(), ComputerMoves: st.computerMoves.Load(),
		Ack: st.ack.summary(), Opponent: st.opponent.summary(), Spectator: st.spectator.summary(), Computer: st.computer.summary(),
		GamesStarted: st.started.Load(), GamesFinished: st.finished.Load(), GamesResigned: st.resigned.Load(),
		Rejects: copyCounts(st.rejects), Errors: copyCounts(st.errors), Infos: copyCounts(st.infos),
		HTTP: copyCounts(st.http), ConnFailures: copyCounts(st.connFail), Closes: copyCounts(st.closes)}
	if window > 0 {
		s.MovesPerSecond = float64(s.Moves) / window.Seconds()
		s.ClientCPU = cpu.Seconds() / window.Seconds()
	}
	return s
}

// ms formats milliseconds compactly.
func ms(v float64) string {
	switch {
	case v < 10:
		return fmt.Sprintf("%.2fms", v)
	case v < 1000:
		return fmt.Sprintf("%.0fms", v)
	default:
		return fmt.Sprintf("%.2fs", v/1000)
	}
}

// Cell is "p50 / p90 / p99 / max", or "-" without samples.
func (l Latency) Cell() string {
	if l.Count == 0 {
		return "-"
	}
	return ms(l.P50) + " / " + ms(l.P90) + " / " + ms(l.P99) + " / " + ms(l.Max)
}

func (l Latency) short() string {
	if l.Count == 0 {
		return "-"
	}
	return "p50 " + ms(l.P50) + " p99 " + ms(l.P99)
}

// counts writes "a 3, b 1", or "0".
func counts(m map[string]int) string {
	if len(m) == 0 {
		return "0"
	}
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

func gamesLabel(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

// failures is every connection failure and loss.
func (s Step) failures() int { return sum(s.ConnFailures) + sum(s.Closes) }

// Line is the step in one line, as printed while the run goes.
func (s Step) Line() string {
	if s.Skipped != "" {
		return fmt.Sprintf("%s: skipped: %s", gamesLabel(s.Games), s.Skipped)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%d live), %d sockets, %.1f moves/s; ack %s; opponent %s", gamesLabel(s.Games), s.LiveGames, s.Sockets,
		s.MovesPerSecond, s.Ack.short(), s.Opponent.short())
	if s.Spectator.Count > 0 {
		fmt.Fprintf(&b, "; spectators %s", s.Spectator.short())
	}
	if s.Computer.Count > 0 {
		fmt.Fprintf(&b, "; computer %s", s.Computer.short())
	}
	fmt.Fprintf(&b, "; %d ended; rejects %d, errors %d, connection failures %d; client CPU %.2f",
		s.GamesFinished, sum(s.Rejects), sum(s.Errors), s.failures(), s.ClientCPU)
	return b.String()
}

// columns of the final table.
var tableHead = []string{"games", "sockets", "moves/s", "ack p50/p90/p99/max", "opponent", "spectators", "computer",
	"ended", "rejects", "errors", "conn. failures", "client CPU"}

func (s Step) row() []string {
	if s.Skipped != "" {
		row := []string{fmt.Sprint(s.Games), "skipped"}
		for len(row) < len(tableHead) {
			row = append(row, "")
		}
		return row
	}
	games := fmt.Sprint(s.Games)
	if s.LiveGames != int64(s.Games) {
		games = fmt.Sprintf("%d (%d live)", s.Games, s.LiveGames)
	}
	return []string{games, fmt.Sprint(s.Sockets), fmt.Sprintf("%.1f", s.MovesPerSecond), s.Ack.Cell(), s.Opponent.Cell(),
		s.Spectator.Cell(), s.Computer.Cell(), fmt.Sprint(s.GamesFinished), fmt.Sprint(sum(s.Rejects)), fmt.Sprint(sum(s.Errors)),
		fmt.Sprint(s.failures()), fmt.Sprintf("%.2f", s.ClientCPU)}
}

// details lists the non-zero counts of a step by code.
func (s Step) details() []string {
	var out []string
	add := func(name string, m map[string]int) {
		if len(m) > 0 {
			out = append(out, name+": "+counts(m))
		}
	}
	add("rejects", s.Rejects)
	add("errors", s.Errors)
	add("info", s.Infos)
	add("connection failures", s.ConnFailures)
	add("connections lost", s.Closes)
	add("HTTP", s.HTTP)
	if s.Note != "" {
		out = append(out, "note: "+s.Note)
	}
	return out
}

// title describes the run in one line.
func (r *Report) title() string {
	c := r.Config
	t := fmt.Sprintf("%s on %s, think %gs", c.Game, r.Server, c.ThinkSeconds)
	if c.Variant != "" {
		t += ", variant " + c.Variant
	}
	if len(c.Options) > 0 {
		t += ", " + strings.Join(c.Options, " ")
	}
	if c.Computer != "" {
		t += ", against the computer (" + c.Computer + ")"
	}
	if c.Spectators > 0 {
		t += fmt.Sprintf(", %d spectators a game", c.Spectators)
	}
	if c.SocketPerGame {
		t += ", one socket a game"
	}
	if c.MaxPlies > 0 {
		t += fmt.Sprintf(", resign after %d moves", c.MaxPlies)
	}
	t += fmt.Sprintf("; %gs a step after %gs of warm-up", c.DurationSeconds, c.WarmupSeconds)
	if r.Interrupted {
		t += " (interrupted)"
	}
	return t
}

// WriteText writes the table of the steps in columns.
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintln(w, r.title())
	fmt.Fprintln(w, "latencies: p50 / p90 / p99 / max")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(tableHead, "\t"))
	for _, s := range r.Steps {
		fmt.Fprintln(tw, strings.Join(s.row(), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, s := range r.Steps {
		if d := s.details(); len(d) > 0 && s.Skipped == "" {
			fmt.Fprintf(w, "%s: %s\n", gamesLabel(s.Games), strings.Join(d, "; "))
		}
	}
	return nil
}

// WriteMarkdown writes the table of the steps in Markdown, for the docs.
func (r *Report) WriteMarkdown(w io.Writer) error {
	fmt.Fprintf(w, "%s. Latencies: p50 / p90 / p99 / max.\n\n", r.title())
	head := make([]string, len(tableHead))
	copy(head, tableHead)
	head[3] = "ack"
	fmt.Fprintf(w, "| %s |\n", strings.Join(head, " | "))
	fmt.Fprintf(w, "|%s\n", strings.Repeat("---:|", len(head)))
	for _, s := range r.Steps {
		fmt.Fprintf(w, "| %s |\n", strings.Join(s.row(), " | "))
	}
	var notes []string
	for _, s := range r.Steps {
		if d := s.details(); len(d) > 0 && s.Skipped == "" {
			notes = append(notes, fmt.Sprintf("- %s: %s", gamesLabel(s.Games), strings.Join(d, "; ")))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "\n%s\n", strings.Join(notes, "\n"))
	}
	_, err := fmt.Fprintln(w)
	return err
}
