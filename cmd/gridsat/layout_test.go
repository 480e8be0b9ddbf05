package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The module's shape, issue 22's "Done when": no function over
// maxFuncLines lines outside tests, imports only down the layers, and no
// puzzle named in cmd/. Each check lists what offends it; an offender on
// its pending list (work under way) skips the check and is named in the
// skip, any other fails it.

// maxFuncLines is the longest a function outside tests may be.
const maxFuncLines = 100

// layers gives each package of the module (its folder) the module's
// packages it may import, outside its tests. A package missing here fails
// TestImportLayers until it is given its place. compare is the contract
// below its implementations (issue 33): it imports no solver package,
// only the case models (instances), the kept-claim files (encode/kept)
// and the proof checker (encode/drat); the adapters, which import the
// solvers, are compare/puzzles, above it.
var layers = map[string][]string{
	"instances":                {},
	"instances/instancestest":  {"instances"},
	"encode/drat":              {},
	"encode/lemma":             {},
	"encode/kept":              {"encode/drat"},
	"encode/sat":               {"encode/drat"},
	"backtrack":                {"instances"},
	"encode":                   {"instances", "encode/sat", "encode/drat", "encode/lemma", "encode/kept"},
	"compare/outputs":          {},
	"compare":                  {"compare/outputs", "instances", "encode/kept", "encode/drat"},
	"compare/puzzles":          append([]string{"compare"}, solvers...),
	"compare/report":           {"compare", "instances", "compare/report/schema"},
	"compare/report/schema":    {},
	"compare/harness":          {"compare", "compare/report", "compare/outputs", "instances"},
	"compare/measure":          {"compare"},
	"compare/comparetest":      {"compare", "instances"},
	"compare/comparetest/toys": {"compare", "instances", "encode/sat"},
	// The command line's test helpers, and its end-to-end tests (test
	// packages alone, importing nothing outside tests).
	"cmd/gridsat/internal/clitest": {"compare", "compare/harness", "compare/puzzles"},
	"cmd/gridsat/e2e":              {},
	"cmd/gridsat/e2e/split":        {},
	"cmd/gridsat":                  {"compare", "compare/harness", "compare/report", "compare/outputs", "compare/measure", "compare/puzzles", "compare/report/schema"},
}

// solvers is what the puzzle adapters may import besides compare: the
// models, the DFS solvers and the SAT encodings.
var solvers = []string{"instances", "backtrack", "encode", "encode/sat", "encode/drat", "encode/kept", "encode/lemma"}

// noLink names, per package, the packages it must not link at all (its
// imports' imports included, tests aside): compare links no solver, and
// the packages that only read results link no SAT library.
var noLink = map[string][]string{
	"compare":         {"backtrack", "encode", "encode/sat", "github.com/crillab/gophersat", "github.com/go-air/gini"},
	"compare/report":  {"backtrack", "encode", "encode/sat", "github.com/crillab/gophersat", "github.com/go-air/gini"},
	"compare/harness": {"backtrack", "encode", "encode/sat", "github.com/crillab/gophersat", "github.com/go-air/gini"},
}

// Pending offenders, named as the checks name them: work under way in
// issue 22 that has not landed yet. An entry that no longer offends is
// logged, so that the list shrinks to nothing.
var (
	pendingLongFuncs []string // none left

	pendingImports []string // none left
)

// puzzleNames are the names cmd/ must not spell (issue 22 item 4: a puzzle
// is one registry entry); written so that this file does not spell them.
var puzzleNames = strings.Fields("slant queens chain")

// goFile is one parsed Go file of the module.
type goFile struct {
	dir  string // the package folder, slash-separated, relative to the root
	name string // dir/file.go
	test bool
	ast  *ast.File
}

// parseModule parses every Go file of the module (testdata and dot
// folders skipped, as the go command does) and returns the module path.
func parseModule(t *testing.T) (string, []goFile, *token.FileSet) {
	t.Helper()
	mod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod names no module")
	}
	fset := token.NewFileSet()
	var files []goFile
	err = filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
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
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(repoRoot, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		files = append(files, goFile{dir: path.Dir(rel), name: rel, test: strings.HasSuffix(rel, "_test.go"), ast: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no Go files found under " + repoRoot)
	}
	return string(m[1]), files, fset
}

// judgeOffenders fails t for every offender not pending, skips it naming
// the pending ones that remain, and logs pending entries that no longer
// offend.
func judgeOffenders(t *testing.T, what string, offenders, pending []string) {
	t.Helper()
	var left []string
	for _, o := range offenders {
		if slices.Contains(pending, o) {
			left = append(left, o)
		} else {
			t.Errorf("%s: %s", what, o)
		}
	}
	for _, p := range pending {
		if !slices.Contains(offenders, p) {
			t.Logf("pending entry %q no longer offends: remove it from the list", p)
		}
	}
	if len(left) > 0 && t.Failed() {
		t.Logf("%s, pending too: %s", what, strings.Join(left, "; "))
	} else if len(left) > 0 {
		t.Skipf("%s, pending (issue 22 work not landed yet): %s", what, strings.Join(left, "; "))
	}
}

// funcName names a function as "Recv.Name" or "Name": without its
// package, so that a function keeps its name when it moves.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	typ := fd.Recv.List[0].Type
	for {
		switch x := typ.(type) {
		case *ast.StarExpr:
			typ = x.X
			continue
		case *ast.IndexExpr:
			typ = x.X
			continue
		case *ast.IndexListExpr:
			typ = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return "?." + fd.Name.Name
	}
}

func TestFunctionLength(t *testing.T) {
	_, files, fset := parseModule(t)
	type fn struct {
		dir, name string
		lines     int
	}
	var fns []fn
	for _, f := range files {
		if f.test {
			continue
		}
		for _, d := range f.ast.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
				fns = append(fns, fn{f.dir, funcName(fd), lines})
			}
		}
	}
	sort.SliceStable(fns, func(i, j int) bool { return fns[i].lines > fns[j].lines })
	var offenders []string
	for i, f := range fns {
		if i < 10 {
			t.Logf("%3d lines  %s: %s", f.lines, f.dir, f.name)
		}
		if f.lines > maxFuncLines {
			offenders = append(offenders, f.name)
		}
	}
	judgeOffenders(t, "function over "+strconv.Itoa(maxFuncLines)+" lines", offenders, pendingLongFuncs)
}

func TestImportLayers(t *testing.T) {
	module, files, _ := parseModule(t)
	imports := map[string]map[string]bool{} // package folder -> module folders it imports
	for _, f := range files {
		if f.test {
			continue
		}
		if imports[f.dir] == nil {
			imports[f.dir] = map[string]bool{}
		}
		for _, im := range f.ast.Imports {
			p, err := strconv.Unquote(im.Path.Value)
			if err != nil {
				t.Fatalf("%s: import %s: %v", f.name, im.Path.Value, err)
			}
			if rest, ok := strings.CutPrefix(p, module+"/"); ok {
				imports[f.dir][rest] = true
			}
		}
	}
	var offenders []string
	for dir, deps := range imports {
		allowed, known := layers[dir]
		if !known {
			offenders = append(offenders, dir+" has no place in the layers")
			continue
		}
		for dep := range deps {
			if !slices.Contains(allowed, dep) {
				offenders = append(offenders, dir+" -> "+dep)
			}
		}
	}
	sort.Strings(offenders)
	judgeOffenders(t, "import against the layers", offenders, pendingImports)
}

// TestNoLink: what noLink forbids is nowhere among the package's
// dependencies, its imports followed through the module's packages
// (outside tests); a forbidden library (a path with a dot) forbids its
// packages too.
func TestNoLink(t *testing.T) {
	module, files, _ := parseModule(t)
	imports := map[string][]string{} // package folder -> every import path
	for _, f := range files {
		if f.test {
			continue
		}
		for _, im := range f.ast.Imports {
			p, err := strconv.Unquote(im.Path.Value)
			if err != nil {
				t.Fatalf("%s: import %s: %v", f.name, im.Path.Value, err)
			}
			imports[f.dir] = append(imports[f.dir], p)
		}
	}
	for pkg, forbidden := range noLink {
		if _, ok := imports[pkg]; !ok {
			t.Errorf("noLink names %s, which has no Go file", pkg)
		}
		for _, dep := range linked(module, imports, pkg) {
			for _, f := range forbidden {
				external := strings.Contains(f, ".")
				if dep == module+"/"+f || external && (dep == f || strings.HasPrefix(dep, f+"/")) {
					t.Errorf("%s links %s (forbidden: %s)", pkg, dep, f)
				}
			}
		}
	}
}

// linked lists the import paths pkg depends on: its imports and, through
// the module's packages, theirs.
func linked(module string, imports map[string][]string, pkg string) []string {
	seen := map[string]bool{}
	var walk func(dir string)
	walk = func(dir string) {
		for _, p := range imports[dir] {
			if seen[p] {
				continue
			}
			seen[p] = true
			if rest, ok := strings.CutPrefix(p, module+"/"); ok {
				walk(rest)
			}
		}
	}
	walk(pkg)
	var deps []string
	for p := range seen {
		deps = append(deps, p)
	}
	sort.Strings(deps)
	return deps
}

// TestNoPuzzleNamesInCmd: the command's code names no puzzle (its help
// texts and choices come from the registry). Its end-to-end tests do:
// they drive one puzzle's options and boards through the command line
// on purpose (sat:card=nope on queens, a slant board with no solution),
// and hiding those names behind constants would only hide them; they are
// logged, not judged.
func TestNoPuzzleNamesInCmd(t *testing.T) {
	_, files, _ := parseModule(t)
	var offenders, tests []string
	for _, f := range files {
		if !strings.HasPrefix(f.name, "cmd/") {
			continue
		}
		ast.Inspect(f.ast, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && namesPuzzle(lit.Value) {
				list := &offenders
				if strings.HasSuffix(f.name, "_test.go") {
					list = &tests
				}
				if !slices.Contains(*list, f.name) {
					*list = append(*list, f.name)
				}
			}
			return true
		})
	}
	t.Logf("end-to-end tests that run puzzles by name: %d files", len(tests))
	judgeOffenders(t, "a puzzle's name as a string literal in", offenders, nil)
}

// namesPuzzle reports whether a string literal, as written, is a puzzle's
// name or holds one in double quotes (what the grep for a quoted
// name finds).
func namesPuzzle(lit string) bool {
	s, err := strconv.Unquote(lit)
	for _, p := range puzzleNames {
		if (err == nil && s == p) || strings.Contains(lit, `"`+p+`"`) {
			return true
		}
	}
	return false
}

func TestNamesPuzzle(t *testing.T) {
	for _, tt := range []struct {
		lit  string
		want bool
	}{
		{strconv.Quote(puzzleNames[0]), true},
		{"`" + puzzleNames[2] + "`", true},
		{"`solve " + strconv.Quote(puzzleNames[1]) + " x`", true},
		{strconv.Quote("compare " + puzzleNames[0]), false},
		{strconv.Quote(puzzleNames[0] + "s"), false},
		{`"sat"`, false},
	} {
		if got := namesPuzzle(tt.lit); got != tt.want {
			t.Errorf("namesPuzzle(%s) = %v, want %v", tt.lit, got, tt.want)
		}
	}
}
