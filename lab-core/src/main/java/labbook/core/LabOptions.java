package labbook.core;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The options every experiment shares, as a picocli mixin: {@code --out DIR}, {@code --quick | --full},
 * {@code --resume} and {@code --force}. Every {@link ExperimentCommand} has them.
 */
public class LabOptions {

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Results root (default: results/ at the repository root).")
    Path out;

    @ArgGroup(exclusive = true)
    ModeChoice modeChoice;

    static class ModeChoice {
        @Option(names = "--quick", description = "Quick mode: minutes, what CI runs (the default).")
        boolean quick;

        @Option(names = "--full", description = "Full mode: the seed's own parameters (long).")
        boolean full;
    }

    @Option(
            names = "--resume",
            description = "Go on from where a killed or failed run of the same experiments stopped: the steps it"
                    + " measured are kept, the rest are run.")
    boolean resume;

    @Option(
            names = "--force",
            description = "With --resume: resume even onto another machine or commit, and start over an experiment"
                    + " whose results were made with another mode or other options.")
    boolean force;

    public boolean resume() {
        return resume;
    }

    public boolean force() {
        return force;
    }

    public Mode mode() {
        return modeChoice != null && modeChoice.full ? Mode.FULL : Mode.QUICK;
    }

    public Path resultsRoot() {
        return out != null ? out : Repo.root().resolve("results");
    }

    /**
     * Refuses a results root that cannot hold results, before anything runs: an experiment that would fail on its first
     * write after minutes of measuring must fail at once instead. {@link Cli} calls this for every command that has
     * these options; it creates nothing.
     */
    public void checkResultsRoot() {
        Path root = resultsRoot().toAbsolutePath();
        Path existing = root;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return;
        }
        if (!Files.isDirectory(existing)) {
            throw new LabException(
                    "--out " + (existing.equals(root) ? "" : root + ": ") + existing + " is not a folder");
        }
        if (!Files.isWritable(existing) || !Files.isExecutable(existing)) {
            throw new LabException(
                    "--out " + root + ": permission denied" + (existing.equals(root) ? "" : " in " + existing));
        }
    }

    /** For code that builds options without a command line (tests, notebooks). */
    public static LabOptions of(Path out, Mode mode) {
        LabOptions options = new LabOptions();
        options.out = out;
        options.modeChoice = new ModeChoice();
        options.modeChoice.full = mode == Mode.FULL;
        options.modeChoice.quick = mode == Mode.QUICK;
        return options;
    }
}
