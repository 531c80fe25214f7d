package labbook.wallet.peer;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The tests that run the real backend skip, with the reason (e.g. the apt-get line), when it is not installed. */
public final class RealBackend {
    private RealBackend() {
    }

    private static boolean told;

    /** Call from {@code @BeforeEach}: skips the test (each is reported skipped) unless the harness builds and runs here. */
    public static synchronized void assumeAvailable() {
        String why = Kwallet5.unavailableReason().orElse("");
        if (!why.isEmpty() && !told) {
            System.out.println("kwallet5 tests skipped: " + why);
            told = true;
        }
        assumeTrue(why.isEmpty(), () -> "kwallet5 tests skipped: " + why);
    }
}
