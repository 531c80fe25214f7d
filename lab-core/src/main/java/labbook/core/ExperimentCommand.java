package labbook.core;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * A command that runs the lab's experiments: an experiment, a study's {@code all}, the main job's {@code run}. It takes
 * the lab's options ({@link LabOptions}: where results go, the mode, resume) and the standard help; picocli reads both
 * from here for every subclass, so each command declares only its name, its description and its own options.
 */
@Command(mixinStandardHelpOptions = true)
public abstract class ExperimentCommand implements Callable<Integer> {
    @Mixin
    protected LabOptions lab;

    /**
     * {@code command} as a study's {@code all} runs it: with {@code all}'s lab options, every option of its own at its
     * default.
     */
    public static <T extends ExperimentCommand> T withOptionsOf(LabOptions lab, T command) {
        command.lab = lab;
        return command;
    }
}
