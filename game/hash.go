package game

// Mix64 scrambles x into a well-spread 64-bit hash (the SplitMix64
// finaliser). Games that pack a position exactly into an integer use it to
// turn that code into their Hash.
func Mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// HashKeys returns n pseudo-random 64-bit keys for Zobrist hashing, the same
// for a given seed on every machine and in every version, so that hashes are
// stable.
func HashKeys(seed uint64, n int) []uint64 {
	keys := make([]uint64, n)
	for i := range keys {
		seed += 0x9e3779b97f4a7c15
		keys[i] = Mix64(seed)
	}
	return keys
}
