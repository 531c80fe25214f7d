package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import labbook.core.Child;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watch on the front end, on real processes (the test's own children), without Jupyter. */
class FrontEndWatchTest {
    /** It looks every second; a busy machine may delay it, but not by this much. */
    private static final long SEEN_WITHIN_S = 60;

    @TempDir
    Path tmp;

    @Test
    void nothingIsWatchedWithoutAFrontEndPidOrWithInit() {
        for (String value : new String[] {null, "", "  ", "not a pid", "0", "1", "-5"}) {
            assertThat(FrontEndWatch.start(value, pid -> {}))
                    .as("JPY_PARENT_PID=" + value)
                    .isEmpty();
        }
    }

    @Test
    void theWatchHearsOfTheFrontEndsExit() throws Exception {
        try (Child frontEnd =
                Child.start(Child.spec("sleep 600", "sleep", "600").outputTo(tmp.resolve("sleep.log")))) {
            long pid = frontEnd.pid();
            CompletableFuture<Long> gone = new CompletableFuture<>();
            assertThat(FrontEndWatch.start(" " + pid + "\n", gone::complete)).contains(pid);
            Thread.sleep(FrontEndWatch.PERIOD.multipliedBy(2).toMillis());
            assertThat(gone).as("a front end still running").isNotDone();

            frontEnd.kill();
            assertThat(gone.get(SEEN_WITHIN_S, TimeUnit.SECONDS)).isEqualTo(pid);
        }
    }

    @Test
    void aFrontEndGoneBeforeTheKernelStartedIsSeenAtOnce() throws Exception {
        Child gone = Child.start(Child.spec("true", "true").outputTo(tmp.resolve("true.log")));
        assertThat(gone.waitFor(Duration.ofSeconds(SEEN_WITHIN_S))).isZero();
        CompletableFuture<Long> heard = new CompletableFuture<>();
        FrontEndWatch.start(Long.toString(gone.pid()), heard::complete);
        assertThat(heard.get(SEEN_WITHIN_S, TimeUnit.SECONDS)).isEqualTo(gone.pid());
    }
}
