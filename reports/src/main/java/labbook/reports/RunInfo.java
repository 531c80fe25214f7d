package labbook.reports;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What produced a set of rows, from run.json: the machine, the JDK, the lab's commit, the mode,
 * when it ran and the command line. Every number on the site is shown beside one of these.
 */
public record RunInfo(String host, String cpuModel, int cores, long memoryBytes, String osKernel,
                      String jdkVendor, String jdkVersion, String labCommit, String mode,
                      String start, String end, String commandLine, Map<String, String> peers) {

    /** For results with no run.json: every field says so rather than guessing. */
    public static final RunInfo UNKNOWN = new RunInfo("unknown host", "unknown CPU", 0, 0, "unknown kernel",
            "", "unknown JDK", "unknown", "unknown", "", "", "", Map.of());

    static RunInfo of(JsonNode node) {
        Map<String, String> peers = new LinkedHashMap<>();
        JsonNode p = node.path("peers");
        p.fieldNames().forEachRemaining(name -> peers.put(name, p.path(name).asText()));
        return new RunInfo(text(node, "host", UNKNOWN.host), text(node, "cpu_model", UNKNOWN.cpuModel),
                node.path("cores").asInt(0), node.path("memory_bytes").asLong(0),
                text(node, "os_kernel", UNKNOWN.osKernel), text(node, "jdk_vendor", ""),
                text(node, "jdk_version", UNKNOWN.jdkVersion), text(node, "lab_commit", "unknown"),
                text(node, "mode", "unknown"), text(node, "start", ""), text(node, "end", ""),
                text(node, "command_line", ""), Map.copyOf(peers));
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
            b.append(", ").append(Math.round(memoryBytes / (1024.0 * 1024 * 1024))).append(" GiB");
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
     * How to run this again from the repository root: run.json records {@code lab-<study> <args>},
     * which maps to the module's exec:java.
     */
    public String rerun() {
        String line = commandLine.trim();
        if (!line.startsWith("lab-")) {
            return "";
        }
        int space = line.indexOf(' ');
        String module = space < 0 ? line : line.substring(0, space);
        String args = space < 0 ? "" : line.substring(space + 1).trim();
        return "mvn -q -pl " + module + " exec:java -Dexec.args=\"" + args.replace("\"", "\\\"") + "\"";
    }
}
