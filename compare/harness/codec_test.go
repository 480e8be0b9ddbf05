package harness

import (
	"reflect"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// nonZero fails for every field of v, nested structs and slice elements
// included, left at its zero value: the values below must set them all,
// so that a field added to Job or reply and not carried by the codec
// fails the round trip.
func nonZero(t *testing.T, path string, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			nonZero(t, path+"."+v.Type().Field(i).Name, v.Field(i))
		}
	case reflect.Slice, reflect.Map:
		if v.Len() == 0 {
			t.Errorf("%s is empty: give it a value", path)
		}
		if v.Kind() == reflect.Slice {
			for i := 0; i < v.Len(); i++ {
				nonZero(t, path, v.Index(i))
			}
		}
	default:
		if v.IsZero() {
			t.Errorf("%s is zero: give it a value", path)
		}
	}
}

func TestCodecRoundTrip(t *testing.T) {
	job := workerJob{Puzzle: "slant", Case: "3x3:a1b2\n", Loc: instances.Loc{File: "in.txt", Case: 7, Line: -1}, Spec: "sat:card=seq",
		Options: compare.Options{"card": "seq", "backend": "exec:cadical", "": "odd"}, MinSolve: time.Millisecond}
	rep := reply{Result: compare.Result{Solved: true, Answer: "Case 1: 5", Witness: "Q.\n.X", Second: "\\/", UniqueChecked: true, Time: 1234,
		Stats:     []compare.Stat{{Name: "nodes", Value: 1 << 40}, {Name: "rounds", Value: -3}},
		Steps:     []compare.Step{{Label: "k=5", Status: compare.StepUNSAT, Time: time.Second, Rounds: 9}},
		Certified: true, CertError: "lemma 3 not RUP"},
		Error: "boom", Harness: true, PeakRSS: 64 << 20, Wall: 5 * time.Millisecond, CPU: 4 * time.Millisecond, Solves: 140, FirstWall: 9 * time.Microsecond, FirstCPU: 8 * time.Microsecond, OnCPU: 3}
	nonZero(t, "Job", reflect.ValueOf(job))
	nonZero(t, "reply", reflect.ValueOf(rep))

	var w wbuf
	job.marshal(&w)
	var job2 workerJob
	if err := job2.unmarshal(w.b); err != nil || !reflect.DeepEqual(job, job2) {
		t.Errorf("job: %+v, %v; want %+v", job2, err, job)
	}
	w.b = w.b[:0]
	rep.marshal(&w)
	var r rbuf
	for i := 0; i < 2; i++ { // the second time with interned names
		var rep2 reply
		if err := rep2.unmarshal(&r, w.b); err != nil || !reflect.DeepEqual(rep, rep2) {
			t.Errorf("reply: %+v, %v; want %+v", rep2, err, rep)
		}
	}
	var empty reply
	w.b = w.b[:0]
	empty.marshal(&w)
	var back reply
	if err := back.unmarshal(&r, w.b); err != nil || !reflect.DeepEqual(empty, back) {
		t.Errorf("empty reply: %+v, %v", back, err)
	}
	// Cut short or padded: an error, never a panic.
	w.b = w.b[:0]
	rep.marshal(&w)
	for n := 0; n < len(w.b); n++ {
		if err := new(reply).unmarshal(&r, w.b[:n]); err == nil {
			t.Errorf("a reply cut to %d of %d bytes decoded", n, len(w.b))
		}
	}
	if err := new(reply).unmarshal(&r, append(w.b, 0)); err == nil {
		t.Error("a padded reply decoded")
	}
}

// FuzzCodec: arbitrary bytes decode to an error or a value, never a panic
// or a huge allocation.
func FuzzCodec(f *testing.F) {
	var w wbuf
	(&workerJob{Puzzle: "chain", Case: "1 1\n0\n", Options: compare.Options{"a": "b"}}).marshal(&w)
	f.Add(append([]byte(nil), w.b...))
	w.b = w.b[:0]
	(&reply{Result: compare.Result{Answer: "x", Stats: []compare.Stat{{Name: "n", Value: 1}}}}).marshal(&w)
	f.Add(append([]byte(nil), w.b...))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f})
	f.Fuzz(func(t *testing.T, b []byte) {
		var job workerJob
		job.unmarshal(b)
		var r rbuf
		var rep reply
		rep.unmarshal(&r, b)
	})
}
