package labbook.reports;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tech.tablesaw.api.ColumnType;

/**
 * The columns each study promises in each experiment's CSV (the contract between the experiment
 * modules and this one). A study may add columns; a promised column that is missing is a schema
 * error. Text columns are read as strings, counts as longs, measurements as doubles.
 */
public final class Schema {
    /** The three studies, in the order the site shows them. */
    public static final List<String> STUDIES = List.of("wallet", "filecrypt", "vfs");

    private static final Map<String, Map<String, Map<String, ColumnType>>> PROMISED = new LinkedHashMap<>();

    static {
        study("wallet",
                "sync-sweep", "variant:s entries:l repeat:l file_bytes:l sync_ms:d cipher_ms:d",
                "sync-jmh", "variant:s entries:l fork:l iteration:l sync_ms:d",
                "save-strategies", "strategy:s entries:l repeat:l save_ms:d bytes_written:l",
                "crash-test", "kill:s fdatasync:s outcome:s acknowledged_lost:l",
                "tamper-test", "wallet:s region:s bit:l outcome:s");
        study("filecrypt",
                "level-sweep", "corpus:s file:s file_bytes:l engine:s scope:s algo:s level:l repeat:l "
                        + "cpu_user_s:d cpu_sys_s:d wall_s:d out_bytes:l",
                "directory-runs", "corpus:s run:s engine:s scope:s repeat:l files:l in_bytes:l out_bytes:l "
                        + "cpu_user_s:d cpu_sys_s:d wall_s:d",
                "interop", "direction:s cipher:s algo:s level:s s2k_count:s armor:s passed:s",
                "level-jmh", "algo:s level:l fork:l iteration:l mb_per_s:d");
        study("vfs",
                "git-diff", "mode:s loop:l runs:l user_s:d sys_s:d elapsed_s:d cpu_pct:d",
                "stat-walk", "threads:l repeat:l paths:l wall_s:d user_s:d sys_s:d",
                "dcache-model", "walk:s threads:l renames:l fork:l iteration:l ops_per_s:d cpu_s:d "
                        + "failed_cas:d lock_spins:d fallbacks:d");
    }

    private Schema() {
    }

    private static void study(String study, String... experimentsAndColumns) {
        Map<String, Map<String, ColumnType>> experiments = new LinkedHashMap<>();
        for (int i = 0; i < experimentsAndColumns.length; i += 2) {
            Map<String, ColumnType> columns = new LinkedHashMap<>();
            for (String spec : experimentsAndColumns[i + 1].trim().split("\\s+")) {
                String[] parts = spec.split(":");
                columns.put(parts[0], switch (parts[1]) {
                    case "s" -> ColumnType.STRING;
                    case "l" -> ColumnType.LONG;
                    default -> ColumnType.DOUBLE;
                });
            }
            experiments.put(experimentsAndColumns[i], columns);
        }
        PROMISED.put(study, experiments);
    }

    /** The experiments a study promises, in a stable order. */
    public static List<String> experiments(String study) {
        return List.copyOf(PROMISED.getOrDefault(study, Map.of()).keySet());
    }

    /** The promised columns of one experiment and their types; empty for an experiment we do not know. */
    public static Map<String, ColumnType> columns(String study, String experiment) {
        return PROMISED.getOrDefault(study, Map.of()).getOrDefault(experiment, Map.of());
    }

    public static Optional<ColumnType> type(String study, String experiment, String column) {
        return Optional.ofNullable(columns(study, experiment).get(column));
    }
}
