package labbook.reports.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What produced a set of rows, from run.json: the machine, the JDK, the lab's commit, the mode, when it ran and the
 * command line. Every number on the site is shown beside one of these.
 */
public record RunInfo(
        String host,
        String cpuModel,
        int cores,
        long memoryBytes,
        String osKernel,
        String jdkVendor,
        String jdkVersion,
        String labCommit,
        String mode,
        String start,
        String end,
        String commandLine,
        Map<String, String> peers,
        String study,
        String rerunLine,
        List<Outcome> outcomes) {

    /**
     * How one experiment of an {@code all} run ended (run.json's {@code outcomes}): done, failed (with its one line) or
     * skipped; and {@code flagged}, what the machine did besides while it measured, past the lab's limits (CPU steal,
     * other processes' load), "" when nothing was.
     */
    public record Outcome(String experiment, String status, String failure, String flagged) {}

    /** For results with no run.json: every field says so rather than guessing. */
    public static final RunInfo UNKNOWN = new RunInfo(
            "unknown host",
            "unknown CPU",
            0,
            0,
            "unknown kernel",
            "",
            "unknown JDK",
            "unknown",
            "unknown",
            "",
            "",
            "",
            Map.of(),
            "",
            "",
            List.of());

    static RunInfo of(JsonNode node, String study) {
        // in run.json's order (Map.copyOf would shuffle it differently in every JVM)
        Map<String, String> peers = new LinkedHashMap<>();
        JsonNode p = node.path("peers");
        p.fieldNames().forEachRemaining(name -> peers.put(name, p.path(name).asText()));
        return new RunInfo(
                text(node, "host", UNKNOWN.host),
                text(node, "cpu_model", UNKNOWN.cpuModel),
                node.path("cores").asInt(0),
                node.path("memory_bytes").asLong(0),
                text(node, "os_kernel", UNKNOWN.osKernel),
                text(node, "jdk_vendor", ""),
                text(node, "jdk_version", UNKNOWN.jdkVersion),
                text(node, "lab_commit", "unknown"),
                text(node, "mode", "unknown"),
                text(node, "start", ""),
                text(node, "end", ""),
                text(node, "command_line", ""),
                Collections.unmodifiableMap(peers),
                text(node, "study", study),
                text(node, "rerun", ""),
                outcomes(node.path("outcomes")));
    }

    private static List<Outcome> outcomes(JsonNode node) {
        List<Outcome> out = new ArrayList<>();
        node.fieldNames()
                .forEachRemaining(name -> out.add(new Outcome(
                        name,
                        text(node.path(name), "status", "unknown"),
                        text(node.path(name), "failure", ""),
                        text(node.path(name), "flagged", ""))));
        return List.copyOf(out);
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

    private static String text(JsonNode node, String field, String fallback) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? fallback : v.asText();
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
