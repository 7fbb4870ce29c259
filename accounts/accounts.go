// Package accounts holds the secrets of player accounts, for the server and
// the command line: password hashes (argon2id, as PHC strings) and session
// tokens. It does no I/O besides reading crypto/rand; the accounts
// themselves are kept by the store (store.Accounts).
package accounts

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/plateau-games/plateau/game"
)

// The bounds of a password's length, in bytes of UTF-8. The upper bound
// keeps a megabyte password from costing the server CPU.
const (
	MinPassword = 8
	MaxPassword = 256
)

// The argon2id parameters of new hashes: OWASP's recommended minimum
// (19 MiB of memory, 2 passes, 1 thread), a 16-byte random salt and a
// 32-byte key. Hashes made with other parameters still verify, within the
// bounds below.
const (
	Memory  = 19456 // KiB
	Time    = 2
	Threads = 1
	SaltLen = 16
	KeyLen  = 32
)

// The bounds CheckPassword accepts in a stored hash, so that a hash cannot
// make one verification cost unbounded memory or time.
const (
	maxMemory  = 262144 // KiB: 256 MiB
	maxTime    = 10
	maxThreads = 16
	minBytes   = 8 // salt and key
	maxBytes   = 64
)

// b64 is the base64 of PHC strings: standard alphabet, no padding, and
// unused bits zero so that each value has one spelling.
var b64 = base64.RawStdEncoding.Strict()

// CheckNewPassword says what is wrong with a password chosen for an
// account, or nil. HashPassword calls it.
func CheckNewPassword(password string) error {
	if n := len(password); n < MinPassword || n > MaxPassword {
		return game.Errorf(game.Text{EN: "a password of %d bytes: accepted: %d to %d bytes", FR: "un mot de passe de %d octets : acceptés : de %d à %d octets"}, n, MinPassword, MaxPassword)
	}
	if !utf8.ValidString(password) {
		return game.Errorf(game.Text{EN: "the password is not valid UTF-8: accepted: text of 8 to 256 bytes", FR: "le mot de passe n'est pas de l'UTF-8 valide : accepté : un texte de 8 à 256 octets"})
	}
	return nil
}

// HashPassword hashes a new password with argon2id and a random salt,
// returned as a PHC string:
//
//	$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>
//
// with salt and key in standard base64 without padding.
func HashPassword(password string) (string, error) {
	if err := CheckNewPassword(password); err != nil {
		return "", err
	}
	p := params{memory: Memory, time: Time, threads: Threads, salt: make([]byte, SaltLen)}
	if _, err := rand.Read(p.salt); err != nil {
		return "", err
	}
	p.key = argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.threads, KeyLen)
	return p.String(), nil
}

// CheckPassword says whether password is the one hash was made from. The
// error is for a malformed hash only (see parseHash for what is accepted);
// a wrong password is false and nil. An empty hash (a bot's account) never
// matches, and a password over MaxPassword bytes is refused without being
// hashed.
func CheckPassword(hash, password string) (bool, error) {
	if hash == "" {
		return false, nil
	}
	p, err := parseHash(hash)
	if err != nil {
		return false, err
	}
	if len(password) > MaxPassword {
		return false, nil
	}
	key := argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.threads, uint32(len(p.key)))
	return subtle.ConstantTimeCompare(key, p.key) == 1, nil
}

// dummy is the hash DummyCheck verifies against: the parameters of new
// hashes, a fixed salt and a key no password is known to give.
var dummy = params{memory: Memory, time: Time, threads: Threads,
	salt: []byte("plateau-dummy-16"), key: make([]byte, KeyLen)}

// DummyCheck costs what CheckPassword costs on a hash of HashPassword,
// and says nothing. The server calls it when a login names an unknown
// user (or a bot), so that the time of the answer does not tell which
// names exist.
func DummyCheck(password string) {
	if len(password) > MaxPassword {
		return // as CheckPassword
	}
	key := argon2.IDKey([]byte(password), dummy.salt, dummy.time, dummy.memory, dummy.threads, KeyLen)
	subtle.ConstantTimeCompare(key, dummy.key)
}

// NewToken makes a session (or bot) token: 32 random bytes in URL-safe
// base64 without padding (43 characters), for the client, and its hash,
// the hex SHA-256 of the token text, for the store.
func NewToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, TokenHash(token), nil
}

// TokenHash is the hex SHA-256 of a token, as the store keeps it.
func TokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// params are the fields of an argon2id PHC string.
type params struct {
	memory    uint32 // KiB
	time      uint32
	threads   uint8
	salt, key []byte
}

// String is the PHC string of p.
func (p params) String() string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.memory, p.time, p.threads,
		b64.EncodeToString(p.salt), b64.EncodeToString(p.key))
}

// parseHash reads an argon2id PHC string strictly: exactly
// $argon2id$v=19$m=M,t=T,p=P$SALT$KEY, numbers in decimal without leading
// zeros, 8*P <= M <= 262144, 1 <= T <= 10, 1 <= P <= 16, salt and key of 8
// to 64 bytes in unpadded standard base64. Each accepted hash has a single
// spelling: p.String() gives it back.
func parseHash(hash string) (params, error) {
	var p params
	fields := strings.Split(hash, "$")
	if len(fields) != 6 || fields[0] != "" {
		return p, errors.New("password hash: not a PHC string $argon2id$v=19$m=M,t=T,p=P$SALT$KEY")
	}
	if fields[1] != "argon2id" {
		return p, fmt.Errorf("password hash: algorithm %.20q, accepted: argon2id", fields[1])
	}
	if fields[2] != "v="+strconv.Itoa(argon2.Version) {
		return p, fmt.Errorf("password hash: version %.20q, accepted: v=%d", fields[2], argon2.Version)
	}
	ps := strings.Split(fields[3], ",")
	if len(ps) != 3 {
		return p, fmt.Errorf("password hash: parameters %.40q, accepted: m=M,t=T,p=P", fields[3])
	}
	var values [3]uint32
	for i, want := range []struct {
		name     string
		min, max uint32
	}{{"m", 8, maxMemory}, {"t", 1, maxTime}, {"p", 1, maxThreads}} {
		name, text, _ := strings.Cut(ps[i], "=")
		if name != want.name {
			return p, fmt.Errorf("password hash: parameters %.40q, accepted: m=M,t=T,p=P", fields[3])
		}
		v, err := parseDecimal(text)
		if err != nil || v < want.min || v > want.max {
			return p, fmt.Errorf("password hash: %s=%.12s, accepted: %d to %d", name, text, want.min, want.max)
		}
		values[i] = v
	}
	p.memory, p.time, p.threads = values[0], values[1], uint8(values[2])
	if p.memory < 8*uint32(p.threads) {
		return p, fmt.Errorf("password hash: m=%d below 8 KiB per thread (p=%d)", p.memory, p.threads)
	}
	var err error
	if p.salt, err = decodeField("salt", fields[4]); err != nil {
		return p, err
	}
	if p.key, err = decodeField("key", fields[5]); err != nil {
		return p, err
	}
	return p, nil
}

// parseDecimal reads a number of at most 9 digits, without sign or leading
// zero.
func parseDecimal(s string) (uint32, error) {
	if s == "" || len(s) > 9 || (s[0] == '0' && len(s) > 1) {
		return 0, errors.New("not a decimal number")
	}
	var v uint32
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, errors.New("not a decimal number")
		}
		v = v*10 + uint32(s[i]-'0')
	}
	return v, nil
}

// decodeField reads the salt or the key of a PHC string.
func decodeField(name, s string) ([]byte, error) {
	if len(s) > b64.EncodedLen(maxBytes) {
		return nil, fmt.Errorf("password hash: %s of %d characters, accepted: %d to %d bytes in base64", name, len(s), minBytes, maxBytes)
	}
	b, err := b64.DecodeString(s)
	// The decoder skips line breaks: the text must be the value's only
	// spelling.
	if err != nil || b64.EncodeToString(b) != s {
		return nil, fmt.Errorf("password hash: %s is not unpadded standard base64", name)
	}
	if len(b) < minBytes || len(b) > maxBytes {
		return nil, fmt.Errorf("password hash: %s of %d bytes, accepted: %d to %d", name, len(b), minBytes, maxBytes)
	}
	return b, nil
}
