package instances

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed sets
var setFS embed.FS

// Set is one bundled instance file: puzzle "slant", name "ladder", path
// "sets/slant/ladder.txt" inside the embedded tree.
type Set struct {
	Puzzle string
	Name   string
	Path   string
}

// String is how sets are named on the command line: "slant/ladder".
func (s Set) String() string { return s.Puzzle + "/" + s.Name }

// Sets lists the bundled sets of puzzle ("" for every puzzle), sorted.
func Sets(puzzle string) []Set {
	var out []Set
	fs.WalkDir(setFS, "sets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".txt") {
			return nil
		}
		parts := strings.Split(p, "/") // sets/PUZZLE/NAME.txt
		if len(parts) != 3 || (puzzle != "" && parts[1] != puzzle) {
			return nil
		}
		out = append(out, Set{Puzzle: parts[1], Name: strings.TrimSuffix(parts[2], ".txt"), Path: p})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// FindSet resolves name ("ladder" or "slant/ladder") among puzzle's
// bundled sets.
func FindSet(puzzle, name string) (Set, bool) {
	name = strings.TrimSuffix(name, ".txt")
	if p, n, ok := strings.Cut(name, "/"); ok {
		if p != puzzle {
			return Set{}, false
		}
		name = n
	}
	for _, s := range Sets(puzzle) {
		if s.Name == name {
			return s, true
		}
	}
	return Set{}, false
}

// ReadSet returns a bundled set's bytes; path is Set.Path.
func ReadSet(p string) ([]byte, error) {
	b, err := setFS.ReadFile(path.Clean(p))
	if err != nil {
		return nil, fmt.Errorf("bundled set %s: %w", p, err)
	}
	return b, nil
}
