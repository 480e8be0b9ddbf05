package puzzles

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// TestDeclaredDefaultsAreUnset: every adapter's declaration means by each
// default what the option's absence means, as resume keys and reports,
// which spell defaults out, assume: the defaults spelled out parse to the
// config no options parse to. Exceptions: a phrase default (queens' k: the
// optimum), and queens' split, whose absence picks classes or none (card=pb
// and lines=false take none) while split=classes asked for is refused
// there, and makes gridsat dimacs write the cubes.
func TestDeclaredDefaultsAreUnset(t *testing.T) {
	checkDefaults(t, "chain dfs", chainDFSDecl)
	checkDefaults(t, "chain sat", chainSATDecl)
	checkDefaults(t, "queens dfs", queensDFSDecl)
	checkDefaults(t, "queens sat", queensSATDecl, "split")
	checkDefaults(t, "slant dfs", slantDFSDecl)
	checkDefaults(t, "slant sat", slantSATDecl)
	checkDefaults(t, "shared sat options", satDecl)
}

func checkDefaults[T any](t *testing.T, name string, d *compare.OptionSet[T], auto ...string) {
	t.Helper()
	unset, err := d.Parse(compare.Options{})
	if err != nil {
		t.Fatalf("%s: no options: %v", name, err)
	}
	spelled := compare.Options{}
	for _, o := range d.Docs() {
		if strings.Contains(o.Default, " ") || contains(auto, o.Name) {
			continue
		}
		spelled[o.Name] = o.Default
		one, err := d.Parse(compare.Options{o.Name: o.Default})
		if err != nil && o.Default != "" {
			t.Errorf("%s: its default %s=%s: %v", name, o.Name, o.Default, err)
		}
		if !reflect.DeepEqual(one, unset) {
			t.Errorf("%s: %s=%s parses to %+v, unset to %+v", name, o.Name, o.Default, one, unset)
		}
	}
	if all, err := d.Parse(spelled); err != nil || !reflect.DeepEqual(all, unset) {
		t.Errorf("%s: every default spelled out parses to %+v, %v; unset to %+v", name, all, err, unset)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestAdapterSpecs: each adapter's options as the command line gives them,
// through ParseSpec (the declarations, then the solver's own checks of
// options together).
func TestAdapterSpecs(t *testing.T) {
	tests := []struct {
		puzzle, spec string
		err          string // a part of the error; "" for none
	}{
		{"slant", "dfs:deduce=basic:learn=false:nodes=9:unique", ""},
		{"slant", "dfs:speed=1", `has no option "speed"`},
		{"slant", "dfs:deduce=most", `option deduce="most": want equiv or deadend or basic`},
		{"slant", "dfs:nodes=-2", `option nodes="-2": want a count`},
		{"slant", "dfs:nodes=", `option nodes=""`},
		{"slant", "sat:pre=basic:loops=reach:enclose=false", ""},
		{"slant", "sat:pre=none:probe=once:phase=slash:cuts=forest", ""},
		{"slant", "sat:pre=most", `option pre="most": want none or equiv`},
		{"slant", "sat:pre=", `option pre=""`},
		{"slant", "sat:pre=basic:certify", "certify=true refuses them"},
		{"slant", "sat:proofs=/tmp/p", "it needs certify=true"},
		{"slant", "sat:backend=exec:/bin/sh:loops=lazy", ""}, // the value spans a colon
		{"slant", "sat:backend=nosuch", `unknown SAT backend "nosuch"`},
		{"queens", "dfs:search=down:symmetry=false", ""},
		{"queens", "dfs:search=sideways", `option search="sideways": want up or down`},
		{"queens", "sat:card=seq:order=proximity:split=none:upper=greedy:k=3", ""},
		{"queens", "sat:card=pb:empty", "card=pb has no counter"},
		{"queens", "sat:card=pb:split=classes", "not with card=pb"},
		{"queens", "sat:k=-1", `option k="-1": want a count`},
		{"queens", "sat:upper=", `option upper=""`},
		{"chain", "dfs:prune=false:nodes=100", ""},
		{"chain", "dfs:reach=maybe", `option reach="maybe": want true or false`},
		{"chain", "sat:crossing=lazy:counting=cards:patch=false", ""},
		{"chain", "sat:counting=some", `option counting="some": want check or cards or none`},
		{"chain", "sat:precheck:certify", "no proof backs"},
	}
	for _, tt := range tests {
		p, err := compare.Lookup(tt.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.ParseSpec(tt.spec, nil)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s %s: %v", tt.puzzle, tt.spec, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s %s: error %v, want %q", tt.puzzle, tt.spec, err, tt.err)
		}
	}
}
