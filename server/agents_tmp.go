package server

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// TEMPORARY until the websec branch lands.
func (s *Server) agentSpec(name string, v *game.Variant) (string, error) {
	if name == "random" || slices.Contains(ai.Levels, name) {
		return name, nil
	}
	return "", fmt.Errorf("unknown computer player %q", name)
}

func clientAddress(r *http.Request) string { return r.RemoteAddr }

func (s *Server) internalError(r *http.Request, what string, err error) string {
	return s.logError(what, err, "client", clientAddress(r), "method", r.Method, "path", r.URL.Path)
}
