package labbook.reports.wallet;

import java.util.List;
import java.util.Map;
import labbook.core.ResultsSchema;
import labbook.reports.results.Results;
import labbook.reports.study.Claim;
import labbook.reports.study.ExperimentChart;
import labbook.reports.study.PageText;
import labbook.reports.study.Seed;
import labbook.reports.study.Study;
import labbook.reports.study.StudyChart;
import labbook.reports.study.Target;
import labbook.wallet.WalletSchemas;
import tech.tablesaw.api.Table;

/** KDE's KWallet sync benchmark: is re-encrypting and saving the whole wallet at every change affordable? */
public final class WalletStudy implements Study {
    /** The seed's claims, for code and tests; the page shows their prose. */
    public enum Id implements Claim.Id {
        /** Sync time at one of the seed's sizes ({@code about}: the entries). */
        SYNC_AT,
        /**
         * Sync time at one of the seed's sizes on the real code, KDE's backend (kwallet5) ({@code about}: the entries).
         */
        REAL_SYNC_AT,
        SLOPE,
        /** Saving at once is cheap below 1000 entries ({@code about}: the variant; kwallet5 is the real code). */
        SAVING_AT_ONCE,
        /** Big overhead is a myth ({@code about}: "" for the lab's variant, "kwallet5" for the real code). */
        MYTH,
        CIPHER_SHARE,
        /** A slow build costs a few times more ({@code about}: "" for -Xint, "kde4-c1" for C1 alone). */
        SLOW_BUILD,
        PER_ENTRY_SAVE
    }

    /** The lab's own target for its Java code, which the seed never set. */
    public enum TargetId implements Target.Id {
        /** kde4's sync time over the real backend's (kwallet5) at 10,000 and 100,000 entries, against its goal. */
        SPEED_AGAINST_REAL,
        /** kf5's cipher alone (Blowfish-CBC) over OpenSSL's BF_cbc_encrypt on the same bytes, at 10,000 entries. */
        CIPHER_CBC_AGAINST_OPENSSL,
        /** kde4's cipher alone (Blowfish, KDE4's chaining) over OpenSSL's BF_ecb_encrypt loop on the same bytes. */
        CIPHER_ECB_AGAINST_OPENSSL,
        /** A KF5 wallet's key, the lab's PBKDF2-HMAC-SHA512 over OpenSSL's, timed in pairs by sync-sweep. */
        KEY_AGAINST_OPENSSL,
        /** A lab wallet's sync at 100,000 entries over its sync at 10,000 (full mode), against its goal. */
        GROWTH_TO_FULL_SIZE
    }

    @Override
    public String id() {
        return WalletSchemas.STUDY;
    }

    @Override
    public List<ResultsSchema> schemas() {
        return WalletSchemas.ALL;
    }

    @Override
    public List<Seed> seeds() {
        return List.of(WalletData.KWALLET_SYNC);
    }

    @Override
    public PageText text() {
        return new PageText(
                "KWallet: the cost of saving at once",
                "I assume that your usual wallet will contain less than 1000 entries. Due to the fact that any "
                        + "workaround would have to encrypt at least 1 entry (~ 8ms) this workaround would "
                        + "save around 15ms - 8ms = 7ms. "
                        + "This is clearly insignificant. Big overhead for syncing the wallet seems to be a myth.",
                "KDE Community Wiki, \"KDE Utils/kwallet/Benchmark\" (KDE 4 era), https://community.kde.org/KDE_Utils/kwallet/Benchmark");
    }

    @Override
    public List<Claim> claims(Results results) {
        return new WalletClaims().claims(results);
    }

    @Override
    public List<Target> targets(Results results) {
        return WalletTargets.of(results);
    }

    @Override
    public List<StudyChart> charts() {
        return List.of(
                ExperimentChart.of(SyncTimeChart.NAME, WalletSchemas.SYNC_SWEEP, SyncTimeChart::draw),
                ExperimentChart.of(
                        InterpretedVsCompiledChart.NAME, WalletSchemas.SYNC_SWEEP, InterpretedVsCompiledChart::draw),
                ExperimentChart.of(SaveStrategiesChart.NAME, WalletSchemas.SAVE_STRATEGIES, SaveStrategiesChart::draw));
    }

    @Override
    public List<String> headlines() {
        return List.of(SyncTimeChart.NAME, SaveStrategiesChart.NAME);
    }

    @Override
    public Map<String, Table> analyses(Results results) {
        return WalletAnalyses.of(results);
    }
}
