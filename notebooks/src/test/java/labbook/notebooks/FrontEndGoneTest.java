package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import labbook.core.Child;
import labbook.core.Repo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kernel whose front end dies exits, as ipykernel does (issue 23: the JVM stayed alive under PID 1). The front end is
 * Debian's jupyter_client starting the packaged kernel the way jupyter console and the Notebook server do
 * (src/test/python/front_end.py); once the kernel answers, the front end is killed with SIGKILL, and the kernel's
 * process must be gone soon after.
 */
@Tag("jupyter")
class FrontEndGoneTest {
    /** For the kernel to start and answer: a cold JVM and JShell on a busy machine. */
    private static final Duration KERNEL_READY = Duration.ofMinutes(5);
    /**
     * How long the kernel may outlive its front end before the test fails: it looks every second, so it is gone within
     * a few; this leaves room for a machine that is slow, not for a kernel that does not look.
     */
    private static final Duration KERNEL_GONE = Duration.ofSeconds(60);

    @TempDir
    Path prefix;

    @Test
    void theKernelExitsWhenItsFrontEndIsKilled() throws Exception {
        Jupyter jupyter = Jupyter.require(prefix, "jupyter_client");
        Path tests =
                Repo.root().resolve("notebooks").resolve("src").resolve("test").resolve("python");
        try (Child frontEnd = jupyter.startPython(tests, "front_end.py")) {
            long pid = Long.parseLong(frontEnd.awaitOutput(Pattern.compile("^kernel pid (\\d+)$"), KERNEL_READY)
                    .group(1));
            Optional<ProcessHandle> kernel = ProcessHandle.of(pid);
            assertThat(kernel)
                    .as("the kernel (pid %d) before its front end is killed", pid)
                    .isPresent();
            assertThat(kernel.get().parent().map(ProcessHandle::pid))
                    .as("the kernel's parent")
                    .contains(frontEnd.pid());

            frontEnd.kill();
            long killedAt = System.nanoTime();
            try {
                kernel.get().onExit().get(KERNEL_GONE.toSeconds(), TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                kernel.get().destroyForcibly();
                throw new AssertionError("the kernel (pid " + pid + ") still ran " + KERNEL_GONE.toSeconds()
                        + " s after its front end was killed (now killed); its last line: "
                        + frontEnd.lastStderrLine().orElse("(no output)"));
            }
            System.out.printf(
                    "kernel gone %.1f s after its front end was killed%n", (System.nanoTime() - killedAt) / 1e9);

            // the kernel's stderr is the front end's log: it said why it left, and started without SLF4J's warnings
            assertThat(frontEnd.output())
                    .contains("labbook kernel: its front end (pid " + frontEnd.pid() + ") is gone: exiting")
                    .doesNotContain("SLF4J");
        }
    }
}
