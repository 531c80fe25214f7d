package labbook.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * A command that runs the lab's experiments: an experiment, a study's {@code all}, the main job's {@code run}. It takes
 * the lab's options ({@link LabOptions}: where results go, the mode, resume) and the standard help; picocli reads both
 * from here for every subclass, so each command declares only its name, its description and its own options.
 */
@Command(mixinStandardHelpOptions = true)
public abstract class ExperimentCommand implements Callable<Integer> {
    @Mixin
    protected LabOptions lab;

    /** This command as picocli parsed it; null for one built in code and never parsed. */
    @Spec
    CommandSpec spec;

    /**
     * {@code command} as a study's {@code all} runs it: parsed from {@code args} (the options {@code all} hands on,
     * none for most), so its run.json names them as a command line would, then given {@code all}'s lab options.
     */
    public static <T extends ExperimentCommand> T withOptionsOf(LabOptions lab, T command, String... args) {
        new CommandLine(command).parseArgs(args);
        command.lab = lab;
        return command;
    }

    /**
     * Starts this command's run of {@code study} ({@link LabRun#start}): its lab options, and the options its command
     * line gave it ({@link #givenOptions}), which run.json's rerun line writes and a {@code --resume} checks.
     */
    protected final LabRun startRun(String study, String command) {
        return LabRun.start(lab, study, command, givenOptions());
    }

    /**
     * The options this command's line gave it, as typed, for run.json's rerun line and a resume's check: every option
     * picocli matched but the lab's own ({@link LabOptions}: the rerun line writes the mode itself, and where results
     * go is not the experiment's) and an {@code all} run's ({@link AllOptions}). A list option's values joined by
     * commas; a flag alone. Empty for a command that was never parsed.
     */
    final String[] givenOptions() {
        ParseResult parsed = spec == null ? null : spec.commandLine().getParseResult();
        if (parsed == null) {
            return new String[0];
        }
        // the lab's options and an all run's (--keep-going, --plan) say how to run, not what was measured
        Set<OptionSpec> howToRun = new HashSet<>();
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof LabOptions || mixin.userObject() instanceof AllOptions) {
                howToRun.addAll(mixin.options());
            }
        }
        List<String> out = new ArrayList<>();
        for (OptionSpec option : parsed.matchedOptions()) {
            if (howToRun.contains(option) || option.usageHelp() || option.versionHelp()) {
                continue;
            }
            out.add(option.longestName());
            if (option.arity().max() > 0) {
                out.add(String.join(",", option.originalStringValues()));
            }
        }
        return out.toArray(new String[0]);
    }
}
