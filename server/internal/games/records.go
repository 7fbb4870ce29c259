package games

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/web"
)

// Game records from visitors (an upload or a pasted text), and positions
// replayed from a match for the drawings.

// MaxRecordBytes bounds an uploaded game record; the longest games of the
// catalogue write a few tens of kilobytes.
const MaxRecordBytes = 1 << 20

// ReadRecord reads a record from an upload (file field "file", or the
// text field "record").
func ReadRecord(w http.ResponseWriter, r *http.Request) (*record.Record, string, error) {
	r.Body = http.MaxBytesReader(w, r.Body, MaxRecordBytes+64<<10)
	if err := r.ParseMultipartForm(MaxRecordBytes); err != nil && !errors.Is(err, http.ErrNotMultipart) {
		return nil, "", fmt.Errorf("reading the upload: %w", err)
	}
	text := r.FormValue("record")
	if f, _, err := r.FormFile("file"); err == nil {
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, MaxRecordBytes+1))
		if err != nil {
			return nil, "", err
		}
		if len(b) > MaxRecordBytes {
			return nil, "", fmt.Errorf("the record is larger than %d bytes", MaxRecordBytes)
		}
		if len(bytes.TrimSpace(b)) > 0 {
			text = string(b)
		}
	}
	if strings.TrimSpace(text) == "" {
		return nil, "", errors.New("no record: choose a file or paste a record")
	}
	rec, err := record.Parse(strings.NewReader(text))
	if err != nil {
		return nil, text, err // the text goes back with the error, to correct
	}
	return rec, text, nil
}

// PositionWithLast replays the first ply moves of m and returns the
// position and the places of its last move (none at the start), for the
// drawing's last-move mark.
func PositionWithLast(m *game.Match, ply int, draw web.Renderer) (game.State, []string, error) {
	if ply == 0 {
		return m.Start(), nil, nil
	}
	before, err := PositionAt(m, ply-1)
	if err != nil {
		return nil, nil, err
	}
	after := before.Clone()
	mv, err := after.ParseMove(m.Notations()[ply-1])
	if err != nil {
		return nil, nil, err
	}
	last := draw.Places(before, mv)
	after.Apply(mv)
	return after, last, nil
}

// PlyParam reads ?ply= (or the ply form field); a missing one means the
// last position.
func PlyParam(r *http.Request, last int) (int, error) {
	text := r.FormValue("ply")
	if text == "" {
		return last, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 || n > last {
		return 0, fmt.Errorf("ply %q: a number from 0 to %d", text, last)
	}
	return n, nil
}

// WriteSVG draws m's position at the ply asked for (?ply=, default the
// last) as SVG.
func WriteSVG(w http.ResponseWriter, r *http.Request, m *game.Match, draw web.Renderer, internalError func(w http.ResponseWriter, r *http.Request, what string, err error)) {
	ply, err := PlyParam(r, len(m.Notations()))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s, last, err := PositionWithLast(m, ply, draw)
	if err != nil {
		internalError(w, r, "replay", err)
		return
	}
	svg, err := draw.SVG(s, render.Options{Lang: web.NormLang(r.FormValue("lang")), LastMove: last, Flip: r.FormValue("flip") == "1"})
	if err != nil {
		internalError(w, r, "draw", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(svg)
}
