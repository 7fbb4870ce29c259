package game

import (
	"sort"
	"strconv"
	"strings"
)

// Options are a game's options by name, as given with `--opt name=value`.
type Options map[string]string

// ParseOptions reads "name=value" items, as given on the command line, or
// one string of them separated by spaces or commas (the form records use).
func ParseOptions(items ...string) (Options, error) {
	opts := Options{}
	for _, item := range items {
		for _, kv := range strings.FieldsFunc(item, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			k, v, ok := strings.Cut(kv, "=")
			k = strings.ToLower(strings.TrimSpace(k))
			if !ok || k == "" {
				return nil, Errorf(Text{EN: "option %q is not of the form name=value (for example players=3)", FR: "l'option %q n'est pas de la forme nom=valeur (par exemple players=3)"}, kv)
			}
			if _, dup := opts[k]; dup {
				return nil, Errorf(Text{EN: "option %q is given twice", FR: "l'option %q est donnée deux fois"}, k)
			}
			opts[k] = strings.TrimSpace(v)
		}
	}
	return opts, nil
}

// String gives the options sorted by name as "a=1 b=2", the form records use.
func (o Options) String() string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + o[k]
	}
	return strings.Join(parts, " ")
}

// Int reads an integer option in [min, max], or def when it is absent.
func (o Options) Int(name string, def, min, max int) (int, error) {
	s, ok := o[name]
	if !ok || s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < min || n > max {
		return 0, Errorf(Text{EN: "option %s=%q must be a whole number from %d to %d", FR: "l'option %s=%q doit être un nombre entier de %d à %d"}, name, s, min, max)
	}
	return n, nil
}

// Bool reads a true/false option, or def when it is absent.
func (o Options) Bool(name string, def bool) (bool, error) {
	s, ok := o[name]
	if !ok || s == "" {
		return def, nil
	}
	switch strings.ToLower(s) {
	case "true", "yes", "1", "on", "oui", "vrai":
		return true, nil
	case "false", "no", "0", "off", "non", "faux":
		return false, nil
	}
	return false, Errorf(Text{EN: "option %s=%q must be true or false", FR: "l'option %s=%q doit valoir true ou false (oui ou non)"}, name, s)
}

// Seed reads the seed option as an unsigned number; ok is false when absent.
func (o Options) Seed() (seed uint64, ok bool, err error) {
	s, present := o["seed"]
	if !present || s == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, false, Errorf(Text{EN: "option seed=%q must be a whole number from 0 to %d", FR: "l'option seed=%q doit être un nombre entier de 0 à %d"}, s, uint64(1<<64-1))
	}
	return n, true, nil
}
