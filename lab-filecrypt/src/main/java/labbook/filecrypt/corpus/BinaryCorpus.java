package labbook.filecrypt.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import labbook.core.LabException;
import labbook.core.Mode;
import labbook.core.OwnedScratch;
import org.apache.commons.io.FileUtils;

/**
 * The seed's MP3, PDF and PNG directories, rebuilt from real files of installed Debian packages (see {@link Mp3Plan},
 * {@link PdfPlan}, {@link PngPlan}): built on first use into the same cache root as the text corpus
 * ({@code <tmp>/labbook-filecrypt/<type>-<size>-<key>}, the key a checksum of the plan and the package versions), with
 * a {@link Manifest} of every file's size, SHA-256, packages and versions, source, command and licence; checked against
 * it on every reuse and rebuilt when it differs. Missing packages are refused in one line that names them, before
 * anything is built.
 */
public final class BinaryCorpus {
    private final Path cacheRoot;
    private final Packages installed;

    public BinaryCorpus(Path cacheRoot, Packages installed) {
        this.cacheRoot = cacheRoot;
        this.installed = installed;
    }

    /** The cache root the text corpus uses too, on this machine's dpkg. */
    public static BinaryCorpus onThisMachine() {
        return new BinaryCorpus(Path.of(System.getProperty("java.io.tmpdir"), "labbook-filecrypt"), Packages.dpkg());
    }

    /** The mode's corpus of {@code type}, built if it is not cached or no longer matches its manifest. */
    public Corpus materialize(BinaryType type, Mode mode) {
        requireInstalled(type, type.packages(mode));
        return materialize(type.plan(mode, installed));
    }

    /** Refuses, in one line naming them, the packages of {@code needed} that are not installed. */
    public void requireInstalled(BinaryType type, List<String> needed) {
        List<String> missing =
                needed.stream().filter(p -> installed.version(p).isEmpty()).toList();
        if (!missing.isEmpty()) {
            String names = String.join(" ", missing);
            throw new LabException(
                    "lab-filecrypt: the " + type.label() + " corpus needs Debian package"
                            + (missing.size() > 1 ? "s " : " ") + names + ": apt-get install " + names,
                    2,
                    null);
        }
    }

    /** The corpus {@code plan} describes, from the cache when its files still match the manifest. */
    public Corpus materialize(CorpusPlan plan) {
        requireInstalled(plan.type(), plan.packages());
        Path dir = cacheRoot.resolve(plan.name() + "-" + plan.key(installed));
        Optional<Manifest> cached = Manifest.read(dir);
        if (cached.isPresent() && cached.get().matches(dir)) {
            return corpus(plan, dir, cached.get());
        }
        try {
            Files.createDirectories(cacheRoot);
            try (OwnedScratch owned = OwnedScratch.claim(dir, "partial", OwnedScratch.Type.FOLDER)) {
                Path partial = owned.path();
                Manifest manifest = build(plan, partial);
                Optional<Manifest> meanwhile = Manifest.read(dir);
                if (meanwhile.isPresent() && meanwhile.get().matches(dir)) {
                    return corpus(plan, dir, meanwhile.get()); // another run built it while this one did: use theirs
                }
                FileUtils.deleteDirectory(dir.toFile()); // a stale or damaged copy
                Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
                owned.release();
                return corpus(plan, dir, manifest);
            }
        } catch (IOException e) {
            throw new LabException(
                    "cannot build the " + plan.type().label() + " corpus in " + dir + ": " + e.getMessage(), e);
        }
    }

    private Manifest build(CorpusPlan plan, Path dir) throws IOException {
        List<ManifestEntry> entries = new ArrayList<>();
        Path work = dir.resolve(".work");
        for (Recipe r : plan.recipes()) {
            Files.createDirectories(work);
            Path target = dir.resolve(r.name());
            r.step().make(target, work);
            FileUtils.deleteDirectory(work.toFile());
            if (!Files.isRegularFile(target) || Files.size(target) == 0) {
                throw new LabException(r.command() + " made no " + r.name());
            }
            String packages = r.packages().stream()
                    .map(p -> p + "=" + installed.version(p).orElse("?"))
                    .collect(Collectors.joining(" "));
            String licence = r.licence() != null
                    ? r.licence()
                    : installed.licence(r.packages().get(0));
            entries.add(new ManifestEntry(
                    r.name(),
                    Files.size(target),
                    Corpus.sha256(target),
                    packages,
                    ManifestEntry.clean(r.from()),
                    ManifestEntry.clean(r.command()),
                    ManifestEntry.clean(licence)));
        }
        Manifest manifest = new Manifest(entries);
        manifest.write(dir); // last: a folder with a manifest is a whole corpus
        return manifest;
    }

    private static Corpus corpus(CorpusPlan plan, Path dir, Manifest manifest) {
        return new Corpus(plan.name(), dir, manifest.files(dir), manifest.sha256());
    }

    /** The manifest of a corpus this class built (for run.json and the results' provenance). */
    public static Manifest manifest(Corpus corpus) {
        return Manifest.read(corpus.dir()).orElseThrow(() -> new LabException("no manifest in " + corpus.dir()));
    }
}
