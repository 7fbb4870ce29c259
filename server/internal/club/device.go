package club

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/store"
)

// Device cookies (OWASP's defence against lockout by a stranger): a
// browser that logged into an account once gets a long-lived cookie,
// signed with a key every server of the store shares, naming that account
// and a random device id. Its login attempts on that account are counted
// in the device's own bucket instead of the account's, which anyone
// guessing passwords empties: a stranger can lock out strangers, not the
// owner. A device cookie that fails too often is locked in its turn (its
// bucket is empty). The limit by address and the bound on hashes still
// hold.

const (
	// DeviceCookiePrefix is followed by the account's name in lower case:
	// one cookie per account a browser logs into.
	DeviceCookiePrefix = "plateau_device_"
	// deviceLifetime is how long a device cookie is believed.
	deviceLifetime = 365 * 24 * time.Hour
	// deviceSecret names the signing key in the store (store.Secrets).
	deviceSecret = "device-cookie-key"
	// maxDeviceCookie bounds a device cookie read: ours have about 80
	// characters.
	maxDeviceCookie = 128
)

// devices holds the signing key, read once from the store, and the login
// buckets of device ids.
type devices struct {
	*site.Env
	cfg       Config
	limits    *accountLimits // the per-account login limits
	ownOrigin func(r *http.Request) string
	mu        sync.Mutex
	key       []byte
	buckets   *site.Buckets
}

// deviceKey is the key that signs device cookies: shared through the store
// when it keeps secrets, else this process's own (cookies then last as
// long as the process).
func (d *devices) deviceKey(ctx context.Context) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.key != nil {
		return d.key, nil
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	if sec, ok := d.cfg.Store.(store.Secrets); ok {
		ctx, cancel := context.WithTimeout(ctx, site.StoreTimeout)
		defer cancel()
		k, err := sec.Secret(ctx, deviceSecret, fresh)
		if err != nil {
			return nil, err
		}
		fresh = k
	}
	d.key = fresh
	return d.key, nil
}

// deviceMAC signs a device cookie's fields.
func deviceMAC(key []byte, user, id, issued string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("plateau device v1\x00" + user + "\x00" + id + "\x00" + issued))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// deviceOf is the device id of r's device cookie for the account name,
// when it shows one that this site signed for that account and that has
// not expired.
func (d *devices) deviceOf(r *http.Request, name string) (string, bool) {
	user := store.UserKey(name)
	c, err := r.Cookie(DeviceCookiePrefix + user)
	if err != nil || len(c.Value) > maxDeviceCookie {
		return "", false
	}
	id, rest, ok1 := strings.Cut(c.Value, ".")
	issued, mac, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || id == "" {
		return "", false
	}
	at, err := strconv.ParseInt(issued, 10, 64)
	if err != nil {
		return "", false
	}
	if age := time.Since(time.Unix(at, 0)); age > deviceLifetime || age < -24*time.Hour {
		return "", false
	}
	key, err := d.deviceKey(r.Context())
	if err != nil {
		d.Log.Warn("device cookie key", "error", err)
		return "", false
	}
	if !hmac.Equal([]byte(mac), []byte(deviceMAC(key, user, id, issued))) {
		return "", false
	}
	return id, true
}

// setDeviceCookie gives the browser a device cookie for the account name
// (after a login or signup), keeping its device id if it had one. It is
// sent only to the login form, and never to scripts.
func (d *devices) setDeviceCookie(w http.ResponseWriter, r *http.Request, name string) {
	key, err := d.deviceKey(r.Context())
	if err != nil {
		d.Log.Warn("device cookie key", "error", err)
		return
	}
	id, ok := d.deviceOf(r, name)
	if !ok {
		b := make([]byte, 16)
		if _, err := rand.Read(b); err != nil {
			return
		}
		id = base64.RawURLEncoding.EncodeToString(b)
	}
	user := store.UserKey(name)
	issued := strconv.FormatInt(time.Now().Unix(), 10)
	http.SetCookie(w, &http.Cookie{
		Name: DeviceCookiePrefix + user, Value: id + "." + issued + "." + deviceMAC(key, user, id, issued),
		Path: "/login", MaxAge: int(deviceLifetime.Seconds()), HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: strings.HasPrefix(d.ownOrigin(r), "https://"),
	})
}

// accountBucket takes a login attempt on the account name from the bucket
// of r's device cookie for that account when it shows a valid one, else
// from the account's bucket, which every stranger shares.
func (d *devices) accountBucket(r *http.Request, name string, now time.Time) (bool, time.Duration, string) {
	a := d.limits
	if id, ok := d.deviceOf(r, name); ok {
		ok, wait := d.buckets.Take(id, now, a.perMinute, a.burst)
		return ok, wait, "login_device_limited"
	}
	ok, wait := a.byAccount.Take(store.UserKey(name), now, a.perMinute, a.burst)
	return ok, wait, "login_account_limited"
}
