package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import labbook.core.Cli;
import labbook.core.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;

class ResultsLoaderTest {
    @TempDir
    Path tmp;

    @Test
    void loadsEveryStudyWithTypedColumnsAndRunRecords() {
        Results r = Fixtures.a();
        assertThat(r.roots()).hasSize(1);
        ResultsRoot root = r.roots().get(0);
        assertThat(root.label()).isEqualTo("fixture-a");
        for (String study : Schema.STUDIES) {
            assertThat(r.ran(study)).as(study).isTrue();
            assertThat(root.study(study).experiments()).containsAll(Schema.experiments(study));
        }
        Table sweep = Lab.table(r, "wallet", "sync-sweep");
        assertThat(sweep.rowCount()).isEqualTo(5 * 5 * 3);
        assertThat(sweep.column("variant").type()).isEqualTo(ColumnType.STRING);
        assertThat(sweep.column("entries").type()).isEqualTo(ColumnType.LONG);
        assertThat(sweep.column("sync_ms").type()).isEqualTo(ColumnType.DOUBLE);
        RunInfo run = root.study("wallet").run("sync-sweep");
        assertThat(run.host()).isEqualTo("fixture-a");
        assertThat(run.cores()).isEqualTo(2);
        assertThat(run.mode()).isEqualTo("quick");
        assertThat(run.rerun()).isEqualTo("mvn -q -pl lab-wallet exec:java -Dexec.args=\"all --quick\"");
    }

    @Test
    void extraColumnsAreKept() {
        Table diff = Lab.table(Fixtures.a(), "vfs", "git-diff");
        assertThat(diff.columnNames()).contains("entries");
        assertThat(diff.column("entries").type()).isEqualTo(ColumnType.DOUBLE);
    }

    @Test
    void aMissingStudyIsNotRun() throws IOException {
        copy(Fixtures.root("results-a").resolve("vfs"), tmp.resolve("vfs"));
        Files.createDirectories(tmp.resolve("wallet")); // a folder with no CSV is not a run either
        Results r = ResultsLoader.load(List.of(tmp));
        assertThat(r.ran("vfs")).isTrue();
        assertThat(r.ran("wallet")).isFalse();
        assertThat(r.ran("filecrypt")).isFalse();
        assertThat(Lab.charts(r, "wallet")).isEmpty();
        assertThat(Lab.reproduction(r, "wallet").stringColumn("verdict").asList()).containsOnly(Verdict.NOT_MEASURED);
        assertThatThrownBy(() -> Lab.table(r, "wallet", "sync-sweep")).isInstanceOf(LabException.class)
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
        copy(Fixtures.root("results-a").resolve("wallet"), tmp.resolve("monday/wallet"));
        copy(Fixtures.root("results-a").resolve("wallet"), tmp.resolve("tuesday/wallet"));
        Results r = ResultsLoader.load(List.of(tmp.resolve("monday"), tmp.resolve("tuesday")));
        assertThat(r.roots()).extracting(ResultsRoot::label).containsExactly("fixture-a: monday", "fixture-a: tuesday");
    }

    @Test
    void aMissingPromisedColumnNamesTheFileAndTheColumn() throws IOException {
        Path csv = write("wallet/sync-sweep.csv", "variant,entries,repeat,file_bytes,cipher_ms\nkde4,1,0,60,1.0\n");
        assertThatThrownBy(() -> ResultsLoader.load(tmp)).isInstanceOf(LabException.class)
                .hasMessage(csv + ": missing column 'sync_ms' promised by the wallet study's sync-sweep schema");
    }

    @Test
    void aShortRowNamesTheFileAndTheLine() throws IOException {
        Path csv = write("vfs/git-diff.csv", "mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct\n"
                + "serial,0,10,1,1,1,99\nserial,1,10,1,1\n");
        assertThatThrownBy(() -> ResultsLoader.load(tmp)).isInstanceOf(LabException.class)
                .hasMessage(csv + ":3: 5 fields, but the header has 7");
    }

    @Test
    void aWordWhereANumberBelongsNamesTheFileLineAndColumn() throws IOException {
        Path csv = write("vfs/git-diff.csv", "mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct\nserial,0,10,1,fast,1,99\n");
        assertThatThrownBy(() -> ResultsLoader.load(tmp)).isInstanceOf(LabException.class)
                .hasMessage(csv + ":2: column 'sys_s' is 'fast', not a number");
        write("vfs/git-diff.csv", "mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct\nserial,0.5,10,1,1,1,99\n");
        assertThatThrownBy(() -> ResultsLoader.load(tmp)).hasMessageEndingWith(":2: column 'loop' is '0.5', not a whole number");
    }

    @Test
    void anUnclosedQuoteAndAnEmptyFileAreOneLineErrors() throws IOException {
        Path csv = write("vfs/git-diff.csv", "mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct\n\"serial,0,10,1,1,1,99\n");
        assertThatThrownBy(() -> ResultsLoader.load(tmp)).isInstanceOf(LabException.class)
                .hasMessageStartingWith(csv + ":").hasMessageContaining("malformed CSV");
        write("vfs/git-diff.csv", "");
        assertThatThrownBy(() -> ResultsLoader.load(tmp)).hasMessage(csv + ":1: empty file, expected a header line");
    }

    @Test
    void emptyAndNaNCellsAreMissingValues() throws IOException {
        write("vfs/git-diff.csv", "mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct\nserial,0,10,1,1,1,\nserial,1,10,1,1,1,NaN\n");
        Table t = Lab.table(ResultsLoader.load(List.of(tmp)), "vfs", "git-diff");
        assertThat(t.doubleColumn("cpu_pct").countMissing()).isEqualTo(2);
        assertThat(t.doubleColumn("user_s").countMissing()).isZero();
    }

    @Test
    void aHeaderOnlyCsvLoadsAsAnEmptyTableAndCountsAsNotRun() throws IOException {
        write("vfs/git-diff.csv", "mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct\n");
        Results r = ResultsLoader.load(List.of(tmp));
        assertThat(r.roots().get(0).table("vfs", "git-diff")).hasValueSatisfying(t -> assertThat(t.rowCount()).isZero());
        assertThat(r.ran("vfs")).isFalse();
        assertThat(Lab.reproduction(r, "vfs").stringColumn("verdict").asList()).containsOnly(Verdict.NOT_MEASURED);
    }

    @Test
    void aBrokenRunJsonNamesTheFile() throws IOException {
        write("vfs/git-diff.csv", "mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct\nserial,0,10,1,1,1,99\n");
        Path json = write("vfs/run.json", "{\"host\": ");
        assertThatThrownBy(() -> ResultsLoader.load(tmp)).isInstanceOf(LabException.class)
                .hasMessageStartingWith(json + ": not valid JSON");
    }

    @Test
    void theBuildCommandFailsWithOneLineAndExitCodeOne() throws IOException {
        Path csv = write("vfs/git-diff.csv", "mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct\nserial,0,10\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cli = Cli.commandLine(new ReportsCli());
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        int code = cli.execute("build", "--results", tmp.toString(), "--out", tmp.resolve("site").toString());
        assertThat(code).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("reports: " + csv + ":2: 3 fields, but the header has 7");
    }

    @Test
    void anEmptyResultsRootBuildsASiteWhereEveryStudyIsNotRun() throws IOException {
        Files.createDirectories(tmp.resolve("empty"));
        CommandLine cli = Cli.commandLine(new ReportsCli());
        java.io.StringWriter out = new java.io.StringWriter();
        cli.setOut(new PrintWriter(out));
        System.setProperty("java.awt.headless", "true");
        java.io.PrintStream saved = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(printed, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = cli.execute("build", "--results", tmp.resolve("empty").toString(), "--out", tmp.resolve("site").toString());
        } finally {
            System.setOut(saved);
        }
        assertThat(code).isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8).strip()).isEqualTo(tmp.resolve("site/index.html").toString());
        String index = Files.readString(tmp.resolve("site/index.html"));
        assertThat(index.split("not run", -1).length - 1).isGreaterThanOrEqualTo(3);
    }

    @Test
    void buildHasHelp() {
        CommandLine cli = Cli.commandLine(new ReportsCli());
        java.io.StringWriter out = new java.io.StringWriter();
        cli.setOut(new PrintWriter(out));
        assertThat(cli.execute("build", "--help")).isZero();
        assertThat(out.toString()).contains("--results", "--out");
    }

    @Test
    void anExtraCsvIsLoadedAndSummarised() throws IOException {
        copy(Fixtures.root("results-a").resolve("vfs"), tmp.resolve("vfs"));
        write("vfs/stat-walk-git.csv", "mode,repeat,elapsed_s\nserial,0,1\nserial,1,3\n");
        Results r = ResultsLoader.load(List.of(tmp));
        assertThat(r.roots().get(0).study("vfs").experiments()).endsWith("stat-walk-git");
        assertThat(Lab.analyses(r, "vfs").keySet()).anySatisfy(k -> assertThat(k).startsWith("stat-walk-git (an extra experiment)"));
    }

    @Test
    void aMissingResultsFolderIsAnErrorAndABadOptionExitsTwo() {
        CommandLine cli = Cli.commandLine(new ReportsCli());
        cli.setErr(new PrintWriter(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertThat(cli.execute("build", "--results", tmp.resolve("nope").toString())).isEqualTo(1);
        assertThat(cli.execute("build", "--frobnicate")).isEqualTo(2);
    }

    private Path write(String relative, String content) throws IOException {
        Path p = tmp.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
        return p;
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        }
    }
}
