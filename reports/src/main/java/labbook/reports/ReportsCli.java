package labbook.reports;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import labbook.core.Cli;
import labbook.core.LabException;
import labbook.core.Reasons;
import labbook.core.Repo;
import labbook.reports.compare.AbAnalysis;
import labbook.reports.compare.AbPower;
import labbook.reports.compare.Calibrate;
import labbook.reports.compare.Comparer;
import labbook.reports.compare.ComparisonText;
import labbook.reports.compare.RunComparison;
import labbook.reports.results.Calibration;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsLoader;
import labbook.reports.site.Site;
import labbook.reports.site.SiteFolder;
import labbook.reports.stats.Format;
import labbook.reports.study.Study;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** The reports command line: {@code mvn -q -pl reports exec:java -Dexec.args="--help"}. */
@Command(
        name = "reports",
        mixinStandardHelpOptions = true,
        version = "labbook 0.1.0",
        description = "charts, reproduction tables and tradeoff analyses as an HTML site",
        subcommands = {
            ReportsCli.Build.class,
            ReportsCli.Compare.class,
            ReportsCli.CalibrateCommand.class,
            ReportsCli.AbCommand.class
        })
public final class ReportsCli {
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        // Tablesaw logs through SLF4J; with no binding it warns on every run, which says nothing to a reader of the
        // report
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        Cli.main(new ReportsCli(), args);
    }

    /**
     * A path argument; one that is not a path is a bad argument in words (picocli's own message names Java classes).
     */
    static final class PathArgument implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            try {
                return Path.of(value);
            } catch (InvalidPathException e) {
                throw new TypeConversionException("'" + value.replaceAll("\\p{Cntrl}", "?") + "' is not a path ("
                        + Reasons.plain(e.getReason()) + ")");
            }
        }
    }

    /**
     * {@code compare A B [--format F] [--noise PCT] [--fail-on-regression PCT]}: two results roots, measurement by
     * measurement (see {@link Comparer}); exit 3 on a confident regression beyond the given percentage.
     */
    @Command(
            name = "compare",
            mixinStandardHelpOptions = true,
            description = "compare two results roots: what differed between the runs, each seed claim on both, and "
                    + "every measurement both hold (medians, B/A with its interval, U-test, verdict corrected for the "
                    + "many measurements, the change a ~ could have missed)")
    static final class Compare implements Callable<Integer> {
        /** Exit code of a confident regression beyond --fail-on-regression. */
        static final int REGRESSION = 3;

        /** The forms of the comparison on stdout (the terminal's is each command's own: ab adds its rounds' note). */
        enum Form {
            terminal,
            csv,
            json,
            markdown;

            /** The comparison in this form; the terminal's is compare's. */
            String text(RunComparison c) {
                return switch (this) {
                    case terminal -> ComparisonText.terminal(c);
                    case csv -> ComparisonText.csv(c);
                    case json -> ComparisonText.json(c);
                    case markdown -> ComparisonText.markdown(c);
                };
            }
        }

        @Parameters(
                arity = "1..*",
                paramLabel = "ROOT",
                converter = PathArgument.class,
                description = "A then B: the baseline root and the root compared with it; with --against, the "
                        + "baseline's runs")
        List<Path> roots = new ArrayList<>();

        @Option(
                names = "--against",
                arity = "1..*",
                paramLabel = "ROOT",
                converter = PathArgument.class,
                description = "several runs a side: the roots before --against are A's runs, these B's; each "
                        + "root's median is one run's figure, and the runs are compared (a t-test of their logs)")
        List<Path> against = new ArrayList<>();

        @Option(
                names = "--format",
                paramLabel = "FORM",
                description = "terminal (aligned tables, the default), csv, json or markdown; only that on stdout")
        Form format = Form.terminal;

        @Mixin
        Verdicts verdicts = new Verdicts();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            System.setProperty("java.awt.headless", "true");
            try {
                return compare();
            } catch (LabException e) {
                throw e;
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                if (System.getenv("LABBOOK_DEBUG") != null) {
                    throw e;
                }
                // one line, never a Java class name, as for build
                throw new LabException(
                        "cannot compare "
                                + String.join(
                                        " and ",
                                        roots.stream().map(Path::toString).toList())
                                + (against.isEmpty()
                                        ? ""
                                        : " against "
                                                + String.join(
                                                        ", ",
                                                        against.stream()
                                                                .map(Path::toString)
                                                                .toList()))
                                + ": " + Reasons.of(e),
                        e);
            }
        }

        private int compare() {
            double noise = verdicts.noise();
            List<Path> all = new ArrayList<>(
                    roots.stream().map(p -> p.toAbsolutePath().normalize()).toList());
            int rootsOfA = roots.size();
            if (against.isEmpty()) {
                if (roots.size() != 2) {
                    throw new LabException(
                            "compare takes two results roots, A and B (or A's runs, then --against and B's), not "
                                    + roots.size(),
                            Cli.BAD_ARGUMENTS,
                            null);
                }
                rootsOfA = 1;
            } else {
                against.forEach(p -> all.add(p.toAbsolutePath().normalize()));
            }
            for (Path root : all) {
                try {
                    ResultsLoader.checkRoots(List.of(root));
                } catch (LabException e) {
                    throw new LabException(e.getMessage(), Cli.BAD_ARGUMENTS, null);
                }
                Comparer.checkRoot(root, Studies.ALL);
            }
            RunComparison comparison =
                    Comparer.compareShared(ResultsLoader.load(all, Studies.schemas()), rootsOfA, Studies.ALL, noise);
            PrintWriter out = spec.commandLine().getOut();
            out.print(format.text(comparison));
            out.flush();
            return verdicts.gate(comparison, spec);
        }
    }

    /** The options compare and ab judge their verdicts by: the noise threshold and the regression gate. */
    static final class Verdicts {
        @Option(
                names = "--noise",
                paramLabel = "PCT",
                description = "a significant change within PCT %% of 1 is still \"~\" (default: ${DEFAULT-VALUE})")
        double noisePct = Comparer.DEFAULT_NOISE * 100;

        @Option(
                names = "--fail-on-regression",
                paramLabel = "PCT",
                description = "exit 3 when a measurement is called slower (after the correction for many "
                        + "measurements) by more than PCT %%, its whole 95 %% interval beyond PCT")
        Double failPct;

        /** The noise threshold as a fraction; one line naming either option's value when it is not a percentage. */
        double noise() {
            if (!(noisePct >= 0 && noisePct < 100)) {
                throw new LabException(
                        "--noise: '" + noisePct + "' is not a percentage from 0 to 100", Cli.BAD_ARGUMENTS, null);
            }
            if (failPct != null && !(failPct >= 0 && Double.isFinite(failPct))) {
                throw new LabException(
                        "--fail-on-regression: '" + failPct + "' is not a percentage of 0 or more",
                        Cli.BAD_ARGUMENTS,
                        null);
            }
            return noisePct / 100;
        }

        /**
         * The regression gate: each measurement called slower (on its corrected p-value) beyond --fail-on-regression
         * with its whole interval, a line on stderr; {@link Compare#REGRESSION} when there is one, else 0.
         */
        int gate(RunComparison comparison, CommandSpec spec) {
            if (failPct == null) {
                return 0;
            }
            List<RunComparison.MeasureChange> regressions = comparison.regressions(failPct / 100);
            for (RunComparison.MeasureChange m : regressions) {
                spec.commandLine()
                        .getErr()
                        .println("regression beyond " + Format.sig(failPct, 3) + " %: " + m.name() + " "
                                + Format.ratio(m.ratio()) + " [" + Format.sig(m.ratioLow(), 3) + ", "
                                + Format.sig(m.ratioHigh(), 3) + "]");
            }
            spec.commandLine().getErr().flush();
            return regressions.isEmpty() ? 0 : Compare.REGRESSION;
        }
    }

    /**
     * {@code calibrate ROOT ROOT ROOT... [--into DIR]}: this machine's spread between runs, read off several results
     * roots of one machine and mode (see {@link Calibrate}), written where reports and compare find it.
     */
    @Command(
            name = "calibrate",
            mixinStandardHelpOptions = true,
            description = "read each claim's and measurement's spread between runs off several results roots of one "
                    + "machine and mode (runs of the same code), and write it where the report and compare use it")
    static final class CalibrateCommand implements Callable<Integer> {
        @Parameters(
                arity = "1..*",
                paramLabel = "ROOT",
                converter = PathArgument.class,
                description = "results roots of one machine and mode, at least " + Calibrate.MIN_RUNS)
        List<Path> roots = new ArrayList<>();

        @Option(
                names = "--into",
                paramLabel = "DIR",
                converter = PathArgument.class,
                description = "the calibrations' folder (default: calibration/ in the repository)")
        Path into;

        @Override
        public Integer call() throws IOException {
            List<Path> paths =
                    roots.stream().map(p -> p.toAbsolutePath().normalize()).toList();
            try {
                ResultsLoader.checkRoots(paths);
            } catch (LabException e) {
                throw new LabException(e.getMessage(), Cli.BAD_ARGUMENTS, null);
            }
            for (Path root : paths) {
                Comparer.checkRoot(root, Studies.ALL);
            }
            Calibration calibration = Calibrate.of(ResultsLoader.load(paths, Studies.schemas()), Studies.ALL);
            Path folder = calibration.write(into == null ? Calibration.folder() : into);
            PrintWriter out = spec.commandLine().getOut();
            out.println(folder);
            out.print(Calibrate.summary(calibration));
            out.flush();
            return 0;
        }

        @Spec
        CommandSpec spec;
    }

    /**
     * {@code ab DIR [--format F] [--noise PCT] [--fail-on-regression PCT] [--power [--measure TEXT]... [--seed N]]}:
     * the rounds {@code labbook ab} ran into DIR, analysed as pairs, printed as compare prints a comparison, and drawn
     * on {@code DIR/report/compare.html}; or, with --power, the power of those verdicts read off an A/A run's rounds
     * ({@link AbPower}).
     */
    @Command(
            name = "ab",
            mixinStandardHelpOptions = true,
            description = "analyse the interleaved rounds labbook ab ran (its folder, with ab.json) as pairs: each "
                    + "round's B/A, their geometric mean and interval, the sign-flip test, corrected for many "
                    + "measures; "
                    + "writes DIR/report/compare.html (a forest plot of the ratios and the table); with --power, "
                    + "the share of resampled A/A rounds in which a change of 0, 5 and 10 %% is called")
    static final class AbCommand implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "DIR", converter = PathArgument.class, description = "the A/B folder")
        Path dir;

        @Option(
                names = "--format",
                paramLabel = "FORM",
                description = "terminal (aligned tables, the default), csv, json or markdown; only that on stdout")
        Compare.Form format = Compare.Form.terminal;

        @Mixin
        Verdicts verdicts = new Verdicts();

        @Option(
                names = "--power",
                description = "the power study of an A/A run (labbook ab --aa, at least " + AbPower.MIN_ROUNDS
                        + " rounds): the rounds drawn again " + AbPower.RESAMPLES + " times, B scaled by 1.00, 1.05 "
                        + "and 1.10, the analysis' own verdict on each draw; terminal form only")
        boolean power;

        @Option(
                names = "--measure",
                paramLabel = "TEXT",
                description = "decide over only the measurements whose name (\"sync-sweep sync_ms variant=kde4 "
                        + "entries=1000\") holds every word of TEXT, the figures the A/B was run to answer, chosen "
                        + "before it ran: the correction for many measurements is then over those alone; with "
                        + "--power, scale and show only those; repeat for several (default: all)")
        List<String> measures = new ArrayList<>();

        @Option(
                names = "--seed",
                paramLabel = "N",
                description = "with --power: the draws' seed (default: ${DEFAULT-VALUE})")
        long seed = 1;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            Path plan = dir.resolve(labbook.core.AbRounds.PLAN);
            if (!Files.isRegularFile(plan)) {
                throw new LabException(
                        dir + " holds no " + labbook.core.AbRounds.PLAN + ": not a folder of labbook ab",
                        Cli.BAD_ARGUMENTS,
                        null);
            }
            double noise = verdicts.noise();
            if (power && (format != Compare.Form.terminal || verdicts.failPct != null)) {
                throw new LabException(
                        "--power prints its study in the terminal's form alone: drop "
                                + (verdicts.failPct != null ? "--fail-on-regression" : "--format " + format),
                        Cli.BAD_ARGUMENTS,
                        null);
            }
            System.setProperty("java.awt.headless", "true");
            AbAnalysis.Result result = AbAnalysis.of(dir.toAbsolutePath().normalize(), Studies.ALL, noise, measures);
            PrintWriter out = spec.commandLine().getOut();
            if (power) {
                out.print(AbPower.terminal(AbPower.of(result, measures, seed, AbPower.RESAMPLES)));
                out.flush();
                return 0;
            }
            RunComparison comparison = AbAnalysis.comparison(result);
            out.print(format == Compare.Form.terminal ? AbAnalysis.terminal(result) : format.text(comparison));
            out.flush();
            Path page = Site.rounds(comparison, result.dir().resolve("report"));
            spec.commandLine().getErr().println("page: " + page);
            spec.commandLine().getErr().flush();
            return verdicts.gate(comparison, spec);
        }
    }

    /** {@code build [--results DIR ...] [--out DIR]}: loads the results roots and writes the site. */
    @Command(
            name = "build",
            mixinStandardHelpOptions = true,
            description = "load every results root, then write index.html and one page per study; prints the path "
                    + "of index.html")
    static final class Build implements Callable<Integer> {
        @Option(
                names = "--results",
                paramLabel = "DIR",
                converter = PathArgument.class,
                description =
                        "a results root (repeat for several machines or runs, shown side by side); default: results/")
        List<Path> results = new ArrayList<>();

        @Option(
                names = "--out",
                paramLabel = "DIR",
                converter = PathArgument.class,
                description = "where the site goes; default: results/report/")
        Path out;

        @Override
        public Integer call() {
            System.setProperty("java.awt.headless", "true");
            try {
                return build();
            } catch (LabException e) {
                throw e;
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                if (System.getenv("LABBOOK_DEBUG") != null) {
                    throw e;
                }
                // one line, never a Java class name: the promise on bad input holds for what slipped past the checks
                // too
                throw new LabException(
                        "cannot build the site from "
                                + String.join(
                                        ", ",
                                        results.stream().map(Path::toString).toList())
                                + (results.isEmpty() ? "results/" : "") + ": " + Reasons.of(e),
                        e);
            }
        }

        /**
         * Checks every path before loading anything (each --results a readable folder; --out a new folder, or a
         * previous site, in a place that can be written), loads, writes the site beside --out and renames it into
         * place; says which studies were loaded only once it is there.
         */
        private int build() {
            List<Path> roots = new ArrayList<>();
            if (results.isEmpty()) {
                // a fresh clone has no results/ yet: the site then says every study is "not run"
                Path fallback = Repo.root().resolve("results");
                try {
                    Files.createDirectories(fallback);
                } catch (IOException e) {
                    throw LabException.cannot("create", fallback, e);
                }
                roots.add(fallback);
            }
            for (Path p : results) {
                roots.add(p.toAbsolutePath().normalize());
            }
            ResultsLoader.checkRoots(roots);
            Path target = out == null
                    ? Repo.root().resolve("results").resolve("report")
                    : out.toAbsolutePath().normalize();
            try (SiteFolder folder = SiteFolder.open(target)) {
                Results loaded = ResultsLoader.load(roots, Studies.schemas());
                Path index = Site.build(loaded, Studies.ALL, folder);
                for (Study study : Studies.ALL) {
                    System.err.println(study.id() + ": " + (loaded.ran(study.id()) ? "loaded" : "not run"));
                }
                System.out.println(index);
                return 0;
            }
        }
    }
}
