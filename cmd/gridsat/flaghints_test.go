package main

import "testing"

// TestFlagHints: a flag cobra refuses gets a hint: another tool's name
// for a flag, a misspelling, one dash for two, a duration without a unit,
// a value given to a switch. Each is still exit 2 on one line.
func TestFlagHints(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"compare", "queens", "--runs", "3"}, "gridsat calls it --repeat"},
		{[]string{"compare", "queens", "--repaet", "3"}, "did you mean --repeat?"},
		{[]string{"gen", "queens", "--sed", "3"}, "did you mean --seed?"},
		{[]string{"compare", "queens", "--time-limit", "3s"}, "gridsat calls it --timeout"},
		{[]string{"solve", "queens", "-solver", "dfs"}, "did you mean --solver (two dashes)?"},
		{[]string{"compare", "queens", "--timeout", "5"}, "did you mean --timeout 5s?"},
		{[]string{"compare", "queens", "--timeout", "5x"}, "durations take a unit"},
		{[]string{"sets", "--cat=slant/sample"}, "--cat takes no value: gridsat sets --cat slant/sample"},
		{[]string{"report", "--nosuchflagatall"}, "'gridsat report -h' lists its flags"},
	} {
		usageError(t, "", tc.want, tc.args...)
	}
}

// TestEditDistance pins the distance the suggestions use.
func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"repeat", "repeat", 0}, {"repaet", "repeat", 2}, {"sed", "seed", 1}, {"", "abc", 3}, {"kitten", "sitting", 3}} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
