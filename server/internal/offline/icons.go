package offline

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"sync"
)

// The icon: a board of three by three squares holding a red and a blue
// piece, on the header's dark colour, its content inside the middle 60 %
// so that a launcher's mask (circle, squircle) never cuts it ("maskable").
// static/icon.svg is the same drawing; PNGs are drawn here, once, for the
// browsers and launchers that want them.
var (
	iconDark  = color.NRGBA{0x3b, 0x3a, 0x36, 0xff}
	iconLight = color.NRGBA{0xfa, 0xf8, 0xf3, 0xff}
	iconTan   = color.NRGBA{0xd9, 0xcc, 0xae, 0xff}
	iconRed   = color.NRGBA{0xa8, 0x32, 0x2d, 0xff}
	iconBlue  = color.NRGBA{0x23, 0x44, 0x6b, 0xff}
)

// iconAt is the icon's colour at (x, y), both from 0 to 1.
func iconAt(x, y float64) color.NRGBA {
	const lo, cell = 0.2, 0.2
	in := func(cx, cy, r float64) bool { return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r }
	switch {
	case in(0.3, 0.3, 0.075):
		return iconRed
	case in(0.7, 0.7, 0.075):
		return iconBlue
	case x >= lo && x < lo+3*cell && y >= lo && y < lo+3*cell:
		if (int((x-lo)/cell)+int((y-lo)/cell))%2 == 0 {
			return iconLight
		}
		return iconTan
	}
	return iconDark
}

// drawIcon draws the icon size pixels wide, each pixel the mean of 4×4
// samples (smooth edges).
func drawIcon(size int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const n = 4
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b int
			for sy := 0; sy < n; sy++ {
				for sx := 0; sx < n; sx++ {
					c := iconAt((float64(px)+(float64(sx)+0.5)/n)/float64(size), (float64(py)+(float64(sy)+0.5)/n)/float64(size))
					r, g, b = r+int(c.R), g+int(c.G), b+int(c.B)
				}
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(r / (n * n)), uint8(g / (n * n)), uint8(b / (n * n)), 0xff})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic("offline: encoding the icon: " + err.Error()) // an in-memory image: cannot fail
	}
	return buf.Bytes()
}

// iconSizes are the PNG icons served, by file name.
var iconSizes = map[string]int{"icon-192.png": 192, "icon-512.png": 512}

var (
	iconMu  sync.Mutex
	iconPNG = map[string][]byte{}
)

// Icon serves GET /icons/{name}: the PNG icons of the manifest, drawn on
// first use.
func (o *Offline) Icon(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	size, ok := iconSizes[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	iconMu.Lock()
	b := iconPNG[name]
	if b == nil {
		b = drawIcon(size)
		iconPNG[name] = b
	}
	iconMu.Unlock()
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", "public, max-age=86400")
	w.Write(b)
}
