package labbook.reports;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import labbook.core.LabException;
import labbook.filecrypt.FilecryptResults;
import labbook.vfs.VfsResults;
import labbook.wallet.WalletResults;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * The seeds' published figures, as CSV resources of the study modules ({@code labbook/<study>/seeds/}); every row names
 * its source, and rows read off a chart by eye say {@code approximate = true}.
 */
public final class Seeds {
    /** KWallet sync time, DebugFull and Release, at 1/100/1000/5000/10000 entries. */
    public static final String KWALLET_SYNC = "kwallet-sync";
    /** crypto's gpg size and CPU time per level for the 100/10/1 MB heads (approximate chart readings). */
    public static final String CRYPTO_LEVELS = "crypto-levels";
    /** crypto's three directory runs: CPU totals, user/system split, mean sizes. */
    public static final String CRYPTO_DIRECTORY = "crypto-directory";
    /** Piggin's four git diff configurations. */
    public static final String VFS_GIT_DIFF = "vfs-git-diff";
    /** Axboe's table normalised to 2.6.32-rc3 serial = 1.00. */
    public static final String VFS_AXBOE = "vfs-axboe";

    public static final List<String> ALL = List.of(KWALLET_SYNC, CRYPTO_LEVELS, CRYPTO_DIRECTORY, VFS_GIT_DIFF, VFS_AXBOE);

    private Seeds() {
    }

    /** One seed table by name (see the constants). */
    public static Table table(String name) {
        String resource = resource(name);
        InputStream in = Seeds.class.getResourceAsStream(resource);
        if (in == null) {
            throw new LabException("no seed table '" + name + "' (known: " + ALL + ")");
        }
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return Table.read().usingOptions(CsvReadOptions.builder(reader).tableName(name).build());
        } catch (IOException e) {
            throw new LabException("cannot read seed table " + resource + ": " + e.getMessage(), e);
        }
    }

    /** Where a seed table lives: a class-path resource of its study module, which reads it too. */
    static String resource(String name) {
        return switch (name) {
            case KWALLET_SYNC -> WalletResults.SEED_SYNC;
            case CRYPTO_LEVELS -> FilecryptResults.SEED_LEVELS;
            case CRYPTO_DIRECTORY -> FilecryptResults.SEED_DIRECTORY;
            case VFS_GIT_DIFF -> VfsResults.SEED_GIT_DIFF;
            case VFS_AXBOE -> VfsResults.SEED_AXBOE;
            default -> throw new LabException("no seed table '" + name + "' (known: " + ALL + ")");
        };
    }

    /** The source line of a seed table (every row of a table shares it). */
    public static String source(String name) {
        return table(name).stringColumn("source").get(0);
    }
}
