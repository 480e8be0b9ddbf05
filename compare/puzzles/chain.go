package puzzles

import (
	"fmt"
	"io"
	"math/rand"
	"strconv"
	"time"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/kept"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// chainEntry is chain's registry entry (list.go lists it).
func chainEntry() *compare.Puzzle {
	return &compare.Puzzle{
		Name:    "chain",
		DFS:     dfsSolver,
		SAT:     satSolver,
		Summary: "数字接龙 (Lanqiao 2024): the smallest non-crossing king path through every cell reading 0..K-1 in turn",
		Formats: `judge format: "N K" (N 1..1000, K 1..100), then N rows of N labels 0..K-1;
several boards may follow one another. Answer per board: the directions of
the lexicographically smallest path from (0,0) to (N-1,N-1) (0 up, 1 up-right,
2 right, ... 7 up-left), an empty line for N=1, or -1 when there is none.`,
		Parse:      caseParser(instances.ParseChain),
		FormatCase: formatChain,
		Solvers: []compare.Solver{
			{
				Name:     "dfs",
				Doc:      "depth-first search in direction order with label-count, degree, forced-step, matching, reachability and biconnectivity pruning, root probing, and an exact frontier check (dynamic programming over the cells left) on large subtrees",
				Options:  chainDFSDecl.Docs(),
				Solve:    solveChainDFS,
				Memory:   chainDFSMemory,
				Headline: []string{"nodes"},
				Validate: func(o compare.Options) error { _, err := chainDFSOptions(o); return err },
			},
			{
				Name:     "sat",
				Doc:      "successor encoding refined by sub-tour and crossing cuts and by patching cycles into the path; the smallest path found by questions along the greedy continuation",
				Options:  chainSATDecl.Docs(),
				Solve:    solveChainSAT,
				Memory:   chainSATMemory,
				Headline: []string{"rounds", "trials", "conflicts"},
				Validate: func(o compare.Options) error { _, err := chainSATOptions(o); return err },
			},
		},
		Verify:        verifyChain,
		Optimum:       "the smallest path",
		Agree:         agreeChain,
		CrossCheck:    "strings must be identical",
		CNF:           formula(chainCNF),
		Lazy:          "cuts of sub-tours (and of crossings, with crossing=lazy)",
		BindProof:     binder(bindChain),
		SettledBy:     chainSettledBy,
		Obligations:   chainObligations,
		NoProofNeeded: "no smaller step exists",
		Generate:      generateChain,
		GenDoc:        "--size N; boards around a planted non-crossing path",
		GenParams:     chainGenDecl.Docs(),
		GenSmall:      compare.GenConfig{Size: "4", Count: 3, Seed: 11, Params: compare.Options{"k": "3"}},
		Render:        renderChain,
		Split:         splitChain,
		SplitDoc:      chainSplitDoc,
		PartOf:        chainPartOf,
		SplitAgain:    chainSplitAgain,
		Value:         chainValue,
	}
}

// The chain solvers' options (declare.go): the dfs's are backtrack's, the
// sat's encode's and the SAT options every adapter shares.
var (
	chainDFSDecl = compare.DeclareOptions(backtrack.ChainOptions{})
	chainSATDecl = compare.DeclareOptions(chainSATConfig{ChainOptions: encode.DefaultChainOptions(), satOptions: defaultSATOptions()})
)

// chainSATConfig is what the chain sat solver reads.
type chainSATConfig struct {
	encode.ChainOptions
	satOptions
}

func chainDFSOptions(o compare.Options) (backtrack.ChainOptions, error) {
	return chainDFSDecl.Parse(o)
}

func solveChainDFS(c instances.Case, o compare.Options) (compare.Result, error) {
	b, err := caseAs[*instances.Chain]("chain", c)
	if err != nil {
		return compare.Result{}, err
	}
	opt, err := chainDFSOptions(o)
	if err != nil {
		return compare.Result{}, err
	}
	start := time.Now()
	res, err := backtrack.SolveChain(b, opt)
	if err != nil {
		return compare.Result{}, err
	}
	r := compare.Result{
		Solved: res.Solved,
		Answer: res.Answer,
		Time:   time.Since(start),
		Stats:  []compare.Stat{{Name: "nodes", Value: res.Nodes}, {Name: "sweeps", Value: res.Sweeps}, {Name: "swept", Value: res.Swept}},
	}
	if res.Reason != "" {
		// Decided before any search: say why.
		r.Steps = []compare.Step{{Label: res.Reason, Status: compare.StepUNSAT}}
	}
	return r, nil
}

// chainDFSMemory is the DFS's memory estimate (backtrack.ChainMemory).
func chainDFSMemory(c instances.Case, _ compare.Options) int64 {
	if b, ok := c.(*instances.Chain); ok {
		return backtrack.ChainMemory(b)
	}
	return 0
}

// chainSATMemory is the SAT solver's memory estimate (encode.ChainMemory).
func chainSATMemory(c instances.Case, o compare.Options) int64 {
	b, ok := c.(*instances.Chain)
	opt, err := chainSATOptions(o)
	if !ok || err != nil {
		return 0
	}
	return encode.ChainMemory(b, opt)
}

func chainSATOptions(o compare.Options) (encode.ChainOptions, error) {
	cfg, err := chainSATDecl.Parse(o)
	opt := cfg.ChainOptions
	if err != nil {
		return opt, err
	}
	if err := cfg.satOptions.into(&opt.SATOptions); err != nil {
		return opt, err
	}
	if opt.Certify && opt.Precheck {
		return opt, fmt.Errorf("option precheck=true answers -1 from label counts, which no proof backs: not with certify=true")
	}
	return opt, nil
}

func solveChainSAT(c instances.Case, o compare.Options) (compare.Result, error) {
	b, err := caseAs[*instances.Chain]("chain", c)
	if err != nil {
		return compare.Result{}, err
	}
	opt, err := chainSATOptions(o)
	if err != nil {
		return compare.Result{}, err
	}
	start := time.Now()
	res, err := encode.SolveChain(b, opt)
	if err != nil {
		return compare.Result{}, err
	}
	stats := append(satStats(res.Stats), compare.Stat{Name: "trials", Value: int64(res.Trials)}, compare.Stat{Name: "rebuilds", Value: int64(res.Rebuilds)}, compare.Stat{Name: "assumed", Value: int64(res.Assumed)}, compare.Stat{Name: "patched", Value: int64(res.Patched)}, compare.Stat{Name: "counted", Value: boolStat(res.Counted)}, compare.Stat{Name: "paired", Value: int64(res.Paired)}, compare.Stat{Name: "propagated", Value: int64(res.Propagated)})
	r := compare.Result{
		Solved: res.Solved,
		Answer: res.Answer,
		Time:   time.Since(start),
		Stats:  stats,
		Steps:  steps(res.Stats.Steps),
	}
	keep := newProofKeeper(o)
	if opt.Certify {
		cert, claims, err := encode.CertifyChain(b, res, keep.keeper())
		if claims {
			r.Stats = append(r.Stats, certStats(cert)...)
			if err != nil {
				r.CertError = err.Error()
			} else {
				r.Certified = true
			}
		}
	}
	return r, keep.write("chain", c, o, r)
}

// verifyChain checks a result without trusting the solver: a solved answer
// must be a valid path (VerifyChain); an unsolved one must say -1. That a
// path is the smallest is what Agree cross-checks.
func verifyChain(c instances.Case, r compare.Result) error {
	b, err := caseAs[*instances.Chain]("chain", c)
	if err != nil {
		return err
	}
	if !r.Solved {
		if r.Answer != instances.ChainNoPath {
			return fmt.Errorf("no path reported, but the answer is %q, not %s", r.Answer, instances.ChainNoPath)
		}
		// -1 is a claim no verifier can check in general, but the paths
		// the board may follow at no cost are tried.
		if path, ok := instances.ChainEasyPath(b); ok {
			return fmt.Errorf("no path reported, but %q is one", path)
		}
		return nil
	}
	return instances.VerifyChain(b, r.Answer)
}

func agreeChain(_ instances.Case, a, b compare.Result) error {
	if a.Answer != b.Answer {
		return fmt.Errorf("paths %q and %q differ", a.Answer, b.Answer)
	}
	return nil
}

// chainCNF is the successor encoding of the board; refined adds every cut
// the SAT solver's refinement loops found on the way to the smallest path.
func chainCNF(c instances.Case, o compare.Options, refined bool) (*sat.CNF, error) {
	b, err := caseAs[*instances.Chain]("chain", c)
	if err != nil {
		return nil, err
	}
	opt, err := chainSATOptions(o)
	if err != nil {
		return nil, err
	}
	crossing := opt.Crossing
	enc := encode.NewChainEncoding(b, crossing)
	if opt.Counting == encode.ChainCountCards {
		if err := enc.AddClassCounts(); err != nil {
			return nil, err
		}
	}
	f := enc.CNF
	if !refined {
		return f, nil
	}
	res, err := encode.SolveChain(b, opt)
	if err != nil {
		return nil, err
	}
	for _, cl := range res.Cuts {
		f.Add(cl...)
	}
	f.Comments = append(f.Comments, fmt.Sprintf("refined: %d cuts added by the refinement loops", len(res.Cuts)))
	return f, nil
}

// chainGenParams are chain's generator parameters (gen --param), each
// declared once; chainGenDecl holds their defaults.
type chainGenParams struct {
	K       int  `opt:"k" doc:"the labels 0..k-1 (1..100)"`
	Perturb bool `opt:"perturb" doc:"change a few labels (often unsolvable)"`
	Swap    bool `opt:"swap" doc:"swap a few labels (label counts kept)"`
}

var chainGenDecl = compare.DeclareOptions(chainGenParams{K: 3})

// generateChain writes g.Count boards of size N = g.Size with a planted
// path (params k, default 3, perturb and swap, default false).
func generateChain(w io.Writer, g compare.GenConfig) error {
	n, err := strconv.Atoi(g.Size)
	if err != nil {
		return fmt.Errorf("chain size %q: want N, a number 1..%d", g.Size, instances.ChainMaxN)
	}
	params, err := chainGenDecl.Parse(g.Params)
	if err != nil {
		return fmt.Errorf("chain param %w", err)
	}
	rng := rand.New(rand.NewSource(g.Seed))
	for i := 0; i < max(g.Count, 1); i++ {
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: params.K, Perturb: params.Perturb, Swap: params.Swap})
		if err != nil {
			return err
		}
		if err := instances.FormatChain(w, []*instances.Chain{b}); err != nil {
			return fmt.Errorf("writing chain board: %w", err)
		}
	}
	return nil
}

func renderChain(w io.Writer, c instances.Case, r compare.Result) error {
	b, err := caseAs[*instances.Chain]("chain", c)
	if err != nil {
		return err
	}
	answer := instances.ChainNoPath
	if r.Solved {
		answer = r.Answer
	}
	return instances.RenderChain(w, b, answer)
}

// formatChain writes one case for a worker or a results file.
func formatChain(w io.Writer, c instances.Case) error {
	s, err := caseAs[*instances.Chain]("chain", c)
	if err != nil {
		return err
	}
	return instances.FormatChain(w, []*instances.Chain{s})
}

// boolStat is a yes/no statistic as a count: 1 or 0.
func boolStat(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// bindChain rebuilds the encoding of chain case c with the options meta
// records and checks kept against it (encode.BindChainCNF).
func bindChain(c instances.Case, meta kept.Claim, kept *sat.CNF) ([]string, error) {
	b, err := caseAs[*instances.Chain]("chain", c)
	if err != nil {
		return nil, err
	}
	o := compare.Options(meta.Options)
	cfg, err := chainSATDecl.Parse(o)
	if err != nil {
		return nil, err
	}
	opt := cfg.ChainOptions
	return encode.BindChain(b, opt, meta.Answer, kept)
}

// chainNoSmaller names what settles a path with no smaller direction at
// any step: it is the smallest with no proof.
const chainNoSmaller = "no step of the path has a smaller direction"

// chainSettledBy is chainNoSmaller for a path that encode's obligations
// (ChainObligations) leave with none, else "".
func chainSettledBy(c instances.Case, r compare.Result) string {
	b, ok := c.(*instances.Chain)
	if !ok || !r.Solved {
		return ""
	}
	keys, err := encode.ChainObligations(b, r.Answer)
	if err != nil || len(keys) > 0 {
		return ""
	}
	return chainNoSmaller
}

// chainObligations are the claims r's answer needs (encode.ChainObligations).
func chainObligations(c instances.Case, _ compare.Options, r compare.Result) ([]string, error) {
	b, err := caseAs[*instances.Chain]("chain", c)
	if err != nil {
		return nil, err
	}
	return encode.ChainObligations(b, r.Answer)
}
