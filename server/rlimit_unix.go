//go:build unix

package server

import "syscall"

// openFileLimit is the soft limit of open files (RLIMIT_NOFILE).
func openFileLimit() (uint64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, false
	}
	return uint64(rl.Cur), true
}
