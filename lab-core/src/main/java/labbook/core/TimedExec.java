package labbook.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code timed-exec}, the small C program ({@code lab-core/src/main/c/timed_exec.c}) that every {@link Peer} runs
 * through: it starts the peer as its own child, waits for it with {@code wait4}, and leaves in a file the kernel's
 * rusage of that child alone (user and system CPU time to the microsecond) and its wall time. The JVM cannot call
 * {@code wait4} itself: its process reaper already waits for every child it starts, and what it can read instead,
 * {@code /proc/self/stat}'s counters of children waited for, comes in 10 ms clock ticks.
 *
 * <p>What the microseconds hold: user + system is the scheduler's own count of the child's running time, exact. On a
 * kernel with tick-based CPU accounting ({@code CONFIG_TICK_CPU_ACCOUNTING}, Debian's), the kernel splits that sum
 * between user and system in proportion to the ticks it sampled in each, so for a run of a few ticks the split is
 * coarse (a 4 ms run that no tick sampled is all user) while the sum is not; for the split to be exact as well, the
 * kernel must account at each switch to and from the kernel ({@code CONFIG_VIRT_CPU_ACCOUNTING_GEN}).
 *
 * <p>A command that must be timed under another wrapper ({@code perf record}, which samples what it runs) is wrapped
 * here directly ({@link #wrap}, {@link #read}), so that its figures are its own and not the outer wrapper's.
 *
 * <p>Built with gcc on first use into {@code lab-core/target/timed-exec/} ({@link NativeBuild}). Where it cannot be
 * built, a peer run fails with one line naming the missing package: a fallback to the 10 ms counters would put figures
 * of two resolutions in one CSV, with nothing in a row to tell them apart. gcc and libc6-dev are lab-core's declared
 * Debian packages, which {@code ./labbook} installs for every command.
 */
public final class TimedExec {
    static final String BINARY = "timed-exec";
    private static final String WHAT = "the lab's CPU-time helper " + BINARY;

    private static final NativeBuild BUILD = new NativeBuild(
                    WHAT,
                    BINARY,
                    Repo.root()
                            .resolve("lab-core")
                            .resolve("src")
                            .resolve("main")
                            .resolve("c"),
                    Repo.root().resolve("lab-core").resolve("target").resolve(BINARY),
                    List.of(".c"),
                    NativeBuild.gcc(),
                    NativeBuild.needsGcc(WHAT, "how every peer's CPU time is measured"))
            .quietly();

    private TimedExec() {}

    /** {@code command} run under {@code timed-exec}, which writes its figures to {@code figures}. */
    public static List<String> wrap(Path figures, List<String> command) {
        List<String> wrapped = new ArrayList<>(command.size() + 2);
        wrapped.add(BUILD.ensureBuilt().toString());
        wrapped.add(figures.toString());
        wrapped.addAll(command);
        return wrapped;
    }

    /** A fresh, empty file for one run's figures (deleted by the caller once read). */
    static Path figuresFile() {
        try {
            return Files.createTempFile("labbook-timed-exec-", ".txt");
        } catch (IOException e) {
            throw LabException.cannot(
                    "create a file for a peer's CPU figures in", Path.of(System.getProperty("java.io.tmpdir")), e);
        }
    }

    /**
     * The wall and CPU time {@code timed-exec} left for a command named {@code name} ({@code program} as it was given):
     * empty when it left none (it was killed before its command ended). Its exit status is not read here: the helper
     * exits with it, and {@link Child} reports that. A command that could not start is a {@link Child.CannotStart}
     * naming it, as when the JVM starts a program itself.
     */
    public static Optional<Measurement> read(Path figures, String name, String program) {
        Map<String, String> fields = new HashMap<>();
        try {
            for (String line : Files.readAllLines(figures, StandardCharsets.UTF_8)) {
                int space = line.indexOf(' ');
                if (space > 0) {
                    fields.put(line.substring(0, space), line.substring(space + 1));
                }
            }
        } catch (IOException e) {
            throw LabException.cannot("read the CPU figures of " + name + " in", figures, e);
        }
        if (fields.containsKey("exec_failed")) {
            String what = program.endsWith(name) ? program : name + " (" + program + ")";
            String[] errnoAndReason = fields.get("exec_failed").split(" ", 2);
            String reason = errnoAndReason.length > 1 ? errnoAndReason[1] : "error " + errnoAndReason[0];
            throw new Child.CannotStart("cannot run " + what + ": " + reason.toLowerCase(Locale.ROOT), null);
        }
        if (!fields.containsKey("wall_ns")) {
            return Optional.empty();
        }
        try {
            CpuTimes cpu = new CpuTimes(
                    Long.parseLong(fields.get("user_us")) * 1000, Long.parseLong(fields.get("system_us")) * 1000);
            return Optional.of(new Measurement(Long.parseLong(fields.get("wall_ns")), cpu));
        } catch (NumberFormatException e) {
            throw new LabException(figures + ": not the figures " + BINARY + " writes (" + fields.keySet() + ")");
        }
    }
}
