package sat

import (
	"fmt"
	"math"
)

// The modular totalizer (Ogawa, Liu, Hasegawa, Koshimura and Fujita, 2013)
// is a totalizer whose nodes count in two unary digits: up, the count
// divided by p, and low, the count modulo p, with a carry from the low
// digits to the high ones at each node. A node over s literals needs
// min(s/p, cap) + p - 1 outputs instead of min(s, k+1), and the adder
// clauses per node are about (s/p)^2 + p^2 instead of k^2. At most k is a
// comparison of both digits with k/p and k%p; Counter turns it into one
// output literal per k (a fresh variable implied by the comparison's
// failure), so that the modular totalizer is used exactly like the others.

// modulus is the modular totalizer's p for n literals: floor(sqrt(n)), at
// least 2 (as in PySAT's mtotalizer).
func modulus(n int) int {
	p := int(math.Sqrt(float64(n)))
	for (p+1)*(p+1) <= n {
		p++
	}
	for p > 1 && p*p > n {
		p--
	}
	return max(p, 2)
}

// modCount is a modular totalizer node's count: up[i] says "the count
// divided by p is at least i+1", low[j] "the count modulo p is at least
// j+1". A node smaller than p has no up digit and its low digit is a plain
// totalizer.
type modCount struct {
	up, low []int
}

// at is xs[i], or 0 (the constant false: a count that cannot be reached)
// past its end.
func at(xs []int, i int) int {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

// mtotalizer adds a modular totalizer of modulus p over lits, counting up
// to upto, and returns Counter's outputs: out[k] is forced true when more
// than k literals are true (k/p, k%p against the digits).
func (c counting) mtotalizer(lits []int, upto, p int) []int {
	width := min(upto, len(lits))
	if width <= 0 {
		return nil
	}
	if len(lits) < p {
		return c.totalize(lits, width)
	}
	// The bound k < width reads up[k/p]: the digits need no more.
	capUp := (width-1)/p + 1
	root := c.mnode(lits, p, capUp)
	out := c.f.NewVars(width, fmt.Sprintf("modular totalizer (p=%d): more than 0..%d of %d literals", p, width-1, len(lits)))
	for k, o := range out {
		ro, nu := k/p, k%p
		// Forward: the quotient above ro, or equal to ro with the
		// remainder above nu, forces o.
		if ro < len(root.up) {
			c.add(o, -root.up[ro])
		}
		if ro == 0 || ro-1 < len(root.up) {
			for m := nu; m < len(root.low); m++ {
				if ro > 0 {
					c.add(o, -root.up[ro-1], -root.low[m])
				} else {
					c.add(o, -root.low[m])
				}
			}
		}
		if !c.exact {
			continue
		}
		// o needs the quotient above ro, or at least ro with the
		// remainder above nu.
		if ro > 0 {
			c.add(-o, at(root.up, ro), at(root.up, ro-1))
		}
		c.add(-o, at(root.up, ro), at(root.low, nu))
	}
	return out
}

// mnode counts lits in modular digits, the quotient digit capped at capUp
// (saturating).
func (c counting) mnode(lits []int, p, capUp int) modCount {
	if len(lits) < p {
		return modCount{low: c.totalize(lits, len(lits))}
	}
	mid := len(lits) / 2
	a := c.mnode(lits[:mid], p, capUp)
	b := c.mnode(lits[mid:], p, capUp)
	return c.modSum(a, b, p, min(len(lits)/p, capUp), len(lits))
}

// modSum adds a node summing a and b: low digits with a carry, quotient
// digits plus the carry (nUp of them, saturating).
func (c counting) modSum(a, b modCount, p, nUp, size int) modCount {
	low := c.f.NewVars(p-1, fmt.Sprintf("modular totalizer: %d literals, remainder mod %d at least 1..%d", size, p, p-1))
	carry := c.f.NewVars(1, fmt.Sprintf("modular totalizer: %d literals, carry", size))[0]
	up := c.f.NewVars(nUp, fmt.Sprintf("modular totalizer: %d literals, quotient by %d at least 1..%d", size, p, nUp))
	// Remainders: i from a and j from b make i+j, below p, at p (a carry,
	// remainder 0) or above p (a carry, remainder i+j-p). Below p the
	// clause allows the carry instead: a carry counts p, more than the
	// remainder it replaces, so it never lets a count through.
	for i := 0; i <= len(a.low); i++ {
		for j := 0; j <= len(b.low); j++ {
			s := i + j
			if s == 0 {
				continue
			}
			clause := make([]int, 0, 4)
			if i > 0 {
				clause = append(clause, -a.low[i-1])
			}
			if j > 0 {
				clause = append(clause, -b.low[j-1])
			}
			switch {
			case s < p:
				clause = append(clause, low[s-1], carry)
			case s == p:
				clause = append(clause, carry)
			default:
				clause = append(clause, low[s-p-1])
			}
			c.add(clause...)
		}
	}
	// Quotients: i from a, j from b and the carry. Past nUp, the last
	// digit saturates when nUp is a cap (the count is too large for any
	// bound asked); otherwise the sum cannot be that large, and only a
	// carry chosen without need could make it so: that choice is
	// forbidden (without it, it would let a count through).
	for i := 0; i <= len(a.up); i++ {
		for j := 0; j <= len(b.up); j++ {
			for cc := 0; cc <= 1; cc++ {
				s := i + j + cc
				if s == 0 {
					continue
				}
				clause := make([]int, 0, 4)
				if i > 0 {
					clause = append(clause, -a.up[i-1])
				}
				if j > 0 {
					clause = append(clause, -b.up[j-1])
				}
				if cc > 0 {
					clause = append(clause, -carry)
				}
				switch {
				case s <= nUp:
					clause = append(clause, up[s-1])
				case nUp < size/p:
					clause = append(clause, up[nUp-1])
				}
				c.add(clause...)
			}
		}
	}
	if c.exact {
		// The carry needs a remainder sum of p: a at most i and b at
		// most p-1-i leave none.
		for i := 0; i < p; i++ {
			c.add(-carry, at(a.low, i), at(b.low, p-1-i))
		}
		for m := 0; m < p-1; m++ {
			// Without a carry, low[m] needs a sum of m+1; with one, of
			// p+m+1.
			for i := 0; i <= m; i++ {
				c.add(-low[m], carry, at(a.low, i), at(b.low, m-i))
			}
			for i := 0; i <= p+m; i++ {
				c.add(-low[m], -carry, at(a.low, i), at(b.low, p+m-i))
			}
		}
		for m := 0; m < nUp; m++ {
			// up[m] needs quotients adding to m+1, or to m and a carry.
			for i := 0; i <= m; i++ {
				c.add(-up[m], carry, at(a.up, i), at(b.up, m-i))
			}
			for i := 0; i < m; i++ {
				c.add(-up[m], at(a.up, i), at(b.up, m-1-i))
			}
		}
	}
	return modCount{up: up, low: low}
}
