package labbook.vfs.experiments;

import java.nio.file.Path;
import java.util.List;
import labbook.core.LabOptions;
import labbook.core.Mode;
import labbook.vfs.VfsSchemas;
import labbook.vfs.peer.Git;
import labbook.vfs.tree.KernelManifest;
import labbook.vfs.tree.KernelTree;
import picocli.CommandLine.Option;

/** The workload options every experiment shares (a picocli mixin): which tree, which git. */
public class TreeOptions {
    @Option(
            names = "--tree",
            paramLabel = "DIR",
            description =
                    "The kernel tree, a clean git repository (default: the mode's tree under <repo>/target/lab-vfs/, "
                            + "built from the shipped linux 6.1 manifest when missing: quick, one entry in "
                            + "4; full, all 78,635). "
                            + "dcache-model models this tree's index paths (default: the same manifest "
                            + "paths, no tree needed).")
    Path tree;

    @Option(
            names = "--git",
            paramLabel = "BINARY",
            defaultValue = "git",
            description = "The git to run (default: git on PATH).")
    String gitBinary = "git";

    public Git git() {
        return new Git(gitBinary);
    }

    /** The tree asked for with --tree, or null for the mode's default. */
    public Path tree() {
        return tree;
    }

    /**
     * The tree, after checking that the results can be written (one clear line otherwise, before any work); the mode's
     * default tree is built when missing.
     */
    public KernelTree open(LabOptions lab) {
        requireResultsFolder(lab);
        return KernelTree.forExperiment(tree, lab.mode(), git());
    }

    /**
     * The paths to model: the --tree's index, or else the manifest's paths of the mode's default tree (no tree needed).
     */
    public List<String> paths(Mode mode) {
        if (tree != null) {
            return KernelTree.open(tree.toAbsolutePath().normalize(), git()).entries();
        }
        KernelManifest manifest = KernelManifest.linux61();
        return (mode == Mode.FULL ? manifest : manifest.everyNth(KernelManifest.QUICK_EVERY)).paths();
    }

    /** How many entries the mode's default tree holds: the whole manifest (full) or one in {@code QUICK_EVERY}. */
    public static int entries(Mode mode) {
        int all = KernelManifest.linux61().size();
        return mode == Mode.FULL ? all : (all + KernelManifest.QUICK_EVERY - 1) / KernelManifest.QUICK_EVERY;
    }

    /** results/vfs (or --out's) must be a folder that accepts files. */
    public static void requireResultsFolder(LabOptions lab) {
        KernelTree.requireWritable(lab.resultsRoot().resolve(VfsSchemas.STUDY));
    }
}
