package live

import (
	"testing"

	"github.com/plateau-games/plateau/store"
)

func TestChatLimitsConfig(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want store.ChatLimits
	}{
		{Config{}, store.ChatLimits{PerMinute: DefaultChatPerMinute, Burst: DefaultChatBurst, Share: DefaultChatShare}},
		{Config{ChatPerMinute: -1, ChatBurst: -1, ChatShare: -1}, store.ChatLimits{}},
		{Config{ChatPerMinute: 3, ChatBurst: 2, ChatShare: 7}, store.ChatLimits{PerMinute: 3, Burst: 2, Share: 7}},
	} {
		if got := chatLimits(tc.cfg); got != tc.want {
			t.Errorf("chatLimits(%+v) = %+v, want %+v", tc.cfg, got, tc.want)
		}
	}
}
