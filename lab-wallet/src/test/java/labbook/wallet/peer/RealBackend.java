package labbook.wallet.peer;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The tests that run the real backend skip, with the reason (e.g. the apt-get line), when it is not installed: a class
 * of such tests says {@code @ExtendWith(RealBackend.class)}.
 */
public final class RealBackend implements BeforeEachCallback {
    private static boolean told;

    /** Skips the test (each is reported skipped) unless the harness builds and runs here. */
    private static synchronized void assumeAvailable() {
        String why = Kwallet5.unavailableReason().orElse("");
        if (!why.isEmpty() && !told) {
            System.out.println("kwallet5 tests skipped: " + why);
            told = true;
        }
        assumeTrue(why.isEmpty(), () -> "kwallet5 tests skipped: " + why);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        assumeAvailable();
    }
}
