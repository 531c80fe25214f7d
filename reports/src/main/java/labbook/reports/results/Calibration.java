package labbook.reports.results;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import labbook.core.LabException;
import labbook.core.Repo;

/**
 * How much this machine's figures move between runs of the same code: each claim's and each measurement's run-to-run
 * spread, read off several results roots of one machine and mode (made by {@code labbook calibrate}). The repeats
 * inside one run share its JIT state and the machine's mood of those minutes, so their spread cannot stand for a new
 * run's; this can. Claims widen their interval by it and {@code compare} judges a change against it.
 *
 * <p>One folder per machine under {@code <repo>/calibration/} (or {@value #PROPERTY}): {@value #ABOUT} (the machine,
 * the mode, the lab's commits and the roots it was read from) and {@value #SPREADS} (one row per claim or measurement).
 * A calibration applies to a run of the same host, CPU model, core count and mode.
 */
public final class Calibration {
    /** The folder of calibrations when not {@code <repo>/calibration}: tests point it elsewhere. */
    public static final String PROPERTY = "labbook.calibration";

    public static final String ABOUT = "about.json";

    public static final String SPREADS = "spreads.csv";

    /** What a spread is the spread of: a seed claim's judged figure, or a compared measurement's median. */
    public enum Kind {
        claim,
        measure
    }

    /**
     * Where and how the calibration was measured.
     *
     * @param runs how many results roots it was read from
     * @param labCommits the lab's commits those runs were made by, each once
     * @param made when the calibration was written (ISO-8601)
     */
    public record About(
            String host,
            String cpuModel,
            int cores,
            String osKernel,
            String jdk,
            String mode,
            int runs,
            List<String> labCommits,
            List<String> roots,
            String made) {

        /** Whether a run of {@code run}'s machine and mode is what this calibration measured. */
        public boolean covers(RunInfo run) {
            return new Machine(host, cpuModel, cores, mode).equals(Machine.of(run));
        }

        /** The folder name: the machine in words a file system takes. */
        public String folder() {
            return (host + "-" + cpuModel + "-" + cores + "-cores-" + mode)
                    .toLowerCase(Locale.ROOT)
                    .replaceAll("[^a-z0-9.]+", "-");
        }

        /** "3 quick runs on vm (AMD EPYC, 2 cores), lab 80d332f, 2026-12-06": the header's words. */
        public String text() {
            return runs + " " + mode + " runs on " + host + " (" + cpuModel + ", " + cores + " cores), lab "
                    + String.join(
                            ", ",
                            labCommits.stream().map(Calibration::shortCommit).toList()) + ", "
                    + (made.length() >= 10 ? made.substring(0, 10) : made);
        }
    }

    /** What a calibration holds for: a host, its CPU and cores, and a mode. Runs of another are judged alone. */
    public record Machine(String host, String cpuModel, int cores, String mode) {
        public static Machine of(RunInfo run) {
            return new Machine(run.host(), run.cpuModel(), run.cores(), run.mode());
        }

        /** "vm (AMD EPYC, 2 cores), quick mode". */
        public String text() {
            return host + " (" + cpuModel + ", " + cores + " cores), " + mode + " mode";
        }
    }

    /**
     * One figure's spread between runs: the standard deviation of its logs over {@code runs} roots (a share of the
     * figure, so 0.05 is about 5 %), and its median there.
     *
     * @param name the claim's key ({@code SYNC_AT 1000}), or the measurement's experiment, timing and every key column
     *     ({@code sync-sweep sync_ms variant=kde4 entries=1000})
     */
    @JsonPropertyOrder({"kind", "study", "name", "runs", "median", "logSd"})
    public record Spread(Kind kind, String study, String name, int runs, double median, double logSd) {}

    private final About about;

    private final List<Spread> spreads;

    /** Each spread by kind, study and name: a report looks one up per claim and resample. */
    private final Map<String, Spread> index = new HashMap<>();

    public Calibration(About about, List<Spread> spreads) {
        this.about = about;
        this.spreads = List.copyOf(spreads);
        for (Spread s : this.spreads) {
            index.put(key(s.kind(), s.study(), s.name()), s);
        }
    }

    public About about() {
        return about;
    }

    public List<Spread> spreads() {
        return spreads;
    }

    private static String key(Kind kind, String study, String name) {
        return kind + "\u0000" + study + "\u0000" + name;
    }

    /** The run-to-run spread of a study's claim (its key), if this calibration measured it. */
    public OptionalDouble claim(String study, String claimKey) {
        return spread(Kind.claim, study, claimKey)
                .map(s -> OptionalDouble.of(s.logSd()))
                .orElse(OptionalDouble.empty());
    }

    /** One figure's spread, with the runs it was read from, if this calibration measured it. */
    public Optional<Spread> spread(Kind kind, String study, String name) {
        return Optional.ofNullable(index.get(key(kind, study, name)));
    }

    /** The calibrations' folder: {@value #PROPERTY}, else {@code <repo>/calibration}. */
    public static Path folder() {
        String property = System.getProperty(PROPERTY);
        return property != null && !property.isBlank()
                ? Path.of(property)
                : Repo.root().resolve("calibration");
    }

    /** The calibration of {@code run}'s machine and mode in {@link #folder()}, if one was made. */
    public static Optional<Calibration> forRun(RunInfo run) {
        return all(folder()).stream().filter(c -> c.about().covers(run)).findFirst();
    }

    /** Every calibration in {@code dir}, read once per JVM (a report asks for each claim). */
    static List<Calibration> all(Path dir) {
        Path key = dir.toAbsolutePath().normalize();
        synchronized (LOADED) {
            List<Calibration> kept = LOADED.get(key);
            if (kept == null) {
                kept = readAll(key);
                LOADED.put(key, kept);
            }
            return kept;
        }
    }

    private static final Map<Path, List<Calibration>> LOADED = new HashMap<>();

    private static List<Calibration> readAll(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Calibration> out = new ArrayList<>();
        try (Stream<Path> folders = Files.list(dir)) {
            for (Path f : folders.sorted().toList()) {
                if (Files.isRegularFile(f.resolve(ABOUT))) {
                    out.add(read(f));
                }
            }
        } catch (IOException e) {
            throw new LabException(dir + ": cannot list the calibrations (" + e.getMessage() + ")");
        }
        return List.copyOf(out);
    }

    /** The calibration in {@code folder}; one line naming the file when it cannot be read. */
    public static Calibration read(Path folder) {
        Path about = folder.resolve(ABOUT);
        Path spreads = folder.resolve(SPREADS);
        About a;
        try {
            a = JSON.readValue(about.toFile(), About.class);
        } catch (IOException | RuntimeException e) {
            throw new LabException(about + ": not a calibration (" + firstLine(e) + ")");
        }
        try (MappingIterator<Spread> it = CSV.readerFor(Spread.class)
                .with(CsvSchema.emptySchema().withHeader())
                .readValues(spreads.toFile())) {
            return new Calibration(a, it.readAll());
        } catch (IOException | RuntimeException e) {
            throw new LabException(spreads + ": not a calibration's spreads (" + firstLine(e) + ")");
        }
    }

    /** Writes the calibration into {@code dir/<its machine's folder>}; returns that folder. */
    public Path write(Path dir) throws IOException {
        Path folder = dir.resolve(about.folder());
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(ABOUT), JSON.writeValueAsString(about) + "\n");
        Files.writeString(
                folder.resolve(SPREADS),
                CSV.writer(CSV.schemaFor(Spread.class).withHeader()).writeValueAsString(spreads));
        synchronized (LOADED) {
            LOADED.remove(dir.toAbsolutePath().normalize());
        }
        return folder;
    }

    private static String firstLine(Exception e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse("");
    }

    static String shortCommit(String commit) {
        return commit.length() > 7 ? commit.substring(0, 7) : commit;
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private static final CsvMapper CSV = csvMapper();

    private static CsvMapper csvMapper() {
        CsvMapper m = new CsvMapper();
        m.setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
        m.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        return m;
    }
}
