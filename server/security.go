package server

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
)

// contentSecurityPolicy allows the site's own scripts, styles, images and
// connections (WebSockets included) and nothing else: no inline script, no
// plugin, no framing by other sites, forms only to the site. WebAssembly
// may be compiled ('wasm-unsafe-eval': the rules engine's module, served
// by the site; JavaScript's eval stays refused). The web app manifest is
// the site's own (manifest-src; the service worker, a script, is allowed
// by script-src).
const contentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// securityHeaders are sent with every answer.
func securityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
}

// front is the outermost middleware: it finds the client's address, sets
// the security headers, refuses cross-site state changes, bounds the time
// to read a body, replaces the text of internal errors by a reference, and
// logs and counts every request with its route, status and duration.
func (s *Server) front(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &web.RequestInfo{Client: s.clientAddr(r)}
		info.Key = web.ClientKey(info.Client)
		r = web.WithInfo(r, info)
		sw := &statusWriter{ResponseWriter: w, info: info}
		securityHeaders(w.Header())
		if !s.hostAllowed(r.Host) {
			_, r.Pattern = s.mux.Handler(r) // for the metrics' route label
			s.refuseHost(sw, r)
			s.done(sw, r, start)
			return
		}
		s.bodyDeadline(w, r)
		if r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions {
			if err := s.sameOrigin(r); err != nil {
				_, r.Pattern = s.mux.Handler(r) // for the metrics' route label
				s.refuseCrossSite(sw, r, err)
				s.done(sw, r, start)
				return
			}
		}
		next.ServeHTTP(sw, r)
		s.done(sw, r, start)
	})
}

// done logs and counts a request once answered.
func (s *Server) done(sw *statusWriter, r *http.Request, start time.Time) {
	took := time.Since(start)
	code := sw.code
	if code == 0 {
		code = http.StatusOK
	}
	route := r.Pattern
	if route == "" {
		route = "unmatched"
	}
	s.metrics.observe(route, code, took)
	info := sw.info
	attrs := []any{"client", info.Client.String(), "method", r.Method, "path", r.URL.Path, "status", code, "duration", took}
	if info.Refused != "" {
		attrs = append(attrs, "refused", info.Refused)
	}
	if sw.errID != "" {
		attrs = append(attrs, "error_id", sw.errID, "detail", strings.TrimSpace(sw.hidden.String()))
		s.Log.Error("internal error", attrs...)
		return
	}
	level := slog.LevelDebug
	if info.Refused == "csrf" {
		level = slog.LevelInfo
	}
	s.Log.Log(r.Context(), level, "request", attrs...)
}

// errSite is why a request was refused as coming from another site.
var errSite = errors.New("this request comes from another site")

// sameOrigin accepts a request that comes from the site's own pages (or
// from no page at all):
//
//   - Sec-Fetch-Site, which every browser sends since 2023, must be
//     same-origin or none (the visitor typed the address);
//   - without it, Origin must be the server's own origin: the scheme and
//     host of the request, or one of the configured public origins;
//   - a request with neither header is not from a browser page (curl,
//     scripts, the load tool) and is accepted: browsers always send Origin
//     with a cross-site POST and with a WebSocket handshake, so a forged
//     request always has one.
func (s *Server) sameOrigin(r *http.Request) error {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		if site == "same-origin" || site == "none" {
			return nil
		}
		return fmt.Errorf("%w (Sec-Fetch-Site: %s)", errSite, site)
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return nil
	}
	if origin == "null" {
		return fmt.Errorf("%w (Origin: null)", errSite)
	}
	o, err := ParseOrigin(origin)
	if err != nil {
		return fmt.Errorf("%w (Origin: %.60q)", errSite, origin)
	}
	for _, allowed := range s.limits.origins {
		if o == allowed {
			return nil
		}
	}
	if o == s.ownOrigin(r) {
		return nil
	}
	return fmt.Errorf("%w (Origin: %.60q)", errSite, origin)
}

// ownOrigin is the origin the request was sent to: https when it came over
// TLS (or a trusted proxy says so), and its Host.
func (s *Server) ownOrigin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	} else if s.trusted(web.RemoteIP(r.RemoteAddr)) && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	return scheme + "://" + strings.ToLower(r.Host)
}

// sameOriginUpgrade guards the WebSocket route, a GET that changes things
// (moves, resignations): the same check as for POSTs.
func (s *Server) sameOriginUpgrade(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := s.sameOrigin(r); err != nil {
			s.refuseCrossSite(w, r, err)
			return
		}
		next(w, r)
	}
}

func (s *Server) refuseCrossSite(w http.ResponseWriter, r *http.Request, err error) {
	s.Refuse(r, "csrf")
	http.Error(w, "Forbidden: "+err.Error()+". Use the forms of this site's own pages.", http.StatusForbidden)
}

// statusWriter remembers the status code for logs and metrics, and keeps
// the text of a 5xx answer that no handler made safe (an http.Error with an
// error's text, say from a database) out of the client's sight: the client
// gets a reference, the log gets the text.
type statusWriter struct {
	http.ResponseWriter
	code   int
	info   *web.RequestInfo
	errID  string
	hidden bytes.Buffer
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code != 0 {
		return
	}
	w.code = code
	if code >= 500 && w.info != nil && !w.info.Handled {
		w.errID = site.ErrorID()
		h := w.Header()
		h.Del("Content-Length")
		h.Set("Content-Type", "text/plain; charset=utf-8")
		w.ResponseWriter.WriteHeader(code)
		fmt.Fprintf(w.ResponseWriter, "internal error, reference %s\n", w.errID)
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.errID != "" {
		if room := 512 - w.hidden.Len(); room > 0 {
			w.hidden.Write(b[:min(len(b), room)])
		}
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController and the WebSocket upgrade reach the
// connection underneath.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
