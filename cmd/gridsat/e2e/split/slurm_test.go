package split

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Issue 32, item 10: docs/split.md's Slurm job array recipe, run end
// to end on a one-node Slurm the test starts (munged, slurmctld, slurmd
// from Debian's munge and slurm-wlm, as root, in a folder of its own, on
// free ports) and stops: the script is the README's, its sizes cut to
// this machine (3 shards of 1 CPU, the bundled sets for suites/); sbatch
// --wait returns when the array has run; the shards' files merged by
// gridsat report give the verdicts and answers of one unsharded run, and
// the README's report line writes its page.
func TestSlurmArrayRecipe(t *testing.T) {
	bins := map[string]string{}
	for _, name := range []string{"munged", "slurmctld", "slurmd", "sbatch"} {
		path, err := exec.LookPath(name)
		if err != nil {
			t.Skipf("Slurm is not installed (%s not found; Debian: apt-get install slurm-wlm munge): the array recipe is not tried here", name)
		}
		bins[name] = path
	}
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("a one-node Slurm needs root on Linux (slurmd runs jobs as their user): the array recipe is not tried here")
	}
	dir, err := os.MkdirTemp("", "gridsat-slurm-") // not t.TempDir: munged refuses a socket path it finds unsafe
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	conf := startSlurm(t, dir, bins)
	script := readmeArrayScript(t)
	if err := os.WriteFile(filepath.Join(dir, "shards.sh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "runs"), 0o755); err != nil {
		t.Fatal(err)
	}
	sbatch := exec.Command(bins["sbatch"], "--wait", "--chdir="+dir, "--output="+filepath.Join(dir, "slurm-%A_%a.out"), "shards.sh")
	sbatch.Env = append(os.Environ(), "SLURM_CONF="+conf)
	if out, err := sbatch.CombinedOutput(); err != nil {
		logs, _ := filepath.Glob(filepath.Join(dir, "slurm-*.out"))
		t.Fatalf("sbatch --wait shards.sh: %v\n%s\nscript:\n%s\njob outputs: %v\n%s", err, out, script, logs, tail(logs...))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "runs", "slant-*.jsonl"))
	if len(files) != 3 {
		t.Fatalf("the array wrote %d shard files, want 3", len(files))
	}
	merged, code := jsonRows(t, append([]string{"report"}, files...)...)
	if code != 0 {
		t.Fatalf("report of the shards: exit %d", code)
	}
	whole, code := jsonRows(t, "compare", "slant", "sample", "ladder", "--solvers", "dfs,sat,sat:backend=gini")
	if code != 0 {
		t.Fatalf("unsharded: exit %d", code)
	}
	sameRows(t, "Slurm array shards merged", merged, whole)
	report := exec.Command("bash", "-c", readmeReportLine(t))
	report.Dir = dir
	if out, err := report.CombinedOutput(); err != nil {
		t.Fatalf("the README's report line: %v\n%s", err, out)
	}
	if page, err := os.ReadFile(filepath.Join(dir, "slant.html")); err != nil || !strings.HasPrefix(string(page), "<!DOCTYPE html>") {
		t.Errorf("the README's report line wrote no page: %v", err)
	}
}

// readmeArrayScript is docs/split.md's Slurm array script, with this
// gridsat, 3 shards of 1 CPU and the bundled sets for suites/.
func readmeArrayScript(t *testing.T) string {
	t.Helper()
	lines := readmeRecipe(t)
	var script []string
	for _, l := range lines {
		if strings.HasPrefix(l, "gridsat report") {
			break
		}
		script = append(script, l)
	}
	s := strings.Join(script, "\n") + "\n"
	for _, r := range [][2]string{{"--array=0-15", "--array=0-2"}, {"--cpus-per-task=4", "--cpus-per-task=1"},
		{"/16\"", "/3\""}, {"slant suites/", "slant sample ladder"}, {"gridsat compare", gridsatBin + " compare"}} {
		if !strings.Contains(s, r[0]) {
			t.Fatalf("docs/split.md's array script has no %q to adapt:\n%s", r[0], s)
		}
		s = strings.ReplaceAll(s, r[0], r[1])
	}
	return s
}

// readmeReportLine is the recipe's gridsat report line, with this
// gridsat.
func readmeReportLine(t *testing.T) string {
	t.Helper()
	for _, l := range readmeRecipe(t) {
		if strings.HasPrefix(l, "gridsat report") {
			return gridsatBin + strings.TrimPrefix(l, "gridsat")
		}
	}
	t.Fatal("docs/split.md's Slurm recipe has no gridsat report line")
	return ""
}

// readmeRecipe is the code block of docs/split.md that starts with
// "#!/bin/bash" and holds an #SBATCH --array line, unindented.
func readmeRecipe(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "docs", "split.md"))
	if err != nil {
		t.Fatal(err)
	}
	var block []string
	in := false
	for _, l := range strings.Split(string(b), "\n") {
		switch {
		case l == "    #!/bin/bash":
			in, block = true, []string{"#!/bin/bash"}
		case in && (strings.HasPrefix(l, "    ") || l == ""):
			block = append(block, strings.TrimPrefix(l, "    "))
		case in:
			if strings.Contains(strings.Join(block, "\n"), "#SBATCH --array") {
				return block
			}
			in = false
		}
	}
	t.Fatal("docs/split.md has no Slurm array recipe")
	return nil
}

// startSlurm starts munged, slurmctld and slurmd for a one-node cluster
// in dir, each waited for by the line it logs when ready, and stops them
// when the test ends; it returns the slurm.conf.
func startSlurm(t *testing.T, dir string, bins map[string]string) string {
	t.Helper()
	key := filepath.Join(dir, "munge.key")
	if err := os.WriteFile(key, []byte(strings.Repeat("gridsat-test-key", 64)), 0o400); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "munge.sock")
	daemon(t, "munged", "Created 2 work threads", exec.Command(bins["munged"], "-F", "-f", "--key-file="+key, "--socket="+sock,
		"--pid-file="+filepath.Join(dir, "munged.pid"), "--log-file="+filepath.Join(dir, "munged.log"), "--seed-file="+filepath.Join(dir, "munged.seed")))
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	host, _, _ = strings.Cut(host, ".")
	conf := filepath.Join(dir, "slurm.conf")
	for _, sub := range []string{"state", "spool"} {
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
	}
	text := fmt.Sprintf(`ClusterName=gridsat
SlurmctldHost=%[1]s(127.0.0.1)
SlurmctldPort=%[3]d
SlurmdPort=%[4]d
AuthType=auth/munge
AuthInfo=socket=%[2]s/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=%[2]s/state
SlurmdSpoolDir=%[2]s/spool
SlurmctldPidFile=%[2]s/slurmctld.pid
SlurmdPidFile=%[2]s/slurmd.pid
SlurmctldLogFile=%[2]s/slurmctld.log
SlurmdLogFile=%[2]s/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=%[1]s NodeAddr=127.0.0.1 CPUs=%[5]d State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`, host, dir, freePort(t), freePort(t), runtime.NumCPU())
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "SLURM_CONF="+conf)
	ctld := exec.Command(bins["slurmctld"], "-D", "-i")
	ctld.Env = env
	daemon(t, "slurmctld", "Running as primary controller", ctld)
	slurmd := exec.Command(bins["slurmd"], "-D")
	slurmd.Env = env
	daemon(t, "slurmd", "slurmd started on", slurmd)
	return conf
}

// daemon starts cmd and waits for it to write a line containing ready
// (on stdout or stderr); the test ends it with SIGTERM and waits for it.
// A daemon that ends before it is ready skips the test, with its output:
// this machine cannot run a Slurm.
func daemon(t *testing.T, name, ready string, cmd *exec.Cmd) {
	t.Helper()
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Skipf("%s does not start (%v): the Slurm array recipe is not tried here", name, err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); pw.Close(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		<-exited
	})
	seen := make(chan bool, 1)
	var log strings.Builder
	go func() {
		sc := bufio.NewScanner(pr)
		found := false
		for sc.Scan() {
			if !found {
				log.WriteString(sc.Text() + "\n")
			}
			if !found && strings.Contains(sc.Text(), ready) {
				found = true
				seen <- true
			}
		}
		if !found {
			seen <- false
		}
	}()
	select {
	case ok := <-seen:
		if !ok {
			t.Skipf("%s ended before it was ready: this machine cannot run a one-node Slurm; its output:\n%s", name, log.String())
		}
	case <-time.After(2 * time.Minute): // a bound on a hang, not a wait for the clock
		t.Skipf("%s did not say %q within 2 minutes: the Slurm array recipe is not tried here", name, ready)
	}
}

// freePort is a TCP port no one listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// tail is the last lines of each file, for a failure's message.
func tail(files ...string) string {
	var b strings.Builder
	for _, f := range files {
		data, _ := os.ReadFile(f)
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		fmt.Fprintf(&b, "== %s\n%s\n", f, strings.Join(lines[max(0, len(lines)-20):], "\n"))
	}
	return b.String()
}
