package compare

import (
	"strings"
	"testing"
	"time"
)

// TestFormatDuration pins the printing of durations at each unit's
// boundary, up to days: three significant digits below a minute, whole
// units above, and never e-notation.
func TestFormatDuration(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0"},
		{-time.Second, "0"},
		{1, "1ns"},
		{999, "999ns"},
		{time.Microsecond, "1µs"},
		{1234 * time.Nanosecond, "1.23µs"},
		{812 * time.Microsecond, "812µs"},
		{999_400 * time.Nanosecond, "999µs"},
		{999_500 * time.Nanosecond, "1ms"},
		{999_999 * time.Nanosecond, "1ms"},
		{time.Millisecond, "1ms"},
		{12_345 * time.Microsecond, "12.3ms"},
		{999_499 * time.Microsecond, "999ms"},
		{999_500 * time.Microsecond, "1s"},
		{time.Second, "1s"},
		{1510 * time.Millisecond, "1.51s"},
		{59_940 * time.Millisecond, "59.9s"},
		{59_950 * time.Millisecond, "1m0s"},
		{time.Minute, "1m0s"},
		{25*time.Minute + 12*time.Second, "25m12s"},
		{59*time.Minute + 59*time.Second + 600*time.Millisecond, "1h0m"},
		{time.Hour, "1h0m"},
		{2*time.Hour + 5*time.Minute, "2h5m"},
		{23*time.Hour + 59*time.Minute + 40*time.Second, "1d0h"},
		{24 * time.Hour, "1d0h"},
		{76 * time.Hour, "3d4h"},
		{time.Duration(1<<63 - 1), "106751d23h"},
	} {
		got := FormatDuration(tc.d)
		if got != tc.want {
			t.Errorf("FormatDuration(%d) = %q, want %q", int64(tc.d), got, tc.want)
		}
		if strings.ContainsAny(got, "e+") {
			t.Errorf("FormatDuration(%d) = %q: e-notation", int64(tc.d), got)
		}
	}
}

// TestFormatDurationNoENotation walks durations on a geometric grid from
// 1ns to 100 days and finds no e-notation and no "1000" of a unit.
func TestFormatDurationNoENotation(t *testing.T) {
	for d := time.Duration(1); d < 100*24*time.Hour; d += d/97 + 1 {
		got := FormatDuration(d)
		if strings.ContainsAny(got, "e+") || strings.HasPrefix(got, "1000") || strings.HasPrefix(got, "60s") || strings.HasPrefix(got, "60m") || strings.HasPrefix(got, "24h") {
			t.Fatalf("FormatDuration(%d) = %q", int64(d), got)
		}
	}
}

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{{0, "run", "0 runs"}, {1, "run", "1 run"}, {2, "case", "2 cases"}, {1, "body|bodies", "1 body"}, {3, "body|bodies", "3 bodies"}, {-1, "pair", "-1 pairs"}} {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}
