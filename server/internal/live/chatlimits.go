package live

import (
	"errors"
	"fmt"
	"math"

	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The chat's limits per person. A person is his account or, without one,
// his address (an IPv6 /64): however many pages, connections or servers
// he writes from, the store counts his messages (store.ChatLimits), so
// that the limits hold for all of them together:
//
//   - ChatPerMinute messages a minute and ChatBurst in 10 seconds, all
//     games and channels together;
//   - ChatShare (a quarter of a channel's cap by default) of a channel's
//     messages still shown, so that one person cannot fill a channel: the
//     others can still talk;
//   - the cap counts the messages still shown: an operator's deletion
//     frees room.
//
// Each connection keeps its own small bucket too (chatPerSecond), which
// refuses a flood before it costs the store anything.

const (
	// DefaultChatPerMinute is how many chat messages one person may write
	// a minute (Config.ChatPerMinute); DefaultChatBurst how many in 10
	// seconds (Config.ChatBurst).
	DefaultChatPerMinute = 20
	DefaultChatBurst     = 5
	// DefaultChatShare is how many messages still shown one person may
	// hold in one channel (Config.ChatShare): a quarter of its cap.
	DefaultChatShare = store.MaxChatMessages / store.ChatShareDivisor
)

// RefusalReasons are the labels of plateau_refusals_total that live play
// adds (the chat's limits), present from the start like the others.
var RefusalReasons = []string{"chat_rate", "chat_share"}

func init() {
	web.Register(map[string][2]string{
		"err:chat_rate": {"You are writing too fast, from all your pages together: wait %d s before your next message.",
			"Vous écrivez trop vite, toutes vos pages comprises : patientez %d s avant votre prochain message."},
		"err:chat_share": {"You already have %d messages in this chat, the most one person may have: let the others talk.",
			"Vous avez déjà %d messages dans cette discussion, le maximum pour une personne : laissez parler les autres."},
	})
}

// chatLimits are the store's limits of the chat, from the Config: 0 takes
// the default, negative turns the limit off.
func chatLimits(cfg Config) store.ChatLimits {
	lim := store.ChatLimits{PerMinute: cfg.ChatPerMinute, Burst: cfg.ChatBurst, Share: cfg.ChatShare}
	if lim.Share == 0 {
		lim.Share = DefaultChatShare
	}
	if lim.PerMinute == 0 {
		lim.PerMinute = DefaultChatPerMinute
	}
	if lim.Burst == 0 {
		lim.Burst = DefaultChatBurst
	}
	lim.PerMinute, lim.Burst, lim.Share = max(lim.PerMinute, 0), max(lim.Burst, 0), max(lim.Share, 0)
	return lim
}

// chatSender is who a connection's messages count for: its account, or
// its address.
func chatSender(c *client) string {
	if c.user != "" {
		return "user:" + store.UserKey(c.user)
	}
	return "addr:" + c.key
}

// chatRefusedLocked tells a connection why the store refused its message
// for a limit, in its language, and reports whether err was one.
func (r *room) chatRefusedLocked(c *client, err error) bool {
	var le *store.ChatLimitError
	if !errors.As(err, &le) {
		return false
	}
	lang := langOf(c)
	switch {
	case errors.Is(err, store.ErrChatShare):
		r.lv.Refusals.WithLabelValues("chat_share").Inc()
		r.sendLocked(c, errorMsg{Type: "error", Code: "chat_share", Message: fmt.Sprintf(web.T(lang, "err:chat_share"), le.Limit)})
	default:
		r.lv.Refusals.WithLabelValues("chat_rate").Inc()
		secs := max(int(math.Ceil(le.Wait.Seconds())), 1)
		r.sendLocked(c, errorMsg{Type: "error", Code: "chat_rate", Message: fmt.Sprintf(web.T(lang, "err:chat_rate"), secs)})
	}
	return true
}
