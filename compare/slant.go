package compare

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// slantEntry is slant's registry entry (registry.go lists it).
func slantEntry() *Puzzle {
	return &Puzzle{
		Name:    "slant",
		Summary: "Gokigen Naname (UVa 11694): a diagonal in every cell, clues count touching diagonals, no loops",
		Formats: `judge format (UVa 11694): T, then per case n (1 up, as far as
memory allows) and n+1 rows of n+1 corners, each a clue 0..4 or '.'.
Answer: n lines of '/' and '\' per case.
Also, one case per line: Simon Tatham game IDs "WxH:desc" (or "WxHde:",
"WxHdh:"; desc row-major over the corners, digits are clues, a..z runs of
1..26 empty corners) and zigzag suite lines (tab-separated name, w, h, desc,
answer, # comment). A lone integer on the first line selects the judge format.`,
		Parse:      caseParser(instances.ParseSlant),
		FormatCase: formatSlant,
		Solvers: []Solver{
			{
				Name: "dfs",
				Doc:  "iterative depth-first search with clue, loop and dead-end propagation, Tatham's equivalences, independent regions and learned nogoods",
				Options: []OptionDoc{
					{Name: UniqueOption, Values: "true|false", Default: "false", Doc: "count solutions up to two and report the second"},
					{Name: "deduce", Values: "equiv|deadend|basic", Default: "equiv", Doc: "deductions: basic (clue counts, loops), deadend (+ Tatham's dead ends: every corner reaches the border, with clue capacities), equiv (+ Tatham's equivalent cells and v-shapes, at the root)"},
					{Name: "learn", Values: "true|false", Default: "true", Doc: "learn a nogood from every failure and jump back to its cause (false: chronological backtracking)"},
					{Name: "regions", Values: "true|false", Default: "true", Doc: "solve the independent regions the root deductions leave one at a time (for uniqueness, each on its own)"},
					{Name: "probe", Values: "true|false", Default: "false", Doc: "failed-literal probing at the root"},
					{Name: "nodes", Values: "N", Default: "0", Doc: "stop with an error after N branching nodes (0: no limit)"},
				},
				Solve:    solveSlantDFS,
				Memory:   func(c instances.Case, _ Options) int64 { return slantMemory(c, nil) },
				Headline: []string{"nodes", "conflicts", "learned"},
				Validate: func(o Options) error { _, _, err := slantDFSOptions(o); return err },
			},
			{
				Name: "sat",
				Doc:  "one variable per cell, clue counts as clauses, failed-literal probing, loops forbidden lazily by refinement (a clause per loop found and per component of corners cut off the border); pre= hands it the dfs's root deductions first (a hybrid)",
				Options: []OptionDoc{
					{Name: UniqueOption, Values: "true|false", Default: "false", Doc: "block the solution found and solve on, to find a second one"},
					{Name: "pre", Values: "none|equiv|deadend|basic", Default: "none", Doc: "none: pure SAT (the default, so that sat and dfs stay independent and their agreement means something); equiv, deadend, basic: a hybrid that first runs the dfs's root deductions at that level and gives them to the solver as unit and two-literal clauses"},
					{Name: "loops", Values: "lazy|lazy+diamond|lazy+short|reach", Default: "lazy", Doc: "lazy+diamond also forbids the 4-cell loop around every inner corner up front, lazy+short the 6-cell loops too; reach encodes eagerly that every corner reaches the border (parents and binary ranks), so no loop is ever cut"},
					{Name: "cuts", Values: "shortest|forest", Default: "shortest", Doc: "the loop each cut forbids, for each diagonal closing one: the shortest through it, or the one it closes with a spanning forest"},
					{Name: "enclose", Values: "true|false", Default: "true", Doc: "with the loop cuts, cut every component of corners the model leaves off the border (\"a diagonal leaves it\"): one clause forbids every filling that cuts off the same corners, where a long loop's cut forbids only that loop"},
					{Name: "probe", Values: "rounds|once|none", Default: "rounds", Doc: "failed-literal probing of the formula, a CDCL preprocessing step gophersat lacks: the literals whose propagation fails, or that both values of a variable imply, are fixed and the backend gets the other variables only; before every solve with the cuts so far (rounds), before the first solve only (once), or never (none)"},
					{Name: "phase", Values: "clues|slash", Default: "clues", Doc: "first filling the solver tries (its variables' polarity): the diagonals the clues need most, or all '/'"},
					BackendOption,
					CertifyDoc,
					ProofsDoc,
				},
				Solve:    solveSlantSAT,
				Memory:   slantSATMemory,
				Uses:     func(o Options) []string { return map[bool][]string{true: {"dfs"}}[o.Get("pre", "none") != "none"] },
				Headline: []string{"rounds", "added", "conflicts"},
				Validate: func(o Options) error { _, _, err := slantSATOptions(o); return err },
			},
		},
		Verify:     verifySlant,
		Agree:      agreeSlant,
		CrossCheck: "answers must both verify (and with --unique agree on uniqueness)",
		CNF:        slantCNF,
		CNFDoc:     "--opt unique=true with --refined also writes the clause blocking the solution found: the formula a uniqueness certificate refutes (see --certify and --proofs), with no model when the solution is unique",
		BindProof:  bindSlant,
		Generate:   generateSlant,
		GenDoc:     "--size WxH or N; unique puzzles, clues removed while the DFS's deductions still solve the puzzle (Tatham's way), or planted boards; square boards in the judge format, others as Tatham game IDs",
		GenParams: []OptionDoc{
			{Name: "difficulty", Values: "easy|hard|deep|search", Default: "hard", Doc: "the deductions that must still solve the puzzle as clues are removed: easy (clue counts and loops), hard (dead ends and equivalences too), deep (with failed-literal probing), search (clues removed while the DFS proves uniqueness within a node budget: the slowest and sparsest); planted boards have none"},
			{Name: "clues", Values: "min|all|SHARE", Default: "min", Doc: "min: as few as the difficulty allows; all: every clue; with planted=true, the share of clues kept, 0..1 (default 0.6)"},
			{Name: "planted", Values: "true|false", Default: "false", Doc: "a random loop-free filling with a share of its clues kept (often many solutions), in place of a unique puzzle"},
		},
		GenSmall: GenConfig{Size: "5x5", Count: 3, Seed: 11},
		Render:   renderSlant,
	}
}

func slantBool(o Options, name string) (bool, error) {
	return slantBoolDefault(o, name, false)
}

func slantBoolDefault(o Options, name string, def bool) (bool, error) {
	v := o.Get(name, strconv.FormatBool(def))
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("option %s=%q: want true or false", name, v)
	}
	return b, nil
}

// slantDFSOptions reads the DFS's options; unique says whether a second
// solution is looked for.
func slantDFSOptions(o Options) (opt backtrack.SlantOptions, unique bool, err error) {
	unique, err = slantBool(o, UniqueOption)
	if err != nil {
		return opt, false, err
	}
	deduce, err := backtrack.ParseSlantDeduce(o.Get("deduce", "equiv"))
	if err != nil {
		return opt, false, fmt.Errorf("option deduce: %w", err)
	}
	maxNodes, err := strconv.ParseInt(o.Get("nodes", "0"), 10, 64)
	if err != nil || maxNodes < 0 {
		return opt, false, fmt.Errorf("option nodes=%q: want a count >= 0", o.Get("nodes", "0"))
	}
	learn, err := slantBoolDefault(o, "learn", true)
	if err != nil {
		return opt, false, err
	}
	regions, err := slantBoolDefault(o, "regions", true)
	if err != nil {
		return opt, false, err
	}
	probe, err := slantBoolDefault(o, "probe", false)
	if err != nil {
		return opt, false, err
	}
	opt = backtrack.SlantOptions{Limit: 1, Deduce: deduce, MaxNodes: maxNodes, NoLearn: !learn, NoRegions: !regions, Probe: probe}
	if unique {
		opt.Limit = 2
	}
	return opt, unique, nil
}

func solveSlantDFS(c instances.Case, o Options) (Result, error) {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return Result{}, err
	}
	opt, unique, err := slantDFSOptions(o)
	if err != nil {
		return Result{}, err
	}
	start := time.Now()
	res := backtrack.SolveSlant(s, opt)
	elapsed := time.Since(start)
	if !res.Complete {
		return Result{}, fmt.Errorf("slant dfs: stopped after %d nodes (option nodes)", res.Nodes)
	}
	r := Result{
		Solved: len(res.Solutions) > 0,
		Time:   elapsed,
		Stats: []Stat{{"nodes", res.Nodes}, {"forced", res.Forced}, {"conflicts", res.Conflicts},
			{"learned", res.Learned}, {"regions", int64(res.Regions)}},
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
func slantSATMemory(c instances.Case, o Options) int64 {
	opt, pre, err := slantSATOptions(o)
	if err != nil {
		return 0
	}
	est := slantMemory(c, &opt)
	if pre != "none" {
		est = max(est, slantMemory(c, nil))
	}
	return est
}

// slantSATOptions reads the SAT solver's options; pre is the deduction
// level to run before the solve ("none" for none).
func slantSATOptions(o Options) (opt encode.SlantOptions, pre string, err error) {
	unique, err := slantBool(o, UniqueOption)
	if err != nil {
		return opt, "", err
	}
	opt.Unique = unique
	opt.Loops = o.Get("loops", encode.SlantLoopsLazy)
	opt.Cuts = o.Get("cuts", encode.SlantCutsShortest)
	opt.Phase = o.Get("phase", encode.SlantPhaseClues)
	opt.Probe = o.Get("probe", sat.ProbeRounds)
	enclose, err := slantBoolDefault(o, "enclose", true)
	if err != nil {
		return opt, "", err
	}
	opt.LoopCutsOnly = !enclose
	if opt.Certify, err = slantBool(o, CertifyOption); err != nil {
		return opt, "", err
	}
	if err := checkProofsOption(o, opt.Certify); err != nil {
		return opt, "", err
	}
	if _, _, err := encode.SlantCNF(instances.NewSlant(1, 1), opt); err != nil {
		return opt, "", fmt.Errorf("slant sat options: %w", err)
	}
	pre = o.Get("pre", "none")
	if pre != "none" {
		if _, err := backtrack.ParseSlantDeduce(pre); err != nil {
			return opt, "", fmt.Errorf("option pre: %w", err)
		}
	}
	be, err := sat.LookupBackend(o.Get("backend", ""))
	if err != nil {
		return opt, "", err
	}
	if opt.Certify {
		if err := sat.CheckCertifiable(be); err != nil {
			return opt, "", err
		}
		if pre != "none" {
			return opt, "", fmt.Errorf("option pre=%s: the dfs's root deductions are not proved, so certify=true refuses them", pre)
		}
	}
	opt.Backend = be
	return opt, pre, nil
}

// slantFacts runs the deductions pre names, if any, into opt.
func slantFacts(s *instances.Slant, opt *encode.SlantOptions, pre string) {
	if pre == "none" {
		return
	}
	level, _ := backtrack.ParseSlantDeduce(pre)
	facts := backtrack.SlantFacts(s, level, false)
	opt.Facts = &facts
}

func solveSlantSAT(c instances.Case, o Options) (Result, error) {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return Result{}, err
	}
	opt, pre, err := slantSATOptions(o)
	if err != nil {
		return Result{}, err
	}
	start := time.Now()
	slantFacts(s, &opt, pre)
	res, err := encode.SolveSlant(s, opt)
	elapsed := time.Since(start)
	if err != nil {
		return Result{}, err
	}
	r := Result{Time: elapsed, Stats: SATStats(res.Stats)}
	keep := newProofKeeper(o)
	if opt.Certify {
		certifySlant(s, res, &r, keep)
	}
	switch res.Status {
	case sat.Sat:
		r.Solved = true
		r.Answer = instances.FormatSlantAnswer(s.W, s.H, res.Solution)
		if opt.Unique {
			if !res.UniqueChecked {
				return Result{}, fmt.Errorf("slant sat: uniqueness undecided (solver gave up)")
			}
			r.UniqueChecked = true
			if res.Second != nil {
				r.Second = instances.FormatSlantAnswer(s.W, s.H, res.Second)
			}
		}
	case sat.Unsat:
	default:
		return Result{}, fmt.Errorf("slant sat: solver gave up (%v)", res.Status)
	}
	return r, keep.write("slant", c, o, r)
}

// certifySlant checks res's claim of an absence, if any, into r: the
// proof statistics, and Certified or CertError.
func certifySlant(s *instances.Slant, res encode.SlantResult, r *Result, keep *proofKeeper) {
	if _, claims := encode.SlantClaim(res); !claims {
		return
	}
	cert, err := encode.CertifySlant(s, res, keep.keeper())
	r.Stats = append(r.Stats, CertStats(cert)...)
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
func verifySlant(c instances.Case, r Result) error {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return err
	}
	if !r.Solved {
		if r.Answer != "" || r.Second != "" {
			return fmt.Errorf("no solution reported, but an answer is given")
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
	return nil
}

// agreeSlant: two verified answers may differ when the puzzle has several
// solutions; when both decided uniqueness they must agree on it.
func agreeSlant(_ instances.Case, a, b Result) error {
	if a.UniqueChecked && b.UniqueChecked && (a.Second == "") != (b.Second == "") {
		say := func(r Result) string {
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
func slantCNF(c instances.Case, o Options, refined bool) (*sat.CNF, error) {
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
func generateSlant(w io.Writer, g GenConfig) error {
	wd, ht, err := parseSlantSize(g.Size)
	if err != nil {
		return err
	}
	planted, err := slantBool(g.Params, "planted")
	if err != nil {
		return fmt.Errorf("slant param %w", err)
	}
	rng := rand.New(rand.NewPCG(uint64(g.Seed), 0x51a47))
	var make func() (*instances.Slant, error)
	if planted {
		density, err := strconv.ParseFloat(g.Params.Get("clues", "0.6"), 64)
		if err != nil || !(density >= 0 && density <= 1) { // NaN too
			return fmt.Errorf("slant param clues=%q: want a share of clues kept, 0..1, with planted=true", g.Params.Get("clues", ""))
		}
		if d := g.Params.Get("difficulty", ""); d != "" {
			return fmt.Errorf("slant param difficulty=%q: planted boards have none", d)
		}
		make = func() (*instances.Slant, error) {
			s, _ := instances.PlantSlant(rng, wd, ht, density)
			return s, nil
		}
	} else {
		var all bool
		switch cl := g.Params.Get("clues", "min"); cl {
		case "min":
		case "all":
			all = true
		default:
			return fmt.Errorf("slant param clues=%q: want min or all (or a share with planted=true)", cl)
		}
		opt, search, err := slantGenOptions(g.Params.Get("difficulty", "hard"))
		if err != nil {
			return err
		}
		opt.AllClues = all
		make = func() (*instances.Slant, error) {
			if search {
				s, _, err := instances.GenerateSlant(rng, wd, ht, !all, SlantGenCounter)
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

// SlantGenCounter is the generator's uniqueness check: the DFS counting to
// limit within a budget of branching nodes. A case it cannot decide within
// the budget counts as not unique, so the generator keeps the clue it was
// trying to remove: the puzzle stays provably unique, at the price of a
// clue set that may not be quite minimal.
func SlantGenCounter(s *instances.Slant, limit int) int {
	r := backtrack.SolveSlant(s, backtrack.SlantOptions{Limit: limit, MaxNodes: slantGenNodes})
	if !r.Complete {
		return limit
	}
	return len(r.Solutions)
}

func renderSlant(w io.Writer, c instances.Case, r Result) error {
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
	_, err = fmt.Fprintln(w, instances.SlantGameID(s))
	return err
}
