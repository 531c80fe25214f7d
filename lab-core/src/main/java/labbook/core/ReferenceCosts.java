package labbook.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Each experiment's time as a fixed part and a part per unit of its {@link Work}, {@code t = F + c·units}, fitted
 * through its two times in the committed reference run ({@code reference-run/<study>/run.json}: one quick and one full
 * run on one machine, with the units each mode measured then). The plan scales a time in one mode to another by this
 * line rather than by the units alone, since quick mode's warm-ups, JVM starts and corpus checks do not grow with the
 * work: scaled by units alone, they made the first full plan twice the run.
 *
 * <p>Where the reference recorded an experiment's fixed durations in both modes ({@link Work#clockSeconds}, JMH's timed
 * iterations), the line is fitted on the rest of its time, and only that rest is scaled by how fast a machine is: a
 * quick JMH run is mostly JVM starts, a full one mostly iterations that last their second on any CPU
 * (reference-run/README.md has the runs that showed it).
 */
public final class ReferenceCosts {
    /** The repository folder of the reference run, one sub-folder per study. */
    public static final String FOLDER = "reference-run";

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
    /** The experiments whose line leaves their fixed durations out. */
    private final Set<String> clocked;

    private ReferenceCosts(
            String host, Map<String, Line> lines, Map<Mode, Map<String, Double>> seconds, Set<String> clocked) {
        this.host = host;
        this.lines = Map.copyOf(lines);
        this.seconds = Map.copyOf(seconds);
        this.clocked = Set.copyOf(clocked);
    }

    /** No reference: every scaling is by the units alone. */
    public static ReferenceCosts none() {
        return new ReferenceCosts("", Map.of(), Map.of(), Set.of());
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
        RunRecord.History history;
        try {
            history = RunRecord.historyIn(file);
        } catch (IOException e) {
            return none(); // a damaged reference costs the plan its accuracy, never the run
        }
        Map<Mode, Map<String, Double>> seconds = new java.util.EnumMap<>(Mode.class);
        Map<Mode, Map<String, Double>> units = new java.util.EnumMap<>(Mode.class);
        Map<Mode, Map<String, Double>> clock = new java.util.EnumMap<>(Mode.class);
        for (Mode m : Mode.values()) {
            seconds.put(m, history.seconds(m));
            units.put(m, history.units(m));
            clock.put(m, history.clock(m));
        }
        Map<String, Line> lines = new LinkedHashMap<>();
        Set<String> clocked = new HashSet<>();
        for (String experiment : seconds.get(Mode.QUICK).keySet()) {
            Double quickUnits = units.get(Mode.QUICK).get(experiment);
            Double fullUnits = units.get(Mode.FULL).get(experiment);
            Double fullSeconds = seconds.get(Mode.FULL).get(experiment);
            if (quickUnits == null || fullUnits == null || fullSeconds == null) {
                continue;
            }
            double quickSeconds = seconds.get(Mode.QUICK).get(experiment);
            Double quickClock = clock.get(Mode.QUICK).get(experiment);
            Double fullClock = clock.get(Mode.FULL).get(experiment);
            // the clock comes off both times or neither: a reference without it keeps the whole time on its line
            if (quickClock != null && fullClock != null && quickClock < quickSeconds && fullClock < fullSeconds) {
                clocked.add(experiment);
                quickSeconds -= quickClock;
                fullSeconds -= fullClock;
            }
            lines.put(experiment, Line.through(quickUnits, quickSeconds, fullUnits, fullSeconds));
        }
        return new ReferenceCosts(history.host(), lines, seconds, clocked);
    }

    /** The host the reference run was made on. */
    public String host() {
        return host;
    }

    /** The experiments the reference run timed in {@code mode}. */
    public java.util.Set<String> experiments(Mode mode) {
        return seconds.getOrDefault(mode, Map.of()).keySet();
    }

    /** The experiment's cost line: of its whole time, or of the time beside its fixed durations ({@link #clocked}). */
    public Optional<Line> line(String experiment) {
        return Optional.ofNullable(lines.get(experiment));
    }

    /** Whether the reference recorded the experiment's fixed durations, so that its line leaves them out. */
    public boolean clocked(String experiment) {
        return clocked.contains(experiment);
    }

    /**
     * The reference machine's time for {@code size} of the experiment's work, from its line (and the size's fixed
     * durations when the line leaves them out); empty without a line, or where the line gives no positive time.
     */
    public Optional<Double> at(String experiment, Work.Size size) {
        return line(experiment)
                .map(l -> l.at(size.units()))
                .filter(s -> s > 0)
                .map(s -> s + (clocked(experiment) ? size.clockSeconds() : 0));
    }

    /** The reference run's own time of {@code experiment} in {@code mode}, if it ran it. */
    public Optional<Double> seconds(String experiment, Mode mode) {
        return Optional.ofNullable(seconds.getOrDefault(mode, Map.of()).get(experiment));
    }

    /**
     * Times of one study's experiments measured here at {@code from}, scaled to {@code to}: along each experiment's
     * line, multiplied by how many times the line's time at the same units this machine took for that experiment; in
     * proportion to the units where an experiment has no line. The factor is each experiment's own: how much faster
     * another machine runs an experiment depends on what it does (JVM starts, memory, system calls), and its full run
     * follows its own factor, not its study's average (reference-run/README.md, "On another CPU"). Where the line
     * leaves out the fixed durations ({@link #clocked}), they come off the time here before the factor is taken, and
     * the target's are added back unscaled.
     */
    public Map<String, Scaled> scaleAll(
            Map<String, Double> seconds, Map<String, Work.Size> from, Map<String, Work.Size> to) {
        Map<String, Scaled> out = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : seconds.entrySet()) {
            String name = e.getKey();
            Work.Size a = from.get(name);
            Work.Size b = to.get(name);
            if (a == null || b == null) {
                continue;
            }
            Line line = lines.get(name);
            // on a clocked line only the time beside the fixed durations scales with the machine
            double fixedHere = clocked(name) ? a.clockSeconds() : 0;
            double fixedThere = clocked(name) ? b.clockSeconds() : 0;
            if (line != null && e.getValue() > fixedHere && line.at(a.units()) > 0 && line.at(b.units()) > 0) {
                double factor = (e.getValue() - fixedHere) / line.at(a.units());
                out.put(name, new Scaled(factor * line.at(b.units()) + fixedThere, true));
            } else {
                out.put(name, proportional(name, e.getValue(), a.units(), b.units()));
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
