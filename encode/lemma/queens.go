package lemma

import "fmt"

// QueensCover accepts the shares of a split "at most k queens" (share n
// stands for the cube "at most n[c] queens on square class c") when they
// cover every placement of at most k queens: for every way m of sharing
// k queens among the four classes some share n has n[c] >= m[c] for every
// class (a placement of fewer queens lies below one of k). It rejects a
// share whose counts are negative.
func QueensCover(k int, shares [][4]int) error {
	for _, n := range shares {
		for _, x := range n {
			if x < 0 {
				return fmt.Errorf("share %v: a negative count", n)
			}
		}
	}
	var m [4]int
	for m[0] = 0; m[0] <= k; m[0]++ {
		for m[1] = 0; m[0]+m[1] <= k; m[1]++ {
			for m[2] = 0; m[0]+m[1]+m[2] <= k; m[2]++ {
				m[3] = k - m[0] - m[1] - m[2]
				if !covered(m, shares) {
					return fmt.Errorf("no cube covers %v queens on the four classes (of %d)", m, k)
				}
			}
		}
	}
	return nil
}

func covered(m [4]int, shares [][4]int) bool {
	for _, n := range shares {
		if n[0] >= m[0] && n[1] >= m[1] && n[2] >= m[2] && n[3] >= m[3] {
			return true
		}
	}
	return false
}
