package labbook.reports.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.reports.Fixtures;
import labbook.reports.Studies;
import labbook.reports.results.Results;
import labbook.reports.study.Claim;
import labbook.reports.study.PageText;
import labbook.reports.study.Seed;
import labbook.reports.study.Study;
import labbook.reports.study.StudyChart;
import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.Table;

/** The site is written whole or not at all: beside --out, renamed into place at the end. */
class SiteFolderTest {
    @TempDir
    Path tmp;

    static Results results;

    @BeforeAll
    static void load() {
        System.setProperty("java.awt.headless", "true");
        results = Fixtures.a();
    }

    /** The wallet study, failing after its charts are drawn (its analyses throw). */
    static Study failingMidway() {
        return wallet("broken", true, true);
    }

    /** The wallet study without its charts (a site built in a fraction of a second). */
    static List<Study> light() {
        return List.of(wallet("wallet", false, false));
    }

    static Study wallet(String id, boolean fails, boolean drawn) {
        Study wallet = Studies.get("wallet");
        return new Study() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public List<ResultsSchema> schemas() {
                return wallet.schemas();
            }

            @Override
            public List<Seed> seeds() {
                return wallet.seeds();
            }

            @Override
            public PageText text() {
                return wallet.text();
            }

            @Override
            public List<Claim> claims(Results r) {
                return wallet.claims(r);
            }

            @Override
            public List<StudyChart> charts() {
                return drawn ? wallet.charts() : List.of();
            }

            @Override
            public List<String> headlines() {
                return drawn ? wallet.headlines() : List.of();
            }

            @Override
            public Map<String, Table> analyses(Results r) {
                if (fails) {
                    throw new LabException("the analyses failed");
                }
                return wallet.analyses(r);
            }
        };
    }

    private List<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static String tree(Path dir) throws IOException {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted().toList()) {
                b.append(dir.relativize(p))
                        .append(Files.isRegularFile(p) ? " " + Files.size(p) + " " + Files.getLastModifiedTime(p) : "")
                        .append('\n');
            }
        }
        return b.toString();
    }

    @Test
    void aBuildThatFailsMidwayLeavesThePreviousSiteAsItWasAndNothingElse() throws IOException {
        Path out = tmp.resolve("site");
        Site.build(results, light(), out);
        String before = tree(out);
        assertThatThrownBy(() -> Site.build(results, List.of(light().get(0), failingMidway()), out))
                .isInstanceOf(LabException.class)
                .hasMessage("the analyses failed");
        assertThat(tree(out)).isEqualTo(before);
        assertThat(entries(tmp)).containsExactly("site");
    }

    @Test
    void aBuildThatFailsMidwayIntoANewFolderLeavesNothing() throws IOException {
        Path out = tmp.resolve("new/deeper/site");
        assertThatThrownBy(() -> Site.build(results, List.of(failingMidway()), out))
                .isInstanceOf(LabException.class);
        assertThat(entries(tmp)).isEmpty();
    }

    @Test
    void aNewBuildReplacesThePreviousSiteWhole() throws IOException {
        Path out = tmp.resolve("site");
        Site.build(results, light(), out);
        Files.writeString(out.resolve("charts/gone.png"), "a chart of an older build");
        Path index = Site.build(results, light(), out);
        assertThat(index).isEqualTo(out.resolve("index.html"));
        assertThat(out.resolve("charts/gone.png")).doesNotExist();
        assertThat(out.resolve("wallet.html")).isRegularFile();
        assertThat(entries(tmp)).containsExactly("site");
    }

    @Test
    void aFolderThatHoldsMoreThanASiteIsRefusedAndKept() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("home"));
        Files.writeString(out.resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> SiteFolder.open(out))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("--out " + out + ": holds 'notes.txt', which is not a part of a site");
        assertThat(entries(out)).containsExactly("notes.txt");
        assertThat(entries(tmp)).containsExactly("home");
        // an empty folder is fine
        assertThat(Site.build(results, light(), Files.createDirectories(tmp.resolve("empty"))))
                .isRegularFile();
    }

    @Test
    void aFileOrAFolderUnderAFileIsRefused() throws IOException {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertThatThrownBy(() -> SiteFolder.open(file)).hasMessage("--out " + file + ": is not a folder");
        assertThatThrownBy(() -> SiteFolder.open(file.resolve("a/site")))
                .hasMessage("--out " + file.resolve("a/site") + ": " + file + " is not a folder");
        assertThat(entries(tmp)).containsExactly("f");
    }

    @Test
    void aSymbolicLinkToASiteKeepsPointingAtTheNewSite() throws IOException {
        Path real = tmp.resolve("real");
        Site.build(results, light(), real);
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertThat(Site.build(results, light(), link)).isEqualTo(link.resolve("index.html"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(real.resolve("index.html")).isRegularFile();
        assertThat(entries(tmp)).containsExactly("link", "real");
    }

    @Test
    void foldersLeftByProcessesThatAreGoneAreRemovedAtTheNextBuild() throws IOException {
        long gone = deadPid();
        long alive = ProcessHandle.current().parent().map(ProcessHandle::pid).orElseThrow();
        Files.createDirectories(tmp.resolve(".site." + gone + ".3.partial/charts"));
        Files.writeString(tmp.resolve(".site." + gone + ".3.partial/charts/x.png"), "half");
        Files.createDirectories(tmp.resolve(".site." + gone + ".4.old"));
        Files.createDirectories(tmp.resolve(".site." + alive + ".1.partial"));
        Files.createDirectories(tmp.resolve(".other." + gone + ".1.partial"));
        Site.build(results, light(), tmp.resolve("site"));
        assertThat(entries(tmp))
                .containsExactly(".other." + gone + ".1.partial", ".site." + alive + ".1.partial", "site");
    }

    private static long deadPid() {
        for (long pid = 4_000_000; ; pid++) {
            if (ProcessHandle.of(pid).isEmpty()) {
                return pid;
            }
        }
    }

    @Test
    void aSignalMidBuildLeavesNoPartOfTheSite() throws Exception {
        for (String signal : List.of("TERM", "INT")) {
            int expected = signal.equals("TERM") ? 143 : 130;
            // a small site may be finished by the time the signal lands (exit 0): that try proves nothing, so
            // try again, until the signal is seen to end a build; every try must leave no part of a site behind
            boolean signalled = false;
            for (int attempt = 0; attempt < 5 && !signalled; attempt++) {
                Path out = tmp.resolve("site-" + signal);
                Process p = launch(out);
                Path partial = awaitPartial(p, tmp, out.getFileName().toString());
                new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid()))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start()
                        .waitFor();
                assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
                assertThat(p.exitValue()).as(signal + "; " + partial).isIn(0, expected);
                signalled = p.exitValue() == expected;
                assertThat(entries(tmp)).as(signal).allMatch(e -> !e.endsWith(".partial"));
                if (!signalled) {
                    assertThat(entries(tmp))
                            .as("a build that finished first leaves the whole site")
                            .containsExactly(out.getFileName().toString());
                    FileUtils.deleteDirectory(out.toFile());
                }
            }
            assertThat(signalled)
                    .as("SIG" + signal + " ended a build in one of 5 tries")
                    .isTrue();
            assertThat(entries(tmp)).as(signal).isEmpty();
        }
    }

    @Test
    void aSiteKilledMidBuildIsRemovedAtTheNextBuild() throws Exception {
        Path out = tmp.resolve("site");
        Process p = launch(out);
        awaitPartial(p, tmp, "site");
        p.destroyForcibly().waitFor();
        assertThat(entries(tmp))
                .anySatisfy(
                        e -> assertThat(e).startsWith(".site." + p.pid() + ".").endsWith(".partial"));
        Site.build(results, light(), out);
        assertThat(entries(tmp)).containsExactly("site");
    }

    /** {@code reports build} in a JVM of its own, on the fixture, into {@code out}. */
    private static Process launch(Path out) throws IOException {
        String cp = Path.of("target/classes").toAbsolutePath()
                + File.pathSeparator
                + Files.readString(Path.of("target/classpath.txt")).strip();
        // SIGINT as a user's terminal delivers it: a test run from a background job (nohup, a script's '&')
        // inherits SIGINT ignored, and a JVM started so keeps ignoring it
        List<String> cmd = new ArrayList<>(List.of(
                "env",
                "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true",
                "-cp",
                cp,
                "labbook.reports.ReportsCli",
                "build",
                "--results",
                Fixtures.root("results-a").toString(),
                "--results",
                Fixtures.root("results-b").toString(),
                "--out",
                out.toString()));
        return new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    /** Waits until the build has written into its partial folder (a page or a chart), and returns it. */
    private static Path awaitPartial(Process p, Path dir, String name) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertThat(p.isAlive())
                    .as("the build ended before it was signalled")
                    .isTrue();
            try (Stream<Path> s = Files.list(dir)) {
                for (Path e : s.toList()) {
                    String n = e.getFileName().toString();
                    if (n.startsWith("." + name + "." + p.pid() + ".")
                            && n.endsWith(".partial")
                            && Files.exists(e.resolve("charts"))
                            && hasFile(e.resolve("charts"))) {
                        return e;
                    }
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError("no partial folder of " + name + " appeared");
    }

    private static boolean hasFile(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isPresent();
        } catch (IOException e) {
            return false;
        }
    }
}
