package labbook.vfs.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import labbook.core.Mode;
import labbook.vfs.peer.Git;
import labbook.vfs.tree.KernelTree;
import labbook.vfs.tree.TreeSource;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tree}: sets up the workload, a kernel tree as a git repository with a clean index. By default from the shipped
 * manifest of linux 6.1 (offline): quick mode's tree (one entry in 4) or, with {@code --full}, all 78,635 entries. With
 * {@code --source linux-source} from Debian's linux-source-6.1 tarball; with {@code --source PATH} from any folder or
 * repository. An existing tree is reused. The experiments build their default tree themselves when it is missing.
 */
@Command(
        name = "tree",
        mixinStandardHelpOptions = true,
        description = "Build (or reuse) the kernel tree the experiments run on: a git repository with a clean index.")
public final class TreeCommand implements Callable<Integer> {
    @Option(
            names = "--source",
            paramLabel = "manifest|linux-source|PATH",
            description = "Where the files come from: the shipped linux 6.1 manifest (default), Debian's "
                    + "linux-source-6.1 tarball, or a folder or git repository.")
    String source;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description = "Where the tree goes (default: <repo>/target/lab-vfs/linux-6.1-quick-tree, or linux-6.1-tree "
                    + "with --full, for the manifest; <repo>/target/lab-vfs/<source>-tree otherwise).")
    Path dir;

    @Option(
            names = "--git",
            paramLabel = "BINARY",
            defaultValue = "git",
            description = "The git to run (default: git on PATH).")
    String gitBinary;

    @ArgGroup(exclusive = true)
    Size size;

    static class Size {
        @Option(
                names = "--quick",
                description = "The manifest's quick tree: one entry in 4, 19,659 entries (the default).")
        boolean quick;

        @Option(names = "--full", description = "The whole manifest: 78,635 entries, as full mode's experiments use.")
        boolean full;
    }

    @Override
    public Integer call() {
        TreeSource from = TreeSource.of(source, size != null && size.full ? Mode.FULL : Mode.QUICK);
        Path target = dir != null ? dir : from.defaultDir();
        KernelTree tree = KernelTree.build(from, target, new Git(gitBinary));
        System.out.printf(
                "tree %s: %,d index entries, clean%n",
                tree.dir(), tree.entries().size());
        return 0;
    }
}
