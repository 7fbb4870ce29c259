//go:build unix

package cli

import "syscall"

// raiseOpenFileLimit raises the soft limit of open files to the hard one:
// every WebSocket holds a file.
func raiseOpenFileLimit() error {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return err
	}
	if rl.Cur >= rl.Max {
		return nil
	}
	rl.Cur = rl.Max
	return syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl)
}
