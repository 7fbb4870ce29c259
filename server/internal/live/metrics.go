package live

import (
	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the metrics of live play: rooms, connections, moves,
// computer searches and their pool.
type Metrics struct {
	ActiveGames     prometheus.Gauge
	WebSockets      prometheus.Gauge
	Moves           prometheus.Counter
	RoomsRefused    prometheus.Counter
	StateBuilds     prometheus.Counter
	StatesSent      prometheus.Counter
	SlowDropped     prometheus.Counter
	RateLimited     prometheus.Counter
	IdleClosed      prometheus.Counter
	PingTimeouts    prometheus.Counter
	Panics          *prometheus.CounterVec
	StoreFailures   prometheus.Counter
	MoveSeconds     prometheus.Histogram
	Searches        *prometheus.CounterVec
	SearchesRunning prometheus.Gauge
	SearchQueue     prometheus.Gauge
	SearchesBusy    prometheus.Counter
	SearchWait      prometheus.Histogram
	SearchSeconds   prometheus.Histogram
	Expired         prometheus.Counter
	Notifications   prometheus.Counter
	CatchUps        prometheus.Counter
	NotifyLag       prometheus.Histogram
}

// NewMetrics registers live play's metrics in reg; rooms counts the games
// in memory (Live.RoomCount).
func NewMetrics(reg prometheus.Registerer, rooms func() float64) *Metrics {
	counter := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
	}
	m := &Metrics{
		ActiveGames: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "plateau_active_games",
			Help: "Games loaded in memory that are still being played.",
		}),
		WebSockets: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "plateau_websocket_connections",
			Help: "Open WebSocket connections (players and spectators).",
		}),
		Moves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "plateau_moves_stored_total",
			Help: "Moves stored (and acknowledged) since the server started.",
		}),
		RoomsRefused: counter("plateau_rooms_refused_total", "Games not opened because MaxRooms games were in memory."),
		StateBuilds:  counter("plateau_state_builds_total", "Game states built and encoded (once per change and language, not per connection)."),
		StatesSent:   counter("plateau_states_sent_total", "Game states written to WebSocket connections."),
		SlowDropped:  counter("plateau_websocket_slow_dropped_total", "WebSocket connections dropped for not reading their messages."),
		RateLimited:  counter("plateau_websocket_rate_limited_total", "WebSocket messages refused for exceeding the per-connection rate."),
		IdleClosed:   counter("plateau_websocket_idle_closed_total", "WebSocket connections closed after the idle timeout."),
		PingTimeouts: counter("plateau_websocket_ping_timeouts_total", "WebSocket connections closed for not answering a ping."),
		Panics: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_panics_total",
			Help: "Panics recovered, by where they happened."}, []string{"where"}),
		StoreFailures: counter("plateau_move_store_failures_total", "Moves refused because the store failed (not conflicts)."),
		MoveSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_move_seconds",
			Help:    "Time from a move's arrival to its acknowledgement: rules, store commit, broadcast.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)}),
		Searches: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_searches_total",
			Help: "Computer searches by outcome: ok, failed, cancelled, panic."}, []string{"outcome"}),
		SearchesRunning: prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_searches_running",
			Help: "Computer searches running now (at most MaxSearches)."}),
		SearchQueue: prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_search_queue",
			Help: "Computer searches waiting for a slot (at most MaxSearchQueue)."}),
		SearchesBusy: counter("plateau_searches_busy_total", "Computer searches refused because the queue was full (retried)."),
		SearchWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_search_wait_seconds",
			Help: "Time a computer search waited in line.", Buckets: prometheus.ExponentialBuckets(0.001, 2, 16)}),
		SearchSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_search_seconds",
			Help: "Duration of computer searches.", Buckets: prometheus.ExponentialBuckets(0.001, 2, 16)}),
		Expired:       counter("plateau_games_expired_total", "Ongoing games ended as abandoned after AbandonAfter without a move."),
		Notifications: counter("plateau_notifications_received_total", "Changes of games received from the store (every server's writes, this one's included)."),
		CatchUps:      counter("plateau_rooms_caught_up_total", "Games in memory read again because another server wrote them."),
		NotifyLag: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_notification_lag_seconds",
			Help:    "Time from a game's write (the writer's clock) to its notification here.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)}),
	}
	reg.MustRegister(m.ActiveGames, m.WebSockets, m.Moves, m.RoomsRefused, m.StateBuilds, m.StatesSent, m.SlowDropped, m.RateLimited, m.IdleClosed,
		m.PingTimeouts, m.Panics, m.StoreFailures, m.MoveSeconds, m.Searches, m.SearchesRunning, m.SearchQueue,
		m.SearchesBusy, m.SearchWait, m.SearchSeconds, m.Expired, m.Notifications, m.CatchUps, m.NotifyLag,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_rooms",
			Help: "Games in memory (somebody is connected to each)."}, rooms))
	return m
}
