package compare

import (
	"fmt"
	"strings"
	"time"
)

// How durations and sizes are printed, alike in tables, errors and
// results-file notes.

// FormatDuration prints d with three significant digits: "812µs", "12.3ms".
func FormatDuration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0"
	case d < time.Microsecond:
		return fmt.Sprintf("%dns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.3gµs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.3gms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.3gs", d.Seconds())
}

// FormatBytes prints a byte count in binary units: "64MiB", "1.5GiB".
func FormatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d%s", int64(v), units[u])
	}
	return fmt.Sprintf("%.3g%s", v, units[u])
}

// Clip shortens s (trimmed) to at most n bytes, for a message.
func Clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		return s[:n]
	}
	return s
}
