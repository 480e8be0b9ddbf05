package outputs

import (
	"fmt"
	"os"
	"path/filepath"
)

// maxLinks bounds the symbolic links ResolveLink follows, as the
// kernel's ELOOP does.
const maxLinks = 40

// ResolveLink is the file an output at path replaces: path itself, or,
// for a symbolic link, the file at the end of its chain of links, which
// may not exist yet (a link made to point where an output goes). A chain
// longer than maxLinks (a loop) is an error: renaming onto path would
// replace the link itself with a regular file.
func ResolveLink(path string) (string, error) {
	p := path
	for range maxLinks {
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			return p, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return "", fmt.Errorf("a loop of symbolic links (or a chain of more than %d): refusing to write through it", maxLinks)
}

// realPath is path made absolute, with the symbolic links of its
// longest existing prefix resolved: two names of one file that does not
// exist yet are told to be one.
func realPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	rest := ""
	for p := abs; ; p = filepath.Dir(p) {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(p) == p {
			return abs
		}
		rest = filepath.Join(filepath.Base(p), rest)
	}
}
