package labbook.reports.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.core.RunRecord;

/**
 * What produced a set of rows, from run.json: the machine, the JDK, the lab's commit, the mode, when it ran and the
 * command line. Every number on the site is shown beside one of these. It reads run.json through lab-core's
 * {@link RunRecord}, the record the lab writes it from, so that its fields are named once; a field the file does not
 * have (or has in another shape) says so rather than guessing.
 */
public final class RunInfo {
    private final String host;
    private final String cpuModel;
    private final int cores;
    private final long memoryBytes;
    private final String osKernel;
    private final String jdkVendor;
    private final String jdkVersion;
    private final String labCommit;
    private final String mode;
    private final String start;
    private final String end;
    private final String commandLine;
    private final Map<String, String> peers;
    private final String study;
    private final String rerunLine;
    private final List<Outcome> outcomes;

    /**
     * How one experiment of an {@code all} run ended (run.json's {@code outcomes}): done, failed (with its one line) or
     * skipped; and {@code flagged}, what the machine did besides while it measured, past the lab's limits (CPU steal,
     * other processes' load), "" when nothing was.
     */
    public record Outcome(String experiment, String status, String failure, String flagged) {}

    /** For results with no run.json: every field says so rather than guessing. */
    public static final RunInfo UNKNOWN = new RunInfo(null, "");

    private RunInfo(RunRecord r, String studyFolder) {
        host = or(r == null ? null : r.host(), "unknown host");
        cpuModel = or(r == null ? null : r.cpuModel(), "unknown CPU");
        cores = r == null || r.cores() == null ? 0 : r.cores();
        memoryBytes = r == null || r.memoryBytes() == null ? 0 : r.memoryBytes();
        osKernel = or(r == null ? null : r.osKernel(), "unknown kernel");
        jdkVendor = or(r == null ? null : r.jdkVendor(), "");
        jdkVersion = or(r == null ? null : r.jdkVersion(), "unknown JDK");
        labCommit = or(r == null ? null : r.labCommit(), "unknown");
        mode = or(r == null ? null : r.mode(), "unknown");
        start = or(r == null ? null : r.start(), "");
        end = or(r == null ? null : r.end(), "");
        commandLine = or(r == null ? null : r.commandLine(), "");
        // in run.json's order (Map.copyOf would shuffle it differently in every JVM)
        peers = r == null || r.peers() == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(r.peers()));
        study = or(r == null ? null : r.study(), studyFolder);
        rerunLine = or(r == null ? null : r.rerun(), "");
        List<Outcome> out = new ArrayList<>();
        if (r != null && r.outcomes() != null) {
            r.outcomes()
                    .forEach((name, o) -> out.add(new Outcome(
                            name,
                            or(o == null ? null : o.status(), "unknown"),
                            or(o == null ? null : o.failure(), ""),
                            or(o == null ? null : o.flagged(), ""))));
        }
        outcomes = List.copyOf(out);
    }

    /**
     * The run a run.json's record (its top, or one of its experiments') describes; {@code study} when it names none.
     */
    static RunInfo of(JsonNode node, String study) {
        return new RunInfo(RunRecord.of(node).orElse(null), study);
    }

    private static String or(String value, String fallback) {
        return value == null ? fallback : value;
    }

    public String host() {
        return host;
    }

    public String cpuModel() {
        return cpuModel;
    }

    public int cores() {
        return cores;
    }

    public long memoryBytes() {
        return memoryBytes;
    }

    public String osKernel() {
        return osKernel;
    }

    public String jdkVendor() {
        return jdkVendor;
    }

    public String jdkVersion() {
        return jdkVersion;
    }

    public String labCommit() {
        return labCommit;
    }

    public String mode() {
        return mode;
    }

    public String start() {
        return start;
    }

    public String end() {
        return end;
    }

    public String commandLine() {
        return commandLine;
    }

    public Map<String, String> peers() {
        return peers;
    }

    public String study() {
        return study;
    }

    public String rerunLine() {
        return rerunLine;
    }

    public List<Outcome> outcomes() {
        return outcomes;
    }

    /**
     * What the latest {@code all} run did not finish, in one line: "crash-test failed (LINE); tamper-test, interop
     * skipped", or "" when it finished everything (or recorded nothing).
     */
    public String unfinished() {
        List<String> parts = new ArrayList<>();
        for (Outcome o : outcomes) {
            if (o.status().equals("failed")) {
                parts.add(o.experiment() + " failed (" + o.failure() + ")");
            }
        }
        List<String> skipped = outcomes.stream()
                .filter(o -> o.status().equals("skipped"))
                .map(Outcome::experiment)
                .toList();
        if (!skipped.isEmpty()) {
            parts.add(String.join(", ", skipped) + " skipped");
        }
        return String.join("; ", parts);
    }

    /** One line for a table cell: "host, CPU, N cores, M GiB". */
    public String machine() {
        StringBuilder b = new StringBuilder(host).append(", ").append(cpuModel);
        if (cores > 0) {
            b.append(", ").append(cores).append(cores == 1 ? " core" : " cores");
        }
        if (memoryBytes > 0) {
            b.append(", ")
                    .append(Math.round(memoryBytes / (1024.0 * 1024 * 1024)))
                    .append(" GiB");
        }
        return b.toString();
    }

    /** The JDK as "vendor version". */
    public String jdk() {
        return (jdkVendor.isEmpty() ? "" : jdkVendor + " ") + jdkVersion;
    }

    /** The date part of the start time ("2026-11-29"), or "" when unknown. */
    public String date() {
        return start.length() >= 10 ? start.substring(0, 10) : start;
    }

    /**
     * How to run this again from the repository root, the same form for every study: {@code ./labbook wallet sync-sweep
     * --quick}. run.json records it as {@code rerun}; for an older run.json without it, it is derived from the command
     * line ({@code lab-wallet all --quick} or {@code wallet all --quick}) and the mode; "" when there is no command to
     * derive it from.
     */
    public String rerun() {
        if (!rerunLine.isBlank()) {
            return rerunLine;
        }
        List<String> words = new ArrayList<>(Arrays.asList(commandLine.trim().split("\\s+")));
        if (!words.isEmpty() && (words.get(0).equals(study) || words.get(0).equals("lab-" + study))) {
            words.remove(0);
        }
        String command = words.stream()
                .filter(w -> !w.isEmpty() && !w.startsWith("-"))
                .findFirst()
                .orElse("");
        if (study.isEmpty() || command.isEmpty()) {
            return "";
        }
        return "./labbook " + study + " " + command + (mode.equals("quick") || mode.equals("full") ? " --" + mode : "");
    }
}
