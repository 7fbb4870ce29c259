package games

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// ReadClock reads the form fields clock (minutes per player), increment
// (seconds per move) and days (days per move, for correspondence: then
// the clock is ignored).
func ReadClock(f url.Values) (clock, increment time.Duration, days int, err error) {
	days, err = strconv.Atoi(strings.TrimSpace(orZero(f.Get("days"))))
	if err != nil || days < 0 || days > store.MaxMoveDays {
		return 0, 0, 0, &web.FormError{Msg: fmt.Sprintf("days per move %q: from 0 to %d", f.Get("days"), store.MaxMoveDays)}
	}
	if days > 0 {
		return 0, 0, days, nil
	}
	minutes, err := strconv.ParseFloat(strings.TrimSpace(orZero(f.Get("clock"))), 64)
	if err != nil || minutes < 0 || minutes > 24*60 {
		return 0, 0, 0, &web.FormError{Msg: fmt.Sprintf("clock %q: minutes from 0 to 1440", f.Get("clock"))}
	}
	inc, err := strconv.ParseFloat(strings.TrimSpace(orZero(f.Get("increment"))), 64)
	if err != nil || inc < 0 || inc > 3600 {
		return 0, 0, 0, &web.FormError{Msg: fmt.Sprintf("increment %q: seconds from 0 to 3600", f.Get("increment"))}
	}
	return time.Duration(minutes * float64(time.Minute)), time.Duration(inc * float64(time.Second)), 0, nil
}

func orZero(s string) string {
	if strings.TrimSpace(s) == "" {
		return "0"
	}
	return s
}
