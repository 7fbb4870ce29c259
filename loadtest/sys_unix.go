//go:build unix

package loadtest

import (
	"syscall"
	"time"
)

// raiseFileLimit raises the soft limit of open files to the hard limit
// (every WebSocket is a file) and gives the limit now in force.
func raiseFileLimit() (limit uint64, raised bool, err error) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, false, err
	}
	if rl.Cur >= rl.Max {
		return uint64(rl.Cur), false, nil
	}
	want := rl
	want.Cur = rl.Max
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
		return uint64(rl.Cur), false, err
	}
	return uint64(want.Cur), true, nil
}

// cpuTime is the CPU time this process used so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
