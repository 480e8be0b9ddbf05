package compare

import (
	"fmt"
	"strings"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// A queens case can be a part of a split case (instances.QueensPart): its
// answer is its fewest queens within its bound, or "Case k: -1" (a result
// not solved) when it has no placement of at most its bound. That absence
// is a claim, labelled like any other (claims.go).

// queensNone is the result of a part with no placement within its bound.
func queensNone(q *instances.Queens, elapsed time.Duration) Result {
	return Result{Answer: instances.FormatQueensPartAnswer(q.Location().Case), Time: elapsed}
}

// verifyQueensNone checks an unsolved queens result for form: only a part
// can have no placement (a whole board always has one: a queen on every
// target), and its answer says -1 for this case.
func verifyQueensNone(q *instances.Queens, r Result) error {
	if q.Part == nil {
		return fmt.Errorf("reported no cover, but every board has one (a queen on every target)")
	}
	if want := instances.FormatQueensPartAnswer(q.Location().Case); r.Answer != want {
		return fmt.Errorf("reported no placement within the %s's bound with answer %q, want %q", q.Part.Name(), r.Answer, want)
	}
	if r.Witness != "" {
		return fmt.Errorf("reported no placement within the %s's bound, but has a witness", q.Part.Name())
	}
	return nil
}

// queensNoneAnswer reports whether r says a part has no placement within
// its bound.
func queensNoneAnswer(r Result) bool {
	_, v, ok := strings.Cut(r.Answer, ": ")
	return !r.Solved && ok && v == "-1"
}
