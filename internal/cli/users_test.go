package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/store"
)

// usersDB is a new SQLite file for the users commands.
func usersDB(t *testing.T) string {
	return filepath.Join(t.TempDir(), "accounts.db")
}

// withStore opens the file the commands write, for the test to look at
// or prepare, and closes it before the next command.
func withStore(t *testing.T, db string, fn func(ctx context.Context, acc store.Accounts)) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	fn(ctx, st.(store.Accounts))
}

func storedUser(t *testing.T, db, name string) *store.User {
	t.Helper()
	var u *store.User
	withStore(t, db, func(ctx context.Context, acc store.Accounts) {
		var err error
		if u, err = acc.LoadUser(ctx, name); err != nil {
			t.Fatal(err)
		}
	})
	return u
}

// usersErr runs a users command that must fail and returns its error
// text.
func usersErr(t *testing.T, stdin string, args ...string) error {
	t.Helper()
	out, err := run(t, stdin, append([]string{"users"}, args...)...)
	if err == nil {
		t.Fatalf("plateau users %s succeeded:\n%s", strings.Join(args, " "), out)
	}
	return err
}

func TestUsersAddList(t *testing.T) {
	db := usersDB(t)
	if out := mustRun(t, "", "users", "list", "--db", db); !strings.Contains(out, "No accounts yet") {
		t.Fatalf("empty list:\n%s", out)
	}
	if out := mustRun(t, "correct horse\n", "users", "add", "Alice", "--db", db); out != "Added Alice (player).\n" {
		t.Fatalf("add printed %q", out)
	}
	mustRun(t, "operator password\r\n", "users", "--db", db, "add", "bob", "--operator")
	mustRun(t, "", "users", "add", "robot-1", "--bot", "--db", db)

	out := mustRun(t, "", "users", "list", "--db", db)
	l := lines(out)
	if len(l) != 4 || strings.Join(strings.Fields(l[0]), " ") != "NAME ROLE BOT DISABLED CREATED" {
		t.Fatalf("list:\n%s", out)
	}
	today := time.Now().UTC().Format("2006-01-02")
	for i, want := range []string{"Alice player no no", "bob operator no no", "robot-1 player yes no"} {
		f := strings.Fields(l[i+1])
		if len(f) != 6 || strings.Join(f[:4], " ") != want || f[4] != today && f[4] != time.Now().UTC().Add(-time.Minute).Format("2006-01-02") {
			t.Errorf("row %d %q, want %q and the date", i, l[i+1], want)
		}
		// Aligned: every column starts where the header's does.
		if strings.Index(l[i+1], f[1]) != strings.Index(l[0], "ROLE") || strings.Index(l[i+1], f[4]) != strings.Index(l[0], "CREATED") {
			t.Errorf("row %q is not aligned under %q", l[i+1], l[0])
		}
	}
	u := storedUser(t, db, "alice")
	if ok, err := accounts.CheckPassword(u.PasswordHash, "correct horse"); !ok || err != nil {
		t.Fatalf("alice's password: %v %v (hash %q)", ok, err, u.PasswordHash)
	}
	// "\r\n" is a line ending, not part of the password.
	if ok, _ := accounts.CheckPassword(storedUser(t, db, "bob").PasswordHash, "operator password"); !ok {
		t.Fatal("bob's password")
	}

	// Pages: the hint goes to stderr, after the table.
	out = mustRun(t, "", "users", "list", "--db", db, "--limit", "2")
	if l := lines(out); len(l) != 4 || !strings.HasPrefix(l[2], "bob") || l[3] != "More accounts follow: plateau users list --offset 2" {
		t.Fatalf("list --limit 2:\n%s", out)
	}
	out = mustRun(t, "", "users", "list", "--db", db, "--limit", "2", "--offset", "2")
	if l := lines(out); len(l) != 2 || !strings.HasPrefix(l[1], "robot-1") {
		t.Fatalf("list --offset 2:\n%s", out)
	}
	if out := mustRun(t, "", "users", "list", "--db", db, "--offset", "3"); !strings.Contains(out, "No accounts after the first 3") {
		t.Fatalf("list --offset 3:\n%s", out)
	}
	for _, bad := range [][]string{{"--limit", "0"}, {"--offset", "-1"}, {"extra"}} {
		if err := usersErr(t, "", append([]string{"list", "--db", db}, bad...)...); !isUsage(err) {
			t.Errorf("list %v: %v", bad, err)
		}
	}
}

func TestUsersAddRefused(t *testing.T) {
	db := usersDB(t)
	mustRun(t, "correct horse\n", "users", "add", "alice", "--db", db)
	for _, name := range []string{"ALICE", "Alice"} {
		err := usersErr(t, "another password\n", "add", name, "--db", db)
		if want := "the user name " + name + " is taken, by alice"; !strings.Contains(err.Error(), want) {
			t.Errorf("add %s: %v, want %q", name, err, want)
		}
	}
	if err := usersErr(t, "another password\n", "add", "alice", "--db", db); err.Error() != "the user name alice is taken" {
		t.Errorf("add alice twice: %v", err)
	}
	for _, name := range []string{"a", "-alice", "al ice", "élise", strings.Repeat("x", store.MaxUserName+1)} {
		err := usersErr(t, "correct horse\n", "add", "--db", db, "--", name)
		if want := store.CheckUserName(name).Error(); err.Error() != want {
			t.Errorf("add %q: %v, want %q", name, err, want)
		}
	}
	for _, pw := range []string{"short\n", "\n", "", strings.Repeat("x", accounts.MaxPassword+1) + "\n", strings.Repeat("x", 5000)} {
		err := usersErr(t, pw, "add", "carol", "--db", db)
		if !strings.Contains(err.Error(), "8 to 256 bytes") && !strings.Contains(err.Error(), "no password") {
			t.Errorf("add with password %.20q: %v", pw, err)
		}
	}
	if err := usersErr(t, "x\n", "add", "carol", "--bot", "--password-stdin", "--db", db); !isUsage(err) {
		t.Errorf("--bot --password-stdin: %v", err)
	}
	for _, args := range [][]string{{"add"}, {"add", "a1", "b1"}, {"role", "alice"}, {"nosuch"}} {
		if err := usersErr(t, "", append(args, "--db", db)...); !isUsage(err) {
			t.Errorf("users %v: %v", args, err)
		}
	}
	// Nothing of the refused names was stored.
	withStore(t, db, func(ctx context.Context, acc store.Accounts) {
		if users, err := acc.ListUsers(ctx, 0, 0); err != nil || len(users) != 1 {
			t.Fatalf("users stored: %v %v", users, err)
		}
	})
}

func TestUsersBot(t *testing.T) {
	db := usersDB(t)
	// A bot reads no password: stdin is left alone.
	if out := mustRun(t, "not read\n", "users", "add", "Bot-7", "--bot", "--operator", "--db", db); out != "Added Bot-7 (operator, bot without password).\n" {
		t.Fatalf("add --bot printed %q", out)
	}
	u := storedUser(t, db, "bot-7")
	if !u.Bot || u.PasswordHash != "" || u.Role != store.RoleOperator {
		t.Fatalf("bot stored as %+v", u)
	}
	if ok, err := accounts.CheckPassword(u.PasswordHash, "not read"); ok || err != nil {
		t.Fatalf("a bot's empty hash matched: %v %v", ok, err)
	}
	if err := usersErr(t, "correct horse\n", "reset", "bot-7", "--db", db); !strings.Contains(err.Error(), "Bot-7 is a bot") {
		t.Fatalf("reset of a bot: %v", err)
	}
}

// addSession opens a session of name through the store.
func addSession(t *testing.T, db, name string) string {
	t.Helper()
	_, hash, err := accounts.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	withStore(t, db, func(ctx context.Context, acc store.Accounts) {
		if err := acc.CreateSession(ctx, &store.Session{TokenHash: hash, User: name, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
	})
	return hash
}

func sessionAlive(t *testing.T, db, hash string) bool {
	t.Helper()
	alive := false
	withStore(t, db, func(ctx context.Context, acc store.Accounts) {
		_, _, err := acc.LoadSession(ctx, hash, time.Now())
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			t.Fatal(err)
		}
		alive = err == nil
	})
	return alive
}

func TestUsersReset(t *testing.T) {
	db := usersDB(t)
	mustRun(t, "correct horse\n", "users", "add", "alice", "--db", db)
	mustRun(t, "bob's password\n", "users", "add", "bob", "--db", db)
	before := storedUser(t, db, "alice").PasswordHash
	s1, s2, bobs := addSession(t, db, "alice"), addSession(t, db, "Alice"), addSession(t, db, "bob")

	out := mustRun(t, "battery staple\n", "users", "reset", "ALICE", "--db", db)
	if out != "New password for alice; 2 sessions ended.\n" {
		t.Fatalf("reset printed %q", out)
	}
	after := storedUser(t, db, "alice").PasswordHash
	if after == before {
		t.Fatal("reset kept the hash")
	}
	for pw, want := range map[string]bool{"battery staple": true, "correct horse": false} {
		if ok, err := accounts.CheckPassword(after, pw); ok != want || err != nil {
			t.Errorf("after reset, %q: %v %v", pw, ok, err)
		}
	}
	if sessionAlive(t, db, s1) || sessionAlive(t, db, s2) || !sessionAlive(t, db, bobs) {
		t.Fatal("reset ended the wrong sessions")
	}
	if out := mustRun(t, "battery staple 2\n", "users", "reset", "alice", "--db", db); !strings.HasSuffix(out, "; 0 sessions ended.\n") {
		t.Fatalf("second reset printed %q", out)
	}
	// A refused password changes nothing.
	if err := usersErr(t, "short\n", "reset", "alice", "--db", db); !strings.Contains(err.Error(), "a password of 5 bytes: accepted: 8 to 256 bytes") {
		t.Fatalf("reset with a short password: %v", err)
	}
	if ok, _ := accounts.CheckPassword(storedUser(t, db, "alice").PasswordHash, "battery staple 2"); !ok {
		t.Fatal("a refused reset changed the password")
	}
}

func TestUsersDisableEnable(t *testing.T) {
	db := usersDB(t)
	mustRun(t, "correct horse\n", "users", "add", "alice", "--db", db)
	s := addSession(t, db, "alice")
	if out := mustRun(t, "", "users", "disable", "Alice", "--db", db); out != "Disabled alice; 1 session ended.\n" {
		t.Fatalf("disable printed %q", out)
	}
	if u := storedUser(t, db, "alice"); !u.Disabled || sessionAlive(t, db, s) {
		t.Fatalf("after disable: %+v, session alive %v", u, sessionAlive(t, db, s))
	}
	if out := mustRun(t, "", "users", "disable", "alice", "--db", db); out != "alice was already disabled.\n" {
		t.Fatalf("disable twice printed %q", out)
	}
	if !strings.Contains(mustRun(t, "", "users", "list", "--db", db), "alice  player  no   yes") {
		t.Fatal("list does not show alice disabled")
	}
	if out := mustRun(t, "", "users", "enable", "alice", "--db", db); out != "Enabled alice.\n" {
		t.Fatalf("enable printed %q", out)
	}
	if out := mustRun(t, "", "users", "enable", "alice", "--db", db); out != "alice was already enabled.\n" {
		t.Fatalf("enable twice printed %q", out)
	}
	u := storedUser(t, db, "alice")
	if u.Disabled {
		t.Fatal("still disabled")
	}
	if ok, _ := accounts.CheckPassword(u.PasswordHash, "correct horse"); !ok {
		t.Fatal("disable and enable lost the password")
	}
	addSession(t, db, "alice") // enabled users may log in again
}

func TestUsersRole(t *testing.T) {
	db := usersDB(t)
	mustRun(t, "correct horse\n", "users", "add", "alice", "--db", db)
	if out := mustRun(t, "", "users", "role", "alice", "Operator", "--db", db); out != "alice is now an operator.\n" {
		t.Fatalf("role printed %q", out)
	}
	if u := storedUser(t, db, "alice"); u.Role != store.RoleOperator {
		t.Fatalf("role stored: %q", u.Role)
	}
	if out := mustRun(t, "", "users", "role", "alice", "operator", "--db", db); out != "alice is already an operator.\n" {
		t.Fatalf("role twice printed %q", out)
	}
	mustRun(t, "", "users", "role", "alice", "player", "--db", db)
	if u := storedUser(t, db, "alice"); u.Role != store.RolePlayer {
		t.Fatalf("role stored: %q", u.Role)
	}
	for _, bad := range []string{"admin", "bot", ""} {
		err := usersErr(t, "", "role", "alice", bad, "--db", db)
		if !isUsage(err) || !strings.Contains(err.Error(), "use player or operator") {
			t.Errorf("role %q: %v", bad, err)
		}
	}
}

func TestUsersMissing(t *testing.T) {
	db := usersDB(t)
	mustRun(t, "correct horse\n", "users", "add", "alice", "--db", db)
	for _, args := range [][]string{{"reset", "ghost"}, {"disable", "ghost"}, {"enable", "ghost"}, {"role", "ghost", "operator"}} {
		err := usersErr(t, "battery staple\n", append(args, "--db", db)...)
		if isUsage(err) || err.Error() != "no user ghost (see 'plateau users list')" {
			t.Errorf("users %v: %v", args, err)
		}
	}
	if err := usersErr(t, "", "disable", "x", "--db", db); err.Error() != store.CheckUserName("x").Error() {
		t.Errorf("disable x: %v", err)
	}
	if err := usersErr(t, "", "list", "--db", "nosuch://x"); !strings.Contains(err.Error(), "opening the store") {
		t.Errorf("a bad --db: %v", err)
	}
}

// In a terminal the password is asked twice, without echo.
func TestUsersPromptPassword(t *testing.T) {
	answers := func(a ...string) func() ([]byte, error) {
		return func() ([]byte, error) {
			if len(a) == 0 {
				return nil, fmt.Errorf("no more input")
			}
			s := a[0]
			a = a[1:]
			return []byte(s), nil
		}
	}
	var w strings.Builder
	if pw, err := promptPassword(&w, "alice", answers("correct horse", "correct horse"), "en"); pw != "correct horse" || err != nil {
		t.Fatalf("same twice: %q %v", pw, err)
	}
	if !strings.Contains(w.String(), "New password for alice (8 to 256 bytes): \nThe same password again: \n") {
		t.Fatalf("prompts: %q", w.String())
	}
	if _, err := promptPassword(&w, "alice", answers("correct horse", "correct horsf"), "en"); err == nil || !strings.Contains(err.Error(), "differ") {
		t.Fatalf("a mismatch: %v", err)
	}
	// A refused password is refused at once, not asked again.
	if _, err := promptPassword(&w, "alice", answers("short"), "en"); err == nil || !strings.Contains(err.Error(), "8 to 256") {
		t.Fatalf("a short password: %v", err)
	}
	if _, err := promptPassword(&w, "alice", answers(), "en"); err == nil {
		t.Fatal("end of input accepted")
	}
}

func TestUsersHelp(t *testing.T) {
	root := NewRootCommand()
	users, _, err := root.Find([]string{"users"})
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range append(users.Commands(), users) {
		if cmd.Name() == "help" {
			continue
		}
		if cmd.Short == "" || cmd.Long == "" || cmd.Example == "" {
			t.Errorf("%s lacks Short, Long or Example", cmd.CommandPath())
		}
		out := mustRun(t, "", "users", cmd.Name(), "--help")
		if cmd == users {
			out = mustRun(t, "", "users", "--help")
		}
		if !strings.Contains(out, "Examples:") || !strings.Contains(out, "--db string") {
			t.Errorf("%s --help:\n%s", cmd.CommandPath(), out)
		}
	}
}

func TestUsersTokens(t *testing.T) {
	db := filepath.Join(t.TempDir(), "plateau.db")
	run := func(stdin string, args ...string) (string, string, int) {
		var out, errb strings.Builder
		code := Main(append(args, "--db", db), strings.NewReader(stdin), &out, &errb)
		return out.String(), errb.String(), code
	}
	if _, e, code := run("password1\n", "users", "add", "human"); code != 0 {
		t.Fatalf("add human: %s", e)
	}
	if out, e, code := run("", "users", "add", "robo", "--bot", "--owner", "HUMAN"); code != 0 || !strings.Contains(out, "owned by human") {
		t.Fatalf("add bot: %s %s", out, e)
	}
	if _, e, code := run("", "users", "add", "robo2", "--bot", "--owner", "nobody"); code == 0 || !strings.Contains(e, "no user nobody") {
		t.Errorf("a bot of nobody: %d %s", code, e)
	}
	if _, _, code := run("x\n", "users", "add", "person", "--owner", "human"); code != exitUsage {
		t.Errorf("--owner without --bot: %d", code)
	}
	out, e, code := run("", "users", "token", "add", "robo", "--label", "club engine")
	if code != 0 || !strings.Contains(out, "shown once") {
		t.Fatalf("token add: %d %s %s", code, out, e)
	}
	fields := strings.Fields(out)
	id := fields[1]
	token := strings.Split(out, "\n")[1]
	st, err := store.Open(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	u, err := st.(store.BotTokens).BotTokenUser(t.Context(), accounts.TokenHash(token))
	st.Close()
	if err != nil || u.Name != "robo" {
		t.Fatalf("the printed token: %v, %v", u, err)
	}
	if out, _, _ := run("", "users", "token", "list", "robo"); !strings.Contains(out, id) || !strings.Contains(out, "club engine") || strings.Contains(out, token) {
		t.Errorf("token list: %s", out)
	}
	if _, e, code := run("", "users", "token", "add", "human"); code == 0 || !strings.Contains(e, "not a bot") {
		t.Errorf("a token for a person: %d %s", code, e)
	}
	if _, e, code := run("", "users", "token", "revoke", "robo", "nope"); code == 0 || !strings.Contains(e, "has no token nope") {
		t.Errorf("revoke a missing token: %d %s", code, e)
	}
	if out, e, code := run("", "users", "token", "revoke", "robo", id); code != 0 || !strings.Contains(out, "revoked") {
		t.Fatalf("revoke: %d %s %s", code, out, e)
	}
	if out, _, _ := run("", "users", "token", "list", "robo"); !strings.Contains(out, "has no token") {
		t.Errorf("after revoking: %s", out)
	}
}

func TestBotCommandChecks(t *testing.T) {
	var out, errb strings.Builder
	code := Main([]string{"bot", "--server", "ftp://x", "--token", "t"}, strings.NewReader(""), &out, &errb)
	if code == 0 || !strings.Contains(errb.String(), "http(s)://host") {
		t.Errorf("a bad server: %d %s", code, errb.String())
	}
	errb.Reset()
	code = Main([]string{"bot", "--server", "http://127.0.0.1:1", "--token", "t", "--agent", "hard", "--", "prog"}, strings.NewReader(""), &out, &errb)
	if code != exitUsage || !strings.Contains(errb.String(), "not both") {
		t.Errorf("--agent and a program: %d %s", code, errb.String())
	}
	if got := quoteArgs([]string{"/bin/eng", "--name", "it's a b", ""}); got != `/bin/eng --name 'it'"'"'s a b' ''` {
		t.Errorf("quoteArgs: %s", got)
	}
}
