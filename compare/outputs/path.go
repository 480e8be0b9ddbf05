package outputs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// separators are the characters that separate names in a path here.
const separators = "/" + string(filepath.Separator)

// maxLinks bounds the symbolic links ResolveLink follows, as the
// kernel's ELOOP does.
const maxLinks = 40

// ResolveLink is the file an output at path replaces: path itself, or,
// for a symbolic link, the file at the end of its chain of links, which
// may not exist yet (a link made to point where an output goes). A chain
// longer than maxLinks (a loop) is an error: renaming onto path would
// replace the link itself with a regular file.
//
// A link's relative target is read from the link's folder as the kernel
// reads it, after that folder's own links: "../x" in a link inside a
// linked folder names x beside the folder linked to, not beside the link
// (joining the names as text would drop the ".." against the link's
// name, and replace another file).
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
			dir, _ := splitLast(p)
			to = physicalDir(dir) + string(filepath.Separator) + to
		}
		p = physical(to)
	}
	return "", fmt.Errorf("a loop of symbolic links (or a chain of more than %d): refusing to write through it", maxLinks)
}

// physical is path with the links of its folders resolved as the kernel
// resolves them, each ".." taken after the links before it, and its last
// name kept as it is (it may be a link, or not exist yet).
func physical(path string) string {
	dir, name := splitLast(path)
	if name == "" || name == "." || name == ".." { // a folder
		if r, err := filepath.EvalSymlinks(path); err == nil {
			return r
		}
		return filepath.Clean(path)
	}
	return filepath.Join(physicalDir(dir), name)
}

// physicalDir is folder dir resolved as physical resolves it: its longest
// existing prefix by filepath.EvalSymlinks, which walks it name by name,
// and the names past it, which no link can be, joined as text.
func physicalDir(dir string) string {
	if dir == "" {
		return "."
	}
	var rest []string
	for d := dir; ; {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			parts := []string{r}
			for i := len(rest) - 1; i >= 0; i-- {
				parts = append(parts, rest[i])
			}
			return filepath.Join(parts...)
		}
		parent, name := splitLast(d)
		if parent == d || parent == "" {
			return filepath.Clean(dir)
		}
		rest = append(rest, name)
		d = parent
	}
}

// splitLast splits path at its last separator: the folder ("" for none,
// the root kept whole) and the last name.
func splitLast(path string) (dir, name string) {
	i := strings.LastIndexAny(path, separators)
	switch {
	case i < 0:
		return "", path
	case i == 0:
		return path[:1], path[1:]
	}
	return path[:i], path[i+1:]
}

// realPath is path made absolute, with the symbolic links of its
// longest existing prefix resolved: two names of one file that does not
// exist yet are told to be one. The prefix is resolved before any "..",
// as the kernel does (filepath.Abs would clean it away first).
func realPath(path string) string {
	p := path
	if !filepath.IsAbs(p) {
		wd, err := os.Getwd()
		if err != nil {
			return filepath.Clean(path)
		}
		p = wd + string(filepath.Separator) + p
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return physical(p)
}
