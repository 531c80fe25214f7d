package labbook.wallet.kwallet5;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The tests that run the real backend skip, with the reason (e.g. the apt-get line), when it is not installed. */
final class RealBackend {
    private RealBackend() {
    }

    /** Call from {@code @BeforeAll}: skips the class unless the harness builds and runs here. */
    static void assumeAvailable() {
        String why = Kwallet5.unavailableReason().orElse("");
        if (!why.isEmpty()) {
            System.out.println("kwallet5 tests skipped: " + why);
        }
        assumeTrue(why.isEmpty(), () -> "kwallet5 tests skipped: " + why);
    }
}
