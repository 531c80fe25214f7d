package labbook.core;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What machine and software produced a set of results, as run.json records it. */
public final class MachineInfo {
    private MachineInfo() {}

    /** The machine fields of run.json: what machine and JDK made the results, and the lab's own commit. */
    public record Machine(
            String host,
            String cpuModel,
            int cores,
            long memoryBytes,
            String osKernel,
            String jdkVendor,
            String jdkVersion,
            String labCommit) {}

    /** Host, CPU model, cores, memory, kernel, JDK and the lab's own commit. */
    public static Machine describe() {
        return new Machine(
                hostName(),
                cpuModel(),
                Runtime.getRuntime().availableProcessors(),
                memoryBytes(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("java.vendor"),
                System.getProperty("java.runtime.version", System.getProperty("java.version")),
                labCommit());
    }

    static String hostName() {
        try {
            String fromFile = Files.readString(Path.of("/etc/hostname")).trim();
            if (!fromFile.isEmpty()) {
                return fromFile;
            }
        } catch (IOException ignored) {
            // fall through to the resolver
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    static String cpuModel() {
        return procField(Path.of("/proc/cpuinfo"), "model name").orElse(System.getProperty("os.arch"));
    }

    static long memoryBytes() {
        return procField(Path.of("/proc/meminfo"), "MemTotal")
                .map(v -> Long.parseLong(v.replace("kB", "").trim()) * 1024)
                .orElse(Runtime.getRuntime().maxMemory());
    }

    /** The lab's git commit, with "-dirty" when the work tree has changes, or "unknown". */
    static String labCommit() {
        Path root = Repo.root();
        if (!Files.exists(root.resolve(".git"))) {
            return "unknown";
        }
        try {
            PeerResult head = Peer.command("git", "-C", root.toString(), "rev-parse", "HEAD")
                    .captureStdout()
                    .run();
            if (!head.ok()) {
                return "unknown";
            }
            return head.stdoutText().trim() + (uncommittedChanges(root).isEmpty() ? "" : "-dirty");
        } catch (Child.CannotStart noGit) {
            return "unknown";
        }
    }

    /**
     * The changes to tracked files in the checkout at {@code root} ({@code git status --porcelain} lines); none when it
     * has none or git cannot tell.
     */
    static List<String> uncommittedChanges(Path root) {
        PeerResult status = Peer.command("git", "-C", root.toString(), "status", "--porcelain", "--untracked-files=no")
                .captureStdout()
                .run();
        return status.ok()
                ? status.stdoutText().lines().filter(l -> !l.isBlank()).toList()
                : List.of();
    }

    private static java.util.Optional<String> procField(Path file, String name) {
        try {
            List<String> lines = Files.readAllLines(file);
            return lines.stream()
                    .filter(l -> l.startsWith(name))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst();
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }
}
