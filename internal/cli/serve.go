package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/server"
	"github.com/plateau-games/plateau/store"
)

func newServeCommand(a *app) *cobra.Command {
	var addr, db, logLevel string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Play in the browser: run the plateau web server",
		Long: `Run the plateau web server: the catalogue, the rules, games against people
or the computer, spectators, and the archive of finished games, in French and
English. Open the address it prints in a browser.

Games are stored in an SQLite file, created on first start (plateau.db in the
current directory unless --db names another file), or in PostgreSQL with
--db postgres://user:password@host/database. A restarted server continues
every game where it was.

The server stops on Ctrl-C (SIGINT) or SIGTERM: it finishes the requests in
progress, closes the live connections (browsers reconnect by themselves) and
the store. GET /healthz answers "ok"; GET /metrics gives Prometheus metrics.
See docs/server.md.`,
		Example: `  plateau serve
  plateau serve --addr 0.0.0.0:8080 --db /var/lib/plateau/games.db
  plateau serve --db postgres://plateau:secret@localhost/plateau`,
		Args: argsNone,
		RunE: func(cmd *cobra.Command, args []string) error {
			var level slog.Level
			if err := level.UnmarshalText([]byte(logLevel)); err != nil {
				return usageErrorf("--log %q: use debug, info, warn or error", logLevel)
			}
			log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: level}))
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return serve(ctx, addr, db, log, cmd)
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on, host:port")
	cmd.Flags().StringVar(&db, "db", "", "store: an SQLite file (default "+store.DefaultPath+") or a postgres:// URL")
	cmd.Flags().StringVar(&logLevel, "log", "info", "log level: debug, info, warn or error")
	return cmd
}

// serve runs the server until ctx is cancelled, then shuts it down in
// order: no new requests, live connections and computer players stopped,
// requests in flight finished, and the store closed last, after every
// write that was acknowledged.
func serve(ctx context.Context, addr, db string, log *slog.Logger, cmd *cobra.Command) error {
	st, err := store.Open(ctx, db)
	if err != nil {
		return fmt.Errorf("opening the store: %w", err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Store: st, Logger: log})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		srv.Close()
		return err
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	// WebSockets are hijacked connections, which Shutdown does not wait
	// for: the server closes them itself.
	hs.RegisterOnShutdown(func() { srv.Close() })
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	storeName := db
	if storeName == "" {
		storeName = store.DefaultPath
	}
	log.Info("listening", "addr", ln.Addr().String(), "store", redact(storeName))
	fmt.Fprintf(cmd.OutOrStdout(), "plateau is running: open http://%s/ in a browser (Ctrl-C stops it)\n", displayAddr(ln.Addr()))
	select {
	case err := <-errc:
		srv.Close()
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	err = hs.Shutdown(sctx)
	srv.Close()
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("serve", "err", err)
	}
	log.Info("stopped")
	return err
}

// displayAddr turns a listening address into one a browser can open: a
// wildcard host becomes localhost.
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// redact hides a password in a database URL before it is logged.
func redact(db string) string {
	u, err := url.Parse(db)
	if err != nil || u.User == nil {
		return db
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}
