package harness

import "testing"

func TestWarmHeapSize(t *testing.T) {
	for _, tt := range []struct {
		pct   int
		limit int64
		want  int64
	}{
		{400, 0, 20 << 20},
		{100, 0, 5 << 20},
		{-1, 0, 0},
		{400, 1 << 30, 20 << 20},
		{400, 100 << 20, 0},
	} {
		if got := warmHeapSize(tt.pct, tt.limit); got != tt.want {
			t.Errorf("warmHeapSize(%d, %d) = %d, want %d", tt.pct, tt.limit, got, tt.want)
		}
	}
}
