package puzzles

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/kept"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// slantEntry is slant's registry entry (list.go lists it).
func slantEntry() *compare.Puzzle {
	return &compare.Puzzle{
		Name:    "slant",
		DFS:     dfsSolver,
		SAT:     satSolver,
		Summary: "Gokigen Naname (UVa 11694): a diagonal in every cell, clues count touching diagonals, no loops",
		Formats: `judge format (UVa 11694): T, then per case n (1 up, as far as
memory allows) and n+1 rows of n+1 corners, each a clue 0..4 or '.'.
Answer: n lines of '/' and '\' per case.
Also, one case per line: Simon Tatham game IDs "WxH:desc" (or "WxHde:",
"WxHdh:"; desc row-major over the corners, digits are clues, a..z runs of
1..26 empty corners) and zigzag suite lines (tab-separated name, w, h, desc,
answer, # comment; an answer that is no solution is bad input, and a run
saying there is none, or that another is unique, is wrong). A lone
integer on the first line selects the judge format.`,
		Parse:      caseParser(instances.ParseSlant),
		FormatCase: formatSlant,
		Solvers: []compare.Solver{
			{
				Name:     "dfs",
				Doc:      "iterative depth-first search with clue, loop and dead-end propagation, Tatham's equivalences, independent regions and learned nogoods",
				Options:  slantDFSDecl.Docs(),
				Solve:    solveSlantDFS,
				Memory:   func(c instances.Case, _ compare.Options) int64 { return slantMemory(c, nil) },
				Headline: []string{"nodes", "conflicts", "learned"},
				Validate: func(o compare.Options) error { _, _, err := slantDFSOptions(o); return err },
			},
			{
				Name:     "sat",
				Doc:      "one variable per cell, clue counts as clauses, failed-literal probing, loops forbidden lazily by refinement (a clause per loop found and per component of corners cut off the border); pre= hands it the dfs's root deductions first (a hybrid)",
				Options:  slantSATDecl.Docs(),
				Solve:    solveSlantSAT,
				Memory:   slantSATMemory,
				Uses:     slantSATUses,
				Headline: []string{"rounds", "added", "conflicts"},
				Validate: func(o compare.Options) error { _, _, err := slantSATOptions(o); return err },
			},
		},
		Verify:      verifySlant,
		Agree:       agreeSlant,
		CrossCheck:  "answers must both verify (and with --unique agree on uniqueness)",
		CNF:         formula(slantCNF),
		Lazy:        "loop clauses",
		CNFDoc:      "--opt unique=true with --refined also writes the clause blocking the solution found: the formula a uniqueness certificate refutes (see compare --certify and --proofs), with no model when the solution is unique",
		BindProof:   binder(bindSlant),
		Obligations: slantObligations,
		Generate:    generateSlant,
		GenMemory:   slantGenMemory,
		GenDoc:      "--size WxH or N; unique puzzles, clues removed while the DFS's deductions still solve the puzzle (Tatham's way), or planted boards; square boards in the judge format, others as Tatham game IDs",
		GenParams:   slantGenDecl.Docs(),
		GenSmall:    compare.GenConfig{Size: "5x5", Count: 3, Seed: 11},
		Render:      renderSlant,
		Split:       splitSlant,
		SplitDoc:    slantSplitDoc,
		PartOf:      slantPartOf,
		SplitAgain:  slantSplitAgain,
		Value:       slantValue,
	}
}

// The slant solvers' options (declare.go): the dfs's are backtrack's, the
// sat's encode's, with unique, pre and the SAT options every adapter
// shares.
var (
	slantDFSDecl = compare.DeclareOptions(slantDFSConfig{})
	slantSATDecl = compare.DeclareOptions(slantSATConfig{SlantOptions: encode.DefaultSlantOptions(), satOptions: defaultSATOptions()})
)

// slantDFSConfig is what the slant dfs reads.
type slantDFSConfig struct {
	uniqueOptions
	backtrack.SlantOptions
}

// slantSATConfig is what the slant sat solver reads.
type slantSATConfig struct {
	uniqueOptions
	Pre slantPre `opt:"pre" doc:"none: pure SAT (the default, so that sat and dfs stay independent and their agreement means something); equiv, deadend, basic: a hybrid that first runs the dfs's root deductions at that level and gives them to the solver as unit and two-literal clauses"`
	encode.SlantOptions
	satOptions
}

// slantPre is the sat solver's pre option: the level of the dfs's root
// deductions to run before the solve, if any.
type slantPre struct {
	on    bool
	level backtrack.SlantDeduce
}

// slantPreNone is the pre option's word for none.
const slantPreNone = "none"

// Values lists none, the default, then the deduction levels.
func (slantPre) Values() []string {
	return append([]string{slantPreNone}, backtrack.SlantDeduce(0).Values()...)
}

// MarshalText spells p.
func (p slantPre) MarshalText() ([]byte, error) {
	if !p.on {
		return []byte(slantPreNone), nil
	}
	return []byte(p.level.String()), nil
}

// UnmarshalText reads none or a deduction level.
func (p *slantPre) UnmarshalText(text []byte) error {
	if string(text) == slantPreNone {
		*p = slantPre{}
		return nil
	}
	level, err := backtrack.ParseSlantDeduce(string(text))
	*p = slantPre{on: true, level: level}
	return err
}

// slantSATUses names the dfs when pre= starts the sat solver from its
// deductions.
func slantSATUses(o compare.Options) []string {
	if cfg, err := slantSATDecl.Parse(o); err == nil && cfg.Pre.on {
		return []string{"dfs"}
	}
	return nil
}

// slantDFSOptions reads the DFS's options; unique says whether a second
// solution is looked for.
func slantDFSOptions(o compare.Options) (opt backtrack.SlantOptions, unique bool, err error) {
	cfg, err := slantDFSDecl.Parse(o)
	if err != nil {
		return opt, false, err
	}
	opt = cfg.SlantOptions
	opt.Limit = 1
	if cfg.Unique {
		opt.Limit = 2
	}
	return opt, cfg.Unique, nil
}

func solveSlantDFS(c instances.Case, o compare.Options) (compare.Result, error) {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return compare.Result{}, err
	}
	opt, unique, err := slantDFSOptions(o)
	if err != nil {
		return compare.Result{}, err
	}
	start := time.Now()
	res := backtrack.SolveSlant(s, opt)
	elapsed := time.Since(start)
	if !res.Complete {
		return compare.Result{}, fmt.Errorf("slant dfs: stopped after %d nodes (option nodes)", res.Nodes)
	}
	r := compare.Result{
		Solved: len(res.Solutions) > 0,
		Time:   elapsed,
		Stats: []compare.Stat{{Name: "nodes", Value: res.Nodes}, {Name: "forced", Value: res.Forced}, {Name: "conflicts", Value: res.Conflicts},
			{Name: "learned", Value: res.Learned}, {Name: "regions", Value: int64(res.Regions)}},
	}
	if r.Solved {
		r.Answer = instances.FormatSlantAnswer(s.W, s.H, res.Solutions[0])
		if unique {
			r.UniqueChecked = true
			if len(res.Solutions) > 1 {
				r.Second = instances.FormatSlantAnswer(s.W, s.H, res.Solutions[1])
			}
		}
	}
	return r, nil
}

// slantMemory is the DFS's memory estimate (backtrack.SlantMemory), or,
// with sat options, the SAT solver's (encode.SlantMemory); 0 for a case
// that is not slant.
func slantMemory(c instances.Case, sat *encode.SlantOptions) int64 {
	s, ok := c.(*instances.Slant)
	switch {
	case !ok:
		return 0
	case sat != nil:
		return encode.SlantMemory(s, *sat)
	}
	return backtrack.SlantMemory(s)
}

// slantSATMemory is the SAT solver's memory estimate under options o
// (pre= adds the DFS's root deductions, run first: the larger of the
// two).
func slantSATMemory(c instances.Case, o compare.Options) int64 {
	opt, pre, err := slantSATOptions(o)
	if err != nil {
		return 0
	}
	est := slantMemory(c, &opt)
	if pre.on {
		est = max(est, slantMemory(c, nil))
	}
	return est
}

// slantSATOptions reads the SAT solver's options; pre is the deduction
// level to run before the solve, if any.
func slantSATOptions(o compare.Options) (opt encode.SlantOptions, pre slantPre, err error) {
	cfg, err := slantSATDecl.Parse(o)
	if err != nil {
		return opt, pre, err
	}
	opt, pre = cfg.SlantOptions, cfg.Pre
	opt.Unique = cfg.uniqueOptions.Unique
	if err := opt.Check(); err != nil {
		return opt, pre, fmt.Errorf("slant sat options: %w", err)
	}
	if err := cfg.satOptions.into(&opt.SATOptions); err != nil {
		return opt, pre, err
	}
	if opt.Certify && pre.on {
		return opt, pre, fmt.Errorf("option pre=%s: the dfs's root deductions are not proved, so certify=true refuses them", pre.level)
	}
	return opt, pre, nil
}

// slantFacts runs the deductions pre names, if any, into opt.
func slantFacts(s *instances.Slant, opt *encode.SlantOptions, pre slantPre) {
	if !pre.on {
		return
	}
	facts := backtrack.SlantFacts(s, pre.level, false)
	opt.Facts = &facts
}

func solveSlantSAT(c instances.Case, o compare.Options) (compare.Result, error) {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return compare.Result{}, err
	}
	opt, pre, err := slantSATOptions(o)
	if err != nil {
		return compare.Result{}, err
	}
	start := time.Now()
	slantFacts(s, &opt, pre)
	res, err := encode.SolveSlant(s, opt)
	elapsed := time.Since(start)
	if err != nil {
		return compare.Result{}, err
	}
	r := compare.Result{Time: elapsed, Stats: satStats(res.Stats)}
	keep := newProofKeeper(o)
	if opt.Certify {
		certifySlant(s, res, &r, keep)
	}
	switch res.Status {
	case sat.Satisfiable:
		r.Solved = true
		r.Answer = instances.FormatSlantAnswer(s.W, s.H, res.Solution)
		if opt.Unique {
			if !res.UniqueChecked {
				return compare.Result{}, fmt.Errorf("slant sat: uniqueness undecided (solver gave up)")
			}
			r.UniqueChecked = true
			if res.Second != nil {
				r.Second = instances.FormatSlantAnswer(s.W, s.H, res.Second)
			}
		}
	case sat.Unsatisfiable:
	default:
		return compare.Result{}, fmt.Errorf("slant sat: solver gave up (%v)", res.Status)
	}
	return r, keep.write("slant", c, o, r)
}

// certifySlant checks res's claim of an absence, if any, into r: the
// proof statistics, and Certified or CertError.
func certifySlant(s *instances.Slant, res encode.SlantResult, r *compare.Result, keep *proofKeeper) {
	if _, claims := encode.SlantClaim(res); !claims {
		return
	}
	cert, err := encode.CertifySlant(s, res, keep.keeper())
	r.Stats = append(r.Stats, certStats(cert)...)
	if err != nil {
		r.CertError = err.Error()
		return
	}
	r.Certified = true
}

// verifySlant checks a result on its own: a solved answer is parsed from
// the judge text and must satisfy every clue with no loop; a second
// solution must be valid too and differ from the first. An unsolved result
// must print nothing (the judge's output has nothing for it).
func verifySlant(c instances.Case, r compare.Result) error {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return err
	}
	// A suite line's own answer (checked a solution when it was read)
	// contradicts a claim of none, and a claim that another is unique;
	// a part's fixed cells may rule it out.
	expected := s.Part == nil && s.Expected != ""
	if !r.Solved {
		if r.Answer != "" || r.Second != "" {
			return fmt.Errorf("no solution reported, but an answer is given")
		}
		if expected {
			return fmt.Errorf("no solution reported, but the suite's answer is one")
		}
		// The fillings every cell alike close no loop: where the clues
		// allow one, "no solution" is refuted at no cost.
		if s.Part == nil {
			for _, d := range []byte{instances.Back, instances.Forward} {
				if instances.VerifySlant(s, bytes.Repeat([]byte{d}, s.W*s.H)) == nil {
					return fmt.Errorf("no solution reported, but every cell %c is one", d)
				}
			}
		}
		return nil
	}
	cells, err := instances.ParseSlantAnswer(s, r.Answer)
	if err != nil {
		return fmt.Errorf("answer: %w", err)
	}
	if err := instances.VerifySlant(s, cells); err != nil {
		return fmt.Errorf("answer: %w", err)
	}
	if r.Second != "" {
		second, err := instances.ParseSlantAnswer(s, r.Second)
		if err != nil {
			return fmt.Errorf("second solution: %w", err)
		}
		if err := instances.VerifySlant(s, second); err != nil {
			return fmt.Errorf("second solution: %w", err)
		}
		if string(second) == string(cells) {
			return fmt.Errorf("second solution equals the first")
		}
	}
	if expected && r.UniqueChecked && r.Second == "" {
		want, err := instances.ParseSlantAnswer(s, s.Expected)
		if err == nil && string(want) != string(cells) {
			return fmt.Errorf("unique claimed, but the suite's answer is another solution")
		}
	}
	return nil
}

// agreeSlant: two verified answers may differ when the puzzle has several
// solutions; when both decided uniqueness they must agree on it.
func agreeSlant(_ instances.Case, a, b compare.Result) error {
	if a.UniqueChecked && b.UniqueChecked && (a.Second == "") != (b.Second == "") {
		say := func(r compare.Result) string {
			if r.Second == "" {
				return "unique"
			}
			return "not unique"
		}
		return fmt.Errorf("one says %s, the other %s", say(a), say(b))
	}
	return nil
}

// slantCNF is the eager encoding (with pre=, the dfs's root deductions
// added as clauses); refined adds the loop clauses a finished refinement
// (with the same options) found and, with unique=true, the blocking clause
// of the solution found: then it is the formula a uniqueness certificate
// refutes, its input clauses included (in another order).
func slantCNF(c instances.Case, o compare.Options, refined bool) (*sat.CNF, error) {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return nil, err
	}
	opt, pre, err := slantSATOptions(o)
	if err != nil {
		return nil, err
	}
	slantFacts(s, &opt, pre)
	f, _, err := encode.SlantCNF(s, opt)
	if err != nil {
		return nil, err
	}
	if !refined {
		return f, nil
	}
	res, err := encode.SolveSlant(s, opt)
	if err != nil {
		return nil, err
	}
	for _, cl := range res.Cuts {
		f.Add(cl...)
	}
	f.Comments = append(f.Comments, fmt.Sprintf("refined: %d loop clauses added by %d refinement rounds (%v)", len(res.Cuts), res.Stats.Rounds, res.Status))
	if res.Block != nil {
		f.Add(res.Block...)
		f.Comments = append(f.Comments, "unique: the last clause blocks the solution found")
	}
	return f, nil
}

// parseSlantSize reads "WxH" or "N".
func parseSlantSize(size string) (int, int, error) {
	ws, hs, ok := strings.Cut(size, "x")
	if !ok {
		hs = ws
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("slant size %q: want WxH or N", size)
	}
	if err := instances.CheckSlantSize(w, h); err != nil {
		return 0, 0, fmt.Errorf("slant size %q: %w", size, err)
	}
	return w, h, nil
}

// slantGenParams are slant's generator parameters (gen --param), each
// declared once; slantGenDecl holds their defaults.
type slantGenParams struct {
	Difficulty slantDifficulty `opt:"difficulty" doc:"the deductions that must still solve the puzzle as clues are removed: easy (clue counts and loops), hard (dead ends and equivalences too), deep (with failed-literal probing), search (clues removed while the DFS proves uniqueness within a node budget: the slowest and sparsest); planted boards have none"`
	Clues      string          `opt:"clues" values:"min|all|SHARE" doc:"min: as few as the difficulty allows; all: every clue; with planted=true, the share of clues kept, 0..1 (default 0.6)"`
	Planted    bool            `opt:"planted" doc:"a random loop-free filling with a share of its clues kept (often many solutions), in place of a unique puzzle"`
}

// slantDifficulty is how hard a generated puzzle is (slantGenOptions).
type slantDifficulty string

// Values lists the difficulties.
func (slantDifficulty) Values() []string { return []string{"easy", "hard", "deep", "search"} }

var slantGenDecl = compare.DeclareOptions(slantGenParams{Difficulty: "hard", Clues: "min"})

// slantPlantedClues is the share of clues a planted board keeps when the
// clues parameter does not say.
const slantPlantedClues = "0.6"

// slantGenMemory estimates generating g: the DFS's deductions on one
// board (backtrack.SlantMemory, solve --mem's estimate of the dfs solver)
// and a byte per corner of every board kept until written.
func slantGenMemory(g compare.GenConfig) int64 {
	w, h, err := parseSlantSize(g.Size)
	if err != nil {
		return 0
	}
	return backtrack.SlantMemory(&instances.Slant{W: w, H: h}) + int64(max(g.Count, 1))*int64(w+1)*int64(h+1)
}

// generateSlant writes g.Count puzzles of size g.Size ("WxH" or "N").
// By default they are unique, made as Tatham's generator makes them:
// clues removed while the DFS's deductions still solve the puzzle, at
// param difficulty=easy (clue counts and loops), hard (the default: dead
// ends and equivalences too; puzzles easy cannot solve), deep (with
// failed-literal probing; puzzles hard cannot solve) or search (clues
// removed while the DFS proves uniqueness within a node budget, the
// slowest and sparsest); clues=all keeps every clue. planted=true makes
// planted boards instead: a random loop-free filling with each clue kept
// with probability clues (default 0.6), which often have many solutions.
// Square boards are written in the judge format, others as Tatham game IDs.
func generateSlant(w io.Writer, g compare.GenConfig) error {
	wd, ht, err := parseSlantSize(g.Size)
	if err != nil {
		return err
	}
	params, err := slantGenDecl.Parse(g.Params)
	if err != nil {
		return fmt.Errorf("slant param %w", err)
	}
	rng := rand.New(rand.NewPCG(uint64(g.Seed), 0x51a47))
	var make func() (*instances.Slant, error)
	if params.Planted {
		share := slantPlantedClues
		if _, set := g.Params["clues"]; set {
			share = params.Clues
		}
		density, err := strconv.ParseFloat(share, 64)
		if err != nil || !(density >= 0 && density <= 1) { // NaN too
			return fmt.Errorf("slant param clues=%q: want a share of clues kept, 0..1, with planted=true", share)
		}
		if _, set := g.Params["difficulty"]; set {
			return fmt.Errorf("slant param difficulty=%q: planted boards have none", params.Difficulty)
		}
		make = func() (*instances.Slant, error) {
			s, _ := instances.PlantSlant(rng, wd, ht, density)
			return s, nil
		}
	} else {
		var all bool
		switch cl := params.Clues; cl {
		case "min":
		case "all":
			all = true
		default:
			return fmt.Errorf("slant param clues=%q: want min or all (or a share with planted=true)", cl)
		}
		opt, search, err := slantGenOptions(string(params.Difficulty))
		if err != nil {
			return err
		}
		opt.AllClues = all
		make = func() (*instances.Slant, error) {
			if search {
				s, _, err := instances.GenerateSlant(rng, wd, ht, !all, slantGenCounter)
				return s, err
			}
			s, _, err := instances.GenerateSlantDeduced(rng, wd, ht, opt)
			return s, err
		}
	}
	var cases []*instances.Slant
	for i := 0; i < max(g.Count, 1); i++ {
		s, err := make()
		if err != nil {
			return err
		}
		cases = append(cases, s)
	}
	if wd == ht {
		return instances.FormatSlant(w, cases)
	}
	for _, s := range cases {
		if _, err := fmt.Fprintln(w, instances.SlantGameID(s)); err != nil {
			return fmt.Errorf("writing slant game IDs: %w", err)
		}
	}
	return nil
}

// slantGenOptions returns the generator's checks for a difficulty, or
// search for the uniqueness-search generator.
func slantGenOptions(difficulty string) (opt instances.SlantGenOptions, search bool, err error) {
	use := func(level backtrack.SlantDeduce, probe bool) {
		opt.Solves = backtrack.NewSlantDeducer(level, probe).Solves
		opt.Reduce = func(s *instances.Slant, order []int) { backtrack.ReduceSlantClues(s, order, level, probe) }
	}
	switch difficulty {
	case "easy":
		use(backtrack.SlantDeduceBasic, false)
	case "hard":
		use(backtrack.SlantDeduceEquiv, false)
		opt.TooEasy = backtrack.NewSlantDeducer(backtrack.SlantDeduceBasic, false).Solves
	case "deep":
		use(backtrack.SlantDeduceEquiv, true)
		opt.TooEasy = backtrack.NewSlantDeducer(backtrack.SlantDeduceEquiv, false).Solves
	case "search":
		search = true
	default:
		err = fmt.Errorf("slant param difficulty=%q: want easy, hard, deep or search", difficulty)
	}
	return opt, search, err
}

// slantGenNodes is the node budget of one uniqueness check while
// generating: it keeps 50x50 generation to about a minute.
const slantGenNodes = 64

// slantGenCounter is the generator's uniqueness check: the DFS counting to
// limit within a budget of branching nodes. A case it cannot decide within
// the budget counts as not unique, so the generator keeps the clue it was
// trying to remove: the puzzle stays provably unique, at the price of a
// clue set that may not be quite minimal.
func slantGenCounter(s *instances.Slant, limit int) int {
	r := backtrack.SolveSlant(s, backtrack.SlantOptions{Limit: limit, MaxNodes: slantGenNodes})
	if !r.Complete {
		return limit
	}
	return len(r.Solutions)
}

func renderSlant(w io.Writer, c instances.Case, r compare.Result) error {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return err
	}
	var cells []byte
	if r.Solved {
		if cells, err = instances.ParseSlantAnswer(s, r.Answer); err != nil {
			return fmt.Errorf("rendering: %w", err)
		}
	}
	return instances.RenderSlant(w, s, cells)
}

// formatSlant writes one case for a worker or a results file.
func formatSlant(w io.Writer, c instances.Case) error {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(w, instances.SlantPartHead(s)+instances.SlantGameID(s)+"\n")
	return err
}

// bindSlant rebuilds the eager encoding of case c with the options meta
// records and checks kept against it (encode.BindSlantCNF).
func bindSlant(c instances.Case, meta kept.Claim, kept *sat.CNF) ([]string, error) {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return nil, err
	}
	o := compare.Options(meta.Options)
	cfg, err := slantSATDecl.Parse(o)
	if err != nil {
		return nil, err
	}
	if cfg.Pre.on {
		return nil, fmt.Errorf("option pre=%s: deductions before the solve are not proved", cfg.Pre.level)
	}
	opt := encode.SlantOptions{Loops: cfg.Loops, Phase: cfg.Phase}
	var answer []byte
	if meta.Answer != "" {
		if answer, err = instances.ParseSlantAnswer(s, meta.Answer); err != nil {
			return nil, fmt.Errorf("the claim's answer: %w", err)
		}
	}
	key, err := encode.BindSlant(s, opt, answer, kept)
	if err != nil {
		return nil, err
	}
	return []string{key}, nil
}

// slantObligations is the claim r's answer needs (encode.SlantObligations).
func slantObligations(_ instances.Case, _ compare.Options, r compare.Result) ([]string, error) {
	return encode.SlantObligations(r.Solved, r.UniqueChecked && r.Second == ""), nil
}
