package accounts

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// phc is the form of a new hash.
var phc = regexp.MustCompile(`^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`)

func mustHash(t testing.TB, password string) string {
	t.Helper()
	h, err := HashPassword(password)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func check(t *testing.T, hash, password string) bool {
	t.Helper()
	ok, err := CheckPassword(hash, password)
	if err != nil {
		t.Fatalf("CheckPassword(%q, %q): %v", hash, password, err)
	}
	return ok
}

func TestRoundTrip(t *testing.T) {
	for _, pw := range []string{"correct horse", "12345678", "mot de passe évident", strings.Repeat("é", MaxPassword/2)} {
		h := mustHash(t, pw)
		if !phc.MatchString(h) {
			t.Fatalf("hash %q is not a PHC string with the default parameters", h)
		}
		if !check(t, h, pw) {
			t.Fatalf("%q does not match its own hash", pw)
		}
		if check(t, h, pw+"x") || check(t, h, pw[:len(pw)-1]) || check(t, h, strings.ToUpper(pw)) && strings.ToUpper(pw) != pw {
			t.Fatalf("a wrong password matches the hash of %q", pw)
		}
	}
}

func TestSalted(t *testing.T) {
	a, b := mustHash(t, "correct horse"), mustHash(t, "correct horse")
	if a == b {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	if !check(t, a, "correct horse") || !check(t, b, "correct horse") {
		t.Fatal("a salted hash does not match")
	}
}

func TestPasswordBounds(t *testing.T) {
	for _, bad := range []string{"", "1234567", strings.Repeat("x", MaxPassword+1), "abcdefg\xff"} {
		if _, err := HashPassword(bad); err == nil {
			t.Errorf("HashPassword(%.20q) accepted", bad)
		} else if !strings.Contains(err.Error(), "8 to 256 bytes") {
			t.Errorf("HashPassword(%.20q): %v does not say what is accepted", bad, err)
		}
	}
	for _, good := range []string{strings.Repeat("x", MinPassword), strings.Repeat("x", MaxPassword)} {
		if err := CheckNewPassword(good); err != nil {
			t.Errorf("%d bytes refused: %v", len(good), err)
		}
	}
	// A password past the bound never matches, even its own hash's prefix.
	h := mustHash(t, strings.Repeat("x", MaxPassword))
	if !check(t, h, strings.Repeat("x", MaxPassword)) || check(t, h, strings.Repeat("x", MaxPassword+1)) {
		t.Fatal("the bound of CheckPassword")
	}
}

// An empty hash is a bot's: no password opens it.
func TestEmptyHash(t *testing.T) {
	for _, pw := range []string{"", "correct horse"} {
		if ok, err := CheckPassword("", pw); ok || err != nil {
			t.Fatalf("empty hash with %q: %v, %v", pw, ok, err)
		}
	}
}

// Changing a field of a valid hash: still valid, but the password no
// longer matches.
func TestTamperedHash(t *testing.T) {
	h := mustHash(t, "correct horse")
	f := strings.Split(h, "$")
	key, err := b64.DecodeString(f[5])
	if err != nil {
		t.Fatal(err)
	}
	flip := func(s string) string { // another base64 text of the same length
		c := "A"
		if s[0] == 'A' {
			c = "B"
		}
		return c + s[1:]
	}
	for name, tampered := range map[string]string{
		"memory":  strings.Replace(h, "m=19456", "m=19457", 1),
		"time":    strings.Replace(h, "t=2", "t=3", 1),
		"threads": strings.Replace(h, "p=1", "p=2", 1),
		"salt":    strings.Join([]string{"", f[1], f[2], f[3], flip(f[4]), f[5]}, "$"),
		"key":     strings.Join([]string{"", f[1], f[2], f[3], f[4], flip(f[5])}, "$"),
		"key cut": strings.Join([]string{"", f[1], f[2], f[3], f[4], b64.EncodeToString(key[:16])}, "$"),
	} {
		if check(t, tampered, "correct horse") {
			t.Errorf("%s changed: the password still matches %s", name, tampered)
		}
	}
}

func TestMalformedHash(t *testing.T) {
	salt, key := "c2FsdHNhbHRzYWx0c2FsdA", "a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U"
	good := "$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key
	if _, err := CheckPassword(good, "x"); err != nil {
		t.Fatalf("the base case is refused: %v", err)
	}
	for _, bad := range []struct{ hash, want string }{
		{"x", "not a PHC string"},
		{"argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key, "not a PHC string"},
		{good + "$", "not a PHC string"},
		{"$argon2id$v=19$m=64,t=1,p=1$" + salt, "not a PHC string"},
		{"$argon2i$v=19$m=64,t=1,p=1$" + salt + "$" + key, "algorithm"},
		{"$bcrypt$v=19$m=64,t=1,p=1$" + salt + "$" + key, "algorithm"},
		{"$argon2id$v=16$m=64,t=1,p=1$" + salt + "$" + key, "version"},
		{"$argon2id$$m=64,t=1,p=1$" + salt + "$" + key, "version"},
		{"$argon2id$v=19$m=64,t=1$" + salt + "$" + key, "parameters"},
		{"$argon2id$v=19$m=64,t=1,p=1,k=2$" + salt + "$" + key, "parameters"},
		{"$argon2id$v=19$t=1,m=64,p=1$" + salt + "$" + key, "parameters"},
		{"$argon2id$v=19$m64,t=1,p=1$" + salt + "$" + key, "parameters"},
		{"$argon2id$v=19$m=,t=1,p=1$" + salt + "$" + key, "m="},
		{"$argon2id$v=19$m=064,t=1,p=1$" + salt + "$" + key, "m="},
		{"$argon2id$v=19$m=+64,t=1,p=1$" + salt + "$" + key, "m="},
		{"$argon2id$v=19$m=-64,t=1,p=1$" + salt + "$" + key, "m="},
		{"$argon2id$v=19$m=0x40,t=1,p=1$" + salt + "$" + key, "m="},
		{"$argon2id$v=19$m=262145,t=1,p=1$" + salt + "$" + key, "m="},
		{"$argon2id$v=19$m=99999999999,t=1,p=1$" + salt + "$" + key, "m="},
		{"$argon2id$v=19$m=4294967360,t=1,p=1$" + salt + "$" + key, "m="},
		{"$argon2id$v=19$m=64,t=0,p=1$" + salt + "$" + key, "t="},
		{"$argon2id$v=19$m=64,t=11,p=1$" + salt + "$" + key, "t="},
		{"$argon2id$v=19$m=64,t=1,p=0$" + salt + "$" + key, "p="},
		{"$argon2id$v=19$m=256,t=1,p=17$" + salt + "$" + key, "p="},
		{"$argon2id$v=19$m=64,t=1,p=9$" + salt + "$" + key, "per thread"},
		{"$argon2id$v=19$m=64,t=1,p=1$$" + key, "salt"},
		{"$argon2id$v=19$m=64,t=1,p=1$c2FsdA$" + key, "salt of 4 bytes"},
		{"$argon2id$v=19$m=64,t=1,p=1$" + strings.Repeat("A", 87) + "$" + key, "salt of 87 characters"},
		{"$argon2id$v=19$m=64,t=1,p=1$" + strings.Repeat("A", 1000) + "$" + key, "salt of 1000 characters"},
		{"$argon2id$v=19$m=64,t=1,p=1$" + salt + "==$" + key, "base64"},
		{"$argon2id$v=19$m=64,t=1,p=1$" + salt[:10] + "\n" + salt[10:] + "$" + key, "base64"},
		{"$argon2id$v=19$m=64,t=1,p=1$" + strings.ReplaceAll(salt, "c", "-") + "$" + key, "base64"},
		{"$argon2id$v=19$m=64,t=1,p=1$" + salt[:len(salt)-1] + "B$" + key, "base64"}, // unused bits set
		{"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$a2V5aw", "key of 4 bytes"},
		{"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key + "*", "base64"},
	} {
		ok, err := CheckPassword(bad.hash, "x")
		if err == nil || ok {
			t.Errorf("%q accepted (%v)", bad.hash, ok)
		} else if !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %q, want it to say %q", bad.hash, err, bad.want)
		}
	}
	// The bounds themselves are accepted.
	for _, edge := range []string{
		"$argon2id$v=19$m=128,t=10,p=16$" + salt + "$" + key,
		"$argon2id$v=19$m=8,t=1,p=1$" + strings.Repeat("A", 11) + "$" + strings.Repeat("A", 86),
	} {
		if _, err := parseHash(edge); err != nil {
			t.Errorf("%q refused: %v", edge, err)
		}
	}
}

// Every accepted hash has one spelling: parsing and printing gives it back.
func TestParseCanonical(t *testing.T) {
	h := mustHash(t, "correct horse")
	p, err := parseHash(h)
	if err != nil || p.String() != h {
		t.Fatalf("parse(%q) = %q, %v", h, p.String(), err)
	}
}

func FuzzParseHash(f *testing.F) {
	f.Add("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U")
	f.Add("$argon2id$v=19$m=8,t=1,p=1$AAAAAAAAAAA$AAAAAAAAAAA")
	f.Add("$argon2id$v=19$m=064,t=1,p=1$$")
	f.Add("$argon2i$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$iWh06vD8Fy27wf9npn6FXWiCX4K6pW6Ue1Bk")
	f.Add("$$$$$")
	f.Add("")
	f.Fuzz(func(t *testing.T, hash string) {
		p, err := parseHash(hash)
		if err != nil {
			return
		}
		if p.String() != hash {
			t.Fatalf("%q accepted as %q", hash, p.String())
		}
		if p.memory > maxMemory || p.time > maxTime || p.threads > maxThreads || len(p.salt) < minBytes || len(p.key) > maxBytes {
			t.Fatalf("%q accepted out of bounds", hash)
		}
		// Verify only cheap hashes: the bounds allow 256 MiB, too much for
		// each fuzzing input.
		if p.memory <= 64 && p.time <= 2 {
			if _, err := CheckPassword(hash, "correct horse"); err != nil {
				t.Fatalf("%q parses but does not check: %v", hash, err)
			}
		}
	})
}

func TestTokens(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		token, hash, err := NewToken()
		if err != nil {
			t.Fatal(err)
		}
		if len(token) != 43 || strings.ContainsAny(token, "+/=") || !utf8.ValidString(token) {
			t.Fatalf("token %q: want 43 URL-safe characters", token)
		}
		sum := sha256.Sum256([]byte(token))
		if hash != hex.EncodeToString(sum[:]) || TokenHash(token) != hash || len(hash) != 64 {
			t.Fatalf("hash of %q: %s", token, hash)
		}
		if seen[token] || seen[hash] {
			t.Fatalf("token %q twice", token)
		}
		seen[token], seen[hash] = true, true
	}
	if TokenHash("a") == TokenHash("b") {
		t.Fatal("TokenHash is constant")
	}
}

func TestDummyCheck(t *testing.T) {
	if _, err := parseHash(dummy.String()); err != nil {
		t.Fatalf("the dummy hash is not valid: %v", err)
	}
	DummyCheck("correct horse")
	DummyCheck(strings.Repeat("x", MaxPassword+1))
}

func BenchmarkHashPassword(b *testing.B) {
	for b.Loop() {
		if _, err := HashPassword("correct horse battery staple"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheckPassword(b *testing.B) {
	h := mustHash(b, "correct horse battery staple")
	for b.Loop() {
		if ok, err := CheckPassword(h, "correct horse battery staple"); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}
