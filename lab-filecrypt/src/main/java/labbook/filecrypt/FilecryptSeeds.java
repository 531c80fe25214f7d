package labbook.filecrypt;

import static labbook.core.Column.count;
import static labbook.core.Column.measure;
import static labbook.core.Column.text;
import static labbook.core.SeedTable.APPROXIMATE;
import static labbook.core.SeedTable.SOURCE;
import static labbook.filecrypt.FilecryptSchemas.CPU_SYS_S;
import static labbook.filecrypt.FilecryptSchemas.CPU_USER_S;
import static labbook.filecrypt.FilecryptSchemas.FILE_BYTES;
import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSchemas.MEAN_SIZE_PCT;
import static labbook.filecrypt.FilecryptSchemas.RUN;
import static labbook.filecrypt.FilecryptSchemas.STUDY;
import static labbook.filecrypt.FilecryptSchemas.TYPE;

import java.io.Reader;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import labbook.core.Column;
import labbook.core.ResultsSchema;
import labbook.core.SeedTable;
import labbook.core.SeedTable.SeedRow;

/**
 * The filecrypt seed's published figures and the module's one reader of them: class-path resources of this module
 * (their source in the README beside them), each column declared once. directory-runs' printout reads the directory
 * runs through {@link #directoryFigures()}; {@code reports} draws both tables by these constants. A seed column that is
 * also a results column ({@code file_bytes}, {@code level}, {@code type}, {@code run}, {@code cpu_user_s},
 * {@code cpu_sys_s}, {@code mean_size_pct}) is the results' constant: the seed is compared on it; the columns every
 * study's seed tables share ({@code approximate}, {@code source}) are lab-core's {@link SeedTable}'s.
 */
public final class FilecryptSeeds {
    // the paths are FilecryptSchemas' SEED_LEVELS and SEED_DIRECTORY; named here as the other studies' are
    public static final String CRYPTO_LEVELS_RESOURCE = FilecryptSchemas.SEED_LEVELS;
    public static final String CRYPTO_DIRECTORY_RESOURCE = FilecryptSchemas.SEED_DIRECTORY;

    public static final Column FILE_MB = count("file_mb", "the head of enwik8 the seed encrypted, MB: 100, 10 or 1");
    public static final Column CHART_LABEL =
            count("chart_label", "the level's label on the seed's chart (1..4 for -z 0/1/7/9)");
    public static final Column SIZE_KB = measure("size_kb", "gpg's output size, kB");
    public static final Column CPU_S = measure("cpu_s", "gpg's CPU time, user + system, s");

    public static final Column LABEL = text("label", "the run's name on the seed's chart");
    public static final Column LEVEL_RULE = text("level_rule", "the level each file got in the run");
    public static final Column CPU_TOTAL_S =
            measure("cpu_total_s", "the run's CPU time, user + system, s (exact, from the page's text)");
    public static final Column SPLIT_APPROXIMATE = text(
            "split_approximate",
            "true when the user/system split was read off the bar chart rather than quoted (true/false)");

    /** gpg's size and CPU time per level for the 100, 10 and 1 MB heads of enwik8 (chart readings). */
    public static final ResultsSchema CRYPTO_LEVELS = ResultsSchema.of(
            STUDY, "crypto-levels", FILE_MB, FILE_BYTES, LEVEL, CHART_LABEL, SIZE_KB, CPU_S, APPROXIMATE, SOURCE);
    /**
     * The seed's three directory runs on each of its four folders (text, mp3, pdf, png): CPU totals, the user/system
     * split, mean sizes.
     */
    public static final ResultsSchema CRYPTO_DIRECTORY = ResultsSchema.of(
            STUDY,
            "crypto-directory",
            TYPE,
            RUN,
            LABEL,
            LEVEL_RULE,
            CPU_TOTAL_S,
            CPU_USER_S,
            CPU_SYS_S,
            MEAN_SIZE_PCT,
            SPLIT_APPROXIMATE,
            SOURCE);

    /** Every seed table of the study. */
    public static final List<ResultsSchema> ALL = List.of(CRYPTO_LEVELS, CRYPTO_DIRECTORY);

    /**
     * One published directory run: its CPU total (s) and mean size (% of the original; NaN where the seed gives none).
     */
    public record DirectoryFigure(double cpuTotalS, double meanSizePct) {
        /** A run the seed did not make. */
        public static final DirectoryFigure NONE = new DirectoryFigure(Double.NaN, Double.NaN);
    }

    /**
     * The seed's directory runs ({@link #CRYPTO_DIRECTORY}), by folder type and run: data with its source, never ours.
     */
    public static final class DirectoryFigures {
        private final Map<String, DirectoryFigure> byTypeAndRun;

        private DirectoryFigures(List<Map.Entry<String, DirectoryFigure>> rows) {
            this.byTypeAndRun = rows.stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        }

        /**
         * The seed's figure for a folder type and run ({@code published-gpg-default-z7}, ...); NONE where it published
         * none.
         */
        public DirectoryFigure get(String type, String run) {
            return byTypeAndRun.getOrDefault(key(type, run), DirectoryFigure.NONE);
        }
    }

    /**
     * Reads {@link #CRYPTO_DIRECTORY_RESOURCE}, the one copy the report reads too; a malformed one is a one-line error.
     */
    public static DirectoryFigures directoryFigures() {
        return new DirectoryFigures(SeedTable.read(
                FilecryptSeeds.class, CRYPTO_DIRECTORY_RESOURCE, CRYPTO_DIRECTORY, FilecryptSeeds::directoryEntry));
    }

    static DirectoryFigures parseDirectoryFigures(Reader reader, String name) {
        return new DirectoryFigures(SeedTable.parse(reader, name, CRYPTO_DIRECTORY, FilecryptSeeds::directoryEntry));
    }

    private static Map.Entry<String, DirectoryFigure> directoryEntry(SeedRow r) {
        return Map.entry(
                key(r.text(TYPE), r.text(RUN)), new DirectoryFigure(r.number(CPU_TOTAL_S), r.number(MEAN_SIZE_PCT)));
    }

    private static String key(String type, String run) {
        return type + "/" + run;
    }

    private FilecryptSeeds() {}
}
