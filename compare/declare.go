package compare

import (
	"encoding"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Every solver option is declared once, on the typed config struct the
// solver reads (backtrack.SlantOptions, encode.QueensOptions, or an adapter's
// own struct embedding one): a field tagged
//
//	Deduce SlantDeduce `opt:"deduce" doc:"deductions: ..."`
//
// is the option deduce. Its name is the tag's, its doc the doc tag's (the
// one place the option is described: such a field carries no Go comment,
// as cmd/gridsat's TestOptionDescribedOnce checks; notes only engineers
// need go in the struct's doc comment), its default the field's value in the default config given to DeclareOptions,
// and its allowed values follow from the field's type:
//
//   - bool: true|false. `opt:"learn,negate"` on a field NoLearn declares
//     the option learn, true when the field is false.
//   - an integer: N, a count (an integer >= 0); a *int is a count that may
//     be unset, its default a phrase (`default:"the optimum"`).
//   - a type with a method Values() []string (an enumeration, its values
//     declared next to the type): one of those words. A type that also
//     implements encoding.TextUnmarshaler is set through it (it may check
//     more, or accept a placeholder such as exec:NAME); its default is
//     spelled by encoding.TextMarshaler or fmt.Stringer.
//   - a plain string: anything; `values:"DIR"` names it for the docs.
//
// Embedded structs are walked too, so that an adapter adds its own options
// (unique, pre, backend) beside the solver's. Fields without an opt tag are
// not options. OptionDoc, parsing, validation, `gridsat puzzles` and the
// README's option tables (compare/README.md) are all derived from this.

// OptionSet is the options a config struct T declares, with T's defaults.
type OptionSet[T any] struct {
	def    T
	fields []declared
}

// declared is one option of an OptionSet: its doc and where it is set.
type declared struct {
	doc    OptionDoc
	index  []int // the field's path from the struct (embedded structs)
	negate bool
}

// valuer is an enumeration: a type that lists its values.
type valuer interface{ Values() []string }

// DeclareOptions reads the options T's fields declare, with the defaults
// of def. A malformed declaration (an unknown type, a name declared twice,
// a tag without doc) is a programming error: it panics, at registration.
func DeclareOptions[T any](def T) *OptionSet[T] {
	s := &OptionSet[T]{def: def}
	v := reflect.ValueOf(def)
	if v.Kind() != reflect.Struct {
		panic(fmt.Sprintf("compare: DeclareOptions(%T): not a struct", def))
	}
	s.walk(v, nil)
	seen := map[string]bool{}
	for _, f := range s.fields {
		if seen[f.doc.Name] {
			panic(fmt.Sprintf("compare: %T declares option %s twice", def, f.doc.Name))
		}
		seen[f.doc.Name] = true
	}
	return s
}

// walk collects the options of struct v's fields, embedded ones too.
func (s *OptionSet[T]) walk(v reflect.Value, index []int) {
	t := v.Type()
	for i := range t.NumField() {
		sf := t.Field(i)
		path := append(append([]int(nil), index...), i)
		tag, ok := sf.Tag.Lookup("opt")
		if !ok {
			if sf.Anonymous && sf.Type.Kind() == reflect.Struct {
				s.walk(v.Field(i), path)
			}
			continue
		}
		name, flag, _ := strings.Cut(tag, ",")
		d := declared{index: path, negate: flag == "negate"}
		if (flag != "" && flag != "negate" && flag != "dimacs") || (d.negate && sf.Type.Kind() != reflect.Bool) {
			panic(fmt.Sprintf("compare: %s.%s: opt tag %q: only a bool may be negated (or a flag is not negate or dimacs)", t, sf.Name, tag))
		}
		d.doc = OptionDoc{Name: name, Doc: sf.Tag.Get("doc"), DimacsOnly: flag == "dimacs"}
		if !isWord(name) || d.doc.Doc == "" {
			panic(fmt.Sprintf("compare: %s.%s: option %q wants a lower-case name and a doc tag", t, sf.Name, name))
		}
		d.doc.Values, d.doc.Default = describe(sf, v.Field(i), d.negate)
		s.fields = append(s.fields, d)
	}
}

// describe returns a field's allowed values and default as OptionDoc
// spells them.
func describe(sf reflect.StructField, v reflect.Value, negate bool) (values, def string) {
	t := sf.Type
	switch {
	case t.Implements(reflect.TypeFor[valuer]()):
		if t.Kind() != reflect.String && !reflect.PointerTo(t).Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) {
			panic(fmt.Sprintf("compare: option field %s: enumeration %s is not a string type: it wants an UnmarshalText method", sf.Name, t))
		}
		return strings.Join(v.Interface().(valuer).Values(), "|"), spell(v)
	case t.Kind() == reflect.Bool:
		return "true|false", strconv.FormatBool(v.Bool() != negate)
	case isInt(t):
		return "N", strconv.FormatInt(v.Int(), 10)
	case t.Kind() == reflect.Pointer && isInt(t.Elem()):
		def, ok := sf.Tag.Lookup("default")
		if !ok || !v.IsNil() {
			panic(fmt.Sprintf("compare: option field %s: a *int option is unset by default, its default tag says what that means", sf.Name))
		}
		return "N", def
	case t.Kind() == reflect.String:
		return sf.Tag.Get("values"), v.String()
	}
	panic(fmt.Sprintf("compare: option field %s has type %s: want bool, an integer, a string or a type with Values() []string", sf.Name, t))
}

// spell returns an enumeration value's word.
func spell(v reflect.Value) string {
	switch x := v.Interface().(type) {
	case encoding.TextMarshaler:
		b, err := x.MarshalText()
		if err != nil {
			panic(fmt.Sprintf("compare: default %v: %v", x, err))
		}
		return string(b)
	case fmt.Stringer:
		return x.String()
	}
	if v.Kind() == reflect.String {
		return v.String()
	}
	panic(fmt.Sprintf("compare: enumeration %s has no words: want a string type, a TextMarshaler or a Stringer", v.Type()))
}

func isInt(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return true
	}
	return false
}

// Docs returns the options' docs in declaration order.
func (s *OptionSet[T]) Docs() []OptionDoc {
	docs := make([]OptionDoc, len(s.fields))
	for i, f := range s.fields {
		docs[i] = f.doc
	}
	return docs
}

// Doc returns the doc of the option declared on T's field called field
// (its Go name, not the option's): how code names a shared option without
// writing its name again.
func (s *OptionSet[T]) Doc(field string) OptionDoc {
	t := reflect.TypeFor[T]()
	for _, f := range s.fields {
		if t.FieldByIndex(f.index).Name == field {
			return f.doc
		}
	}
	panic(fmt.Sprintf("compare: %s declares no option on a field %s", t, field))
}

// Parse reads o into a copy of the defaults: every name must be declared
// and every value one its option allows (an empty value is refused where
// an option has a default: it is a typo, not a choice). A solver parses
// its options on every solve, inside the solve's timing: with none given,
// the defaults are returned as they are, without the reflection a copy
// to fill in needs (and its allocation).
func (s *OptionSet[T]) Parse(o Options) (T, error) {
	if len(o) == 0 {
		return s.def, nil
	}
	return s.parse(o)
}

// parse is Parse of options o, one or more.
func (s *OptionSet[T]) parse(o Options) (T, error) {
	cfg := s.def
	v := reflect.ValueOf(&cfg).Elem()
	for _, name := range slices.Sorted(maps.Keys(o)) {
		f, ok := s.field(name)
		if !ok {
			return cfg, fmt.Errorf("no option %q (known: %s)", name, s.names())
		}
		if err := f.set(v.FieldByIndex(f.index), o[name]); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

func (s *OptionSet[T]) field(name string) (declared, bool) {
	for _, f := range s.fields {
		if f.doc.Name == name {
			return f, true
		}
	}
	return declared{}, false
}

func (s *OptionSet[T]) names() string {
	names := make([]string, len(s.fields))
	for i, f := range s.fields {
		names[i] = f.doc.Name
	}
	return strings.Join(names, ", ")
}

// set checks text against the option's doc and stores it in field v.
func (f declared) set(v reflect.Value, text string) error {
	d := f.doc
	if err := d.check(text); err != nil {
		return err
	}
	if u, ok := v.Addr().Interface().(encoding.TextUnmarshaler); ok {
		if err := u.UnmarshalText([]byte(text)); err != nil {
			return fmt.Errorf("option %s=%q: %w", d.Name, text, err)
		}
		return nil
	}
	switch {
	case v.Kind() == reflect.Bool:
		b, _ := strconv.ParseBool(text) // checked
		v.SetBool(b != f.negate)
	case isInt(v.Type()) || v.Kind() == reflect.Pointer:
		n, _ := strconv.ParseInt(text, 10, 64) // checked
		if v.Kind() == reflect.Pointer {
			v.Set(reflect.New(v.Type().Elem()))
			v = v.Elem()
		}
		if v.OverflowInt(n) {
			return fmt.Errorf("option %s=%q: too large", d.Name, text)
		}
		v.SetInt(n)
	default: // a string type: an enumeration or free text
		v.SetString(text)
	}
	return nil
}
