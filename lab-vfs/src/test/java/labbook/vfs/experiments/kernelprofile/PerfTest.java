package labbook.vfs.experiments.kernelprofile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import labbook.core.LabException;
import labbook.vfs.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** perf's driver and what it reads back: where perf is missing or forbidden, and perf stat's and script's text. */
class PerfTest {
    @TempDir
    Path dir;

    @Test
    void withoutPerfTheProfileIsOneLineAndTheStatusSaysWhy() throws IOException {
        Path source = dir.resolve("src");
        Files.createDirectories(source.resolve("fs"));
        Files.writeString(source.resolve("fs/namei.c"), "x");
        Path tree = dir.resolve("tree");
        assertThat(CliRunner.tree(source, tree).exit()).isZero();
        Path out = dir.resolve("results");
        CliRunner r = CliRunner.run(
                "kernel-profile",
                "--tree",
                tree.toString(),
                "--perf",
                dir.resolve("no-perf").toString(),
                "--out",
                out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out().lines().filter(l -> l.startsWith("kernel-profile: not measured")))
                .singleElement()
                .asString()
                .contains("perf is not installed", "apt-get install linux-perf");
        List<String> status = Files.readAllLines(out.resolve("vfs/kernel-profile-status.csv"));
        assertThat(status.get(0)).isEqualTo("measured,reason,missing_functions");
        assertThat(status.get(1)).startsWith("0,\"perf is not installed");
        assertThat(out.resolve("vfs/kernel-profile.csv")).doesNotExist();
        assertThat(out.resolve("vfs/kernel-profile")).doesNotExist();
        try (var left = Files.list(out.resolve("vfs"))) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
    }

    @Test
    void aUserWhomTheKernelForbidsSamplingIsToldHowToEnableIt() {
        Optional<String> line = new Perf.Access(1000, 2).forbids();
        assertThat(line)
                .get()
                .asString()
                .contains("kernel.perf_event_paranoid is 2", "not root", "sysctl kernel.perf_event_paranoid=-1");
        assertThat(new Perf.Access(1000, null).forbids()).get().asString().contains("is unreadable");
        assertThat(new Perf.Access(0, 2).forbids()).isEmpty(); // root
        assertThat(new Perf.Access(1000, -1).forbids()).isEmpty();
    }

    @Test
    void perfStatsCountsAreSummedOverTheLookupCalls() {
        List<String> lines = List.of(
                "# started on Sun Dec  6 15:59:29 2026",
                "",
                "24188,,syscalls:sys_enter_newfstatat,59346329,100.00,,",
                "0,,syscalls:sys_enter_newlstat,59346329,100.00,,",
                "2,,syscalls:sys_enter_newstat,59346329,100.00,,",
                "5,,syscalls:sys_enter_statx,59346329,100.00,,");
        assertThat(PerfStat.lookups(lines, "x.stat")).isEqualTo(24195);
        assertThatThrownBy(() -> PerfStat.lookups(lines.subList(0, 4), "x.stat"))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("x.stat: 2 of the 4 lookup calls counted");
        List<String> notCounted = new ArrayList<>(lines);
        notCounted.set(2, "<not counted>,,syscalls:sys_enter_newfstatat,0,100.00,,");
        assertThatThrownBy(() -> PerfStat.lookups(notCounted, "x.stat"))
                .hasMessage("x.stat: perf could not count syscalls:sys_enter_newfstatat ('<not counted>')");
    }

    @Test
    @SuppressWarnings("StringConcatToTextBlock") // perf script's tabs and trailing spaces are the point, seen here
    void perfScriptsSamplesAreReadWithTheirThreadsAndFrames() throws IOException {
        String text = "C2 CompilerThre 4242     250000 \n"
                + "\tffffffff81704dc6 __d_lookup_rcu ([kernel.kallsyms])\n"
                + "\tffffffff81000130  ([kernel.kallsyms])\n"
                + "\t    7f0000001000 JavaThread::run() (/usr/lib/jvm/lib/server/libjvm.so)\n"
                + "\n"
                + "git 7     250000 \n"
                + "\t           9d707 strcmp (/usr/lib/x86_64-linux-gnu/libc.so.6)\n";
        List<PerfScript.Sample> samples = new ArrayList<>();
        PerfScript.read(new StringReader(text), "t.txt", samples::add);
        assertThat(samples).hasSize(2);
        PerfScript.Sample jit = samples.get(0);
        assertThat(jit.comm()).isEqualTo("C2 CompilerThre");
        assertThat(jit.tid()).isEqualTo(4242);
        assertThat(jit.inKernel()).isTrue();
        assertThat(jit.kernelFrames()).containsExactly("__d_lookup_rcu", "[unknown]");
        assertThat(jit.frames().get(2).symbol()).isEqualTo("JavaThread::run()");
        assertThat(samples.get(1).inKernel()).isFalse();
        assertThatThrownBy(() ->
                        PerfScript.read(new StringReader("git 7 250000\n\tnot-an-address x (y)\n"), "t.txt", s -> {}))
                .isInstanceOf(LabException.class)
                .hasMessage("t.txt:2: 'not-an-address' is not an address");
        assertThatThrownBy(() -> PerfScript.read(new StringReader("what is this\n"), "t.txt", s -> {}))
                .hasMessageStartingWith("t.txt:1: not a sample's first line");
    }

    @Test
    void foldedStacksReadOutermostFirstWithKernelFramesMarked() throws IOException {
        FoldedStacks folded = new FoldedStacks();
        PerfScript.Sample s = new PerfScript.Sample(
                "git",
                1,
                Perf.SAMPLE_NANOS,
                List.of(
                        new PerfScript.Frame("__d_lookup_rcu", "[kernel.kallsyms]", true),
                        new PerfScript.Frame("lookup_fast", "[kernel.kallsyms]", true),
                        new PerfScript.Frame("__GI___fstatat64", "libc.so.6", false)));
        folded.add(s);
        folded.add(s);
        Path file = dir.resolve("x.folded");
        folded.write(file);
        assertThat(Files.readAllLines(file))
                .containsExactly("git;__GI___fstatat64;lookup_fast_[k];__d_lookup_rcu_[k] 2");
    }
}
