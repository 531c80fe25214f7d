package labbook.wallet.peer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import labbook.core.Child;
import labbook.core.LabException;
import labbook.core.Launch;
import labbook.core.NativeBuild;
import labbook.core.OwnedScratch;
import labbook.core.Peer;
import labbook.core.PeerResult;
import labbook.core.Repo;

/**
 * The C++ harness: its source ({@code lab-wallet/src/main/cpp/}), its build on first use into
 * {@code lab-wallet/target/kwallet5/} with g++ against Debian's libraries, and the environment it runs in. Every
 * process here (dpkg-query, pkg-config, g++, the harness) runs through {@link Peer}.
 */
final class Harness {
    /**
     * What building and running the harness needs, as Debian 12 packages (installed with --no-install-recommends):
     * lab-wallet's, as its pom declares them.
     */
    static final List<String> PACKAGES = Launch.onClassPath("wallet").packages();

    static final String BINARY = "kwallet5-harness";
    /** kwallet.h (KWallet::Wallet::EntryType) as libkf5wallet-dev installs it. */
    static final Path KWALLET_INCLUDE = Path.of("/usr/include/KF5/KWallet");

    /** Harness exit codes (see the source's header comment). */
    static final int EXIT_USAGE = 2;

    static final int EXIT_OPEN_FAILED = 3;
    static final int EXIT_SYNC_FAILED = 4;
    static final int EXIT_BAD_INPUT = 5;
    static final int EXIT_BAD_WALLET_FILE = 6;
    static final int EXIT_BAD_SCRATCH = 7;

    private Harness() {}

    static Path sourceDir() {
        return Repo.root().resolve("lab-wallet").resolve("src").resolve("main").resolve("cpp");
    }

    static Path buildDir() {
        return Repo.root().resolve("lab-wallet").resolve("target").resolve("kwallet5");
    }

    /** The packages of {@link #PACKAGES} that dpkg does not list as installed (all of them when there is no dpkg). */
    static List<String> missingPackages() {
        List<String> missing = new ArrayList<>();
        for (String p : PACKAGES) {
            PeerResult r;
            try {
                r = Peer.command("dpkg-query", "-W", "-f=${Status}", p)
                        .captureStdout()
                        .run();
            } catch (Child.CannotStart noDpkg) {
                return PACKAGES;
            }
            if (!r.ok() || !r.stdoutText().contains("install ok installed")) {
                missing.add(p);
            }
        }
        return missing;
    }

    static String installLine(List<String> packages) {
        return "apt-get install -y --no-install-recommends " + String.join(" ", packages);
    }

    /** The harness's sources and how g++ builds them into {@code lab-wallet/target/kwallet5/}. */
    private static final NativeBuild BUILD = new NativeBuild(
            "the kwallet5 harness",
            BINARY,
            sourceDir(),
            buildDir(),
            List.of(".cpp", ".h"),
            Harness::compileCommand,
            Harness::checkPackages);

    /**
     * The harness binary, built first if it is missing or its sources (or the build command) changed since it was
     * built. One line, as a {@link LabException}, when it cannot be built: the missing packages with the apt-get line
     * that installs them, or the compiler's first error.
     */
    static Path ensureBuilt() {
        return BUILD.ensureBuilt();
    }

    private static void checkPackages() {
        List<String> missing = missingPackages();
        if (!missing.isEmpty()) {
            throw new LabException(
                    "the real KWallet backend (kwallet5) needs Debian packages: " + installLine(missing));
        }
    }

    private static List<String> compileCommand(List<Path> sources, Path out) {
        if (!Files.isRegularFile(KWALLET_INCLUDE.resolve("kwallet.h"))) {
            throw new LabException("the kwallet5 harness needs " + KWALLET_INCLUDE.resolve("kwallet.h") + ": "
                    + installLine(List.of("libkf5wallet-dev")));
        }
        List<String> cmd = new ArrayList<>(List.of("g++", "-std=c++17", "-O2", "-fPIC", "-Wall", "-o", out.toString()));
        sources.stream().filter(p -> p.toString().endsWith(".cpp")).forEach(p -> cmd.add(p.toString()));
        cmd.addAll(pkgConfig("--cflags", "Qt5Core", "Qt5Gui"));
        cmd.add("-I" + KWALLET_INCLUDE);
        cmd.add("-lkwalletbackend5");
        cmd.addAll(pkgConfig("--libs", "Qt5Core", "Qt5Gui"));
        return cmd;
    }

    private static List<String> pkgConfig(String what, String... modules) {
        List<String> cmd = new ArrayList<>(List.of("pkg-config", what));
        cmd.addAll(List.of(modules));
        PeerResult r = Peer.command(cmd).captureStdout().run().orThrow();
        return List.of(r.stdoutText().trim().split("\\s+"));
    }

    /**
     * The environment the harness runs in: HOME, TMPDIR and the XDG folders inside {@code scratch} (the harness sets
     * the same itself), no session bus, no display. The backend then keeps (and creates) salt files in
     * {@code scratch/data}, and has nowhere else to write.
     */
    static Map<String, String> environment(Path scratch) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", scratch.resolve("home").toString());
        env.put("XDG_DATA_HOME", dataHome(scratch).toString());
        env.put("XDG_CONFIG_HOME", scratch.resolve("config").toString());
        env.put("XDG_CACHE_HOME", scratch.resolve("cache").toString());
        env.put("XDG_STATE_HOME", scratch.resolve("state").toString());
        env.put("XDG_RUNTIME_DIR", scratch.resolve("runtime").toString());
        env.put("TMPDIR", scratch.resolve("tmp").toString());
        env.put(
                "DBUS_SESSION_BUS_ADDRESS",
                "unix:path=" + scratch.resolve("runtime").resolve("no-session-bus"));
        env.put("DISPLAY", "");
        env.put("WAYLAND_DISPLAY", "");
        return env;
    }

    /** {@code $XDG_DATA_HOME} of a harness run: {@code scratch/data}. */
    static Path dataHome(Path scratch) {
        return scratch.resolve("data");
    }

    /**
     * Where the backend looks for a wallet's salt: its save location, {@code $XDG_DATA_HOME/kwalletd} (the harness
     * names itself {@code kwalletd5}, as KDE's daemon does, and the backend drops the 5).
     */
    static Path saltHome(Path scratch) {
        return dataHome(scratch).resolve("kwalletd");
    }

    /** A harness run in {@code scratch} (a real path, no symbolic links), {@code stdin} fed to it. */
    static PeerResult run(Path scratch, byte[] stdin, List<String> args) {
        Path binary = ensureBuilt();
        Kwallet5Session.checkNoneOpen();
        List<String> cmd = new ArrayList<>();
        cmd.add(binary.toString());
        cmd.addAll(args);
        Peer peer = Peer.command(cmd).dir(scratch).captureStdout().stdin(stdin);
        environment(scratch).forEach(peer::env);
        return peer.run();
    }

    /** The scratch folders this JVM's harness runs work in, by their real path, until {@link #deleteTree}. */
    private static final Map<Path, OwnedScratch> SCRATCH = new ConcurrentHashMap<>();

    /**
     * A fresh scratch folder (mode 0700) under {@code parent}, as its real path: an {@link OwnedScratch}, so a signal
     * removes it, and the next one made removes those a killed run left.
     */
    static Path newScratch(Path parent) {
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw LabException.cannot("create a scratch folder in", parent, e);
        }
        OwnedScratch owned = OwnedScratch.claim(parent.resolve("kwallet5"), "scratch", OwnedScratch.Type.SECRET_FOLDER);
        try {
            Path real = owned.path().toRealPath();
            Files.createDirectories(saltHome(real));
            SCRATCH.put(real, owned);
            return real;
        } catch (IOException e) {
            owned.close();
            throw LabException.cannot("create a scratch folder in", parent, e);
        }
    }

    /** The default parent of scratch folders: {@code lab-wallet/target/kwallet5/scratch}. */
    static Path defaultScratchParent() {
        return buildDir().resolve("scratch");
    }

    /** Removes a scratch folder of {@link #newScratch} and all it holds. */
    static void deleteTree(Path root) {
        if (root == null) {
            return;
        }
        OwnedScratch owned = SCRATCH.remove(root);
        if (owned != null) {
            owned.release();
        }
        OwnedScratch.remove(root);
    }
}
