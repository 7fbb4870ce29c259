//go:build !unix

package loadtest

import "time"

func raiseFileLimit() (limit uint64, raised bool, err error) { return 0, false, nil }

func cpuTime() time.Duration { return 0 }
