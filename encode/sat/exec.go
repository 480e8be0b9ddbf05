package sat

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// execPackages are the Debian packages of solvers known to speak one of
// the exec backend's conventions, by program name.
var execPackages = map[string]string{
	"cadical":        "cadical",
	"minisat":        "minisat",
	"picosat":        "picosat",
	"cryptominisat5": "cryptominisat",
}

// execPackageList names the programs of execPackages, sorted.
func execPackageList() string {
	var names []string
	for name := range execPackages {
		names = append(names, name)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// execBackend is the backend "exec:NAME": an external SAT solver
// program, found as NAME on $PATH (or NAME a path), run from scratch on
// every Solve with the whole formula (the initial clauses and every
// AddClause so far) in a temporary DIMACS file.
//
// Two output conventions are understood. The SAT competition's (cadical,
// kissat, glucose, cryptominisat, picosat...): "solver FILE" prints
// "s SATISFIABLE" and "v" lines with the model ending in 0, or
// "s UNSATISFIABLE", and exits 10 or 20. MiniSat's (a program named
// minisat*): "minisat FILE OUT" writes "SAT" and the model ending in 0, or
// "UNSAT", to OUT and exits 10 or 20. Every model is checked against the
// formula before it is believed.
//
// A program whose --help mentions "inccnf" (cadical) reads incremental
// CNF too: its solvers are Cubers, deciding a list of cubes in one run
// (SolveCubes), clauses learned under one cube kept for the next.
//
// A deadline kills the process and answers Unknown. Conflicts, decisions
// and restarts are read from the solver's statistics lines where it prints
// them ("c conflicts: N" for cadical and kissat, "conflicts : N" for
// minisat), else they stay zero.
type execBackend struct {
	// Program is the name given after "exec:".
	Program string
	// Path is the program's resolved path.
	Path string
	// MiniSat is set for programs that follow MiniSat's convention.
	MiniSat bool
}

func init() {
	registerBackend("exec:", newExec)
}

// newExec returns the exec backend for program, a name looked up on $PATH
// or a path. A program that cannot be found is an error that says what to
// install.
func newExec(program string) (Backend, error) {
	if program == "" {
		return nil, errors.New(`exec backend: no solver named: write "exec:NAME", e.g. exec:cadical`)
	}
	path, err := exec.LookPath(program)
	if err != nil {
		hint := "install " + filepath.Base(program) + " or give its path: exec:/path/to/" + filepath.Base(program) + " (the solvers with Debian packages: " + execPackageList() + ")"
		if pkg, ok := execPackages[filepath.Base(program)]; ok {
			hint = "install it (Debian/Ubuntu: apt-get install " + pkg + ") or give its path: exec:/path/to/" + program
		}
		return nil, fmt.Errorf("exec backend: SAT solver %q not found: %s: %w", program, hint, err)
	}
	return &execBackend{Program: program, Path: path, MiniSat: strings.HasPrefix(filepath.Base(program), "minisat")}, nil
}

// Name returns "exec:" and the program name.
func (e *execBackend) Name() string { return "exec:" + e.Program }

// New records f's variables and clauses; nothing runs until Solve. The
// solver is a Cuber when the program reads incremental CNF.
func (e *execBackend) New(f *CNF) (Solver, error) {
	s := &execSolver{e: e, nvars: f.NumVars, clauses: make([][]int, 0, len(f.Clauses))}
	for i, c := range f.Clauses {
		if err := s.AddClause(c); err != nil {
			return nil, fmt.Errorf("clause %d: %w", i+1, err)
		}
	}
	if e.SolvesCubes() {
		return &execCuber{s}, nil
	}
	return s, nil
}

// readsIncremental caches, per program path, whether its --help mentions
// "inccnf".
var readsIncremental sync.Map

// SolvesCubes reports whether the program reads incremental CNF ("p
// inccnf" with cubes, as cadical does), asking its --help once (a program
// that does not answer within helpTimeout is taken to say no, and asked
// again next time).
func (e *execBackend) SolvesCubes() bool {
	if e.MiniSat {
		return false
	}
	return helpSays(&readsIncremental, e.Path, "inccnf")
}

// helpTimeout bounds a --help probe: a program that neither answers nor
// exits (its standard input is empty) must not hold the caller, while a
// loaded machine may take seconds to start one that does answer (a tight
// bound made cadical look unable to prove under CI's loaded pass).
var helpTimeout = 30 * time.Second

// helpSays reports whether path's --help output contains word, cached in
// cache per path; a probe cut by helpTimeout is not cached.
func helpSays(cache *sync.Map, path, word string) bool {
	if v, ok := cache.Load(path); ok {
		return v.(bool)
	}
	ctx, cancel := context.WithTimeout(context.Background(), helpTimeout)
	defer cancel()
	ok := bytes.Contains(helpText(ctx, cancel, path), []byte(word))
	if ok || ctx.Err() != context.DeadlineExceeded {
		cache.Store(path, ok)
	}
	return ok
}

// helpText runs "program --help" and returns what it printed, up to
// helpCap bytes (a flood is killed through cancel). A program without
// --help may exit non-zero: what it printed is returned all the same.
func helpText(ctx context.Context, cancel func(), path string) []byte {
	cmd := exec.CommandContext(ctx, path, "--help")
	cmd.WaitDelay = time.Second
	// Its own process group, killed when it ends, however it ends: a
	// script's child must not outlive the probe (nor hold its pipes).
	ownGroup(cmd)
	out := &cappedBuffer{max: helpCap, onOver: cancel}
	cmd.Stdout, cmd.Stderr = out, out
	if cmd.Start() == nil {
		endGroup(cmd)
	}
	return out.Bytes()
}

// execCuber is an execSolver whose program reads incremental CNF.
type execCuber struct{ *execSolver }

func (s *execCuber) SolveCubes(deadline time.Time, cubes [][]int) (Status, error) {
	for _, cube := range cubes {
		if err := s.checkLits("cube literal", cube); err != nil {
			return Unknown, err
		}
	}
	if len(cubes) == 0 {
		return Unsatisfiable, nil
	}
	st, err := s.run(deadline, cubes)
	if st == Satisfiable && err == nil && !satisfiesSome(cubes, s.model) {
		s.model = nil
		return Unknown, fmt.Errorf("%s gave a model that satisfies none of the %d cubes", s.e.Name(), len(cubes))
	}
	return st, err
}

// satisfiesSome reports whether model makes every literal of some cube true.
func satisfiesSome(cubes [][]int, model []bool) bool {
	for _, cube := range cubes {
		all := true
		for _, l := range cube {
			if model[abs(l)] != (l > 0) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

type execSolver struct {
	e       *execBackend
	nvars   int
	clauses [][]int
	unsat   bool // proved UNSAT: adding clauses keeps it so
	model   []bool
	stats   SolverStats
	// proof, if set, gets the proof of the run that answers UNSAT.
	proof ProofSink
}

func (s *execSolver) AddClause(lits []int) error {
	if err := s.checkLits("literal", lits); err != nil {
		return err
	}
	s.clauses = append(s.clauses, append([]int(nil), lits...))
	return nil
}

// checkLits refuses a literal 0 or beyond the declared variables; what
// names the literals in the error ("literal", "cube literal").
func (s *execSolver) checkLits(what string, lits []int) error {
	for _, l := range lits {
		if l == 0 || abs(l) > s.nvars {
			return fmt.Errorf("%s: %s %d outside the %d declared variables", s.e.Name(), what, l, s.nvars)
		}
	}
	return nil
}

func (s *execSolver) Model() []bool { return s.model }

func (s *execSolver) Stats() SolverStats { return s.stats }

func (s *execSolver) Solve(deadline time.Time) (Status, error) {
	return s.run(deadline, nil)
}

// run runs the program once on the formula, under cubes if any (an
// Unsatisfiable then says nothing of the formula alone): it writes the
// formula to a temporary directory, runs the program there (execute),
// reads its verdict (readAnswer) and checks it before believing it
// (accept).
func (s *execSolver) run(deadline time.Time, cubes [][]int) (Status, error) {
	s.model = nil
	if s.unsat {
		return Unsatisfiable, nil
	}
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		return Unknown, nil
	}
	dir, err := os.MkdirTemp("", "gridsat-exec-")
	if err != nil {
		return Unknown, fmt.Errorf("%s: %w", s.e.Name(), err)
	}
	defer os.RemoveAll(dir)
	r := s.newRun(dir)
	if err := s.writeFormula(r.in, cubes); err != nil {
		return Unknown, fmt.Errorf("%s: %w", s.e.Name(), err)
	}
	if killed, err := s.execute(r, deadline); killed || err != nil {
		return Unknown, err
	}
	ans, err := s.readAnswer(r)
	if err != nil {
		return Unknown, err
	}
	return s.accept(r, ans, cubes)
}

// execRun is one run of the program: the files it reads and writes, and
// what it left.
type execRun struct {
	// in is the formula; out MiniSat's result file and proof the DRAT
	// proof, "" when the run has none.
	in, out, proof string
	// limit bounds the program's output (outputCap).
	limit int64
	// code is the exit status, -1 when the program did not exit.
	code   int
	stdout []byte
	stderr *tailBuffer
}

// newRun names the files of a run in dir: the formula, MiniSat's result
// file for a MiniSat, the proof when one is asked for.
func (s *execSolver) newRun(dir string) *execRun {
	r := &execRun{in: filepath.Join(dir, "formula.cnf"), limit: outputCap(s.nvars), code: -1}
	if s.e.MiniSat {
		r.out = filepath.Join(dir, "model.txt")
	}
	if s.proof != nil {
		r.proof = filepath.Join(dir, "proof.drat")
	}
	return r
}

// args are the program's arguments: the formula, then the result file
// and the proof, those the run has.
func (r *execRun) args() []string {
	args := []string{r.in}
	for _, path := range []string{r.out, r.proof} {
		if path != "" {
			args = append(args, path)
		}
	}
	return args
}

// execute runs the program to the end, or until deadline (killed: the
// answer is Unknown, no error), and records its exit status and output in
// r and its search counters in s.
func (s *execSolver) execute(r *execRun, deadline time.Time) (killed bool, err error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if !deadline.IsZero() {
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, s.e.Path, r.args()...)
	// Both outputs are bounded: a solver printing past its cap is killed.
	stdout := &cappedBuffer{max: r.limit, onOver: cancel}
	r.stderr = &tailBuffer{max: stderrTail}
	cmd.Stdout, cmd.Stderr = stdout, r.stderr
	// A solver that leaves a child holding the pipes must not keep Solve
	// waiting past its kill.
	cmd.WaitDelay = time.Second
	tieToParent(cmd)
	runErr := cmd.Run()
	r.code = exitCode(runErr)
	if stdout.over {
		return false, fmt.Errorf("%s: %w (over %d bytes for a model of %d variables)%s", s.e.Name(), errOutputTooLarge, r.limit, s.nvars, tail(r.stderr))
	}
	if r.code != 10 && r.code != 20 && ctx.Err() != nil {
		return true, nil // killed at the deadline
	}
	if runErr != nil && r.code < 0 {
		return false, fmt.Errorf("%s: running %s: %w%s", s.e.Name(), s.e.Path, runErr, tail(r.stderr))
	}
	r.stdout = stdout.Bytes()
	s.stats.Add(parseSolverStats(r.stdout))
	return false, nil
}

// exitCode is the exit status cmd.Run's err says, or -1 when the program
// did not exit (killed by a signal, never started).
func exitCode(err error) int {
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exitErr) && exitErr.Exited():
		return exitErr.ExitCode()
	}
	return -1
}

// readAnswer parses the program's verdict and model: MiniSat's result
// file, or the competition output on its standard output.
func (s *execSolver) readAnswer(r *execRun) (answer, error) {
	if s.e.MiniSat {
		text, err := readCapped(r.out, r.limit)
		if err != nil {
			return answer{}, fmt.Errorf("%s exited %d without its result file: %w%s", s.e.Name(), r.code, err, tail(r.stderr))
		}
		ans, err := parseMiniSatResult(bytes.NewReader(text), s.nvars)
		if err != nil {
			return answer{}, fmt.Errorf("%s result file: %w", s.e.Name(), err)
		}
		return ans, nil
	}
	ans, err := parseCompetitionOutput(bytes.NewReader(r.stdout), s.nvars)
	if err != nil {
		return answer{}, fmt.Errorf("%s output: %w%s", s.e.Name(), err, tail(r.stderr))
	}
	return ans, nil
}

// accept believes ans only when the exit status agrees with it (10 for
// Satisfiable, 20 for Unsatisfiable) and a model satisfies every clause;
// an Unsatisfiable without cubes is kept for later solves, and its proof,
// when one was asked for, read.
func (s *execSolver) accept(r *execRun, ans answer, cubes [][]int) (Status, error) {
	if want := map[Status]int{Satisfiable: 10, Unsatisfiable: 20}[ans.status]; want != 0 && r.code != want {
		return Unknown, fmt.Errorf("%s says %v but exited %d (want %d)%s", s.e.Name(), ans.status, r.code, want, tail(r.stderr))
	}
	switch ans.status {
	case Satisfiable:
		if i := violated(s.clauses, ans.model); i >= 0 {
			return Unknown, fmt.Errorf("%s gave a model that violates clause %d %v", s.e.Name(), i+1, s.clauses[i])
		}
		s.model = ans.model
	case Unsatisfiable:
		s.unsat = len(cubes) == 0
		if r.proof != "" {
			if err := s.readProof(r.proof); err != nil {
				return Unknown, err
			}
		}
	}
	return ans.status, nil
}

// writeFormula writes the current formula to path in DIMACS CNF, with
// cubes an incremental one.
func (s *execSolver) writeFormula(path string, cubes [][]int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := (&CNF{NumVars: s.nvars, Clauses: s.clauses, Cubes: cubes}).WriteDIMACS(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

// answer is a solver's parsed verdict and model.
type answer struct {
	status Status
	model  []bool // indexed by variable, index 0 unused; nil unless Satisfiable
}

// parseCompetitionOutput reads SAT competition output: comment lines "c",
// one status line "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN", and
// for a satisfiable formula "v" lines whose literals, over as many lines
// as the solver likes, end with 0. Variables the model leaves out are
// false. A model is required for SATISFIABLE.
func parseCompetitionOutput(r io.Reader, nvars int) (answer, error) {
	var ans answer
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	seenStatus, ended := false, false
	var model []bool
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(text, "s ") || text == "s":
			st := strings.TrimSpace(strings.TrimPrefix(text, "s"))
			var got Status
			switch st {
			case "SATISFIABLE":
				got = Satisfiable
			case "UNSATISFIABLE":
				got = Unsatisfiable
			case "UNKNOWN", "INDETERMINATE":
				got = Unknown
			default:
				return answer{}, fmt.Errorf("line %d: unknown status line %q", line, text)
			}
			if seenStatus && got != ans.status {
				return answer{}, fmt.Errorf("line %d: second status line %q contradicts the first", line, text)
			}
			seenStatus, ans.status = true, got
		case strings.HasPrefix(text, "v ") || text == "v":
			if ended {
				return answer{}, fmt.Errorf("line %d: model continues after its terminating 0", line)
			}
			if model == nil {
				model = make([]bool, nvars+1)
			}
			for _, tok := range strings.Fields(text[1:]) {
				l, err := strconv.Atoi(tok)
				if err != nil {
					return answer{}, fmt.Errorf("line %d: bad literal %q in the model", line, tok)
				}
				if ended {
					return answer{}, fmt.Errorf("line %d: literal %d after the model's terminating 0", line, l)
				}
				if l == 0 {
					ended = true
					continue
				}
				if abs(l) > nvars {
					return answer{}, fmt.Errorf("line %d: literal %d outside the %d variables", line, l, nvars)
				}
				model[abs(l)] = l > 0
			}
		}
	}
	if err := sc.Err(); err != nil {
		return answer{}, fmt.Errorf("reading: %w", err)
	}
	if !seenStatus {
		return answer{}, errors.New(`no status line ("s SATISFIABLE" or "s UNSATISFIABLE")`)
	}
	if ans.status == Satisfiable {
		if model == nil {
			return answer{}, errors.New(`"s SATISFIABLE" without a model ("v" lines)`)
		}
		if !ended {
			return answer{}, errors.New("model not terminated by 0 (output cut short?)")
		}
		ans.model = model
	}
	return ans, nil
}

// parseMiniSatResult reads MiniSat's result file: "SAT" and a line of
// literals ending in 0, "UNSAT", or "INDET" (stopped).
func parseMiniSatResult(r io.Reader, nvars int) (answer, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return answer{}, err
	}
	fields := strings.Fields(string(data))
	if len(fields) == 0 {
		return answer{}, errors.New("empty")
	}
	switch fields[0] {
	case "UNSAT":
		return answer{status: Unsatisfiable}, nil
	case "INDET":
		return answer{status: Unknown}, nil
	case "SAT":
	default:
		return answer{}, fmt.Errorf("first word %q, want SAT, UNSAT or INDET", fields[0])
	}
	model := make([]bool, nvars+1)
	ended := false
	for _, tok := range fields[1:] {
		l, err := strconv.Atoi(tok)
		if err != nil {
			return answer{}, fmt.Errorf("bad literal %q in the model", tok)
		}
		if ended {
			return answer{}, fmt.Errorf("literal %d after the model's terminating 0", l)
		}
		if l == 0 {
			ended = true
			continue
		}
		if abs(l) > nvars {
			return answer{}, fmt.Errorf("literal %d outside the %d variables", l, nvars)
		}
		model[abs(l)] = l > 0
	}
	if !ended {
		return answer{}, errors.New("model not terminated by 0")
	}
	return answer{status: Satisfiable, model: model}, nil
}

// statLine matches a statistics line of cadical or kissat ("c conflicts:
// 1234 ...") or of minisat ("conflicts             : 1234 ..."); compiled
// on first use, by the runs of external solvers only.
var statLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^(?:c\s+)?(conflicts|decisions|restarts)\s*:\s*(\d+)`)
})

// parseSolverStats reads the search counters a solver printed; the last
// value of each counter wins.
func parseSolverStats(out []byte) SolverStats {
	var st SolverStats
	for _, m := range statLine().FindAllSubmatch(out, -1) {
		n, err := strconv.ParseInt(string(m[2]), 10, 64)
		if err != nil {
			continue
		}
		switch string(m[1]) {
		case "conflicts":
			st.Conflicts = n
		case "decisions":
			st.Decisions = n
		case "restarts":
			st.Restarts = n
		}
	}
	return st
}

// Add adds o's counters to st.
func (st *SolverStats) Add(o SolverStats) {
	st.Conflicts += o.Conflicts
	st.Decisions += o.Decisions
	st.Restarts += o.Restarts
	st.Probed += o.Probed
	st.Repairs += o.Repairs
	st.Mended += o.Mended
}

// violated returns the index of the first clause model makes false, or -1.
func violated(clauses [][]int, model []bool) int {
	for i, c := range clauses {
		if !satisfied(c, model) {
			return i
		}
	}
	return -1
}

// tail returns the end of a solver's standard error, to quote in errors.
func tail(stderr *tailBuffer) string {
	text := strings.TrimSpace(stderr.String())
	if text == "" {
		return ""
	}
	if len(text) > 400 {
		text = "..." + text[len(text)-400:]
	}
	return " (stderr: " + text + ")"
}
