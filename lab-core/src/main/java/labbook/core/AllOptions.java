package labbook.core;

import picocli.CommandLine.Option;

/**
 * The options of a study's {@code all} command (and of the main job), as a picocli mixin: {@code --keep-going} and
 * {@code --plan}; see {@link AllExperiments} and {@link RunPlan}.
 */
public class AllOptions {
    @Option(
            names = "--keep-going",
            description = "After an experiment fails, go on to the next (default: stop; the rest are skipped).")
    boolean keepGoing;

    @Option(names = "--plan", description = "Print the plan (each experiment's estimated time) and exit.")
    boolean planOnly;

    public boolean keepGoing() {
        return keepGoing;
    }

    public boolean planOnly() {
        return planOnly;
    }
}
