package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/plateau-games/plateau/server/internal/live"
)

// metrics are the server's Prometheus metrics. Each server has its own
// registry rather than the global one, so that tests can build many servers
// in one process.
type metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	storeTime   *prometheus.HistogramVec
	storeErrors *prometheus.CounterVec
	refusals    *prometheus.CounterVec
	errors      *prometheus.CounterVec
}

// wsRoute is the WebSocket route: its "duration" is a connection's life,
// which would spoil the latency histogram.
const wsRoute = "GET /games/{id}/ws"

// refusalReasons are the label values of plateau_refusals_total, made
// present from the start so that dashboards see zeros.
var refusalReasons = []string{"csrf", "rate_limited", "too_many_connections", "client_connections", "bad_request",
	"login_limited", "login_account_limited", "bad_login", "disabled_account", "signup_closed", "chat_limited", "bad_token", "not_operator", "not_owner", "hint_limited"}

func init() {
	refusalReasons = append(refusalReasons, live.RefusalReasons...)
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "plateau_http_requests_total",
			Help: "HTTP requests by route pattern and status code.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "plateau_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route pattern (WebSocket connections excluded).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
		storeTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "plateau_store_duration_seconds",
			Help:    "Time of store calls, by operation.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"op"}),
		storeErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "plateau_store_errors_total",
			Help: "Store calls that failed, by operation (not-found and conflict answers excluded).",
		}, []string{"op"}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "plateau_refusals_total",
			Help: "Requests refused, by reason: csrf, rate_limited, too_many_connections, client_connections, bad_request.",
		}, []string{"reason"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "plateau_internal_errors_total",
			Help: "Internal errors answered with a reference, by what failed.",
		}, []string{"what"}),
	}
	for _, r := range refusalReasons {
		m.refusals.WithLabelValues(r)
	}
	m.reg.MustRegister(m.requests, m.latency, m.storeTime, m.storeErrors, m.refusals, m.errors,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// observe counts a request by the route pattern that served it (not the
// path, which holds game ids and would make one series per game).
func (m *metrics) observe(route string, code int, took time.Duration) {
	m.requests.WithLabelValues(route, strconv.Itoa(code)).Inc()
	if route != wsRoute {
		m.latency.WithLabelValues(route).Observe(took.Seconds())
	}
}
