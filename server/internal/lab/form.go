package lab

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/analysis"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Levels are the computer levels a run may use, weakest first: the
// deterministic ones (max is timed, so its games would depend on the
// machine). A form names one of them, never a program.
var Levels = []string{"random", "easy", "medium", "hard"}

// DefaultLevel is the level the form proposes.
const DefaultLevel = "hard"

// openings is the number of random plies that start each game, as
// plateau lab's default: without them a level plays the same game again.
const openings = 2

// levelAgent is the agent spec of a level of Levels.
func levelAgent(level string) string { return level }

// optionChoice is an option of the form: its values in words, the
// usual one ticked.
type optionChoice struct {
	Name, Label, Doc string
	Reading          bool
	Values           []valueChoice
}

type valueChoice struct {
	Value, Label string
	Usual        bool
	Checked      bool
}

// labOptions are the options of g a run may vary: those with a list of
// values (a free value, such as a start position, is not compared here;
// the seed of a game's random layout neither).
func labOptions(g *game.Game, lang string, checked map[string][]string) []optionChoice {
	var out []optionChoice
	for _, o := range g.Options {
		if len(o.Values) < 2 || o.Name == "seed" {
			continue
		}
		c := optionChoice{Name: o.Name, Label: web.T(lang, "optname:"+o.Name), Doc: withoutValueCodes(o.Doc.In(lang), o.Values), Reading: game.IsReading(o.Name)}
		if !web.Has("optname:" + o.Name) {
			c.Label = o.Name
		}
		for _, v := range o.Values {
			vc := valueChoice{Value: v, Label: valueWords(o.Name, v, lang), Usual: v == o.Default}
			if vc.Usual && c.Reading {
				vc.Label = fmt.Sprintf(web.T(lang, "lab:usual"), vc.Label)
			} else if vc.Usual {
				vc.Label = fmt.Sprintf(web.T(lang, "lab:default"), vc.Label)
			}
			if sel, ok := checked[o.Name]; ok {
				vc.Checked = slices.Contains(sel, v)
			} else {
				vc.Checked = vc.Usual
			}
			c.Values = append(c.Values, vc)
		}
		out = append(out, c)
	}
	// The readings of the rules first: what the lab is for.
	slices.SortStableFunc(out, func(a, b optionChoice) int {
		switch {
		case a.Reading == b.Reading:
			return 0
		case a.Reading:
			return -1
		}
		return 1
	})
	return out
}

// valueCode is a parenthesised option value in an option's description,
// "(far)" or "(own-left: North on h11)": the rules packages' docs name
// the values for the command line; the form shows each value in words
// beside its box (as the new game form does, catalog/readings_form.go).
var valueCode = regexp.MustCompile(`\s*\(([a-z0-9-]+)(\s?:[^)]*)?\)`)

func withoutValueCodes(doc string, values []string) string {
	return valueCode.ReplaceAllStringFunc(doc, func(m string) string {
		if sub := valueCode.FindStringSubmatch(m); sub != nil && slices.Contains(values, sub[1]) {
			return ""
		}
		return m
	})
}

// valueWords is an option's value in words.
func valueWords(name, value, lang string) string {
	w := games.OptionsText(name+"="+value, lang)
	if w == "" {
		w = web.T(lang, "no") // a false flag reads as nothing
	}
	return w
}

// runForm is what a new run's form asked, checked.
type runForm struct {
	Game     *game.Game
	Readings []store.LabReading
	Games    int
	Level    string
	Seed     uint64
}

// formError is a refusal of the form, in the visitor's language.
type formError struct{ msg string }

func (e *formError) Error() string { return e.msg }

func refuse(lang, key string, args ...any) error {
	return &formError{fmt.Sprintf(web.T(lang, key), args...)}
}

// parseRunForm reads a new run's form: the game, for each of its options
// the values ticked (opt.NAME, several), the games per reading, the level
// and an optional seed. Everything is checked against the game's own
// lists and the operator's bounds: nothing typed reaches a program.
func (l *Lab) parseRunForm(form url.Values, lang string) (*runForm, error) {
	g, err := game.Lookup(form.Get("game"))
	if err != nil {
		return nil, refuse(lang, "lab:nogame", form.Get("game"))
	}
	f := &runForm{Game: g}
	offered := map[string]bool{}
	base := game.Options{}
	var varies []analysis.Vary
	for _, o := range labOptions(g, lang, nil) {
		offered[o.Name] = true
		vals := form["opt."+o.Name] // bounded by the body's 64 KiB
		seen := map[string]bool{}
		var picked []string
		for _, v := range vals {
			if !slices.ContainsFunc(o.Values, func(c valueChoice) bool { return c.Value == v }) {
				return nil, refuse(lang, "lab:badvalue", web.CleanText(v, 40), o.Label)
			}
			if !seen[v] {
				seen[v] = true
				picked = append(picked, v)
			}
		}
		switch len(picked) {
		case 0: // the usual value
		case 1:
			base[o.Name] = picked[0]
		default:
			varies = append(varies, analysis.Vary{Option: o.Name, Values: picked})
		}
	}
	for k := range form {
		if name, ok := strings.CutPrefix(k, "opt."); ok && !offered[name] {
			return nil, refuse(lang, "lab:nooption", g.Name.In(lang), web.CleanText(name, 40))
		}
	}
	total := 1
	for _, vr := range varies {
		total *= len(vr.Values)
	}
	if total > l.cfg.MaxReadings {
		return nil, refuse(lang, "lab:toomanyreadings", total, l.cfg.MaxReadings)
	}
	readings, err := analysis.Readings(g.ID, base, varies)
	if err != nil {
		return nil, &formError{game.ErrorText(err, lang)}
	}
	for _, r := range readings {
		opts := game.Options{}
		for k, v := range base {
			opts[k] = v
		}
		for _, part := range strings.Fields(r.Label) {
			if k, v, ok := strings.Cut(part, "="); ok && offered[k] {
				opts[k] = v
			}
		}
		f.Readings = append(f.Readings, store.LabReading{Label: r.Label, Options: opts.String()})
	}
	maxPer := l.cfg.MaxGames / len(f.Readings)
	n, err := strconv.Atoi(strings.TrimSpace(form.Get("games")))
	if err != nil || n < 1 {
		return nil, refuse(lang, "lab:badgames", max(1, maxPer))
	}
	if n*len(f.Readings) > l.cfg.MaxGames {
		return nil, refuse(lang, "lab:toomanygames", n*len(f.Readings), len(f.Readings), n, l.cfg.MaxGames)
	}
	f.Games = n
	f.Level = form.Get("level")
	if f.Level == "" {
		f.Level = DefaultLevel
	}
	if !slices.Contains(Levels, f.Level) {
		var words []string
		for _, lv := range Levels {
			words = append(words, games.LevelText(lv, lang))
		}
		return nil, refuse(lang, "lab:badlevel", web.CleanText(f.Level, 40), strings.Join(words, ", "))
	}
	if s := strings.TrimSpace(form.Get("seed")); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return nil, refuse(lang, "lab:badseed")
		}
		f.Seed = seed
	} else {
		var b [8]byte
		rand.Read(b[:])
		f.Seed = binary.LittleEndian.Uint64(b[:]) >> 11 // short enough to copy
	}
	return f, nil
}

// newRunID is a run's public id: 10 random base32 characters.
func newRunID() string {
	var b [8]byte
	rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))[:10]
}

// readingWords says a reading in words: each varied option's name and
// value, "King's throne: near throne"; the usual game when nothing
// varies.
func readingWords(g *game.Game, r store.LabReading, lang string) string {
	var parts []string
	for _, part := range strings.Fields(r.Label) {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		name := k
		if web.Has("optname:" + k) {
			name = web.T(lang, "optname:"+k)
		}
		parts = append(parts, fmt.Sprintf(web.T(lang, "lab:optvalue"), name, valueWords(k, v, lang)))
	}
	if len(parts) == 0 {
		if r.Options == "" {
			return web.T(lang, "lab:usualgame")
		}
		return games.OptionsText(r.Options, lang)
	}
	return strings.Join(parts, web.T(lang, "lab:sep"))
}
