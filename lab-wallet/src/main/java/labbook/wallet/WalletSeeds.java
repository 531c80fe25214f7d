package labbook.wallet;

import static labbook.core.Column.text;
import static labbook.wallet.WalletResults.ENTRIES;
import static labbook.wallet.WalletResults.STUDY;
import static labbook.wallet.WalletResults.SYNC_MS;

import java.util.List;
import labbook.core.Column;
import labbook.core.ResultsSchema;

/**
 * The wallet seed's published figures: class-path resources of this module (their source in the
 * README beside them), each column declared once. {@code SeedSync} reads them by these constants
 * and {@code reports} draws them by the same ones. A seed column that is also a results column
 * ({@code entries}, {@code sync_ms}) is the results' constant: the seed is compared on it.
 */
public final class WalletSeeds {
    public static final String KWALLET_SYNC_RESOURCE = "/labbook/wallet/seeds/kwallet-sync.csv";

    public static final Column BUILD = text("build", "the seed's KWallet build: Release or DebugFull");
    public static final Column APPROXIMATE = text("approximate", "true when the figure was read off a chart rather than quoted (true/false)");
    public static final Column SOURCE = text("source", "where the figure was published");

    /** The seed's {@code Backend::sync()} time per build and size. */
    public static final ResultsSchema KWALLET_SYNC = ResultsSchema.of(STUDY, "kwallet-sync",
            BUILD, ENTRIES, SYNC_MS, APPROXIMATE, SOURCE);

    /** Every seed table of the study. */
    public static final List<ResultsSchema> ALL = List.of(KWALLET_SYNC);

    private WalletSeeds() {
    }
}
