package main

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// repoRoot is the repository's root, seen from this package's folder.
const repoRoot = "../.."

// readmeMaxLines is the front door's budget (issue 22): the depth lives in
// the package READMEs.
const readmeMaxLines = 200

// TestReadmeFrontDoor checks that README.md stays a front door: within its
// line budget, giving the main job and the test command, the test command
// being the one .ci/run runs.
func TestReadmeFrontDoor(t *testing.T) {
	readme := readRepoFile(t, "README.md")
	if n := strings.Count(readme, "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, over its %d: move the depth to a package README", n, readmeMaxLines)
	}
	for _, cmd := range []string{"go run ./cmd/gridsat compare all", "go test ./..."} {
		if !strings.Contains(readme, "    "+cmd+"\n") {
			t.Errorf("README.md does not give the command %q on a line of its own", cmd)
		}
	}
	if ci := readRepoFile(t, ".ci/run"); !regexp.MustCompile(`(?m)^go test \./\.\.\.$`).MatchString(ci) {
		t.Errorf(".ci/run does not run the README's test command %q", "go test ./...")
	}
}

// TestMarkdownLinks checks that every relative link in the repository's
// Markdown files (outside code) names a file that exists and, with a
// #fragment, a heading of that file.
func TestMarkdownLinks(t *testing.T) {
	files := markdownFiles(t)
	if len(files) == 0 {
		t.Fatal("no Markdown files found under the repository's root")
	}
	anchors := map[string]map[string]bool{}
	for _, f := range files {
		links, err := markdownLinks(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links {
			if msg := checkLink(f, l.target, anchors); msg != "" {
				t.Errorf("%s:%d: link %q: %s", relToRoot(f), l.line, l.target, msg)
			}
		}
	}
}

// TestMarkdownLinkParsing checks the link finder and the anchor rule on a
// small document, so that TestMarkdownLinks cannot pass by finding nothing.
func TestMarkdownLinkParsing(t *testing.T) {
	doc := "# Top\n\nSee [a](b.md#x-y) and ![p](plots/p.svg), [web](https://x.org).\n" +
		"`[not](code.md)` here\n\n    [indented](code.md)\n\n```\n[fenced](code.md)\n```\n" +
		"## What `compare all` prints, in full\n### chain (数字接龙, Lanqiao 2024)\n## Top\n"
	path := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	links, err := markdownLinks(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range links {
		got = append(got, fmt.Sprintf("%d:%s", l.line, l.target))
	}
	want := "3:b.md#x-y 3:plots/p.svg 3:https://x.org"
	if strings.Join(got, " ") != want {
		t.Errorf("links = %q, want %q", strings.Join(got, " "), want)
	}
	heads, err := headingAnchors(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"top", "what-compare-all-prints-in-full", "chain-数字接龙-lanqiao-2024", "top-1"} {
		if !heads[a] {
			t.Errorf("anchor %q missing from %v", a, heads)
		}
	}
	if heads["nope"] {
		t.Error("an anchor no heading makes was found")
	}
}

// mdLink is a link target and the line it is on.
type mdLink struct {
	line   int
	target string
}

// markdownFiles lists the repository's *.md files, skipping dot folders
// and testdata.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != repoRoot && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking %s: %v", repoRoot, err)
	}
	return files
}

var (
	linkRE = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	codeRE = regexp.MustCompile("`[^`]*`")
)

// markdownLinks returns the link targets of a Markdown file, outside fenced
// and indented code blocks and code spans.
func markdownLinks(path string) ([]mdLink, error) {
	var links []mdLink
	err := eachProseLine(path, func(n int, line string) {
		for _, m := range linkRE.FindAllStringSubmatch(codeRE.ReplaceAllString(line, ""), -1) {
			links = append(links, mdLink{n, m[1]})
		}
	})
	return links, err
}

// eachProseLine calls f with every line of a Markdown file outside code
// blocks, numbered from 1.
func eachProseLine(path string, f func(n int, line string)) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	fenced, prevBlank := false, true
	indented := false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		blank := strings.TrimSpace(line) == ""
		switch {
		case strings.HasPrefix(strings.TrimSpace(line), "```"):
			fenced = !fenced
		case fenced:
		case strings.HasPrefix(line, "    ") && (prevBlank || indented) && !blank:
			indented = true
		case blank:
			indented = false
		default:
			indented = false
			f(n, line)
		}
		prevBlank = blank
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}

// checkLink says what is wrong with a link target of file from, or "".
func checkLink(from, target string, anchors map[string]map[string]bool) string {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return ""
	}
	file, frag, _ := strings.Cut(target, "#")
	path := from
	if file != "" {
		path = filepath.Join(filepath.Dir(from), filepath.FromSlash(file))
		if _, err := os.Stat(path); err != nil {
			return "no such file"
		}
	}
	if frag == "" {
		return ""
	}
	if !strings.HasSuffix(path, ".md") {
		return "a fragment on a file that is not Markdown"
	}
	if anchors[path] == nil {
		a, err := headingAnchors(path)
		if err != nil {
			return err.Error()
		}
		anchors[path] = a
	}
	if !anchors[path][frag] {
		return "no heading makes the anchor #" + frag
	}
	return ""
}

// headingAnchors returns the anchors GitHub makes for a Markdown file's
// headings: lower case, letters, digits, '-' and '_' kept, spaces made
// '-', the rest dropped; a repeated anchor gets -1, -2, ...
func headingAnchors(path string) (map[string]bool, error) {
	seen := map[string]int{}
	out := map[string]bool{}
	err := eachProseLine(path, func(_ int, line string) {
		text, ok := strings.CutPrefix(line, "#")
		if !ok {
			return
		}
		text = strings.TrimLeft(text, "#")
		if !strings.HasPrefix(text, " ") {
			return
		}
		a := anchorOf(strings.TrimSpace(text))
		if n := seen[a]; n > 0 {
			out[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	})
	return out, err
}

// anchorOf is GitHub's anchor of a heading's text.
func anchorOf(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// readRepoFile returns a file of the repository by its path from the root.
func readRepoFile(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// relToRoot is a path as seen from the repository's root.
func relToRoot(path string) string {
	if r, err := filepath.Rel(repoRoot, path); err == nil {
		return filepath.ToSlash(r)
	}
	return path
}
