package labbook.reports;

import java.io.IOException;
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
import labbook.reports.results.Results;
import labbook.reports.results.ResultsLoader;
import labbook.reports.site.Site;
import labbook.reports.site.SiteFolder;
import labbook.reports.study.Study;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The reports command line: {@code mvn -q -pl reports exec:java -Dexec.args="--help"}. */
@Command(
        name = "reports",
        mixinStandardHelpOptions = true,
        version = "labbook 0.1.0",
        description = "charts, reproduction tables and tradeoff analyses as an HTML site",
        subcommands = {ReportsCli.Build.class})
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
