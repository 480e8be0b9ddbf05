package compare

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// toyColour is an enumeration by string type.
type toyColour string

func (toyColour) Values() []string { return []string{"red", "green"} }

// toyLevel is an enumeration by integer, set through its text methods.
type toyLevel int

func (toyLevel) Values() []string { return []string{"low", "high"} }

func (l toyLevel) MarshalText() ([]byte, error) { return []byte(l.Values()[l]), nil }

func (l *toyLevel) UnmarshalText(b []byte) error {
	for i, w := range l.Values() {
		if w == string(b) {
			*l = toyLevel(i)
			return nil
		}
	}
	return fmt.Errorf("no level %q", b)
}

// toyIntEnum is an enumeration by integer that cannot be set from text.
type toyIntEnum int

func (toyIntEnum) Values() []string { return []string{"a"} }
func (toyIntEnum) String() string   { return "a" }

type toyEmbedded struct {
	Fast bool `opt:"fast" doc:"go fast"`
}

type toyConfig struct {
	toyEmbedded
	Colour   toyColour `opt:"colour" doc:"paint"`
	Level    toyLevel  `opt:"level" doc:"how much"`
	NoLearn  bool      `opt:"learn,negate" doc:"learn"`
	Nodes    int64     `opt:"nodes" doc:"a budget"`
	Small    int8      `opt:"small" doc:"a small count"`
	K        *int      `opt:"k" default:"the optimum" doc:"a bound"`
	Dir      string    `opt:"dir" values:"DIR" doc:"a folder"`
	Deadline int       // not an option
}

var toyDecl = DeclareOptions(toyConfig{Colour: "green", Level: 1, Nodes: 7})

func TestDeclaredDocs(t *testing.T) {
	want := []OptionDoc{
		{Name: "fast", Values: "true|false", Default: "false", Doc: "go fast"},
		{Name: "colour", Values: "red|green", Default: "green", Doc: "paint"},
		{Name: "level", Values: "low|high", Default: "high", Doc: "how much"},
		{Name: "learn", Values: "true|false", Default: "true", Doc: "learn"},
		{Name: "nodes", Values: "N", Default: "7", Doc: "a budget"},
		{Name: "small", Values: "N", Default: "0", Doc: "a small count"},
		{Name: "k", Values: "N", Default: "the optimum", Doc: "a bound"},
		{Name: "dir", Values: "DIR", Default: "", Doc: "a folder"},
	}
	if got := toyDecl.Docs(); !reflect.DeepEqual(got, want) {
		t.Errorf("Docs:\n got %+v\nwant %+v", got, want)
	}
	if d := toyDecl.Doc("NoLearn"); d.Name != "learn" {
		t.Errorf("Doc(NoLearn) = %+v", d)
	}
}

func TestDeclaredParse(t *testing.T) {
	four := 4
	def := toyConfig{Colour: "green", Level: 1, Nodes: 7}
	with := func(f func(*toyConfig)) toyConfig { c := def; f(&c); return c }
	tests := []struct {
		name string
		o    Options
		want toyConfig
		err  string // a part of the error; "" for none
	}{
		{"defaults", Options{}, def, ""},
		{"defaults, nil", nil, def, ""},
		{"every option", Options{"fast": "true", "colour": "red", "level": "low", "learn": "false", "nodes": "0", "small": "127", "k": "4", "dir": "/tmp/p"},
			toyConfig{toyEmbedded{true}, "red", 0, true, 0, 127, &four, "/tmp/p", 0}, ""},
		{"a negated default", Options{"learn": "true"}, def, ""},
		{"bool spellings", Options{"fast": "1"}, with(func(c *toyConfig) { c.Fast = true }), ""},
		{"unknown name", Options{"speed": "1"}, def, `no option "speed" (known: fast, colour, level, learn, nodes, small, k, dir)`},
		{"not an option field", Options{"deadline": "1"}, def, `no option "deadline"`},
		{"bad enum", Options{"colour": "blue"}, def, `option colour="blue": want red or green`},
		{"bad text enum", Options{"level": "mid"}, def, `option level="mid": want low or high`},
		{"bad bool", Options{"fast": "maybe"}, def, `option fast="maybe": want true or false`},
		{"empty enum", Options{"colour": ""}, def, `option colour="": want red|green (default green)`},
		{"empty bool", Options{"learn": ""}, def, `option learn=""`},
		{"empty count", Options{"nodes": ""}, def, `option nodes=""`},
		{"empty free text", Options{"dir": ""}, def, ""},
		{"negative count", Options{"nodes": "-1"}, def, `option nodes="-1": want a count`},
		{"a count not a number", Options{"k": "x"}, def, `option k="x": want a count`},
		{"a count too large", Options{"small": "128"}, def, `option small="128": too large`},
		{"first bad one by name", Options{"nodes": "-1", "colour": "blue"}, def, `option colour="blue"`},
	}
	for _, tt := range tests {
		got, err := toyDecl.Parse(tt.o)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
		case tt.err == "" && !reflect.DeepEqual(got, tt.want):
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestParseDefaultsAllocFree: a solver parses its options on every
// solve, inside the solve's timing; with none given, Parse allocates
// nothing.
func TestParseDefaultsAllocFree(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _, _ = toyDecl.Parse(Options{}) }); n != 0 {
		t.Errorf("Parse of no options: %v allocations, want 0", n)
	}
}

// TestDeclareRefuses: a malformed declaration panics at registration.
func TestDeclareRefuses(t *testing.T) {
	type twice struct {
		A bool `opt:"a" doc:"x"`
		B bool `opt:"a" doc:"y"`
	}
	type noDoc struct {
		A bool `opt:"a"`
	}
	type badName struct {
		A bool `opt:"A" doc:"x"`
	}
	type negatedCount struct {
		A int `opt:"a,negate" doc:"x"`
	}
	type badType struct {
		A float64 `opt:"a" doc:"x"`
	}
	type intEnum struct {
		A toyIntEnum `opt:"a" doc:"x"`
	}
	type pointerNoDefault struct {
		A *int `opt:"a" doc:"x"`
	}
	for name, declare := range map[string]func(){
		"twice":            func() { DeclareOptions(twice{}) },
		"no doc":           func() { DeclareOptions(noDoc{}) },
		"bad name":         func() { DeclareOptions(badName{}) },
		"negated count":    func() { DeclareOptions(negatedCount{}) },
		"bad type":         func() { DeclareOptions(badType{}) },
		"int enumeration":  func() { DeclareOptions(intEnum{}) },
		"pointer, no text": func() { DeclareOptions(pointerNoDefault{}) },
		"not a struct":     func() { DeclareOptions(3) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: declared", name)
				}
			}()
			declare()
		}()
	}
}

// FuzzDeclaredParse: any name and value is parsed or refused, never a
// panic, and a value accepted is one its option allows.
func FuzzDeclaredParse(f *testing.F) {
	for _, seed := range [][2]string{{"colour", "red"}, {"level", "high"}, {"nodes", "99999999999999999999"}, {"small", "-0"}, {"k", "+3"}, {"learn", "F"}, {"dir", ""}, {"x", "y"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, name, value string) {
		cfg, err := toyDecl.Parse(Options{name: value})
		if err != nil {
			return
		}
		if !slices.Contains(cfg.Colour.Values(), string(cfg.Colour)) || cfg.Level < 0 || cfg.Level > 1 || cfg.Nodes < 0 || cfg.Small < 0 || (cfg.K != nil && *cfg.K < 0) {
			t.Errorf("%s=%q accepted as %+v", name, value, cfg)
		}
	})
}
