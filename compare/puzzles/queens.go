package puzzles

import (
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

// queensEntry is queens's registry entry (list.go lists it).
func queensEntry() *compare.Puzzle {
	return &compare.Puzzle{
		Name:    "queens",
		DFS:     dfsSolver,
		SAT:     satSolver,
		Summary: "Guarding the Chessboard (UVa 11214): fewest queens so that every X is occupied or attacked",
		Formats: `judge format (UVa 11214): cases "n m" (1..32 each) followed by n rows of m
characters '.' or 'X' (a target), ended by a line "0" or the end of input.
Answer per case: "Case k: v", v the fewest queens covering every target.`,
		Parse:      caseParser(instances.ParseQueens),
		FormatCase: formatQueens,
		Solvers: []compare.Solver{
			{
				Name:     "dfs",
				Doc:      "exact bitboard search: branch on the target with the fewest attackers, reach and share lower bounds (children the reach bound cuts are never made), dominated squares dropped, symmetry at every depth",
				Options:  queensDFSDecl.Docs(),
				Solve:    solveQueensDFS,
				Headline: []string{"nodes", "lower", "greedy"},
				Validate: func(o compare.Options) error { _, err := queensDFSOptions(o); return err },
			},
			{
				Name:     "sat",
				Doc:      "a variable per useful square and per line holding a queen, a clause per target over its four lines, at most k queens, k rows, k columns and k diagonals by colour; a local search's cover as the upper bound; for each k below it, one SAT call per way of sharing k queens among the four square classes, one share of each orbit under the board symmetries; every model verified",
				Options:  queensSATDecl.Docs(),
				Solve:    solveQueensSAT,
				Headline: []string{"solves", "conflicts", "vars"},
				Validate: func(o compare.Options) error { _, err := queensSATOptions(o); return err },
			},
		},
		Verify:  verifyQueens,
		Optimum: "the fewest queens",
		Least: func(r compare.Result) bool {
			_, n, err := instances.ParseQueensAnswer(r.Answer)
			return err == nil && n == 0
		},
		Agree:         agreeQueens,
		CrossCheck:    "optima must be equal",
		CNF:           formula(queensCNF),
		CNFDoc:        `--opt k=N sets the bound, and --opt split=classes writes the cubes too, as an incremental CNF ("p inccnf", one "a LITS 0" line per cube, as cadical reads it)`,
		BindProof:     binder(bindQueens),
		SettledBy:     queensSettledBy,
		Obligations:   queensObligations,
		NoProofNeeded: "the lower bound meets the cover",
		// Both solvers report their lower bound as "lower"; the dfs
		// called it "bound" before 0.14.
		RenamedStats: map[string]string{"bound": "lower"},
		Generate:     generateQueens,
		GenDoc:       "--size NxM or N; boards with target squares (X) drawn at random",
		GenParams:    queensGenDecl.Docs(),
		GenSmall:     compare.GenConfig{Size: "6x7", Count: 3, Seed: 11, Params: compare.Options{"density": "0.4"}},
		Render:       renderQueens,
		Split:        splitQueens,
		SplitDoc:     queensSplitDoc,
		PartOf:       queensPartOf,
		SplitAgain:   queensSplitAgain,
		Value:        queensValue,
	}
}

func queensResult(q *instances.Queens, placement []instances.Square, elapsed time.Duration) compare.Result {
	return compare.Result{
		Solved:  true,
		Answer:  instances.FormatQueensAnswer(q.Location().Case, len(placement)),
		Witness: q.Board(placement),
		Time:    elapsed,
	}
}

// The queens solvers' options (declare.go): the dfs's are backtrack's, the
// sat's encode's, the SAT options every adapter shares and dimacs's k.
var (
	queensDFSDecl = compare.DeclareOptions(backtrack.DefaultQueensOptions())
	queensSATDecl = compare.DeclareOptions(queensSATConfig{QueensOptions: encode.DefaultQueensOptions(), satOptions: defaultSATOptions()})
)

// queensSATConfig is what the queens sat solver and its CNF read; K is
// the bound QueensCNF writes, nil for the optimum.
type queensSATConfig struct {
	encode.QueensOptions
	satOptions
	K *int `opt:"k,dimacs" default:"the optimum" doc:"gridsat dimacs only: the bound \"at most k queens\" written in the CNF (the solver searches k itself); with split=classes given, the CNF is incremental, its cubes as \"a\" lines"`
}

func queensDFSOptions(o compare.Options) (backtrack.QueensOptions, error) {
	return queensDFSDecl.Parse(o)
}

func solveQueensDFS(c instances.Case, o compare.Options) (compare.Result, error) {
	q, err := caseAs[*instances.Queens]("queens", c)
	if err != nil {
		return compare.Result{}, err
	}
	opt, err := queensDFSOptions(o)
	if err != nil {
		return compare.Result{}, err
	}
	start := time.Now()
	res, err := backtrack.SolveQueens(q, opt)
	if err != nil {
		return compare.Result{}, err
	}
	r := queensResult(q, res.Placement, time.Since(start))
	if res.None {
		r = queensNone(q, time.Since(start))
	}
	r.Stats = []compare.Stat{{Name: "nodes", Value: res.Nodes}, {Name: "lower", Value: int64(res.Bound)}, {Name: "greedy", Value: int64(res.Greedy)}}
	return r, nil
}

func queensSATOptions(o compare.Options) (encode.QueensOptions, error) {
	cfg, err := queensSATDecl.Parse(o)
	if err != nil {
		return encode.QueensOptions{}, err
	}
	opt := cfg.QueensOptions
	if err := cfg.satOptions.into(&opt.SATOptions); err != nil {
		return encode.QueensOptions{}, err
	}
	if err := opt.Validate(); err != nil {
		return encode.QueensOptions{}, err
	}
	return opt, nil
}

func solveQueensSAT(c instances.Case, o compare.Options) (compare.Result, error) {
	q, err := caseAs[*instances.Queens]("queens", c)
	if err != nil {
		return compare.Result{}, err
	}
	opt, err := queensSATOptions(o)
	if err != nil {
		return compare.Result{}, err
	}
	keep := newProofKeeper(o)
	if keep != nil {
		opt.Keep = keep
	}
	start := time.Now()
	res, err := encode.SolveQueens(q, opt)
	if err != nil {
		return compare.Result{}, err
	}
	elapsed := time.Since(start)
	if res.Cert != nil {
		elapsed -= res.Cert.Check // the time is the search's; check_us the checker's
	}
	r := queensResult(q, res.Placement, elapsed)
	if res.None {
		r = queensNone(q, elapsed)
	}
	r.Stats = append(satStats(res.Stats), compare.Stat{Name: "lower", Value: int64(res.Lower)}, compare.Stat{Name: "greedy", Value: int64(res.Greedy)}, compare.Stat{Name: "walk", Value: int64(res.Walk)})
	r.Steps = steps(res.Stats.Steps)
	if res.Cert != nil {
		r.Stats = append(r.Stats, certStats(*res.Cert)...)
		switch {
		case res.CertErr != nil:
			r.CertError = res.CertErr.Error()
		case res.Cert.Claims > 0:
			// With no claim, a bound settled it (labelled by compare's
			// own check of it, queensSettledBy), not a proof.
			r.Certified = true
		}
	}
	keep.only(queensNeeded(q, r))
	return r, keep.write("queens", c, o, r)
}

// verifyQueens checks a result without trusting the solver: the answer
// names this case, the witness board is this case's board with queens on
// it, the queens cover every target, and there are as many as the answer
// says. (That they are the fewest is what Agree cross-checks.)
func verifyQueens(c instances.Case, r compare.Result) error {
	q, err := caseAs[*instances.Queens]("queens", c)
	if err != nil {
		return err
	}
	if !r.Solved {
		return verifyQueensNone(q, r)
	}
	caseNo, v, err := instances.ParseQueensAnswer(r.Answer)
	if err != nil {
		return err
	}
	if caseNo != q.Location().Case {
		return fmt.Errorf("answer %q names case %d, this is case %d", r.Answer, caseNo, q.Location().Case)
	}
	placement, err := instances.ParseQueensBoard(q, r.Witness)
	if err != nil {
		return fmt.Errorf("witness: %w", err)
	}
	if err := instances.VerifyQueens(q, placement); err != nil {
		return err
	}
	if len(placement) != v {
		return fmt.Errorf("answer says %d queens, the witness board holds %d", v, len(placement))
	}
	return nil
}

func agreeQueens(_ instances.Case, a, b compare.Result) error {
	if noneA, noneB := queensNoneAnswer(a), queensNoneAnswer(b); noneA || noneB {
		if noneA != noneB {
			return fmt.Errorf("no placement within the part's bound vs a placement")
		}
		return nil
	}
	_, va, err := instances.ParseQueensAnswer(a.Answer)
	if err != nil {
		return err
	}
	_, vb, err := instances.ParseQueensAnswer(b.Answer)
	if err != nil {
		return err
	}
	if va != vb {
		return fmt.Errorf("fewest queens %d vs %d", va, vb)
	}
	return nil
}

// queensCNF is the formula for k = option k, or the optimum (found by the
// DFS) when k is unset.
func queensCNF(c instances.Case, o compare.Options, _ bool) (*sat.CNF, error) {
	q, err := caseAs[*instances.Queens]("queens", c)
	if err != nil {
		return nil, err
	}
	opt, err := queensSATOptions(o)
	if err != nil {
		return nil, err
	}
	cfg, _ := queensSATDecl.Parse(o) // queensSATOptions read it
	var k int
	if cfg.K != nil {
		k = *cfg.K
	} else {
		res, err := backtrack.SolveQueens(q, backtrack.QueensOptions{})
		if err != nil {
			return nil, err
		}
		k = len(res.Placement)
	}
	return encode.QueensCNF(q, k, opt)
}

// parseQueensSize reads "NxM" or "N" (square).
func parseQueensSize(size string) (rows, cols int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(size), "x")
	if !ok {
		b = a
	}
	rows, err1 := strconv.Atoi(a)
	cols, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("queens size %q: want NxM or N", size)
	}
	if rows < instances.QueensMinSize || rows > instances.QueensMaxSize || cols < instances.QueensMinSize || cols > instances.QueensMaxSize {
		return 0, 0, fmt.Errorf("queens size %q: sides must be %d..%d", size, instances.QueensMinSize, instances.QueensMaxSize)
	}
	return rows, cols, nil
}

// queensGenParams are queens' generator parameters (gen --param), each
// declared once; queensGenDecl holds their defaults.
type queensGenParams struct {
	Density string `opt:"density" values:"SHARE" doc:"the share of target squares, 0..1"`
	Full    bool   `opt:"full" doc:"every square a target"`
}

var queensGenDecl = compare.DeclareOptions(queensGenParams{Density: "0.3"})

// generateQueens writes g.Count boards of g.Size with targets at density
// (param density, default 0.3; full=true for all-X boards).
func generateQueens(w io.Writer, g compare.GenConfig) error {
	rows, cols, err := parseQueensSize(g.Size)
	if err != nil {
		return err
	}
	params, err := queensGenDecl.Parse(g.Params)
	if err != nil {
		return err
	}
	density, err := strconv.ParseFloat(params.Density, 64)
	if err != nil || !(density >= 0 && density <= 1) {
		return fmt.Errorf("queens param density=%q: want a share of target squares, 0..1", params.Density)
	}
	if params.Full {
		density = 1
	}
	count := max(g.Count, 1)
	rng := rand.New(rand.NewPCG(uint64(g.Seed), 0x71756565_6e730000))
	// A case at a time, the "0" line last: memory does not grow with
	// --count.
	for i := 0; i < count; i++ {
		q, err := instances.GenerateQueens(rng, rows, cols, density)
		if err != nil {
			return err
		}
		if err := instances.WriteQueensCase(w, q); err != nil {
			return err
		}
	}
	return instances.FormatQueens(w, nil)
}

func renderQueens(w io.Writer, c instances.Case, r compare.Result) error {
	q, err := caseAs[*instances.Queens]("queens", c)
	if err != nil {
		return err
	}
	var placement []instances.Square
	if r.Witness != "" {
		if placement, err = instances.ParseQueensBoard(q, r.Witness); err != nil {
			return fmt.Errorf("rendering queens: %w", err)
		}
	}
	return instances.RenderQueens(w, q, placement)
}

// formatQueens writes one case for a worker or a results file.
func formatQueens(w io.Writer, c instances.Case) error {
	s, err := caseAs[*instances.Queens]("queens", c)
	if err != nil {
		return err
	}
	return instances.FormatQueens(w, []*instances.Queens{s})
}

// bindQueens rebuilds the formula of queens case c with the options meta
// records and checks kept against it (encode.BindQueens); it returns the
// key of the obligation the claim meets.
func bindQueens(c instances.Case, meta kept.Claim, kept *sat.CNF) ([]string, error) {
	q, err := caseAs[*instances.Queens]("queens", c)
	if err != nil {
		return nil, err
	}
	opt, err := queensSATOptions(compare.Options(meta.Options))
	if err != nil {
		return nil, err
	}
	queens, err := queensClaimAnswer(q, meta.Answer)
	if err != nil {
		return nil, fmt.Errorf("the claim's answer: %w", err)
	}
	key, err := encode.BindQueens(q, opt, queens, meta.Queens, kept)
	if err != nil {
		return nil, err
	}
	return []string{key}, nil
}

// queensNeeded says which of a run's claims its answer r needs: those of
// "at most answer-1" (for a part, of its rest: less its forced queens);
// a search up from a lower bound proves the k below too.
func queensNeeded(q *instances.Queens, r compare.Result) func(encode.Claim) bool {
	n, err := queensClaimAnswer(q, r.Answer)
	if err != nil {
		return nil
	}
	k := n - len(q.ForcedSquares()) - 1
	return func(cl encode.Claim) bool { return cl.Queens != nil && cl.Queens.K == k }
}

// queensSettledBy names the bound that settles r's optimum on case c
// alone (queensBoundBy), "" when none does.
func queensSettledBy(c instances.Case, r compare.Result) string {
	q, ok := c.(*instances.Queens)
	if !ok {
		return ""
	}
	n, err := queensClaimAnswer(q, r.Answer)
	if err != nil {
		return ""
	}
	return queensBoundBy(q, n)
}

// queensObligations are the claims r's optimum needs under the sat
// options o (encode.QueensObligations).
func queensObligations(c instances.Case, o compare.Options, r compare.Result) ([]string, error) {
	q, err := caseAs[*instances.Queens]("queens", c)
	if err != nil {
		return nil, err
	}
	opt, err := queensSATOptions(o)
	if err != nil {
		return nil, err
	}
	n, err := queensClaimAnswer(q, r.Answer)
	if err != nil {
		return nil, err
	}
	return encode.QueensObligations(q, opt, n)
}
