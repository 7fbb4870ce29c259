package web

import (
	"context"
	"net"
	"net/http"
	"net/netip"

	"github.com/plateau-games/plateau/store"
)

// RequestInfo is what the front middleware learns about a request; handlers
// reach it through the request's context.
type RequestInfo struct {
	Client  netip.Addr // the client's address (the peer, or what a trusted proxy says)
	Key     string     // the rate limiting key: the address, or its /64 for IPv6
	Refused string     // the reason of a refusal, for the log line
	Handled bool       // a 5xx the handler answered itself, safely
	// The account logged in (the club's accounts), read once per request.
	User     *store.User
	UserRead bool
	Cred     string // its credential: "session HASH" or "bot HASH" (revocations)
	CredGen  int64  // the revocation checks begun before it was read
}

type infoKey struct{}

// Info is the request's information (a fresh one, from the peer's address,
// for a request that did not pass the front middleware, as in tests).
func Info(r *http.Request) *RequestInfo {
	if i, ok := r.Context().Value(infoKey{}).(*RequestInfo); ok {
		return i
	}
	i := &RequestInfo{}
	i.Client = RemoteIP(r.RemoteAddr)
	i.Key = ClientKey(i.Client)
	return i
}

// RemoteIP is the address of a connection's peer (host:port or host).
func RemoteIP(remote string) netip.Addr {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}

// WithInfo is r carrying i, for the handlers after the front middleware.
func WithInfo(r *http.Request, i *RequestInfo) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), infoKey{}, i))
}

// ClientKey is what per-client limits count by: an IPv4 address, or the
// /64 of an IPv6 address (one customer usually holds a whole /64).
func ClientKey(a netip.Addr) string {
	if !a.IsValid() {
		return "unknown"
	}
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
