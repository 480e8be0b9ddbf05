package instances

// SlantFacts are what deduction alone proves about a slant case, in a form
// any solver can take: the cells it decides and the pairs of diagonals
// that cannot hold together. (backtrack.SlantFacts makes them; the SAT
// encoding takes them as unit and two-literal clauses.)
type SlantFacts struct {
	// Cells holds, row-major, the diagonal each decided cell must hold,
	// 0 for the others.
	Cells []byte
	// Exclusions are pairs of diagonals that no solution holds together.
	Exclusions []SlantExclusion
	// Contradiction is true when the deductions proved the case has no
	// solution; then Cells and Exclusions are empty.
	Contradiction bool
}

// SlantExclusion says that cell A holding DA and cell B holding DB
// exclude each other.
type SlantExclusion struct {
	A, B   int
	DA, DB byte
}
