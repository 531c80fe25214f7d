package labbook.vfs;

import labbook.core.Cli;
import picocli.CommandLine.Command;

/** The lab-vfs command line: {@code mvn -q -pl lab-vfs exec:java -Dexec.args="--help"}. */
@Command(name = "lab-vfs", mixinStandardHelpOptions = true, version = "labbook 0.1.0",
        description = "store-free path walking: git diff and a dentry-cache model",
        subcommands = {})
public final class VfsLab {
    public static void main(String[] args) {
        Cli.main(new VfsLab(), args);
    }
}
