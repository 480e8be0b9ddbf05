package encode

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/gridsat/gridsat/encode/sat"
)

// SATOptions are what every SAT solver of this package takes beside its
// encoding's options, embedded in SlantOptions, QueensOptions and
// ChainOptions: one way to pass a backend and to ask for proofs.
type SATOptions struct {
	// Backend is the SAT backend; nil means gophersat.
	Backend sat.Backend
	// Certify asks for a clausal proof of every UNSAT answer (what each
	// puzzle's solver proves is said where it embeds SATOptions). It
	// needs a backend that proves (sat.CheckCertifiable).
	Certify bool
}

// enum is an option whose values are a fixed list of words, "" meaning
// the default.
type enum interface {
	~string
	Values() []string
}

// checkEnum reports v, option name of puzzle, when it is set and none of
// its type's Values: the
// one check of this package's enumerated options, for callers of encode
// (compare checks the same lists, read from Values, before a solve).
func checkEnum[E enum](puzzle, name string, v E) error {
	if v == "" || slices.Contains(enumValues[E](), string(v)) {
		return nil
	}
	return fmt.Errorf("%s: unknown %s %q (known: %s)", puzzle, name, v, strings.Join(enumValues[E](), ", "))
}

// enumCache holds each enum type's Values, which checkEnum reads on
// every solve (a solver checks its options each time): the lists are
// fixed, and building one allocates.
var enumCache sync.Map // reflect.Type -> []string

// enumValues returns E's Values, read once per type.
func enumValues[E enum]() []string {
	t := reflect.TypeFor[E]()
	if vals, ok := enumCache.Load(t); ok {
		return vals.([]string)
	}
	var zero E
	vals, _ := enumCache.LoadOrStore(t, zero.Values())
	return vals.([]string)
}
