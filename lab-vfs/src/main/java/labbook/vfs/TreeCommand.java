package labbook.vfs;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import labbook.vfs.tree.Git;
import labbook.vfs.tree.KernelTree;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tree}: sets up the workload, a kernel tree as a git repository with a clean index.
 * By default from the shipped manifest of linux 6.1 (offline, about a minute); with
 * {@code --source linux-source} from Debian's linux-source-6.1 tarball; with {@code --source PATH}
 * from any folder or repository. An existing tree is reused.
 */
@Command(name = "tree", mixinStandardHelpOptions = true,
        description = "Build (or reuse) the kernel tree the experiments run on: a git repository with a clean index.")
public final class TreeCommand implements Callable<Integer> {
    @Option(names = "--source", paramLabel = "manifest|linux-source|PATH",
            description = "Where the files come from: the shipped linux 6.1 manifest (default), Debian's "
                    + "linux-source-6.1 tarball, or a folder or git repository.")
    String source;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Where the tree goes (default: <repo>/target/lab-vfs/linux-6.1-tree for the manifest, "
                    + "<repo>/target/lab-vfs/<source>-tree otherwise).")
    Path dir;

    @Option(names = "--git", paramLabel = "BINARY", defaultValue = "git", description = "The git to run (default: git on PATH).")
    String gitBinary;

    @Override
    public Integer call() {
        Path target = dir != null ? dir : KernelTree.defaultDir(source);
        KernelTree tree = KernelTree.build(source, target, new Git(gitBinary));
        System.out.printf("tree %s: %,d index entries, clean%n", tree.dir(), tree.entries().size());
        return 0;
    }
}
