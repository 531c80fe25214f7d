package labbook.hostile;

import static labbook.hostile.Tool.WALLET;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import labbook.core.CsvResults;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.ResultsSchema;
import labbook.wallet.WalletSchemas;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * One root, one answer: a {@code --resume} onto results that another mode or other options made is refused in one line
 * naming the difference (exit 1), and the CSV and run.json it would have continued keep every byte.
 */
class HostileResumeTest {
    @TempDir
    Path tmp;

    /**
     * What a finished quick main job leaves of the wallet study, as the lab's own LabRun writes it: sync-sweep.csv of
     * every variant, and run.json naming the {@code all} run that made it. Returns the results root.
     */
    static String finishedQuickMainJob(Sandbox s) {
        Path results = s.path("B");
        ResultsSchema sweep = WalletSchemas.SYNC_SWEEP;
        try (LabRun run = LabRun.start(LabOptions.of(results, Mode.QUICK), WalletSchemas.STUDY, "all");
                CsvResults csv = run.csv(sweep)) {
            for (String variant : List.of("kde4", "kf5", "kf5-fdatasync", "aead", "kde4-c1", "kde4-xint")) {
                Object[] row = new Object[sweep.columns().size()];
                row[sweep.indexOf(WalletSchemas.VARIANT)] = variant;
                csv.row(row);
            }
            csv.commit();
        }
        return results.toString();
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        cases.add(Case.of(
                "sync-sweep --resume with other variants than the results it would continue",
                WALLET,
                1,
                s -> List.of(
                        "sync-sweep", "--quick", "--variants", "kde4", "--out", finishedQuickMainJob(s), "--resume"),
                s -> "sync-sweep.csv was made with --variants (default), not --variants kde4"));
        cases.add(Case.of(
                "sync-sweep --resume in the other mode",
                WALLET,
                1,
                s -> List.of("sync-sweep", "--full", "--out", finishedQuickMainJob(s), "--resume"),
                s -> "sync-sweep.csv was made with --quick, not --full"));
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> aResumeWithOtherOptionsChangesNothing() {
        return Promise.eachCase(cases(), tmp);
    }
}
