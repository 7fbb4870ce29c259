package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/plateau-games/plateau/game"
)

// The language of the messages. Every command prints in the language of
// --lang; errors are built in both languages (game.Text, game.Errorf) and
// written in it by Main, and the errors of the libraries (flags, files)
// are translated by libraryErrorText.

// normLang turns a --lang value into "fr" or "en".
func normLang(s string) string {
	if strings.ToLower(strings.TrimSpace(s)) == "fr" {
		return "fr"
	}
	return "en"
}

// langOf is the language of cmd's run, from --lang (a persistent flag of
// the root, so every command has it once the flags are parsed).
func langOf(cmd *cobra.Command) string {
	if f := cmd.Flag("lang"); f != nil {
		return normLang(f.Value.String())
	}
	return "en"
}

// argsLang finds --lang in a command line, for the errors found before the
// flags are parsed (an unknown flag before --lang); ok is false when the
// command line does not give it.
func argsLang(args []string) (lang string, ok bool) {
	for i, arg := range args {
		if arg == "--" {
			break
		}
		if v, found := strings.CutPrefix(arg, "--lang="); found {
			lang, ok = normLang(v), true
		} else if arg == "--lang" && i+1 < len(args) {
			lang, ok = normLang(args[i+1]), true
		}
	}
	return lang, ok
}

// errorLang is the language in which Main writes the error of a run: the
// --lang of the command line, else the flag's value (its default).
func errorLang(cmd *cobra.Command, args []string) string {
	if lang, ok := argsLang(args); ok {
		return lang
	}
	if cmd != nil {
		return langOf(cmd)
	}
	return "en"
}

// errorText is err in lang, with the errors of the libraries translated.
func errorText(lang string, err error) string {
	if lang != "fr" {
		if text, ok := englishCobraText(err); ok {
			return text
		}
	}
	return game.ErrorTextWith(err, lang, libraryErrorText)
}

// usageErrorT is a usage error in both languages.
func usageErrorT(msg game.Text, args ...any) error {
	return &usageError{game.Errorf(msg, args...)}
}

// errorT is an error of a command in both languages.
func errorT(msg game.Text, args ...any) error {
	return game.Errorf(msg, args...)
}

// ErrorIn gives the usage error in lang.
func (e *usageError) ErrorIn(lang string) string { return errorText(lang, e.err) }

var (
	msgUsageHint      = game.Text{EN: "Run '%s --help' for usage.", FR: "Lancez '%s --help' pour voir l'aide."}
	msgUnknownFlag    = game.Text{EN: "unknown flag: --%s", FR: "option inconnue : --%s"}
	msgUnknownShort   = game.Text{EN: "unknown shorthand flag: %q in -%s", FR: "option courte inconnue : %q dans -%s"}
	msgFlagNeedsValue = game.Text{EN: "flag needs an argument: --%s", FR: "l'option --%s demande une valeur"}
	msgShortNeedsVal  = game.Text{EN: "flag needs an argument: %q in -%s", FR: "l'option %q de -%s demande une valeur"}
	msgBadFlagValue   = game.Text{EN: "invalid argument %q for %q flag: %s", FR: "valeur %q incorrecte pour l'option %q : %s"}
	msgBadFlagSyntax  = game.Text{EN: "bad flag syntax: %s", FR: "option mal écrite : %s"}
	msgNotANumber     = game.Text{EN: "not a number", FR: "ce n'est pas un nombre"}
	msgOutOfRange     = game.Text{EN: "out of range", FR: "nombre hors limites"}
	msgNotABool       = game.Text{EN: "not true or false", FR: "ni true ni false"}
	msgNotADuration   = game.Text{EN: "not a duration", FR: "ce n'est pas une durée (par exemple 500ms, 2s, 1m, 1h)"}
	msgNotAValue      = game.Text{EN: "not accepted", FR: "valeur refusée"}
)

// cobraErrors are the messages cobra writes with fmt.Errorf, which have
// no type to tell them by: their English form, as a pattern, and their
// French form, which takes the pattern's groups in order.
var cobraErrors = []struct {
	en *regexp.Regexp
	fr string
}{
	{regexp.MustCompile(`^required flag\(s\) (.*) not set$`), "il faut donner l'option %s"},
	{regexp.MustCompile(`^unknown command ("[^"]*") for ("[^"]*")$`), "commande inconnue %s pour %s"},
	{regexp.MustCompile(`^unknown command ("[^"]*") for ("[^"]*")\n\nDid you mean this\?\n\t(.*)\n$`), "commande inconnue %s pour %s ; vouliez-vous dire %s ?"},
	{regexp.MustCompile(`^invalid argument ("[^"]*") for ("[^"]*")$`), "argument incorrect %s pour %s"},
	{regexp.MustCompile(`^requires at least (\d+) arg\(s\), only received (\d+)$`), "nombre d'arguments : au moins %s, et non %s"},
	{regexp.MustCompile(`^accepts at most (\d+) arg\(s\), received (\d+)$`), "nombre d'arguments : au plus %s, et non %s"},
	{regexp.MustCompile(`^accepts (\d+) arg\(s\), received (\d+)$`), "nombre d'arguments : %s, et non %s"},
	{regexp.MustCompile(`^accepts between (\d+) and (\d+) arg\(s\), received (\d+)$`), "accepte de %s à %s arguments, en a reçu %s"},
}

// fileOps and fileErrnos name the operations and the usual failures of
// file errors (*fs.PathError).
var (
	fileOps = map[string]string{
		"open": "ouverture de", "read": "lecture de", "write": "écriture de", "close": "fermeture de",
		"stat": "lecture de", "lstat": "lecture de", "mkdir": "création du dossier", "remove": "suppression de",
		"rename": "renommage de", "create": "création de", "readdir": "lecture du dossier",
	}
	fileErrnos = map[syscall.Errno]string{
		syscall.ENOENT:  "fichier ou dossier introuvable",
		syscall.EACCES:  "permission refusée",
		syscall.EPERM:   "opération non permise",
		syscall.EISDIR:  "c'est un dossier",
		syscall.ENOTDIR: "ce n'est pas un dossier",
		syscall.EEXIST:  "le fichier existe déjà",
		syscall.ENOSPC:  "plus de place sur le disque",
		syscall.EROFS:   "système de fichiers en lecture seule",

		syscall.EADDRINUSE:    "adresse déjà utilisée",
		syscall.EADDRNOTAVAIL: "adresse non disponible sur cette machine",
		syscall.ECONNREFUSED:  "connexion refusée",
		syscall.ETIMEDOUT:     "délai dépassé",
	}
	netOps      = map[string]string{"listen": "écoute sur", "dial": "connexion à", "read": "lecture depuis", "write": "écriture vers"}
	netAddrErrs = map[string]string{
		"invalid port":               "port incorrect",
		"missing port in address":    "port manquant dans l'adresse",
		"too many colons in address": "trop de deux-points dans l'adresse",
		"no such host":               "hôte inconnu",
		"unknown port":               "port inconnu",
	}
)

// libraryErrorText translates the errors of the libraries the commands use
// (game.Translator): the flag errors of pflag and cobra, and file errors.
func libraryErrorText(err error, lang string) (string, bool) {
	if lang != "fr" {
		return "", false
	}
	switch e := err.(type) {
	case *pflag.NotExistError:
		switch {
		case strings.HasPrefix(e.Error(), "unknown shorthand flag") && e.GetSpecifiedName() != "":
			return tr(lang, msgUnknownShort, rune(e.GetSpecifiedName()[0]), e.GetSpecifiedShortnames()), true
		case strings.HasPrefix(e.Error(), "unknown flag"):
			return tr(lang, msgUnknownFlag, e.GetSpecifiedName()), true
		}
	case *pflag.ValueRequiredError:
		if short := e.GetSpecifiedShortnames(); short != "" && e.GetSpecifiedName() != "" {
			return tr(lang, msgShortNeedsVal, rune(e.GetSpecifiedName()[0]), short), true
		}
		return tr(lang, msgFlagNeedsValue, e.GetSpecifiedName()), true
	case *pflag.InvalidValueError:
		name := "--" + e.GetFlag().Name
		why := msgNotAValue
		cause := e.Unwrap()
		var num *strconv.NumError
		switch {
		case errors.As(cause, &num) && errors.Is(num.Err, strconv.ErrRange):
			why = msgOutOfRange
		case errors.As(cause, &num) && num.Func == "ParseBool":
			why = msgNotABool
		case errors.As(cause, &num):
			why = msgNotANumber
		case cause != nil && strings.HasPrefix(cause.Error(), "time: "):
			why = msgNotADuration
		case cause != nil && game.IsLocalized(cause):
			return tr(lang, msgBadFlagValue, e.GetValue(), name, errorText(lang, cause)), true
		}
		return tr(lang, msgBadFlagValue, e.GetValue(), name, why.In(lang)), true
	case *pflag.InvalidSyntaxError:
		return tr(lang, msgBadFlagSyntax, e.GetSpecifiedFlag()), true
	case *net.OpError:
		op, ok := netOps[e.Op]
		if !ok {
			return "", false
		}
		where := ""
		if e.Addr != nil {
			where = " " + e.Addr.String()
		} else {
			op = strings.Fields(op)[0] // "écoute", without "sur"
		}
		why := e.Err.Error()
		var errno syscall.Errno
		var addr *net.AddrError
		switch {
		case errors.As(e.Err, &errno) && fileErrnos[errno] != "":
			why = fileErrnos[errno]
		case errors.As(e.Err, &addr) && netAddrErrs[addr.Err] != "":
			why = fmt.Sprintf("adresse %s : %s", addr.Addr, netAddrErrs[addr.Err])
		}
		return fmt.Sprintf("%s%s : %s", op, where, why), true
	case *fs.PathError:
		op, ok := fileOps[e.Op]
		if !ok {
			return "", false
		}
		why := e.Err.Error()
		var errno syscall.Errno
		if errors.As(e.Err, &errno) {
			if fr, ok := fileErrnos[errno]; ok {
				why = fr
			}
		}
		return fmt.Sprintf("%s %s : %s", op, e.Path, why), true
	}
	text := err.Error()
	for _, c := range cobraErrors {
		if m := c.en.FindStringSubmatch(text); m != nil {
			args := make([]any, len(m)-1)
			for i, g := range m[1:] {
				args[i] = g
			}
			return fmt.Sprintf(c.fr, args...), true
		}
	}
	return "", false
}

// orList joins words with "or" in both languages: "pogo or pods", and in
// French "'pogo' ou 'pods'" (the words are commands to type).
func orList(words []string) game.Text {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = "'" + w + "'"
	}
	return game.Text{EN: strings.Join(words, msgOr.EN), FR: strings.Join(quoted, msgOr.FR)}
}

// argName is a positional argument named in a usage error (argsGame) in
// both languages.
func argName(name string) game.Text {
	switch name {
	case "DEPTH":
		return msgArgDepth
	}
	return game.Text{EN: name, FR: name}
}

// cobraPlurals are cobra's English messages written with "(s)": the
// pattern, and the words for one and for more.
var cobraPlurals = []struct {
	en        *regexp.Regexp
	one, many string
}{
	{regexp.MustCompile(`^required flag\(s\) (.*) not set$`), "required flag %s not set", "required flags %s not set"},
	{regexp.MustCompile(`^requires at least (\d+) arg\(s\), only received (\d+)$`), "requires at least %s argument, only received %s", "requires at least %s arguments, only received %s"},
	{regexp.MustCompile(`^accepts at most (\d+) arg\(s\), received (\d+)$`), "accepts at most %s argument, received %s", "accepts at most %s arguments, received %s"},
	{regexp.MustCompile(`^accepts (\d+) arg\(s\), received (\d+)$`), "accepts %s argument, received %s", "accepts %s arguments, received %s"},
}

// englishCobraText writes cobra's "(s)" messages with the right plural.
func englishCobraText(err error) (string, bool) {
	text := err.Error()
	for _, c := range cobraPlurals {
		m := c.en.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		form := c.many
		if m[1] == "1" || (!strings.Contains(m[1], ",") && strings.Count(m[1], `"`) <= 2 && !isDigits(m[1])) {
			form = c.one
		}
		args := make([]any, len(m)-1)
		for i, g := range m[1:] {
			args[i] = g
		}
		return fmt.Sprintf(form, args...), true
	}
	return "", false
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
