package labbook.vfs.peer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.core.Child;
import labbook.core.LabException;
import labbook.core.Peer;
import labbook.core.PeerResult;

/**
 * The real peer's driver: git with the study's pinned configuration, so that a user's or a distribution's settings
 * cannot change what is timed: no system or global configuration ({@code GIT_CONFIG_NOSYSTEM=1},
 * {@code GIT_CONFIG_GLOBAL=/dev/null}), no fsmonitor, no untracked cache, stat data honoured
 * ({@code core.ignoreStat=false}), no {@code feature.manyFiles} defaults (which would turn on the untracked cache and
 * index version 4), and no automatic gc (a background repack skews the first minutes of timings). Every run goes
 * through lab-core's {@link Peer}, which measures the child's own user and system CPU.
 */
public final class Git {
    /** The -c options every run carries, so a user's or distribution's configuration cannot leak in. */
    public static final List<String> PINNED = List.of(
            "-c", "core.fsmonitor=false",
            "-c", "core.untrackedCache=false",
            "-c", "core.ignoreStat=false",
            "-c", "feature.manyFiles=false",
            "-c", "gc.auto=0");

    private final String binary;

    public Git(String binary) {
        this.binary = binary;
    }

    public static Git system() {
        return new Git("git");
    }

    public String binary() {
        return binary;
    }

    /** The environment every run carries: no system or global configuration, the C locale. */
    public static final Map<String, String> ENVIRONMENT = envOf();

    private static Map<String, String> envOf() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("LC_ALL", "C");
        return Collections.unmodifiableMap(env);
    }

    /** A pinned git command in {@code dir}, not yet run (the caller may add stdout handling). */
    public Peer command(Path dir, List<String> extraConfig, String... args) {
        Peer peer = Peer.command(argv(extraConfig, args));
        ENVIRONMENT.forEach(peer::env);
        return dir == null ? peer : peer.dir(dir);
    }

    /**
     * The pinned command line {@link #command} runs, for a caller that starts git under another tool (a profiler); it
     * must pass {@link #ENVIRONMENT} too.
     */
    public List<String> argv(List<String> extraConfig, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(binary);
        cmd.addAll(PINNED);
        for (String c : extraConfig) {
            cmd.add("-c");
            cmd.add(c);
        }
        cmd.addAll(List.of(args));
        return cmd;
    }

    public PeerResult run(Path dir, String... args) {
        return start(command(dir, List.of(), args));
    }

    public PeerResult capture(Path dir, String... args) {
        return start(command(dir, List.of(), args).captureStdout());
    }

    /** Runs a prepared command; a git that cannot start is one clear line. */
    public PeerResult start(Peer peer) {
        try {
            return peer.run();
        } catch (Child.CannotStart cannotStart) {
            throw notInstalled();
        }
    }

    /** The version line for run.json, failing clearly when git is missing. */
    public String requireInstalled() {
        PeerResult r = capture(null, "--version");
        if (!r.ok()) {
            throw notInstalled();
        }
        return r.stdoutText().trim();
    }

    private LabException notInstalled() {
        return new LabException("git not found: cannot run '" + binary + "' (install the Debian package git)");
    }
}
