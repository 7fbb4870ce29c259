package site

import "github.com/coder/websocket"

// StatusRevoked closes a WebSocket whose account or token was revoked: the
// club revokes, live play closes its connections with it.
const StatusRevoked = websocket.StatusCode(4001)
