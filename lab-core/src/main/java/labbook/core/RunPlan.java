package labbook.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run will take before it starts: each experiment's time when it last finished in this mode on this host
 * (run.json's {@code history}, which every {@code all} run updates), and their total. An experiment never finished here
 * in this mode has no estimate, and the plan says so rather than guessing.
 */
public final class RunPlan {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One experiment's estimate: empty when it never finished here in this mode. */
    public record Estimate(String study, String experiment, Double seconds) {}

    private final List<Estimate> estimates;

    private RunPlan(List<Estimate> estimates) {
        this.estimates = List.copyOf(estimates);
    }

    /** The plan of {@code experiments} of a study, from {@code studyDir}'s run.json. */
    public static RunPlan of(Path studyDir, String study, Mode mode, List<String> experiments) {
        Map<String, Double> known = history(studyDir, mode);
        List<Estimate> out = new ArrayList<>();
        for (String e : experiments) {
            out.add(new Estimate(study, e, known.get(e)));
        }
        return new RunPlan(out);
    }

    /** The plan of every experiment each study's history knows in {@code mode} (for the main job). */
    public static RunPlan ofStudies(Path resultsRoot, Mode mode, List<String> studies) {
        List<Estimate> out = new ArrayList<>();
        for (String study : studies) {
            Map<String, Double> known = history(resultsRoot.resolve(study), mode);
            if (known.isEmpty()) {
                out.add(new Estimate(study, "all", null));
            }
            known.forEach((e, s) -> out.add(new Estimate(study, e, s)));
        }
        return new RunPlan(out);
    }

    /** Seconds per experiment from a study folder's run.json history for this host and mode. */
    static Map<String, Double> history(Path studyDir, Mode mode) {
        Map<String, Double> known = new LinkedHashMap<>();
        Path file = studyDir.resolve("run.json");
        if (!Files.isRegularFile(file)) {
            return known;
        }
        try {
            JsonNode history = JSON.readTree(file.toFile()).path("history");
            if (!history.path("host").asText().equals(MachineInfo.hostName())) {
                return known; // another machine's times say nothing of this one's
            }
            JsonNode seconds = history.path(mode.label());
            seconds.fieldNames()
                    .forEachRemaining(e -> known.put(e, seconds.path(e).asDouble()));
        } catch (IOException e) {
            return known; // a run.json that does not parse is refused when the run starts, in one line
        }
        return known;
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
        ConsoleTable t = new ConsoleTable("study", "experiment", "estimate");
        double total = 0;
        int unknown = 0;
        for (Estimate e : estimates) {
            if (e.seconds() == null) {
                unknown++;
            } else {
                total += e.seconds();
            }
            t.row(
                    e.study(),
                    e.experiment(),
                    e.seconds() == null ? "no estimate (never finished here)" : human(e.seconds()));
        }
        t.row("", "total", human(total) + (unknown == 0 ? "" : " + " + unknown + " without an estimate"));
        out.println(title + " (each experiment's last time in this mode on this host, from run.json):");
        t.print(out);
        out.flush();
    }

    /** An estimate as the tables print it ("1m 25s"), or "-" when there is none. */
    static String human(Double seconds) {
        return seconds == null ? "-" : Progress.human(Duration.ofMillis(Math.round(seconds * 1000)));
    }
}
