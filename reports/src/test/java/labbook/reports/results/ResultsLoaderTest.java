package labbook.reports.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import labbook.core.Cli;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.reports.Explore;
import labbook.reports.Fixtures;
import labbook.reports.ReportsCli;
import labbook.reports.Studies;
import labbook.reports.study.Verdict;
import labbook.vfs.VfsSchemas;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;

class ResultsLoaderTest {
    /** git-diff.csv's header, from its schema, and one good row under it. */
    private static final String GIT_DIFF_HEADER = String.join(",", VfsSchemas.GIT_DIFF.names()) + "\n";

    private static final String GIT_DIFF_ROW = "serial,0,10,1,1,1,99,5,1\n";

    /** Loading the results under {@code tmp} fails with a LabException, whose message the caller checks. */
    private AbstractThrowableAssert<?, ? extends Throwable> loadFails() {
        return assertThatThrownBy(() -> ResultsLoader.load(tmp, Studies.schemas()))
                .isInstanceOf(LabException.class);
    }

    static final String SWEEP_HEADER =
            "variant,entries,repeat,file_bytes,sync_ms,cipher_ms,cipher_bytes,sync_cpu_ms,cipher_cpu_ms\n";

    @TempDir
    Path tmp;

    @Test
    void loadsEveryStudyWithTypedColumnsAndRunRecords() {
        Results r = Fixtures.a();
        assertThat(r.roots()).hasSize(1);
        ResultsRoot root = r.roots().get(0);
        assertThat(root.label()).isEqualTo("fixture-a");
        for (String study : Explore.studies()) {
            assertThat(r.ran(study)).as(study).isTrue();
        }
        assertThat(root.study("wallet").experiments())
                .containsExactly(
                        "sync-sweep",
                        "openssl-blowfish",
                        "key-derivation",
                        "sync-jmh",
                        "save-strategies",
                        "crash-test",
                        "tamper-test",
                        "kwallet5-interop");
        assertThat(root.study("vfs").experiments())
                .containsExactly(
                        "git-diff",
                        "stat-walk",
                        "dcache-model",
                        "kernel-profile",
                        "kernel-profile-functions",
                        "kernel-profile-status");
        Table sweep = Explore.table(r, "wallet", "sync-sweep");
        assertThat(sweep.rowCount())
                .isEqualTo(7 * 5 * 3); // 7 variants (kwallet5, kde4-c1 among them) x 5 sizes x 3 repeats
        assertThat(sweep.column("variant").type()).isEqualTo(ColumnType.STRING);
        assertThat(sweep.column("entries").type()).isEqualTo(ColumnType.LONG);
        assertThat(sweep.column("sync_ms").type()).isEqualTo(ColumnType.DOUBLE);
        RunInfo run = root.study("wallet").run("sync-sweep");
        assertThat(run.host()).isEqualTo("fixture-a");
        assertThat(run.cores()).isEqualTo(2);
        assertThat(run.mode()).isEqualTo("quick");
        assertThat(run.rerun()).isEqualTo("./labbook wallet sync-sweep --quick");
        // an older run.json has no rerun line: it is derived from the command line and the mode
        assertThat(Fixtures.ab()
                        .roots()
                        .get(1)
                        .study("wallet")
                        .run("sync-sweep")
                        .rerun())
                .isEqualTo("./labbook wallet all --quick");
    }

    @Test
    void extraColumnsAreKept() throws IOException {
        write("vfs/git-diff.csv", """
                mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct,entries,preload_threads,tree
                serial,0,10,1,1,1,99,5,1,linux-6.1
                """);
        Table diff = Explore.table(load(), "vfs", "git-diff");
        assertThat(diff.column("tree").type()).isEqualTo(ColumnType.STRING);
        assertThat(diff.column("entries").type()).isEqualTo(ColumnType.LONG);
    }

    @Test
    void columnsWrittenUnderTheirFormerNamesLoadUnderTheNewOnes() throws IOException {
        // git-diff's loop sums were user_s, sys_s and elapsed_s, and stat-walk's lookup threads "threads", until the
        // names took one meaning each: results written before the rename (the reference run's) still load
        write("vfs/git-diff.csv", """
                mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct,entries,preload_threads
                serial,0,10,1.5,2.5,4.5,99,5,1
                """);
        write("vfs/stat-walk.csv", """
                threads,repeat,paths,wall_s,user_s,sys_s,mismatches
                4,0,100,0.25,0.1,0.2,0
                """);
        Results r = load();
        Table diff = Explore.table(r, "vfs", "git-diff");
        assertThat(diff.columnNames())
                .contains(VfsSchemas.LOOP_USER_S.name(), VfsSchemas.LOOP_SYS_S.name(), VfsSchemas.LOOP_ELAPSED_S.name())
                .doesNotContain("user_s", "sys_s", "elapsed_s");
        assertThat(diff.numberColumn(VfsSchemas.LOOP_SYS_S.name()).getDouble(0)).isEqualTo(2.5);
        Table walk = Explore.table(r, "vfs", "stat-walk");
        assertThat(walk.column(VfsSchemas.LOOKUP_THREADS.name()).type()).isEqualTo(ColumnType.LONG);
        assertThat(walk.numberColumn(VfsSchemas.LOOKUP_THREADS.name()).getDouble(0))
                .isEqualTo(4);
        // the walk's own user and system time kept their names: they always meant one walk's
        assertThat(walk.numberColumn(VfsSchemas.SYS_S.name()).getDouble(0)).isEqualTo(0.2);
    }

    @Test
    void aMissingStudyIsNotRun() throws IOException {
        Fixtures.copy(Fixtures.root("results-a").resolve("vfs"), tmp.resolve("vfs"));
        Files.createDirectories(tmp.resolve("wallet")); // a folder with no CSV is not a run either
        Results r = load();
        assertThat(r.ran("vfs")).isTrue();
        assertThat(r.ran("wallet")).isFalse();
        assertThat(r.ran("filecrypt")).isFalse();
        assertThat(Explore.charts(r, "wallet")).isEmpty();
        assertThat(Explore.reproduction(r, "wallet").stringColumn("verdict").asList())
                .containsOnly(Verdict.NOT_MEASURED.text());
        assertThatThrownBy(() -> Explore.table(r, "wallet", "sync-sweep"))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("wallet/sync-sweep.csv");
    }

    @Test
    void rootsSideBySideAreLabelledByMachine() {
        Results r = Fixtures.ab();
        assertThat(r.roots()).extracting(ResultsRoot::label).containsExactly("fixture-a", "fixture-b");
        assertThat(r.tables("wallet", "sync-sweep")).hasSize(2);
        assertThat(r.tables("vfs", "git-diff")).hasSize(1);
    }

    @Test
    void twoRootsFromOneHostGetTheirFolderNames() throws IOException {
        Fixtures.copy(Fixtures.root("results-a").resolve("wallet"), tmp.resolve("monday/wallet"));
        Fixtures.copy(Fixtures.root("results-a").resolve("wallet"), tmp.resolve("tuesday/wallet"));
        Results r = ResultsLoader.load(List.of(tmp.resolve("monday"), tmp.resolve("tuesday")), Studies.schemas());
        assertThat(r.roots()).extracting(ResultsRoot::label).containsExactly("fixture-a: monday", "fixture-a: tuesday");
    }

    @Test
    void aMissingPromisedColumnNamesTheFileAndTheColumn() throws IOException {
        Path csv = write("wallet/sync-sweep.csv", "variant,entries,repeat,file_bytes,cipher_ms\nkde4,1,0,60,1.0\n");
        loadFails().hasMessage(csv + ": missing column 'sync_ms' promised by the wallet study's sync-sweep schema");
    }

    @Test
    void aShortRowNamesTheFileAndTheLine() throws IOException {
        Path csv = write("vfs/git-diff.csv", GIT_DIFF_HEADER + GIT_DIFF_ROW + "serial,1,10,1,1\n");
        loadFails().hasMessage(csv + ":3: 5 fields, but the header has 9");
    }

    @Test
    void aWordWhereANumberBelongsNamesTheFileLineAndColumn() throws IOException {
        Path csv = write("vfs/git-diff.csv", GIT_DIFF_HEADER + "serial,0,10,1,fast,1,99,5,1\n");
        loadFails().hasMessage(csv + ":2: column 'loop_sys_s' is 'fast', not a number");
        write("vfs/git-diff.csv", GIT_DIFF_HEADER + "serial,0.5,10,1,1,1,99,5,1\n");
        loadFails().hasMessageEndingWith(":2: column 'loop' is '0.5', not a whole number");
    }

    @Test
    void anUnclosedQuoteAndAnEmptyFileAreOneLineErrors() throws IOException {
        Path csv = write("vfs/git-diff.csv", GIT_DIFF_HEADER + "\"serial,0,10,1,1,1,99,5,1\n");
        loadFails().hasMessageStartingWith(csv + ":").hasMessageContaining("malformed CSV");
        write("vfs/git-diff.csv", "");
        loadFails().hasMessage(csv + ":1: empty file, expected a header line");
    }

    @Test
    void emptyAndNaNCellsAreMissingValues() throws IOException {
        write("vfs/git-diff.csv", GIT_DIFF_HEADER + "serial,0,10,1,1,1,,5,1\nserial,1,10,1,1,1,NaN,5,1\n");
        Table t = Explore.table(load(), "vfs", "git-diff");
        assertThat(t.doubleColumn("cpu_pct").countMissing()).isEqualTo(2);
        assertThat(t.doubleColumn(VfsSchemas.LOOP_USER_S.name()).countMissing()).isZero();
    }

    @Test
    void aHeaderOnlyCsvLoadsAsAnEmptyTableAndCountsAsNotRun() throws IOException {
        write("vfs/git-diff.csv", GIT_DIFF_HEADER);
        Results r = load();
        assertThat(r.roots().get(0).table("vfs", "git-diff"))
                .hasValueSatisfying(t -> assertThat(t.rowCount()).isZero());
        assertThat(r.ran("vfs")).isFalse();
        assertThat(Explore.reproduction(r, "vfs").stringColumn("verdict").asList())
                .containsOnly(Verdict.NOT_MEASURED.text());
    }

    @Test
    void peersKeepRunJsonsOrder() throws IOException {
        write("vfs/git-diff.csv", GIT_DIFF_HEADER + GIT_DIFF_ROW);
        write(
                "vfs/run.json",
                "{\"host\": \"h\", \"peers\": {\"zeta\": \"1\", \"alpha\": \"2\", \"mid\": \"3\", \"beta\": \"4\"}}");
        assertThat(Provenance.table(load(), "vfs").stringColumn("peers").get(0))
                .isEqualTo("zeta=1, alpha=2, mid=3, beta=4");
    }

    @Test
    void aBrokenRunJsonNamesTheFile() throws IOException {
        write("vfs/git-diff.csv", GIT_DIFF_HEADER + GIT_DIFF_ROW);
        Path json = write("vfs/run.json", "{\"host\": ");
        loadFails().hasMessageStartingWith(json + ": not valid JSON");
    }

    @Test
    void theBuildCommandFailsWithOneLineAndExitCodeOne() throws IOException {
        Path csv = write("vfs/git-diff.csv", GIT_DIFF_HEADER + "serial,0,10\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cli = Cli.commandLine(new ReportsCli());
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        int code = cli.execute(
                "build",
                "--results",
                tmp.toString(),
                "--out",
                tmp.resolve("site").toString());
        assertThat(code).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("reports: " + csv + ":2: 3 fields, but the header has 9");
    }

    @Test
    void anEmptyResultsRootBuildsASiteWhereEveryStudyIsNotRun() throws IOException {
        Files.createDirectories(tmp.resolve("empty"));
        CommandLine cli = Cli.commandLine(new ReportsCli());
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));
        System.setProperty("java.awt.headless", "true");
        PrintStream saved = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = cli.execute(
                    "build",
                    "--results",
                    tmp.resolve("empty").toString(),
                    "--out",
                    tmp.resolve("site").toString());
        } finally {
            System.setOut(saved);
        }
        assertThat(code).isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo(tmp.resolve("site/index.html").toString());
        String index = Files.readString(tmp.resolve("site/index.html"));
        assertThat(index.split("not run", -1).length - 1).isGreaterThanOrEqualTo(3);
    }

    @Test
    void buildHasHelp() {
        CommandLine cli = Cli.commandLine(new ReportsCli());
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));
        assertThat(cli.execute("build", "--help")).isZero();
        assertThat(out.toString()).contains("--results", "--out");
    }

    @Test
    void anExtraCsvIsLoadedAndSummarised() throws IOException {
        Fixtures.copy(Fixtures.root("results-a").resolve("vfs"), tmp.resolve("vfs"));
        // declared, but no analysis of its own
        write("vfs/stat-walk-git.csv", "mode,repeat,elapsed_s,user_s,sys_s\nserial,0,1,0.1,0.5\nserial,1,3,0.1,0.5\n");
        // declared by no study module at all
        write("vfs/warm-cache.csv", "mode,elapsed_s\nserial,1\nserial,3\n");
        Results r = load();
        assertThat(r.roots().get(0).study("vfs").experiments())
                .contains("stat-walk-git")
                .endsWith("warm-cache");
        assertThat(Explore.analyses(r, "vfs").keySet())
                .anySatisfy(k -> assertThat(k).startsWith("stat-walk-git (an extra experiment)"))
                .anySatisfy(k -> assertThat(k).startsWith("warm-cache (an extra experiment)"));
    }

    @Test
    void aMissingResultsFolderIsAnErrorAndABadOptionExitsTwo() {
        CommandLine cli = Cli.commandLine(new ReportsCli());
        cli.setErr(new PrintWriter(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertThat(cli.execute("build", "--results", tmp.resolve("nope").toString()))
                .isEqualTo(1);
        assertThat(cli.execute("build", "--frobnicate")).isEqualTo(2);
    }

    @Test
    void aNegativeDurationSizeOrRateNamesTheFileLineAndColumn() throws IOException {
        String header = GIT_DIFF_HEADER;
        Path csv = write("vfs/git-diff.csv", header + GIT_DIFF_ROW + "serial,1,10,1,-3.5,1,99,5,1\n");
        loadFails().hasMessage(csv + ":3: column 'loop_sys_s' is '-3.5', below 0 (a duration, size or rate never is)");
        write("vfs/git-diff.csv", header + "serial,0,10,1,Infinity,1,99,5,1\n");
        loadFails().hasMessage(csv + ":2: column 'loop_sys_s' is 'Infinity', not a finite number");
        Path sweep = write("wallet/sync-sweep.csv", SWEEP_HEADER + "kde4,1,0,-60,1.0,0.7,112,0.8,0.6\n");
        loadFails().hasMessageStartingWith(sweep + ":2: column 'file_bytes' is '-60', below 0");
        // a column that is no duration, size or rate may be negative; so may an undeclared one
        Files.delete(sweep);
        write("vfs/git-diff.csv", header + "serial,0,10,1,1,1,-1,5,1\n");
        write("vfs/warm-cache.csv", "mode,elapsed_s\nserial,-1\n");
        assertThat(Explore.table(load(), "vfs", "git-diff")
                        .doubleColumn("cpu_pct")
                        .get(0))
                .isEqualTo(-1);
    }

    @Test
    void theNeverNegativeRuleIsTheColumnsUnit() {
        List<Column> durationsSizesRates = List.of(
                Column.measure("sync_ms", ""),
                Column.measure("elapsed_s", ""),
                Column.measure("mb_per_s", ""),
                Column.count("file_bytes", ""),
                Column.count("kill_after_ms", ""),
                Column.count("bytes_written", ""),
                Column.measure("cpu_sys_s", ""));
        List<Column> others = List.of(
                Column.text("s2k_count", ""),
                Column.count("s2k_count", ""),
                Column.count("entries", ""),
                Column.measure("cpu_pct", ""),
                Column.text("note_ms", ""),
                Column.measure("bus", ""));
        assertThat(durationsSizesRates).allMatch(NeverNegative::holdsFor);
        assertThat(others).noneMatch(NeverNegative::holdsFor);
        // every study declares some: the rule is not empty for any of them
        for (String study : Explore.studies()) {
            assertThat(Studies.schemas().stream()
                            .filter(s -> s.study().equals(study))
                            .flatMap(s -> s.columns().stream())
                            .filter(NeverNegative::holdsFor))
                    .as(study)
                    .isNotEmpty();
        }
    }

    @Test
    void aByteOrderMarkBeforeTheHeaderIsSkipped() throws IOException {
        Path csv = tmp.resolve("vfs/git-diff.csv");
        Files.createDirectories(csv.getParent());
        byte[] body = (GIT_DIFF_HEADER + GIT_DIFF_ROW).getBytes(StandardCharsets.UTF_8);
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Files.write(csv, concat(bom, body));
        Table t = Explore.table(load(), "vfs", "git-diff");
        assertThat(t.columnNames().get(0)).isEqualTo("mode");
        assertThat(t.stringColumn("mode").get(0)).isEqualTo("serial");
        // only one, and only before the header: a second is a part of the column's name
        Files.write(csv, concat(bom, concat(bom, body)));
        assertThatThrownBy(this::load).hasMessageContaining("missing column 'mode'");
    }

    @Test
    void aCsvThatIsNotUtf8IsOneLine() throws IOException {
        Path csv = write("vfs/git-diff.csv", GIT_DIFF_HEADER);
        Files.write(csv, new byte[] {'s', (byte) 0xFF, ',', '0', '\n'}, StandardOpenOption.APPEND);
        assertThatThrownBy(this::load).isInstanceOf(LabException.class).hasMessage(csv + ": not UTF-8 text");
    }

    @Test
    void aCsvOverTheLimitIsRefusedBeforeItIsRead() throws IOException {
        Path csv = write("vfs/git-diff.csv", GIT_DIFF_HEADER);
        try (RandomAccessFile f = new RandomAccessFile(csv.toFile(), "rw")) {
            f.setLength(ResultsCsv.LIMIT + 1); // sparse: nothing is written, and reading it whole would take seconds
        }
        long started = System.nanoTime();
        assertThatThrownBy(this::load)
                .isInstanceOf(LabException.class)
                .hasMessage(csv + ": 513 MB, over the 512 MB limit for a results CSV");
        assertThat(System.nanoTime() - started).isLessThan(2_000_000_000L);
    }

    @Test
    void aRunJsonOverTheLimitIsRefused() throws IOException {
        write("vfs/git-diff.csv", GIT_DIFF_HEADER + GIT_DIFF_ROW);
        Path json = write("vfs/run.json", "{\"host\": \"" + "h".repeat((int) RunJson.LIMIT) + "\"}");
        assertThatThrownBy(this::load)
                .isInstanceOf(LabException.class)
                .hasMessage(json + ": 2 MB, over the 1 MB limit for a run.json");
    }

    @Test
    void aRunJsonWithSomethingAfterItsObjectIsNotValid() throws IOException {
        write("vfs/git-diff.csv", GIT_DIFF_HEADER + GIT_DIFF_ROW);
        Path json = write("vfs/run.json", "{\"host\": \"h\"} {\"host\": \"other\"}\n");
        assertThatThrownBy(this::load)
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith(json + ": not valid JSON (line 1, column ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContainPattern("[A-Z]\\w*(Exception|Error)|Source:"));
        write("vfs/run.json", "{\"host\": ");
        assertThatThrownBy(this::load)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("Source", "REDACTED", "Stream"));
    }

    @Test
    void aResultsPathThatIsAFileIsNotAFolder() throws IOException {
        Path file = write("afile", "x");
        assertThatThrownBy(() -> ResultsLoader.load(List.of(file), Studies.schemas()))
                .isInstanceOf(LabException.class)
                .hasMessage("results folder " + file + ": is not a folder");
    }

    @Test
    void everyRootIsCheckedBeforeAnyIsLoaded() throws IOException {
        Path broken = write("a/vfs/git-diff.csv", "mode\n\"open");
        Path file = write("afile", "x");
        assertThatThrownBy(() -> ResultsLoader.load(List.of(broken.getParent().getParent(), file), Studies.schemas()))
                .hasMessageContaining("is not a folder");
    }

    /** Runs {@code reports build ARGS}: exit code, stdout, stderr. */
    static String[] cli(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Cli.run(new ReportsCli(), args);
            return new String[] {
                String.valueOf(code), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)
            };
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
    }

    @Test
    void aBadOutIsFoundBeforeAnythingIsLoaded() throws IOException {
        // a broken CSV that loading would report: the --out line comes first, and alone
        write("vfs/git-diff.csv", GIT_DIFF_HEADER + "serial,0,10\n");
        Path file = write("site-file", "x");
        String[] got = cli("build", "--results", tmp.toString(), "--out", file.toString());
        assertThat(got[0]).isEqualTo("1");
        assertThat(got[1]).isEmpty();
        assertThat(got[2]).isEqualTo("reports: --out " + file + ": is not a folder\n");
        assertThat(Files.readString(file)).isEqualTo("x");
        Path under = file.resolve("site");
        got = cli("build", "--results", tmp.toString(), "--out", under.toString());
        assertThat(got[2]).isEqualTo("reports: --out " + under + ": " + file + " is not a folder\n");
    }

    @Test
    void aPathArgumentThatIsNoPathExitsTwoWithoutAClassName() {
        String[] got = cli("build", "--results", "a\0b");
        assertThat(got[0]).isEqualTo("2");
        assertThat(got[2].lines().toList())
                .hasSize(1)
                .allSatisfy(l -> assertThat(l)
                        .contains("--results", "'a?b' is not a path")
                        .doesNotContain("java.", "Exception", "\0"));
    }

    @Test
    void aFailedBuildPrintsOneLineAndNoProgress() throws IOException {
        Fixtures.copy(Fixtures.root("results-a"), tmp.resolve("r"));
        write("r/wallet/sync-sweep.csv", SWEEP_HEADER + "kde4,1,0,60,-2.0,0.7,112,0.8,0.6\n");
        String[] got = cli(
                "build",
                "--results",
                tmp.resolve("r").toString(),
                "--out",
                tmp.resolve("site").toString());
        assertThat(got[0]).isEqualTo("1");
        assertThat(got[1]).isEmpty();
        assertThat(got[2].lines().toList())
                .hasSize(1)
                .allSatisfy(l -> assertThat(l)
                        .contains("sync-sweep.csv:2: column 'sync_ms'")
                        .doesNotContainPattern("[A-Z]\\w*(Exception|Error)"));
        try (var left = Files.list(tmp)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("r");
        }
    }

    private Results load() {
        return ResultsLoader.load(List.of(tmp), Studies.schemas());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private Path write(String relative, String content) throws IOException {
        Path p = tmp.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
        return p;
    }
}
