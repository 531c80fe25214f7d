package labbook.vfs.main;

import labbook.core.Cli;
import labbook.vfs.cli.ManifestCommand;
import labbook.vfs.cli.TreeCommand;
import labbook.vfs.experiments.dcachemodel.DcacheModelExperiment;
import labbook.vfs.experiments.gitdiff.GitDiffExperiment;
import labbook.vfs.experiments.kernelprofile.KernelProfileExperiment;
import labbook.vfs.experiments.statwalk.StatWalkExperiment;
import picocli.CommandLine.Command;

/**
 * The lab-vfs command line: {@code ./labbook vfs --help}, or {@code mvn -q -pl lab-vfs exec:java -Dexec.args="--help"}.
 * Subcommands only.
 *
 * <p>Seed: Nick Piggin, "[rfc][patch] store-free path walking", and Jens Axboe's reply, linux-kernel mailing list, 8
 * October 2009: a cached {@code git diff} over a kernel tree, serial and parallel, before and after store-free path
 * walking. {@code tree} sets up the workload ({@link labbook.vfs.cli}); {@code git-diff}, {@code stat-walk},
 * {@code dcache-model} and {@code kernel-profile} are the experiments and {@code all} runs them all
 * ({@link labbook.vfs.experiments}).
 */
@Command(
        name = "lab-vfs",
        mixinStandardHelpOptions = true,
        version = "labbook 0.1.0",
        description = "store-free path walking: git diff and a dentry-cache model",
        subcommands = {
            TreeCommand.class,
            GitDiffExperiment.class,
            StatWalkExperiment.class,
            DcacheModelExperiment.class,
            KernelProfileExperiment.class,
            AllCommand.class,
            ManifestCommand.class
        })
public final class VfsLab {
    public static void main(String[] args) {
        Cli.main(new VfsLab(), args);
    }
}
