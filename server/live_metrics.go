package server

import (
	"github.com/prometheus/client_golang/prometheus"
)

// liveMetrics are the metrics of live play: rooms, connections, computer
// searches and their pool.
type liveMetrics struct {
	roomsRefused    prometheus.Counter
	stateBuilds     prometheus.Counter
	statesSent      prometheus.Counter
	slowDropped     prometheus.Counter
	rateLimited     prometheus.Counter
	idleClosed      prometheus.Counter
	pingTimeouts    prometheus.Counter
	panics          *prometheus.CounterVec
	storeFailures   prometheus.Counter
	moveSeconds     prometheus.Histogram
	searches        *prometheus.CounterVec
	searchesRunning prometheus.Gauge
	searchQueue     prometheus.Gauge
	searchesBusy    prometheus.Counter
	searchWait      prometheus.Histogram
	searchSeconds   prometheus.Histogram
	expired         prometheus.Counter
	notifications   prometheus.Counter
	catchUps        prometheus.Counter
	notifyLag       prometheus.Histogram
}

func newLiveMetrics(reg *prometheus.Registry, rooms func() float64) *liveMetrics {
	counter := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
	}
	m := &liveMetrics{
		roomsRefused: counter("plateau_rooms_refused_total", "Games not opened because MaxRooms games were in memory."),
		stateBuilds:  counter("plateau_state_builds_total", "Game states built and encoded (once per change and language, not per connection)."),
		statesSent:   counter("plateau_states_sent_total", "Game states written to WebSocket connections."),
		slowDropped:  counter("plateau_websocket_slow_dropped_total", "WebSocket connections dropped for not reading their messages."),
		rateLimited:  counter("plateau_websocket_rate_limited_total", "WebSocket messages refused for exceeding the per-connection rate."),
		idleClosed:   counter("plateau_websocket_idle_closed_total", "WebSocket connections closed after the idle timeout."),
		pingTimeouts: counter("plateau_websocket_ping_timeouts_total", "WebSocket connections closed for not answering a ping."),
		panics: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_panics_total",
			Help: "Panics recovered, by where they happened."}, []string{"where"}),
		storeFailures: counter("plateau_move_store_failures_total", "Moves refused because the store failed (not conflicts)."),
		moveSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_move_seconds",
			Help:    "Time from a move's arrival to its acknowledgement: rules, store commit, broadcast.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)}),
		searches: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_searches_total",
			Help: "Computer searches by outcome: ok, failed, cancelled, panic."}, []string{"outcome"}),
		searchesRunning: prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_searches_running",
			Help: "Computer searches running now (at most MaxSearches)."}),
		searchQueue: prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_search_queue",
			Help: "Computer searches waiting for a slot (at most MaxSearchQueue)."}),
		searchesBusy: counter("plateau_searches_busy_total", "Computer searches refused because the queue was full (retried)."),
		searchWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_search_wait_seconds",
			Help: "Time a computer search waited in line.", Buckets: prometheus.ExponentialBuckets(0.001, 2, 16)}),
		searchSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_search_seconds",
			Help: "Duration of computer searches.", Buckets: prometheus.ExponentialBuckets(0.001, 2, 16)}),
		expired:       counter("plateau_games_expired_total", "Ongoing games ended as abandoned after AbandonAfter without a move."),
		notifications: counter("plateau_notifications_received_total", "Changes of games received from the store (every server's writes, this one's included)."),
		catchUps:      counter("plateau_rooms_caught_up_total", "Games in memory read again because another server wrote them."),
		notifyLag: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_notification_lag_seconds",
			Help:    "Time from a game's write (the writer's clock) to its notification here.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)}),
	}
	reg.MustRegister(m.roomsRefused, m.stateBuilds, m.statesSent, m.slowDropped, m.rateLimited, m.idleClosed,
		m.pingTimeouts, m.panics, m.storeFailures, m.moveSeconds, m.searches, m.searchesRunning, m.searchQueue,
		m.searchesBusy, m.searchWait, m.searchSeconds, m.expired, m.notifications, m.catchUps, m.notifyLag,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_rooms",
			Help: "Games in memory (somebody is connected to each)."}, rooms))
	return m
}
