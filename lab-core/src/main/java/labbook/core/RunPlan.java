package labbook.core;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a run will take before it starts: each experiment's time when it last finished in this mode on this host
 * (run.json's {@code history}, which every {@code all} run updates); for a mode never run here, its time in the other
 * mode scaled along its cost line ({@link ReferenceCosts}: a fixed part and a part per unit of its {@link Work}, fitted
 * on the committed reference run), so that run calibrates the plan on this machine; for an experiment never run here,
 * the reference run's own time; and their total. An experiment with none of these has no estimate, and the plan says so
 * rather than guessing.
 */
public final class RunPlan {
    /** Where an estimate comes from. */
    public enum Basis {
        /** The experiment's last time in this mode here. */
        LAST_RUN("its last run here"),
        /** Its last time in the other mode here, scaled along the reference run's cost line. */
        FITTED("the other mode's run here, along the reference run's cost lines"),
        /** Its last time in the other mode here, scaled by its units alone (the reference run lacks a line for it). */
        SCALED("the other mode's run here, scaled to this mode's work"),
        /** For the main job: the estimate the study's own plan made and kept in run.json's history. */
        STUDY_PLAN("the other mode's run here, as its study plans it"),
        /** The reference run's time (made on the host the table names). */
        REFERENCE("the reference run"),
        /** Nothing: never finished here, nor in the reference run. */
        NONE("no estimate (never finished here)");

        private final String said;

        Basis(String said) {
            this.said = said;
        }
    }

    /** One experiment's estimate: {@code seconds} null when its basis is {@link Basis#NONE}. */
    public record Estimate(String study, String experiment, Double seconds, Basis basis) {}

    private final List<Estimate> estimates;
    private final String referenceHost;

    private RunPlan(List<Estimate> estimates, String referenceHost) {
        this.estimates = List.copyOf(estimates);
        this.referenceHost = referenceHost;
    }

    /**
     * The plan of a study's {@code experiments}, in their order, from {@code studyDir}'s run.json, the other mode's
     * time scaled to this one's {@link Work} now (so a changed plan of the experiment changes the estimate at once).
     */
    public static RunPlan of(
            Path studyDir, ReferenceCosts reference, String study, Mode mode, Map<String, ? extends Work> experiments) {
        History known = History.of(studyDir, mode);
        Map<Mode, History> others = new java.util.EnumMap<>(Mode.class);
        for (Mode other : Mode.values()) {
            if (other != mode) {
                others.put(other, History.of(studyDir, other)); // run.json read once per mode, not per experiment
            }
        }
        Map<Mode, Map<String, ReferenceCosts.Scaled>> scaled = new java.util.EnumMap<>(Mode.class);
        for (Map.Entry<Mode, History> other : others.entrySet()) {
            Map<String, Double> seconds = new LinkedHashMap<>();
            Map<String, Work.Size> from = new LinkedHashMap<>();
            Map<String, Work.Size> to = new LinkedHashMap<>();
            experiments.forEach((name, work) -> {
                Double s = other.getValue().last().get(name);
                if (s != null) {
                    seconds.put(name, s);
                    // the work that run measured, when it recorded it: the plan may have changed since
                    from.put(name, other.getValue().size(name, work.size(other.getKey())));
                    to.put(name, work.size(mode));
                }
            });
            scaled.put(other.getKey(), reference.scaleAll(seconds, from, to));
        }
        List<Estimate> out = new ArrayList<>();
        for (Map.Entry<String, ? extends Work> e : experiments.entrySet()) {
            String name = e.getKey();
            Work work = e.getValue();
            Estimate estimate = known.estimate(study, name);
            for (Map<String, ReferenceCosts.Scaled> byName : scaled.values()) {
                ReferenceCosts.Scaled s = byName.get(name);
                if (estimate.basis() != Basis.LAST_RUN && s != null) {
                    estimate = new Estimate(study, name, s.seconds(), s.byLine() ? Basis.FITTED : Basis.SCALED);
                }
            }
            if (estimate.basis() == Basis.NONE) {
                Double seconds = reference
                        .at(name, work.size(mode))
                        .or(() -> reference.seconds(name, mode))
                        .orElse(null);
                if (seconds != null) {
                    estimate = new Estimate(study, name, seconds, Basis.REFERENCE);
                }
            }
            out.add(estimate);
        }
        return new RunPlan(out, reference.host());
    }

    /**
     * The plan of every experiment each study's history here, or else its reference run, knows in {@code mode} (for the
     * main job, which knows no study's work: the times scaled to this mode are those each study's last run wrote).
     */
    public static RunPlan ofStudies(Path resultsRoot, Path referenceRoot, Mode mode, List<String> studies) {
        List<Estimate> out = new ArrayList<>();
        String host = "";
        for (String study : studies) {
            History known = History.of(resultsRoot.resolve(study), mode);
            ReferenceCosts reference = ReferenceCosts.of(referenceRoot.resolve(study));
            Set<String> names = new LinkedHashSet<>(known.last().keySet());
            names.addAll(known.scaled().keySet());
            if (names.isEmpty()) {
                names.addAll(reference.experiments(mode));
            }
            if (names.isEmpty()) {
                out.add(new Estimate(study, "all", null, Basis.NONE));
            }
            for (String e : names) {
                Estimate estimate = known.estimate(study, e);
                Optional<Double> referenceSeconds = reference.seconds(e, mode);
                if (estimate.basis() == Basis.NONE && referenceSeconds.isPresent()) {
                    estimate = new Estimate(study, e, referenceSeconds.get(), Basis.REFERENCE);
                    host = reference.host();
                }
                out.add(estimate);
            }
        }
        return new RunPlan(out, host);
    }

    /**
     * Seconds per experiment from a study folder's run.json history for this host: this mode's, scaled ones, and the
     * units this mode's runs measured.
     */
    record History(
            Map<String, Double> last,
            Map<String, Double> scaled,
            Map<String, Double> units,
            Map<String, Double> clock) {
        static History of(Path studyDir, Mode mode) {
            Map<String, Double> last = new LinkedHashMap<>();
            Map<String, Double> scaled = new LinkedHashMap<>();
            Map<String, Double> units = new LinkedHashMap<>();
            Map<String, Double> clock = new LinkedHashMap<>();
            Path file = studyDir.resolve("run.json");
            if (!Files.isRegularFile(file)) {
                return new History(last, scaled, units, clock);
            }
            try {
                RunRecord.History history = RunRecord.historyIn(file);
                if (!history.host().equals(MachineInfo.hostName())) {
                    return new History(last, scaled, units, clock); // another machine's times say nothing of this one's
                }
                last.putAll(history.seconds(mode));
                scaled.putAll(history.scaled(mode));
                units.putAll(history.units(mode));
                clock.putAll(history.clock(mode));
            } catch (IOException e) {
                // a run.json that does not parse is refused when the run starts, in one line
            }
            return new History(last, scaled, units, clock);
        }

        /**
         * The work {@code experiment} measured in this mode, as run.json recorded it, or {@code declared} where it did
         * not (a run before the units, or the fixed durations, were recorded).
         */
        Work.Size size(String experiment, Work.Size declared) {
            Double u = units.get(experiment);
            if (u == null) {
                return declared;
            }
            return new Work.Size(
                    u, clock.getOrDefault(experiment, u.equals(declared.units()) ? declared.clockSeconds() : 0));
        }

        Estimate estimate(String study, String experiment) {
            if (last.containsKey(experiment)) {
                return new Estimate(study, experiment, last.get(experiment), Basis.LAST_RUN);
            }
            if (scaled.containsKey(experiment)) {
                return new Estimate(study, experiment, scaled.get(experiment), Basis.STUDY_PLAN);
            }
            return new Estimate(study, experiment, null, Basis.NONE);
        }
    }

    public List<Estimate> estimates() {
        return estimates;
    }

    /** The estimate of one experiment, if there is one. */
    public Double seconds(String experiment) {
        return estimates.stream()
                .filter(e -> e.experiment().equals(experiment))
                .findFirst()
                .map(Estimate::seconds)
                .orElse(null);
    }

    /** The plan as a table with its total, on {@code out}. */
    public void print(String title, PrintStream out) {
        ConsoleTable t = new ConsoleTable("study", "experiment", "estimate", "from");
        double total = 0;
        int unknown = 0;
        for (Estimate e : estimates) {
            if (e.seconds() == null) {
                unknown++;
            } else {
                total += e.seconds();
            }
            t.row(e.study(), e.experiment(), human(e.seconds()), e.basis().said);
        }
        t.row("", "total", human(total), unknown == 0 ? "" : unknown + " without an estimate");
        boolean fromReference = estimates.stream().anyMatch(e -> e.basis() == Basis.REFERENCE);
        out.println(title + " (estimated from this host's run.json history"
                + (fromReference ? "; the reference run's times were measured on host " + referenceHost : "")
                + "):");
        t.print(out);
        out.flush();
    }

    /**
     * After a run: each study's experiments as its run.json's {@code outcomes} says they ended, beside this plan's
     * estimate and the ratio of the two, and the totals.
     */
    public void printOutcomes(Path resultsRoot, List<String> studies, PrintStream out) {
        ConsoleTable t = new ConsoleTable("study", "experiment", "outcome", "planned", "actual", "actual / planned");
        double planned = 0;
        double actual = 0;
        for (String study : studies) {
            Map<String, RunRecord.Outcome> outcomes = Map.of();
            Path file = resultsRoot.resolve(study).resolve("run.json");
            try {
                if (Files.isRegularFile(file)) {
                    outcomes =
                            RunRecord.read(file).map(RunRecord::outcomesOrNone).orElse(Map.of());
                }
            } catch (IOException e) {
                out.println("labbook: " + file + ": not JSON (" + e.getMessage() + ")");
            }
            Set<String> names = new LinkedHashSet<>();
            estimates.stream()
                    .filter(e -> e.study().equals(study) && !e.experiment().equals("all"))
                    .forEach(e -> names.add(e.experiment()));
            names.addAll(outcomes.keySet());
            if (names.isEmpty()) {
                t.row(study, "all", "not run", "-", "-", "-");
            }
            for (String name : names) {
                RunRecord.Outcome o = outcomes.get(name); // null: not run, or not an outcome
                Double plan = estimates.stream()
                        .filter(e -> e.study().equals(study) && e.experiment().equals(name))
                        .findFirst()
                        .map(Estimate::seconds)
                        .orElse(null);
                Double took = o == null ? null : o.seconds();
                String status = o == null || o.status() == null ? "not run" : o.status();
                boolean both = plan != null && took != null && AllExperiments.Status.finished(status);
                if (both) {
                    planned += plan;
                    actual += took;
                }
                t.row(
                        study,
                        name,
                        status,
                        human(plan),
                        human(took),
                        both && plan > 0 ? String.format(Locale.ROOT, "%.2f", took / plan) : "-");
            }
        }
        t.row(
                "",
                "total (planned and done)",
                "",
                human(planned),
                human(actual),
                planned > 0 ? String.format(Locale.ROOT, "%.2f", actual / planned) : "-");
        out.println("labbook: each experiment, planned and actual:");
        t.print(out);
        out.flush();
    }

    /** An estimate as the tables print it ("1m 25s"), or "-" when there is none. */
    static String human(Double seconds) {
        return seconds == null ? "-" : Progress.human(Duration.ofMillis(Math.round(seconds * 1000)));
    }
}
