package sat

// Sorting and cardinality networks: comparators wired as Batcher's
// odd-even merge sort. A comparator takes a and b and gives hi = a or b and
// lo = a and b; sorted sequences are true first, so output j of a sorted
// sequence says "at least j+1 inputs are true". Forward (for at most k),
// a comparator only needs a -> hi, b -> hi and a, b -> lo; exact, also
// hi -> a or b, lo -> a, lo -> b. Inside the networks the literal 0 stands
// for the constant false (padding to a power of two): comparators with a
// false input are wires, so padding costs nothing.

// comparator returns (a or b, a and b).
func (c counting) comparator(a, b int) (hi, lo int) {
	switch {
	case a == 0:
		return b, 0
	case b == 0:
		return a, 0
	}
	v := c.f.NewVars(2, "network comparator: or, and")
	hi, lo = v[0], v[1]
	c.add(-a, hi)
	c.add(-b, hi)
	c.add(-a, -b, lo)
	if c.exact {
		c.add(-hi, a, b)
		c.add(-lo, a)
		c.add(-lo, b)
	}
	return hi, lo
}

// evens and odds split xs by position: 0, 2, 4, ... and 1, 3, 5, ...
func evens(xs []int) []int {
	out := make([]int, 0, (len(xs)+1)/2)
	for i := 0; i < len(xs); i += 2 {
		out = append(out, xs[i])
	}
	return out
}

func odds(xs []int) []int {
	out := make([]int, 0, len(xs)/2)
	for i := 1; i < len(xs); i += 2 {
		out = append(out, xs[i])
	}
	return out
}

// merge is Batcher's odd-even merge of two sorted sequences of the same
// power-of-two length n: 2n sorted outputs.
func (c counting) merge(a, b []int) []int {
	n := len(a)
	if n == 1 {
		hi, lo := c.comparator(a[0], b[0])
		return []int{hi, lo}
	}
	d := c.merge(evens(a), evens(b))
	e := c.merge(odds(a), odds(b))
	out := make([]int, 2*n)
	out[0] = d[0]
	for i := 0; i < n-1; i++ {
		out[2*i+1], out[2*i+2] = c.comparator(d[i+1], e[i])
	}
	out[2*n-1] = e[n-1]
	return out
}

// simpleMerge is the cardinality networks' simplified merge (Asin, Nieuwenhuis,
// Oliveras and Rodriguez-Carbonell 2011): of two sorted sequences of the
// same power-of-two length n, only the first n+1 outputs of their merge.
func (c counting) simpleMerge(a, b []int) []int {
	n := len(a)
	if n == 1 {
		hi, lo := c.comparator(a[0], b[0])
		return []int{hi, lo}
	}
	d := c.simpleMerge(evens(a), evens(b))
	e := c.simpleMerge(odds(a), odds(b))
	out := make([]int, n+1)
	out[0] = d[0]
	for i := 0; i < n/2; i++ {
		out[2*i+1], out[2*i+2] = c.comparator(d[i+1], e[i])
	}
	return out
}

// sorter sorts xs, of power-of-two length, by odd-even merge sort.
func (c counting) sorter(xs []int) []int {
	if len(xs) == 1 {
		return []int{xs[0]}
	}
	h := len(xs) / 2
	return c.merge(c.sorter(xs[:h]), c.sorter(xs[h:]))
}

// pad returns lits followed by constant-false inputs up to a multiple of m.
func pad(lits []int, m int) []int {
	n := (len(lits) + m - 1) / m * m
	out := make([]int, n)
	copy(out, lits)
	return out
}

// sortnet sorts all of lits and returns the first upto outputs.
func (c counting) sortnet(lits []int, upto int) []int {
	width := min(upto, len(lits))
	if width <= 0 {
		return nil
	}
	m := 1
	for m < len(lits) {
		m *= 2
	}
	return c.sorter(pad(lits, m))[:width]
}

// cardnet sorts blocks of m inputs, m the power of two at least upto, and
// folds them together with simplified merges, keeping the first m outputs
// of each: the count of true inputs up to m.
func (c counting) cardnet(lits []int, upto int) []int {
	width := min(upto, len(lits))
	if width <= 0 {
		return nil
	}
	m := 1
	for m < width {
		m *= 2
	}
	in := pad(lits, m)
	var acc []int
	for i := 0; i < len(in); i += m {
		block := c.sorter(in[i : i+m])
		if acc == nil {
			acc = block
			continue
		}
		acc = c.simpleMerge(acc, block)[:m]
	}
	return acc[:width]
}
