package labbook.vfs.experiments.kernelprofile;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.core.Child;
import labbook.core.ChildSpec;
import labbook.core.LabException;
import labbook.core.Reasons;

/**
 * The real profiler's driver: Debian's {@code perf} (package {@code linux-perf}), run through lab-core's {@link Child},
 * so every wait on it is bounded and a perf that fails is one line. It samples with {@code cpu-clock} (a software
 * clock: no hardware counters needed, so it works in a virtual machine) at a fixed period, with call graphs, only the
 * processes it is pointed at: a command it starts (and that command's children), or this JVM and its threads; never the
 * whole system. Lookups are counted with {@code perf stat} on the system calls' tracepoints (exact counts, not
 * samples).
 */
public final class Perf {
    /** cpu-clock's period: one sample per 250 us of a thread's CPU time (4,000 a second, perf's default rate). */
    public static final long SAMPLE_NANOS = 250_000;
    /**
     * The system calls that look a path up and read its attributes, as git's lstat and Java's stat reach the kernel.
     */
    public static final List<String> LOOKUP_CALLS = List.of("newfstatat", "newlstat", "newstat", "statx");
    /** How long perf may take to attach, to answer a control command, or to write its data once told to stop. */
    private static final Duration ANSWER = Duration.ofSeconds(60);
    /** How Java reports a process that a SIGINT ended: 128 + 2. */
    private static final int SIGINT_EXIT = 130;

    private final String binary;

    /** perf at {@code binary}, sampling every {@link #SAMPLE_NANOS}. */
    public Perf(String binary) {
        this.binary = binary;
    }

    /** cpu-clock's period of {@link #record} and {@link #recordThisJvm}, ns. */
    public long sampleNanos() {
        return SAMPLE_NANOS;
    }

    public String binary() {
        return binary;
    }

    /** {@code perf --version}'s line, for run.json; a perf that cannot start is a {@link Child.CannotStart}. */
    public String version() {
        try (Child c = Child.start(
                Child.spec("perf", binary, "--version").captureStdout().limit(Duration.ofSeconds(30)))) {
            int exit = c.waitFor();
            String out = new String(c.stdoutBytes(), StandardCharsets.UTF_8).strip();
            if (exit != 0 || out.isEmpty()) {
                throw new LabException("'" + binary + " --version' failed (exit " + exit + "): "
                        + c.lastStderrLine().orElse("no message"));
            }
            return out.lines().findFirst().orElseThrow();
        }
    }

    /**
     * Whether this machine lets the lab profile the kernel: why not, in one line saying how to enable it, or empty when
     * it can. Checks that perf runs, that the lab may see kernel samples and tracepoints (root, or
     * {@code kernel.perf_event_paranoid} at -1), and counts one {@code true} to prove it.
     */
    public Optional<String> unavailable(Path scratch) {
        String version;
        try {
            version = version();
        } catch (Child.CannotStart notInstalled) {
            return Optional.of("perf is not installed ('" + binary + "' cannot run): apt-get install linux-perf "
                    + "(./labbook run installs it as root), or name one with --perf");
        } catch (LabException broken) {
            return Optional.of(broken.getMessage() + "; install linux-perf, or name a perf that runs with --perf");
        }
        Optional<String> forbidden = Access.read().forbids();
        if (forbidden.isPresent()) {
            return forbidden;
        }
        try {
            count(List.of("true"), null, Map.of(), scratch.resolve("probe.stat"));
            return Optional.empty();
        } catch (LabException refused) {
            return Optional.of(version + " cannot count system calls here: " + refused.getMessage()
                    + " (it needs root, or kernel.perf_event_paranoid=-1 and a readable /sys/kernel/tracing)");
        }
    }

    /** Who the lab runs as and what the kernel allows it: the inputs of {@link #forbids()}. */
    record Access(long effectiveUid, Integer paranoid) {
        static final Path PARANOID = Path.of("/proc/sys/kernel/perf_event_paranoid");

        static Access read() {
            return new Access(readEffectiveUid(), readParanoid());
        }

        /**
         * Root may sample the kernel and read tracepoints whatever the setting; anyone else needs
         * {@code perf_event_paranoid} at -1 (2, Debian's default, allows only one's own user space).
         */
        Optional<String> forbids() {
            if (effectiveUid == 0 || (paranoid != null && paranoid <= -1)) {
                return Optional.empty();
            }
            String setting = paranoid == null ? "unreadable" : paranoid.toString();
            return Optional.of("kernel.perf_event_paranoid is " + setting + " and the lab is not root: kernel samples "
                    + "and system-call counts need root, or 'sudo sysctl kernel.perf_event_paranoid=-1' "
                    + "(and a readable /sys/kernel/tracing)");
        }

        private static long readEffectiveUid() {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                    if (line.startsWith("Uid:")) {
                        return Long.parseLong(line.substring(4).trim().split("\\s+")[1]);
                    }
                }
            } catch (IOException | RuntimeException unreadable) {
                // not Linux, or no /proc: treated as not root
            }
            return -1;
        }

        private static Integer readParanoid() {
            try {
                return Integer.valueOf(Files.readString(PARANOID).trim());
            } catch (IOException | NumberFormatException unreadable) {
                return null;
            }
        }
    }

    /**
     * Runs {@code command} (in {@code dir}, with {@code env}) under {@code perf record}, samples to {@code data}; its
     * children are sampled too. Bounded by {@code limit}; a failure is one line.
     */
    public void record(List<String> command, Path dir, Map<String, String> env, Path data, Duration limit) {
        List<String> cmd = new ArrayList<>(recordOptions(data));
        cmd.add("--");
        cmd.addAll(command);
        run("perf record", cmd, dir, env, limit);
    }

    /**
     * {@code perf stat} of {@code command}'s lookup calls (in {@code dir}, with {@code env}); their sum. The count is
     * written to {@code out} and read back.
     */
    public long count(List<String> command, Path dir, Map<String, String> env, Path out) {
        List<String> cmd = new ArrayList<>(statOptions(out));
        cmd.add("--");
        cmd.addAll(command);
        run("perf stat", cmd, dir, env, Duration.ofMinutes(10));
        return PerfStat.lookups(out);
    }

    /** perf pointed at this JVM and its threads, events off until {@link Attached#enable()}. */
    public Attached recordThisJvm(Path data) {
        return attach("perf record", recordOptions(data), null);
    }

    /** perf stat of this JVM's lookup calls, counting only between {@link Attached#enable()} and disable. */
    public Attached countThisJvm(Path out) {
        return attach("perf stat", statOptions(out), out);
    }

    /** {@code perf script} of {@code data}, in the form {@link PerfScript} reads, to {@code text}. */
    public void script(Path data, Path text) {
        List<String> cmd =
                List.of(binary, "script", "-i", data.toString(), "--no-inline", "-F", "comm,tid,period,ip,sym,dso");
        try (Child c = Child.start(Child.spec("perf script", cmd).stdoutTo(text).limit(Duration.ofMinutes(10)))) {
            if (c.waitFor() != 0) {
                throw c.failure("failed on " + data);
            }
        }
    }

    private List<String> recordOptions(Path data) {
        return List.of(
                binary,
                "record",
                "-q",
                "-B", // no build-ids: the samples are read here, at once
                "-N",
                "--no-bpf-event", // no side-band thread, whose one-second poll each record would wait out at its end
                "-e",
                "cpu-clock",
                "-c",
                Long.toString(SAMPLE_NANOS),
                "-g",
                "-o",
                data.toString());
    }

    private List<String> statOptions(Path out) {
        String events = String.join(
                ",", LOOKUP_CALLS.stream().map(c -> "syscalls:sys_enter_" + c).toList());
        return List.of(binary, "stat", "-x", ",", "-e", events, "-o", out.toString());
    }

    private static void run(String name, List<String> cmd, Path dir, Map<String, String> env, Duration limit) {
        ChildSpec spec = Child.spec(name, cmd).limit(limit);
        env.forEach(spec::env);
        if (dir != null) {
            spec.dir(dir);
        }
        try (Child c = Child.start(spec)) {
            int exit = c.waitFor();
            if (exit != 0) {
                throw c.failure("failed");
            }
        }
    }

    private Attached attach(String name, List<String> options, Path statOut) {
        List<String> cmd = new ArrayList<>(options);
        cmd.addAll(List.of("-p", Long.toString(ProcessHandle.current().pid()), "-D", "-1", "--control", "fd:0,1"));
        Child child = Child.start(
                Child.spec(name, cmd).stdinPipe().stdoutLines().silence(ANSWER).limit(Duration.ofHours(1)));
        return new Attached(child, statOut);
    }

    /**
     * A perf attached to this JVM, driven through its control descriptors (commands on its stdin, "ack" on its stdout):
     * events on and off around the measured work, then ended, its output written.
     */
    public static final class Attached implements AutoCloseable {
        private final Child child;
        private final Path statOut;

        private Attached(Child child, Path statOut) {
            this.child = child;
            this.statOut = statOut;
        }

        /** Events on; returns once perf says they are (it has attached to every thread by then). */
        public void enable() {
            command("enable");
        }

        /** Events off; returns once perf says they are. */
        public void disable() {
            command("disable");
        }

        /** perf record: stops it and waits for its data to be written. */
        public void stop() {
            command("stop");
            awaitExit();
        }

        /**
         * perf stat: ends it as Ctrl-C would (it writes its counts on SIGINT, then ends by the same signal) and returns
         * the lookups it counted.
         */
        public long counts() {
            try (Child kill = Child.start(Child.spec("kill", "kill", "-INT", Long.toString(child.pid()))
                    .limit(Duration.ofSeconds(30)))) {
                kill.waitForSuccess();
            }
            awaitExit(SIGINT_EXIT);
            return PerfStat.lookups(statOut);
        }

        private void awaitExit() {
            awaitExit(0);
        }

        private void awaitExit(int expected) {
            int exit = child.waitFor(ANSWER);
            if (exit != 0 && exit != expected) {
                throw child.failure("failed");
            }
        }

        private void command(String command) {
            try {
                OutputStream in = child.stdin();
                in.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
                in.flush();
            } catch (IOException e) {
                throw child.failure("stopped reading its commands (" + Reasons.of(e) + ")");
            }
            // perf answers "ack" (after a NUL on later answers) once the command took effect
            while (!child.nextLine().contains("ack")) {
                // another line perf printed: not the answer
            }
        }

        /** Ends perf if it still runs (a failure midway): nothing the lab started outlives it. */
        @Override
        public void close() {
            child.close();
        }
    }
}
