package encode

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/gridsat/gridsat/instances"
)

func TestZZReprobe(t *testing.T) {
	cases, _ := instances.ReadFile(filepath.Join("..", "instances", "testdata", "slant_planted_200.txt"), instances.ParseSlant)
	s := cases[0]
	f, enc, _ := SlantCNF(s, SlantOptions{})
	be, _ := LookupBackend("")
	t0 := time.Now()
	sv, _ := NewProbingSolver(be, f, ProbeRounds)
	ps := sv.(*probingSolver)
	fmt.Println("build", time.Since(t0))
	finder := newSlantLoops(enc)
	finder.shortest = true
	var probeT, solveT time.Duration
	for r := 0; ; r++ {
		t1 := time.Now()
		n := len(ps.p.Units())
		ps.p.Run()
		probeT += time.Since(t1)
		t2 := time.Now()
		sv.Solve(time.Time{})
		solveT += time.Since(t2)
		cuts := finder.cuts(sv.Model())
		if r < 4 {
			fmt.Println("round", r, "probe", t2.Sub(t1), "units", len(ps.p.Units())-n, "solve", time.Since(t2))
		}
		if len(cuts) == 0 {
			fmt.Println("rounds", r+1, "probe", probeT, "solve", solveT, "total", time.Since(t0))
			break
		}
		for _, c := range cuts {
			sv.AddClause(c)
		}
	}
}
