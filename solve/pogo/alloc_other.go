//go:build !linux

package pogosolve

// bigArray returns n zeroed bytes and the function that releases them
// (nothing to do outside Linux, where they live on the Go heap).
func bigArray(n int) ([]byte, func()) {
	return make([]byte, n), func() {}
}
