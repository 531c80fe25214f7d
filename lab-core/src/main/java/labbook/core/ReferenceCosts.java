package labbook.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Each experiment's time as a fixed part and a part per unit of its {@link Work}, {@code t = F + c·units}, fitted
 * through its two times in the committed reference run ({@code reference-run/<study>/run.json}: one quick and one full
 * run on one machine, with the units each mode measured then). The plan scales a time in one mode to another by this
 * line rather than by the units alone, since quick mode's warm-ups, JVM starts and corpus checks do not grow with the
 * work: scaled by units alone, they made the first full plan twice the run.
 */
public final class ReferenceCosts {
    /** The repository folder of the reference run, one sub-folder per study. */
    public static final String FOLDER = "reference-run";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One experiment's cost line: seconds at no work, and seconds per unit. */
    public record Line(double fixedSeconds, double secondsPerUnit) {
        public double at(double units) {
            return fixedSeconds + secondsPerUnit * units;
        }

        /** The line through two (units, seconds) points; flat at their mean when both modes measured the same work. */
        static Line through(double units1, double seconds1, double units2, double seconds2) {
            if (units1 == units2) {
                return new Line((seconds1 + seconds2) / 2, 0);
            }
            double perUnit = (seconds2 - seconds1) / (units2 - units1);
            return new Line(seconds1 - perUnit * units1, perUnit);
        }
    }

    private final String host;
    private final Map<String, Line> lines;
    private final Map<Mode, Map<String, Double>> seconds;

    private ReferenceCosts(String host, Map<String, Line> lines, Map<Mode, Map<String, Double>> seconds) {
        this.host = host;
        this.lines = Map.copyOf(lines);
        this.seconds = Map.copyOf(seconds);
    }

    /** No reference: every scaling is by the units alone. */
    public static ReferenceCosts none() {
        return new ReferenceCosts("", Map.of(), Map.of());
    }

    /** The reference run's costs for {@code study}, from the repository this lab runs from. */
    public static ReferenceCosts ofStudy(String study) {
        return of(Repo.root().resolve(FOLDER).resolve(study));
    }

    /**
     * The costs in {@code studyDir}'s run.json history: a line for each experiment with a time and units in two modes,
     * and each mode's time. A missing or unreadable file is no reference (the plan then scales by units alone).
     */
    public static ReferenceCosts of(Path studyDir) {
        Path file = studyDir.resolve("run.json");
        if (!Files.isRegularFile(file)) {
            return none();
        }
        JsonNode history;
        try {
            history = JSON.readTree(file.toFile()).path("history");
        } catch (IOException e) {
            return none(); // a damaged reference costs the plan its accuracy, never the run
        }
        Map<Mode, Map<String, Double>> seconds = new java.util.EnumMap<>(Mode.class);
        Map<Mode, Map<String, Double>> units = new java.util.EnumMap<>(Mode.class);
        for (Mode m : Mode.values()) {
            seconds.put(m, RunPlan.History.numbers(history.path(m.label())));
            units.put(m, RunPlan.History.numbers(history.path(LabRun.UNITS).path(m.label())));
        }
        Map<String, Line> lines = new LinkedHashMap<>();
        for (String experiment : seconds.get(Mode.QUICK).keySet()) {
            Double quickUnits = units.get(Mode.QUICK).get(experiment);
            Double fullUnits = units.get(Mode.FULL).get(experiment);
            Double fullSeconds = seconds.get(Mode.FULL).get(experiment);
            if (quickUnits != null && fullUnits != null && fullSeconds != null) {
                lines.put(
                        experiment,
                        Line.through(quickUnits, seconds.get(Mode.QUICK).get(experiment), fullUnits, fullSeconds));
            }
        }
        return new ReferenceCosts(history.path("host").asText(), lines, seconds);
    }

    /** The host the reference run was made on. */
    public String host() {
        return host;
    }

    /** The experiments the reference run timed in {@code mode}. */
    public java.util.Set<String> experiments(Mode mode) {
        return seconds.getOrDefault(mode, Map.of()).keySet();
    }

    public Optional<Line> line(String experiment) {
        return Optional.ofNullable(lines.get(experiment));
    }

    /** The reference run's own time of {@code experiment} in {@code mode}, if it ran it. */
    public Optional<Double> seconds(String experiment, Mode mode) {
        return Optional.ofNullable(seconds.getOrDefault(mode, Map.of()).get(experiment));
    }

    /**
     * Times of one study's experiments measured here at {@code fromUnits}, scaled to {@code toUnits}: along each
     * experiment's line, multiplied by how many times the line's time at the same units this machine took for that
     * experiment; in proportion to the units where an experiment has no line. The factor is each experiment's own: how
     * much faster another machine runs an experiment depends on what it does (JVM starts, memory, system calls), and
     * its full run follows its own factor, not its study's average (reference-run/README.md, "On another CPU").
     */
    public Map<String, Scaled> scaleAll(
            Map<String, Double> seconds, Map<String, Double> fromUnits, Map<String, Double> toUnits) {
        Map<String, Scaled> out = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : seconds.entrySet()) {
            String name = e.getKey();
            Double from = fromUnits.get(name);
            Double to = toUnits.get(name);
            if (from == null || to == null) {
                continue;
            }
            Line line = lines.get(name);
            if (line != null && line.at(from) > 0 && line.at(to) > 0) {
                double factor = e.getValue() / line.at(from);
                out.put(name, new Scaled(factor * line.at(to), true));
            } else {
                out.put(name, proportional(name, e.getValue(), from, to));
            }
        }
        return out;
    }

    /** A time scaled to another mode, and whether the experiment's fitted line did it (else its units alone). */
    public record Scaled(double seconds, boolean byLine) {}

    /** {@code seconds} measured at {@code fromUnits}, scaled to {@code toUnits} in proportion: no line to go by. */
    private static Scaled proportional(String experiment, double seconds, double fromUnits, double toUnits) {
        if (!(fromUnits > 0)) {
            throw new IllegalStateException(experiment + ": an experiment's work must be positive");
        }
        return new Scaled(seconds * toUnits / fromUnits, false);
    }
}
