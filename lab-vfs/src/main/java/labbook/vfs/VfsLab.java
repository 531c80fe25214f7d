package labbook.vfs;

import labbook.core.Cli;
import picocli.CommandLine.Command;

/**
 * The lab-vfs command line: {@code mvn -q -pl lab-vfs exec:java -Dexec.args="--help"}.
 *
 * <p>Seed: Piggin's "store-free path walking" thread (LKML, October 2009), a cached {@code git diff}
 * over a kernel tree, serial and parallel, before and after store-free path walking; facts in
 * shared/design/vfs-facts.md. {@code tree} sets up the workload; {@code git-diff},
 * {@code stat-walk} and {@code dcache-model} are the experiments; {@code all} runs them all.
 */
@Command(name = "lab-vfs", mixinStandardHelpOptions = true, version = "labbook 0.1.0",
        description = "store-free path walking: git diff and a dentry-cache model",
        subcommands = {TreeCommand.class, GitDiffExperiment.class, StatWalkExperiment.class, DcacheModelExperiment.class,
                AllCommand.class, ManifestCommand.class})
public final class VfsLab {
    public static void main(String[] args) {
        Cli.main(new VfsLab(), args);
    }
}
