package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Two checks on the module's comments (issue 33): no measured figure in a
// comment outside tests (a figure goes stale; a comment names the
// benchmark or test that shows it, and the figure lives in
// compare/measure/MEASUREMENTS.md), and no comment attached to the wrong
// declaration (what a move that shifts lines leaves behind).

// commentedFile is one Go file of the module parsed with its comments.
type commentedFile struct {
	name string // slash-separated, relative to the root
	test bool
	ast  *ast.File
}

// parseModuleComments parses every Go file of the module with its
// comments (testdata and dot folders skipped, as the go command does).
func parseModuleComments(t *testing.T) ([]commentedFile, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	var files []commentedFile
	err := filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != repoRoot && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("parsing %s: %w", p, err)
		}
		rel, err := filepath.Rel(repoRoot, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		files = append(files, commentedFile{name: rel, test: strings.HasSuffix(rel, "_test.go"), ast: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no Go files found under " + repoRoot)
	}
	return files, fset
}

// commentFigure is a measured figure written in a comment: a number with a
// unit of time or memory ("1.4 s", "321 MB", "16 MiB"), a ratio ("3.2x",
// "2x the time") or a count of search work ("27.2M nodes", "60
// conflicts"). Sizes ("24x24"), flags ("--size 24") and plain numbers are
// not figures.
var commentFigure = regexp.MustCompile(`\b[0-9][0-9,]*(\.[0-9]+)?(` +
	` ?(ns|µs|us|ms|s|sec|min|h|KB|MB|GB|KiB|MiB|GiB)\b` +
	`|x\b` +
	`| ?[kKM]? (nodes|conflicts|decisions|propagations|restarts)\b)`)

// quotedText is a Go string or a code span inside a comment: an example of
// a format ("812µs" as FormatDuration prints it), not a measurement.
var quotedText = regexp.MustCompile("\"[^\"]*\"|`[^`]*`")

// commentSettings are the phrases of non-test comments whose figures are
// settings or fixed sizes of the code, not measurements. Each must still
// be found (a stale entry fails), so the list cannot outlive its reason.
var commentSettings = []string{
	"0 means every 10ms",           // harness: the memory poll's default
	"in 100 ms at",                 // harness: the pool's longest wait
	"every 10 ms of a run",         // harness: the memory poll's default
	"read 256 MiB and held",        // harness: the results reader's bound
	"at least 1ns when measured",   // harness: the smallest time recorded
	"0s, 4s, 2s on the border, 1s", // slant generator: clue digits
	"over 1 MiB",                   // proof files: the JSON bound
}

// TestNoFigureInCodeComments checks that no comment of a non-test Go file
// quotes a measured figure outside the settings listed in commentSettings.
func TestNoFigureInCodeComments(t *testing.T) {
	files, fset := parseModuleComments(t)
	used := map[string]bool{}
	for _, f := range files {
		if f.test {
			continue
		}
		for _, cg := range f.ast.Comments {
			text := strings.Join(strings.Fields(cg.Text()), " ")
			for _, s := range commentSettings {
				if strings.Contains(text, s) {
					used[s] = true
					text = strings.ReplaceAll(text, s, "")
				}
			}
			if figs := commentFigure.FindAllString(quotedText.ReplaceAllString(text, ""), -1); len(figs) > 0 {
				t.Errorf("%s:%d: comment quotes the figures %q: name the benchmark or test that shows them (the figures belong in compare/measure/MEASUREMENTS.md)",
					f.name, fset.Position(cg.Pos()).Line, figs)
			}
		}
	}
	for _, s := range commentSettings {
		if !used[s] {
			t.Errorf("commentSettings: %q is in no comment any more: remove it", s)
		}
	}
}

// TestCommentFigure pins what counts as a figure in a comment.
func TestCommentFigure(t *testing.T) {
	for text, want := range map[string]bool{
		"took 1.4 s": true, "3.2x faster": true, "321 MB": true, "27.2M nodes": true,
		"1.8-2.7x the CPU": true, "200,000 nodes": true, "60 conflicts": true, "16 MiB": true,
		"14.0-14.3 s": true, "2x the time": true,
		"a 24x24 board": false, "--size 24": false, "issue 33": false, "k = 8": false,
		"gamma(Q_20) = 11": false, "the nodes": false, "in 55 sub-cubes": false,
	} {
		if got := commentFigure.MatchString(text); got != want {
			t.Errorf("%q: figure %v, want %v", text, got, want)
		}
	}
	if got := commentFigure.MatchString(quotedText.ReplaceAllString(`prints "812µs" and `+"`1.5GiB`", "")); got {
		t.Error("a quoted example of a format counts as a figure")
	}
}

// misplacedComments lists the comments of a file attached to the wrong
// place: a comment inside a qualified name (between "pkg." and the name,
// where a line shift leaves a field's doc comment), and a struct field's
// doc comment that starts by naming another field of the same struct
// ("Other is ...", "Other says ...").
func misplacedComments(fset *token.FileSet, f *ast.File) []string {
	var found []string
	at := func(pos token.Pos, format string, args ...any) {
		found = append(found, fmt.Sprintf("line %d: %s", fset.Position(pos).Line, fmt.Sprintf(format, args...)))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			for _, cg := range f.Comments {
				if cg.Pos() > n.X.End() && cg.End() <= n.Sel.Pos() {
					at(cg.Pos(), "comment %q inside the qualified name %s", firstLine(cg), exprName(n))
				}
			}
		case *ast.StructType:
			for _, field := range n.Fields.List {
				if w := namedSubject(field.Doc); w != "" && !fieldNamed(field, w) && structHas(n, w) {
					at(field.Doc.Pos(), "doc comment on %s speaks of field %s", fieldNames(field), w)
				}
			}
		}
		return true
	})
	return found
}

// subjectRE is a doc comment that starts with an identifier as the subject
// of "is", "are" or "says".
var subjectRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(, [A-Za-z_][A-Za-z0-9_]*)* (is|are|says)\b`)

// namedSubject is the identifier a doc comment starts with as its
// subject, or "".
func namedSubject(doc *ast.CommentGroup) string {
	if doc == nil {
		return ""
	}
	m := subjectRE.FindStringSubmatch(doc.Text())
	if m == nil {
		return ""
	}
	return m[1]
}

// fieldNamed says whether field has the name w.
func fieldNamed(field *ast.Field, w string) bool {
	return slices.ContainsFunc(field.Names, func(id *ast.Ident) bool { return id.Name == w })
}

// structHas says whether the struct declares a field named w.
func structHas(st *ast.StructType, w string) bool {
	return slices.ContainsFunc(st.Fields.List, func(f *ast.Field) bool { return fieldNamed(f, w) })
}

// fieldNames names a field for a message ("A, B", or its type if embedded).
func fieldNames(field *ast.Field) string {
	var names []string
	for _, id := range field.Names {
		names = append(names, id.Name)
	}
	if len(names) == 0 {
		return "an embedded field"
	}
	return strings.Join(names, ", ")
}

// exprName prints a selector such as compare.Row.
func exprName(s *ast.SelectorExpr) string {
	if id, ok := s.X.(*ast.Ident); ok {
		return id.Name + "." + s.Sel.Name
	}
	return "." + s.Sel.Name
}

// firstLine is a comment's first line of text.
func firstLine(cg *ast.CommentGroup) string {
	line, _, _ := strings.Cut(cg.Text(), "\n")
	return line
}

// TestCommentsAttached checks every Go file of the module (tests too) for
// comments attached to the wrong place (misplacedComments).
func TestCommentsAttached(t *testing.T) {
	files, fset := parseModuleComments(t)
	for _, f := range files {
		for _, msg := range misplacedComments(fset, f.ast) {
			t.Errorf("%s: %s", f.name, msg)
		}
	}
}

// TestMisplacedComments checks the check on a small file holding each
// kind of damage and the shapes it must leave alone.
func TestMisplacedComments(t *testing.T) {
	src := `package p

import "strings"

type T struct {
	// A is the first field.
	A int
	// C is the third field: shifted onto B.
	B int
	C strings.
		// D says where this went: inside a qualified name.
		Builder
	// It is fine to start with a word that names no field.
	E int
	// D, A are named here, and D is a field.
	F int
	D int
}

var xs = []string{
	// the first: a comment between elements is fine
	"a",
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(misplacedComments(fset, f), "\n")
	for _, want := range []string{
		`line 8: doc comment on B speaks of field C`,
		`line 11: comment "D says where this went: inside a qualified name." inside the qualified name strings.Builder`,
		`line 15: doc comment on F speaks of field D`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("misplacedComments missed %q; found:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "\n") + 1; n != 3 {
		t.Errorf("misplacedComments found %d, want 3:\n%s", n, got)
	}
}

// goFileRef is a Go file named in a comment ("worker_linux.go",
// "compare/chain.go").
var goFileRef = regexp.MustCompile(`\b[A-Za-z0-9_./-]*[A-Za-z0-9_]\.go\b`)

// TestCommentFileReferences checks that every Go file a comment of a
// non-test file names is a file of the module (by its base name, or its path from the root when it
// gives one), so that a comment does not point at a file that moved.
func TestCommentFileReferences(t *testing.T) {
	files, fset := parseModuleComments(t)
	paths, bases := map[string]bool{}, map[string]bool{}
	for _, f := range files {
		paths[f.name] = true
		bases[filepath.Base(f.name)] = true
	}
	for _, f := range files {
		if f.test {
			continue
		}
		for _, cg := range f.ast.Comments {
			for _, ref := range goFileRef.FindAllString(cg.Text(), -1) {
				if strings.HasPrefix(ref, "go.") || strings.Contains(ref, "://") {
					continue
				}
				if !bases[filepath.Base(ref)] || (strings.Contains(ref, "/") && !paths[ref] && !hasPathSuffix(paths, ref)) {
					t.Errorf("%s:%d: comment names %s, which is no file of the module", f.name, fset.Position(cg.Pos()).Line, ref)
				}
			}
		}
	}
}

// hasPathSuffix says whether some path of the module ends in /ref.
func hasPathSuffix(paths map[string]bool, ref string) bool {
	for p := range paths {
		if strings.HasSuffix(p, "/"+ref) {
			return true
		}
	}
	return false
}
