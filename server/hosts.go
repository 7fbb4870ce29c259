package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/web"
)

// The site's own host names. A DNS-rebinding page (evil.example, whose
// name the attacker points at 127.0.0.1 once the page is loaded) is
// same-origin with itself, so the Origin checks let it through; but its
// requests carry Host: evil.example. Only these hosts are served:
//
//   - an address (127.0.0.1, 192.168.1.5, [::1]): a page can reach an
//     address only under that address, never under another site's name;
//   - localhost and its subdomains (browsers resolve them to loopback);
//   - the hosts of Config.Origins (--origin);
//   - Config.Hosts (--host, and the listen address's name).
//
// The port is not checked: a rebinding page cannot choose the name it is
// sent under, whatever the port.

func init() {
	refusalReasons = append(refusalReasons, "wrong_host")
	web.Register(map[string][2]string{"host:wrong": {
		"Misdirected request: this server does not serve the host %.60q. If it is this site's name, start the server with --origin or --host naming it.",
		"Requête mal adressée : ce serveur ne sert pas l'hôte %.60q. Si c'est le nom de ce site, démarrez le serveur avec --origin ou --host qui le nomme.",
	}})
}

// ParseHost checks a host name given to --host (a name or an address,
// without scheme or port) and returns it in lower case.
func ParseHost(h string) (string, error) {
	h = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(h), "."))
	if a, err := netip.ParseAddr(strings.Trim(h, "[]")); err == nil {
		return a.String(), nil
	}
	if h == "" || len(h) > 253 || strings.ContainsAny(h, "/?#@:[] \t") {
		return "", game.Errorf(game.Text{EN: "host %q: write a host name such as club.example (no scheme, no port)", FR: "hôte %q : écrivez un nom d'hôte comme club.example (sans schéma ni port)"}, h)
	}
	return h, nil
}

// resolveHosts builds the set of allowed host names from the origins and
// the extra hosts.
func resolveHosts(origins, extra []string) (map[string]bool, error) {
	hosts := map[string]bool{}
	for _, o := range origins {
		_, hostport, _ := strings.Cut(o, "://")
		hosts[hostOnly(hostport)] = true
	}
	for _, h := range extra {
		norm, err := ParseHost(h)
		if err != nil {
			return nil, err
		}
		hosts[norm] = true
	}
	return hosts, nil
}

// hostOnly is the host of a Host header or an origin's host[:port], in
// lower case, without brackets or a trailing dot.
func hostOnly(hostport string) string {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	return strings.ToLower(strings.TrimSuffix(strings.Trim(h, "[]"), "."))
}

// hostAllowed says whether a request's Host is one of the site's own.
func (s *Server) hostAllowed(hostport string) bool {
	if hostport == "" {
		return true // HTTP/1.0 without Host: not a browser, which always sends one
	}
	h := hostOnly(hostport)
	if _, err := netip.ParseAddr(h); err == nil {
		return true
	}
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	return s.limits.hosts[h]
}

// refuseHost answers a request for another site's host name: 421
// Misdirected Request, with what to do if the name is really the site's.
func (s *Server) refuseHost(w http.ResponseWriter, r *http.Request) {
	s.Refuse(r, "wrong_host")
	// The language from the request only: no cookie is set for a host
	// that is not the site's.
	lang := web.PickLang(headerOnly{w, http.Header{}}, r)
	http.Error(w, fmt.Sprintf(web.T(lang, "host:wrong"), r.Host), http.StatusMisdirectedRequest)
}

// headerOnly is a ResponseWriter whose headers go nowhere.
type headerOnly struct {
	http.ResponseWriter
	h http.Header
}

func (w headerOnly) Header() http.Header { return w.h }
