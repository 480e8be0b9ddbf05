package compare

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// How durations and sizes are printed, alike in tables, errors and
// results-file notes.

// FormatDuration prints d with three significant digits below a minute
// ("812µs", "12.3ms", "59.9s") and in whole units above ("1m0s", "25m12s",
// "2h5m", "3d4h"), never in e-notation: a value that rounds up to the next
// unit's 1000 (or 60, or 24) is printed in that unit.
func FormatDuration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0"
	case d < time.Microsecond:
		return fmt.Sprintf("%dns", d.Nanoseconds())
	}
	for _, u := range []struct {
		unit time.Duration
		name string
	}{{time.Microsecond, "µs"}, {time.Millisecond, "ms"}, {time.Second, "s"}} {
		next := 1000 * u.unit
		if u.unit == time.Second {
			next = time.Minute
		}
		if v := strconv.FormatFloat(float64(d)/float64(u.unit), 'g', 3, 64); d < next && !strings.ContainsRune(v, 'e') {
			if f, _ := strconv.ParseFloat(v, 64); f < float64(next/u.unit) {
				return v + u.name
			}
		}
	}
	switch r := d.Round(time.Second); {
	case r < time.Hour:
		return fmt.Sprintf("%dm%ds", r/time.Minute, r%time.Minute/time.Second)
	case d.Round(time.Minute) < 24*time.Hour:
		r = d.Round(time.Minute)
		return fmt.Sprintf("%dh%dm", r/time.Hour, r%time.Hour/time.Minute)
	default:
		r = d.Round(time.Hour)
		return fmt.Sprintf("%dd%dh", r/(24*time.Hour), r%(24*time.Hour)/time.Hour)
	}
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

// Count is n and noun, the noun plural unless n is 1: "1 run", "2 runs",
// "0 cases". noun is the singular; a plural not made by adding "s" is
// given after a "|": Count(2, "body|bodies").
func Count(n int, noun string) string {
	one, many, irregular := strings.Cut(noun, "|")
	if !irregular {
		many = one + "s"
	}
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
