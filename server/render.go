package server

import (
	"github.com/plateau-games/plateau/server/internal/web"
)

// Renderer draws positions for the browser (web.Renderer): Config.Renderer.
type Renderer = web.Renderer
