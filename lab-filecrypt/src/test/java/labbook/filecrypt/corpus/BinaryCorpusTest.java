package labbook.filecrypt.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import labbook.core.LabException;
import labbook.core.Mode;
import labbook.filecrypt.FileMime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary corpora on tiny plans of the real packages: the manifest and its checksums, the same files for the same
 * package versions, reuse while the files match, rebuild when one differs, and the one-line refusal when a package is
 * missing (told so by a package checker, nothing uninstalled).
 */
class BinaryCorpusTest {
    @TempDir
    Path root;

    private final Packages dpkg = Packages.dpkg();

    @Test
    void aMissingPackageIsOneLineNamingItAndNothingIsBuilt() {
        Packages noLame = new Packages() {
            @Override
            public Optional<String> version(String name) {
                return name.equals("lame") ? Optional.empty() : Optional.of("1.0");
            }

            @Override
            public List<Path> files(String name) {
                throw new AssertionError("no package is listed before the check");
            }
        };
        assertThatThrownBy(() -> new BinaryCorpus(root, noLame).materialize(BinaryType.MP3, Mode.QUICK))
                .isInstanceOf(LabException.class)
                .hasMessage("lab-filecrypt: the MP3 corpus needs Debian package lame: apt-get install lame")
                .satisfies(e -> assertThat(((LabException) e).exitCode()).isEqualTo(2));
        Packages none = new Packages() {
            @Override
            public Optional<String> version(String name) {
                return Optional.empty();
            }

            @Override
            public List<Path> files(String name) {
                throw new AssertionError();
            }
        };
        assertThatThrownBy(() -> new BinaryCorpus(root, none).materialize(BinaryType.PNG, Mode.FULL))
                .hasMessage("lab-filecrypt: the PNG corpus needs Debian packages desktop-base librsvg2-bin: "
                        + "apt-get install desktop-base librsvg2-bin");
        assertThat(root).isEmptyDirectory();
    }

    @Test
    void aPdfCorpusIsTheLargestShippedFilesWithTheirManifestAndIsReusedUntilAFileDiffers() throws Exception {
        CorpusPlan plan = PdfPlan.shipped("test", dpkg, "r-doc-pdf", 2, 400_000);
        BinaryCorpus binary = new BinaryCorpus(root, dpkg);
        Corpus corpus = binary.materialize(plan);
        // the two largest R manuals of at most 400 kB: R-lang (380,214 bytes) and R-FAQ (370,129 bytes) in r-doc-pdf
        // 4.2.2
        assertThat(corpus.files())
                .extracting(p -> p.getFileName().toString())
                .containsExactly("R_doc_manual_R-lang.pdf", "R_doc_manual_R-FAQ.pdf");
        assertThat(corpus.name()).isEqualTo("pdf-test");
        Manifest manifest = BinaryCorpus.manifest(corpus);
        for (ManifestEntry e : manifest.entries()) {
            Path f = corpus.dir().resolve(e.file());
            assertThat(e.bytes()).isEqualTo(Files.size(f));
            assertThat(e.sha256())
                    .isEqualTo(Corpus.sha256(f))
                    .isEqualTo(Corpus.sha256(Path.of(e.from().substring("r-doc-pdf:".length()))));
            assertThat(e.packages())
                    .isEqualTo("r-doc-pdf=" + dpkg.version("r-doc-pdf").orElseThrow());
            assertThat(e.command()).startsWith("cp /usr/share/");
            assertThat(e.licence()).contains("/usr/share/doc/r-doc-pdf/copyright");
        }
        assertThat(corpus.sha256()).isEqualTo(manifest.sha256());

        Path manifestFile = corpus.dir().resolve(Manifest.FILE_NAME);
        FileTime built = FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(manifestFile, built);
        assertThat(binary.materialize(plan).files()).isEqualTo(corpus.files());
        assertThat(Files.getLastModifiedTime(manifestFile)).isEqualTo(built); // reused, not rebuilt

        Files.write(corpus.files().get(0), new byte[] {'%', 'P', 'D', 'F'});
        Corpus rebuilt = binary.materialize(plan);
        assertThat(Corpus.sha256(rebuilt.files().get(0)))
                .isEqualTo(manifest.entries().get(0).sha256());
    }

    @Test
    void anMp3CorpusIsSpeechEncodedByLameTheSameBytesEveryTime() throws Exception {
        CorpusPlan plan = Mp3Plan.of("test", 1, 150);
        Corpus first = new BinaryCorpus(root.resolve("a"), dpkg).materialize(plan);
        Corpus second = new BinaryCorpus(root.resolve("b"), dpkg).materialize(plan);
        assertThat(first.sha256()).isEqualTo(second.sha256());
        assertThat(FileMime.of(first.files().get(0))).isEqualTo("audio/mpeg");
        ManifestEntry e = BinaryCorpus.manifest(first).entries().get(0);
        assertThat(e.file()).isEqualTo("gcide-passage-01.mp3");
        assertThat(e.packages()).startsWith("espeak-ng=").contains(" lame=");
        assertThat(e.from()).contains("GCIDE").contains("from byte 500000").contains("text SHA-256 ");
        assertThat(e.command()).contains("lame --quiet -V 2");
        assertThat(e.licence()).contains("GCIDE");
    }

    @Test
    void aPngCorpusIsDesktopBasesLargestPngsBelowTheSize() throws Exception {
        Corpus corpus = new BinaryCorpus(root, dpkg).materialize(PngPlan.shipped("test", dpkg, 2, 50_000));
        assertThat(corpus.files())
                .hasSize(2)
                .allSatisfy(f -> assertThat(FileMime.of(f)).isEqualTo("image/png"));
        assertThat(Corpus.size(corpus.files().get(0)))
                .isGreaterThanOrEqualTo(Corpus.size(corpus.files().get(1)));
        assertThat(BinaryCorpus.manifest(corpus).entries())
                .allSatisfy(e -> assertThat(e.licence()).contains("GPL"));
    }

    @Test
    void plansNameTheirPackages() {
        assertThat(BinaryType.MP3.packages(Mode.QUICK)).containsExactly("espeak-ng", "lame");
        assertThat(BinaryType.PDF.packages(Mode.QUICK)).containsExactly("r-doc-pdf");
        assertThat(BinaryType.PDF.packages(Mode.FULL)).containsExactly("r-doc-pdf", "lilypond-doc-pdf");
        assertThat(BinaryType.PNG.packages(Mode.QUICK)).containsExactly("desktop-base");
    }
}
