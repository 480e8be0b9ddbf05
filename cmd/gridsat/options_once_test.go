package main

import (
	"go/ast"
	"reflect"
	"strconv"
	"testing"
)

// An option's description lives in one place (issue 33): the doc tag of
// its field (`opt:"name" doc:"..."`, read by compare.DeclareOptions), which
// `gridsat puzzles` and the README's option tables print. A Go comment on
// the same field would say it a second time and drift from it; what only
// engineers need (defaults in code, the file a rule lives in) goes into the
// struct's doc comment instead.

// TestOptionDescribedOnce fails when a struct field with a doc tag also
// carries a comment, above it or at the end of its line, in any Go file of
// the module (tests too).
func TestOptionDescribedOnce(t *testing.T) {
	files, fset := parseModuleComments(t)
	tagged := 0
	for _, f := range files {
		ast.Inspect(f.ast, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, field := range st.Fields.List {
				if !hasDocTag(field) {
					continue
				}
				tagged++
				for _, c := range []*ast.CommentGroup{field.Doc, field.Comment} {
					if c != nil {
						t.Errorf("%s: field %s has a doc tag and a comment: describe the option once, in its doc tag (engineers' notes go in the struct's doc comment)",
							fset.Position(c.Pos()), fieldNames(field))
					}
				}
			}
			return true
		})
	}
	if tagged < 50 {
		t.Errorf("found %d fields with a doc tag; the module declares more: is the check reading the tags?", tagged)
	}
}

// hasDocTag reports whether a struct field's tag has a doc key.
func hasDocTag(field *ast.Field) bool {
	if field.Tag == nil {
		return false
	}
	tag, err := strconv.Unquote(field.Tag.Value)
	if err != nil {
		return false
	}
	_, ok := reflect.StructTag(tag).Lookup("doc")
	return ok
}
