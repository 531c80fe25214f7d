package labbook.vfs;

import java.nio.file.Path;
import labbook.vfs.tree.Git;
import labbook.vfs.tree.KernelTree;
import picocli.CommandLine.Option;

/** The workload options the experiments share: which tree, which git. */
public class TreeOptions {
    @Option(names = "--tree", paramLabel = "DIR",
            description = "The kernel tree (a clean git repository; default: <repo>/target/lab-vfs/linux-6.1-tree, "
                    + "built from the shipped manifest when missing).")
    Path tree;

    @Option(names = "--git", paramLabel = "BINARY", defaultValue = "git", description = "The git to run (default: git on PATH).")
    String gitBinary = "git";

    Git git() {
        return new Git(gitBinary);
    }

    /** The tree, after checking that the results can be written (one clear line otherwise, before any work). */
    KernelTree open(labbook.core.LabOptions lab) {
        KernelTree.requireWritable(lab.resultsRoot().resolve("vfs"));
        return KernelTree.forExperiment(tree, git());
    }

    static TreeOptions of(Path tree, String git) {
        TreeOptions t = new TreeOptions();
        t.tree = tree;
        t.gitBinary = git;
        return t;
    }
}
