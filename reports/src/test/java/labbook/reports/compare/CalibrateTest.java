package labbook.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import labbook.core.LabException;
import labbook.reports.Fixtures;
import labbook.reports.Studies;
import labbook.reports.results.Calibration;
import labbook.reports.results.Calibration.Kind;
import labbook.reports.results.Calibration.Spread;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsLoader;
import labbook.reports.stats.DetectableChange;
import labbook.reports.study.Claim;
import labbook.reports.study.ClaimIntervals;
import labbook.reports.study.Study;
import labbook.vfs.VfsSchemas;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The calibration of a machine's spread between runs: read off roots whose every wallet time is the fixture's times a
 * known factor (so the SD of the logs is known by hand), written and read back, refused on bad input, and used by the
 * claims' intervals and by compare.
 */
class CalibrateTest {
    @TempDir
    Path tmp;

    private final String before = System.getProperty(Calibration.PROPERTY);

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(Calibration.PROPERTY);
        } else {
            System.setProperty(Calibration.PROPERTY, before);
        }
    }

    /** results-a with every wallet sync-sweep time multiplied by {@code factor}, as a root named {@code name}. */
    private Path scaled(String name, double factor) throws IOException {
        return scaledCopy(tmp.resolve(name), factor);
    }

    /** results-a copied to {@code root}, every wallet sync-sweep time multiplied by {@code factor}. */
    static Path scaledCopy(Path root, double factor) throws IOException {
        Fixtures.copy(Fixtures.root("results-a"), root);
        Path csv = root.resolve("wallet/sync-sweep.csv");
        List<CSVRecord> records;
        CSVFormat format = CSVFormat.DEFAULT
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .get();
        try (var parser = format.parse(Files.newBufferedReader(csv))) {
            records = parser.getRecords();
            List<String> header = parser.getHeaderNames();
            StringBuilder out = new StringBuilder();
            try (CSVPrinter printer = new CSVPrinter(
                    out,
                    CSVFormat.DEFAULT
                            .builder()
                            .setHeader(header.toArray(String[]::new))
                            .setRecordSeparator("\n")
                            .get())) {
                for (CSVRecord r : records) {
                    List<String> row = new ArrayList<>();
                    for (String column : header) {
                        String v = r.get(column);
                        row.add(
                                column.endsWith("_ms") && !v.isEmpty()
                                        ? Double.toString(Double.parseDouble(v) * factor)
                                        : v);
                    }
                    printer.printRecord(row);
                }
            }
            Files.writeString(csv, out);
        }
        return root;
    }

    /** Three roots whose wallet times are e^-0.1, 1 and e^0.1 times the fixture's: their logs' SD is 0.1. */
    private List<Path> threeRuns() throws IOException {
        return List.of(scaled("r1", Math.exp(-0.1)), scaled("r2", 1), scaled("r3", Math.exp(0.1)));
    }

    private static Calibration calibrate(List<Path> roots) {
        return Calibrate.of(ResultsLoader.load(roots, Studies.schemas()), Studies.ALL);
    }

    @Test
    void aMeasurementIsLookedUpUnderTheNamesACalibrationMadeBeforeItsColumnsWereRenamedGaveIt() {
        // the committed calibration names git-diff's loop sums and stat-walk's threads as they were then
        List<String> diffKey = List.of("serial", "6", "19659", "0");
        assertThat(Calibrate.measureName(VfsSchemas.GIT_DIFF, VfsSchemas.LOOP_ELAPSED_S, diffKey))
                .isEqualTo("git-diff loop_elapsed_s mode=serial runs=6 entries=19659 preload_threads=0");
        assertThat(Calibrate.formerMeasureName(VfsSchemas.GIT_DIFF, VfsSchemas.LOOP_ELAPSED_S, diffKey))
                .isEqualTo("git-diff elapsed_s mode=serial runs=6 entries=19659 preload_threads=0");
        assertThat(Calibrate.formerMeasureName(VfsSchemas.STAT_WALK, VfsSchemas.WALL_S, List.of("20", "19659")))
                .isEqualTo("stat-walk wall_s threads=20 paths=19659");
        // a calibration made before the rename answers for the measurement under its new name
        Calibration old = new Calibration(
                null,
                List.of(new Spread(
                        Kind.measure,
                        VfsSchemas.STUDY,
                        "git-diff elapsed_s mode=serial runs=6 entries=19659 preload_threads=0",
                        5,
                        0.32,
                        0.05)));
        assertThat(Calibrate.measureSpread(old, VfsSchemas.GIT_DIFF, VfsSchemas.LOOP_ELAPSED_S, diffKey))
                .map(Spread::logSd)
                .contains(0.05);
        assertThat(Calibrate.measureSpread(old, VfsSchemas.GIT_DIFF, VfsSchemas.LOOP_SYS_S, diffKey))
                .isEmpty();
        // nothing renamed: the same name
        assertThat(Calibrate.formerMeasureName(VfsSchemas.STAT_WALK_GIT, VfsSchemas.SYS_S, List.of("parallel")))
                .isEqualTo(Calibrate.measureName(VfsSchemas.STAT_WALK_GIT, VfsSchemas.SYS_S, List.of("parallel")));
    }

    @Test
    void aTimeScaledByKnownFactorsHasTheirLogsSdAsItsSpreadAndAClaimOnItToo() throws IOException {
        Calibration c = calibrate(threeRuns());
        assertThat(c.about().runs()).isEqualTo(3);
        assertThat(c.about().host()).isEqualTo("fixture-a");
        assertThat(c.about().mode()).isEqualTo("quick");
        // the sample SD of -0.1, 0, 0.1 is 0.1
        assertThat(c.spread(Kind.measure, "wallet", "sync-sweep sync_ms variant=kde4 entries=1000 repeat=0"))
                .isEmpty(); // a repeat is no key: the measurement is all its repeats
        Spread kde4 = c.spread(Kind.measure, "wallet", "sync-sweep sync_ms variant=kde4 entries=1000")
                .orElseThrow();
        assertThat(kde4.logSd()).isCloseTo(0.1, within(1e-9));
        assertThat(kde4.runs()).isEqualTo(3);
        assertThat(c.claim("wallet", "SYNC_AT 1000").orElseThrow()).isCloseTo(0.1, within(1e-9));
        // a study whose figures did not move has a spread of 0 for them
        assertThat(c.spreads().stream()
                        .filter(s -> s.study().equals("vfs"))
                        .mapToDouble(Spread::logSd)
                        .max()
                        .orElseThrow())
                .isCloseTo(0, within(1e-12));
    }

    @Test
    void aWrittenCalibrationReadsBackAndIsFoundForItsMachineAndModeAlone() throws IOException {
        Calibration c = calibrate(threeRuns());
        Path folder = c.write(tmp.resolve("calibration"));
        assertThat(folder.getFileName().toString())
                .isEqualTo("fixture-a-hand-made-fixture-not-a-measurement-2-cores-quick");
        Calibration back = Calibration.read(folder);
        assertThat(back.about()).isEqualTo(c.about());
        assertThat(back.spreads()).isEqualTo(c.spreads());

        System.setProperty(Calibration.PROPERTY, tmp.resolve("calibration").toString());
        Results a = Fixtures.a();
        var wallet = a.roots().get(0).study("wallet").latest();
        assertThat(Calibration.forRun(wallet)).isPresent();
        Results b = ResultsLoader.load(List.of(Fixtures.root("results-b")), Studies.schemas());
        assertThat(Calibration.forRun(b.roots().get(0).study("wallet").latest()))
                .as("another host")
                .isEmpty();
    }

    @Test
    void fewerThanThreeRootsOrTwoMachinesAreOneLineNamingWhatIsWrong() throws IOException {
        List<Path> three = threeRuns();
        assertThatThrownBy(() -> calibrate(three.subList(0, 2)))
                .isInstanceOf(LabException.class)
                .hasMessage("calibrate takes at least 3 results roots of one machine, not 2");
        List<Path> mixed = List.of(three.get(0), three.get(1), Fixtures.root("results-b"));
        assertThatThrownBy(() -> calibrate(mixed))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith(Fixtures.root("results-b") + "/wallet/run.json: fixture-b (")
                .hasMessageEndingWith("a calibration is one machine's runs in one mode");
    }

    @Test
    void aClaimsIntervalWidensToItsCalibratedSpreadAndNamesIt() throws IOException {
        calibrate(threeRuns()).write(tmp.resolve("calibration"));
        System.setProperty(Calibration.PROPERTY, tmp.resolve("calibration").toString());
        Results a = Fixtures.a();
        Study wallet = Studies.get("wallet");
        Claim syncAt1000 = ClaimIntervals.of(wallet, a).stream()
                .filter(c -> c.key().equals("SYNC_AT 1000"))
                .findFirst()
                .orElseThrow();
        double v = syncAt1000.value();
        assertThat(syncAt1000.runSpread()).isCloseTo(0.1, within(1e-9));
        assertThat(syncAt1000.interval().low()).isLessThanOrEqualTo(v * Math.exp(-1.96 * 0.1) + 1e-12);
        assertThat(syncAt1000.interval().high()).isGreaterThanOrEqualTo(v * Math.exp(1.96 * 0.1) - 1e-12);
    }

    @Test
    void aChangeBetweenTwoRunsHasTheTTestsPValueWorkedByHand() {
        // t = 0.2 / (sqrt 2 x 0.1) = sqrt 2; with 2 degrees of freedom P(T < -t) = 1/2 - t / (2 sqrt(2 + t^2)) = 1/2 -
        // sqrt 2 / 4, so p = 1 - sqrt 2 / 2
        Spread spread = new Spread(Kind.measure, "wallet", "x", 3, 1, 0.1);
        assertThat(Comparer.runP(Math.exp(0.2), spread)).isCloseTo(1 - Math.sqrt(2) / 2, within(1e-9));
        assertThat(Comparer.runP(Math.exp(-0.2), spread)).isCloseTo(1 - Math.sqrt(2) / 2, within(1e-9));
        assertThat(Comparer.runP(1.5, null)).isNaN();
        assertThat(Comparer.runP(1.5, new Spread(Kind.measure, "wallet", "x", 3, 1, 0)))
                .isZero();
    }

    @Test
    void theDetectableChangeBetweenRunsIsTheTFormWorkedByHand() {
        // with 2 degrees of freedom t(p) = (2p - 1) / sqrt(2p(1 - p)): t(0.975) = 4.30265, t(0.8) = 1.06066
        double t975 = 0.95 / Math.sqrt(2 * 0.975 * 0.025);
        double t80 = 0.6 / Math.sqrt(2 * 0.8 * 0.2);
        double expected = Math.expm1((t975 + t80) * Math.sqrt(2) * 0.1);
        // one run a side against a spread of 0.1 read from 3 runs: SE sqrt(2) x 0.1, 2 degrees of freedom
        assertThat(DetectableChange.ofStandardError(Math.sqrt(2) * 0.1, 2, 0.05, 0.8))
                .isCloseTo(expected, within(1e-9));
    }

    @Test
    void compareJudgesOneRunAgainstAnotherOnTheCalibratedSpreadWhereTheRepeatsAreTooFew() throws IOException {
        // five runs 2 % apart at most: a spread (SD of logs) of 0.0158, 4 degrees of freedom
        List<Path> runs = new ArrayList<>();
        for (int i = -2; i <= 2; i++) {
            runs.add(scaled("run" + (i + 2), Math.exp(0.01 * i)));
        }
        calibrate(runs).write(tmp.resolve("calibration"));
        System.setProperty(Calibration.PROPERTY, tmp.resolve("calibration").toString());
        // B: results-a's times doubled on the same machine: far beyond that spread
        Path doubled = scaled("doubled", 2);
        ComparerTest.Run run =
                ComparerTest.run("compare", "--format", "csv", runs.get(1).toString(), doubled.toString());
        assertThat(run.code()).isZero();
        List<String> kde4 = run.out()
                .lines()
                .filter(l -> l.startsWith("wallet,sync-sweep,sync_ms,variant=kde4 entries=1000,"))
                .toList();
        assertThat(kde4).singleElement().asString().contains(",false,slower,").contains(",0.01581138830084");
        // without the calibration the same 3 repeats against 3 can tell nothing
        System.setProperty(Calibration.PROPERTY, tmp.resolve("none").toString());
        ComparerTest.Run uncalibrated =
                ComparerTest.run("compare", "--format", "csv", runs.get(1).toString(), doubled.toString());
        assertThat(uncalibrated
                        .out()
                        .lines()
                        .filter(l -> l.startsWith("wallet,sync-sweep,sync_ms,variant=kde4 entries=1000,")))
                .singleElement()
                .asString()
                .contains(",too few samples,");
        assertThat(ComparerTest.run("compare", runs.get(1).toString(), doubled.toString())
                        .out())
                .contains("noise: the repeats inside each run only");
    }

    @Test
    void theCalibrateCommandWritesTheFolderAndSaysWhatMovesMost() throws IOException {
        List<Path> runs = threeRuns();
        ComparerTest.Run run = ComparerTest.run(Stream.concat(
                        Stream.of("calibrate", "--into", tmp.resolve("cal").toString()),
                        runs.stream().map(Path::toString))
                .toArray(String[]::new));
        assertThat(run.code()).isZero();
        assertThat(run.out())
                .startsWith(tmp.resolve("cal") + "/fixture-a-")
                .contains("calibration: 3 quick runs on fixture-a")
                .contains("moves most: wallet ");
        assertThat(ComparerTest.run("calibrate", runs.get(0).toString()).code()).isEqualTo(2);
    }

    @Test
    void severalRunsASideAreComparedByATTestOfTheirLogsWorkedByHand() {
        // logs 0, 0.2 against 0.3, 0.5: difference 0.3, pooled SD sqrt(0.02), SE sqrt(0.02), t = 2.1213 with 2
        // degrees of freedom, p = 2 (1/2 - t / (2 sqrt(2 + t^2)))
        Comparer.RunTest t =
                Comparer.RunTest.ofRuns(new double[] {1, Math.exp(0.2)}, new double[] {Math.exp(0.3), Math.exp(0.5)});
        double tt = 0.3 / Math.sqrt(0.02);
        assertThat(t.df()).isEqualTo(2);
        assertThat(t.sd()).isCloseTo(Math.sqrt(0.02), within(1e-12));
        assertThat(t.p()).isCloseTo(2 * (0.5 - tt / (2 * Math.sqrt(2 + tt * tt))), within(1e-9));
        assertThat(Comparer.RunTest.ofRuns(new double[] {1}, new double[] {2}))
                .as("one run a side")
                .isNull();
    }

    @Test
    void compareWithSeveralRunsASideCallsADoublingAndNotTheRunsOwnSpread() throws IOException {
        List<Path> as = threeRuns();
        List<String> args = new ArrayList<>(List.of("compare", "--format", "csv"));
        as.forEach(p -> args.add(p.toString()));
        args.add("--against");
        for (int i = -1; i <= 1; i++) {
            args.add(scaled("b" + (i + 1), 2 * Math.exp(0.1 * i)).toString());
        }
        ComparerTest.Run run = ComparerTest.run(args.toArray(String[]::new));
        assertThat(run.code()).isZero();
        assertThat(run.out().lines().filter(l -> l.startsWith("wallet,sync-sweep,sync_ms,variant=kde4 entries=1000,")))
                .singleElement()
                .asString()
                .contains(",3,")
                .contains(",slower,");
        // A's own three runs against themselves: nothing changed
        List<String> self = new ArrayList<>(List.of("compare", "--format", "csv"));
        as.forEach(p -> self.add(p.toString()));
        self.add("--against");
        as.forEach(p -> self.add(p.toString()));
        assertThat(ComparerTest.run(self.toArray(String[]::new)).out().lines().skip(1))
                .allMatch(l -> l.contains(",~,"));
        assertThat(ComparerTest.run("compare", as.get(0).toString()).err())
                .contains("compare takes two results roots, A and B");
    }
}
