package instances

import (
	"fmt"
	"io"
	"os"
)

// ReadFile parses the file at path with parse (ParseSlant, ParseQueens,
// ParseChain), naming the file in errors. A file that cannot be opened
// gives an error wrapping the os error (errors.Is(err, fs.ErrNotExist)
// holds for a missing one).
func ReadFile[T any](path string, parse func(file string, r io.Reader) ([]T, error)) ([]T, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer fh.Close()
	return parse(path, fh)
}
