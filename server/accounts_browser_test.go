package server

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// Two people sign up in their own browsers, one in French at a phone's
// width, one in English on a laptop; one logs out and in again. The
// screenshots show the forms, an error and the header once logged in.
func TestBrowserSignupLogin(t *testing.T) {
	browser := startBrowser(t)
	_, ts, st := accountServer(t, Config{})
	for _, p := range []struct {
		name, lang string
		w, h       int64
	}{{"Zoe", "fr", 390, 844}, {"Bruno", "en", 1366, 768}} {
		w := window(t, browser)
		do(t, w, "home", chromedp.EmulateViewport(p.w, p.h), chromedp.Navigate(ts.URL+"/?lang="+p.lang),
			chromedp.WaitVisible(chromedp.CSS(`#signuplink`)))
		do(t, w, "signup page", chromedp.Click(chromedp.CSS(`#signuplink`)), chromedp.WaitVisible(chromedp.CSS(`#accountform`)))
		// Two different passwords first: the page says so and keeps the name.
		do(t, w, "mismatch",
			chromedp.SendKeys(chromedp.CSS(`#name`), p.name),
			chromedp.SendKeys(chromedp.CSS(`#password`), "first password"),
			chromedp.SendKeys(chromedp.CSS(`#password2`), "other password"),
			chromedp.Click(chromedp.CSS(`#submit`)),
			chromedp.WaitVisible(chromedp.CSS(`#formerror`)))
		screenshot(t, w, "signup-error-"+p.lang)
		if got := eval[string](t, w, `document.getElementById('name').value`); got != p.name {
			t.Errorf("the name after an error: %q", got)
		}
		do(t, w, "signup",
			chromedp.SendKeys(chromedp.CSS(`#password`), "first password"),
			chromedp.SendKeys(chromedp.CSS(`#password2`), "first password"),
			chromedp.Click(chromedp.CSS(`#submit`)))
		waitJS(t, w, "logged in", `!!document.getElementById('account') && document.getElementById('account').textContent === '`+p.name+`'`)
		screenshot(t, w, "signed-up-"+p.lang)
		if _, err := st.LoadUser(t.Context(), p.name); err != nil {
			t.Fatalf("%s is not stored: %v", p.name, err)
		}
		do(t, w, "log out", chromedp.Click(chromedp.CSS(`#logout`)), chromedp.WaitVisible(chromedp.CSS(`#loginlink`)))
		do(t, w, "login page", chromedp.Click(chromedp.CSS(`#loginlink`)), chromedp.WaitVisible(chromedp.CSS(`#accountform`)))
		do(t, w, "wrong password",
			chromedp.SendKeys(chromedp.CSS(`#name`), p.name),
			chromedp.SendKeys(chromedp.CSS(`#password`), "not it"),
			chromedp.Click(chromedp.CSS(`#submit`)),
			chromedp.WaitVisible(chromedp.CSS(`#formerror`)))
		screenshot(t, w, "login-error-"+p.lang)
		do(t, w, "log in",
			chromedp.SetValue(chromedp.CSS(`#password`), "first password"),
			chromedp.Click(chromedp.CSS(`#submit`)))
		waitJS(t, w, "logged in again", `!!document.getElementById('account')`)
		screenshot(t, w, "logged-in-"+p.lang)
	}
}
