package drat

// propagate runs unit propagation core first, as drat-trim does: the marked
// (core) clauses propagate every literal on the trail before the other
// clauses propagate one more, so that conflicts are found with clauses the
// refutation already needs where possible. It returns the cref of the
// conflicting clause or -1.
func (d *db) propagate() int64 {
	for {
		for d.qCore < len(d.trail) {
			l := d.trail[d.qCore]
			d.qCore++
			if c := d.propagateList(d.wCore, l^1, true); c >= 0 {
				return c
			}
		}
		if d.qNon >= len(d.trail) {
			return -1
		}
		l := d.trail[d.qNon]
		d.qNon++
		if c := d.propagateList(d.wNon, l^1, false); c >= 0 {
			return c
		}
	}
}

// gone reports whether a watch entry of clause c is to be dropped: the
// clause was removed, or marked core while this entry is a non-core one.
func (d *db) gone(c uint32, core bool) bool {
	f := d.flags(c)
	return f&(fDead|fDeleted) != 0 || (!core && f&fCore != 0)
}

// propagateList visits the clauses of w watching f, which just became
// false: each finds another literal to watch, or is unit (its other watch is
// assigned true), or conflicts. Entries of removed clauses, and non-core
// entries of clauses since marked core, are dropped on the way.
func (d *db) propagateList(w [][]watch, f lit, core bool) int64 {
	ws := w[f]
	vals := d.vals
	i, j := 0, 0
	for i < len(ws) {
		wt := ws[i]
		i++
		if vals[wt.blocker] == 1 {
			ws[j] = wt
			j++
			continue
		}
		if wt.c&binary != 0 {
			c := wt.c &^ binary
			if d.gone(c, core) {
				continue
			}
			ws[j] = wt
			j++
			if vals[wt.blocker] == -1 {
				j += copy(ws[j:], ws[i:])
				w[f] = ws[:j]
				return int64(c)
			}
			d.assign(wt.blocker, int32(c))
			continue
		}
		if d.gone(wt.c, core) {
			continue
		}
		ls := d.arena[wt.c : wt.c+uint32(d.arena[wt.c-2])]
		if ls[0] == f {
			ls[0], ls[1] = ls[1], f
		}
		first := ls[0]
		if first != wt.blocker && vals[first] == 1 {
			ws[j] = watch{wt.c, first}
			j++
			continue
		}
		moved := false
		for k := 2; k < len(ls); k++ {
			if vals[ls[k]] != -1 {
				ls[1], ls[k] = ls[k], f
				w[ls[1]] = append(w[ls[1]], watch{wt.c, first})
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[j] = watch{wt.c, first}
		j++
		if vals[first] == -1 {
			j += copy(ws[j:], ws[i:])
			w[f] = ws[:j]
			return int64(wt.c)
		}
		d.assign(first, int32(wt.c))
	}
	w[f] = ws[:j]
	return -1
}

// mark flags clause c as needed by the refutation; a watched clause moves to
// the core watch lists (its old entries are dropped when next visited).
func (d *db) mark(c uint32) {
	if d.flags(c)&fCore != 0 || d.noMark {
		return
	}
	d.setFlag(c, fCore)
	if d.size(c) >= 2 && d.flags(c)&(fDead|fDeleted) == 0 {
		d.watch(c, d.clauseLits(c))
	}
}

// analyze marks the clauses that imply a conflict: the conflicting clause
// (when confl >= 0), then the reasons of its literals and, transitively, of
// theirs, down the trail. Extra variables (a literal found true when a
// clause's negation was assumed) start the walk too.
func (d *db) analyze(confl int64, extra []uint32) {
	pending := 0
	see := func(v uint32) {
		if !d.seen[v] {
			d.seen[v] = true
			pending++
		}
	}
	if confl >= 0 {
		d.mark(uint32(confl))
		for _, l := range d.clauseLits(uint32(confl)) {
			see(l.v())
		}
	}
	for _, v := range extra {
		see(v)
	}
	for i := len(d.trail) - 1; i >= 0 && pending > 0; i-- {
		v := d.trail[i].v()
		if !d.seen[v] {
			continue
		}
		d.seen[v] = false
		pending--
		r := d.reason[v]
		if r < 0 {
			continue
		}
		d.mark(uint32(r))
		for _, l := range d.clauseLits(uint32(r)) {
			if l.v() != v {
				see(l.v())
			}
		}
	}
}
