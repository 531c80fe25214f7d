package labbook.vfs.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import labbook.core.LabException;
import labbook.core.Peer;
import labbook.core.Repo;
import labbook.vfs.tree.KernelManifest;
import labbook.vfs.tree.TarListing;
import labbook.vfs.tree.TreeSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code manifest}: regenerates the shipped manifest from Debian's linux-source-6.1 tarball (a maintainer's step, done
 * once; the lab itself never needs the tarball). It lists the tarball with GNU tar and keeps each file's path and size
 * and each symbolic link's target.
 */
@Command(
        name = "manifest",
        mixinStandardHelpOptions = true,
        description =
                "Regenerate the linux 6.1 manifest (paths, sizes, symlinks) from Debian's linux-source-6.1 tarball.")
public final class ManifestCommand implements Callable<Integer> {
    @Option(names = "--tarball", paramLabel = "FILE", description = "Default: /usr/src/linux-source-6.1.tar.xz.")
    Path tarball = TreeSource.DEBIAN_TARBALL;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            description = "Default: lab-vfs/src/main/resources/labbook/vfs/linux-6.1.manifest.gz in the repository.")
    Path output;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(tarball)) {
            throw new LabException(tarball + " not found: apt-get install --no-install-recommends linux-source-6.1");
        }
        Path target =
                output != null ? output : Repo.root().resolve("lab-vfs/src/main/resources" + KernelManifest.RESOURCE);
        Path listing = Files.createTempFile("labbook-tar", ".txt");
        try {
            System.err.println("listing " + tarball + " (tar -tvJf)");
            Peer.command("tar", "-tvJf", tarball.toString(), "--quoting-style=escape")
                    .env("LC_ALL", "C")
                    .stdoutTo(listing)
                    .run()
                    .orThrow();
            List<KernelManifest.Entry> entries = TarListing.parse(Files.readString(listing, StandardCharsets.UTF_8));
            String version = Peer.command("dpkg-query", "-W", "-f", "${Version}", "linux-source-6.1")
                    .captureStdout()
                    .run()
                    .stdoutText()
                    .trim();
            KernelManifest manifest = new KernelManifest(
                    List.of(
                            "linux 6.1 paths: Debian package linux-source-6.1 "
                                    + (version.isEmpty() ? "(version unknown)" : version),
                            "from " + tarball.getFileName() + " (" + Files.size(tarball)
                                    + " bytes), listed with GNU tar -tv",
                            "f<TAB>size_bytes<TAB>path | l<TAB>target<TAB>path; top folder stripped"),
                    entries);
            manifest.write(target);
            long links = entries.stream()
                    .filter(e -> e.kind() == KernelManifest.Kind.SYMLINK)
                    .count();
            System.out.printf(
                    "%s: %,d entries (%,d files, %,d symbolic links), %,d bytes%n",
                    target, entries.size(), entries.size() - links, links, Files.size(target));
            return 0;
        } finally {
            Files.deleteIfExists(listing);
        }
    }
}
