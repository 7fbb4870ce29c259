package server

import (
	"net/http"
	"strconv"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics. Each server has its own
// registry rather than the global one, so that tests can build many servers
// in one process.
type metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec
	activeGames prometheus.Gauge
	websockets  prometheus.Gauge
	moves       prometheus.Counter
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "plateau_http_requests_total",
			Help: "HTTP requests by route pattern and status code.",
		}, []string{"route", "code"}),
		activeGames: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "plateau_active_games",
			Help: "Games loaded in memory that are still being played.",
		}),
		websockets: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "plateau_websocket_connections",
			Help: "Open WebSocket connections (players and spectators).",
		}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "plateau_moves_stored_total",
			Help: "Moves stored (and acknowledged) since the server started.",
		}),
	}
	m.reg.MustRegister(m.requests, m.activeGames, m.websockets, m.moves,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// instrument counts requests by the route pattern that served them (not the
// path, which holds game ids and would make one series per game).
func (m *metrics) instrument(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		code := sw.code
		if code == 0 {
			code = http.StatusOK
		}
		m.requests.WithLabelValues(route, strconv.Itoa(code)).Inc()
	})
}
