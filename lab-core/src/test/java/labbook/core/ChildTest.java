package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every way a wait on a {@link Child} can end, each forced with a real process: it exits first, it is killed by a
 * signal, it stays silent, it runs past its limit, it answers. The bounds here are far above what the shell needs, so a
 * slow machine makes no test fail; what is checked is that the wait ends with the right line, and that no child is left
 * running.
 */
class ChildTest {
    /**
     * Far beyond any of these children's work: a wait that ends before it ended because of the child, not the bound.
     */
    private static final Duration LONG = Duration.ofSeconds(60);

    private static ChildSpec bash(String name, String script) {
        return Child.spec(name, "bash", "-c", script);
    }

    @Test
    void aChildThatExitsBeforeAnsweringEndsTheWaitAtOnceWithItsLastLine() {
        long start = System.nanoTime();
        try (Child child = Child.start(
                bash("writer", "echo starting >&2; echo 'writer: cannot open x.kwl: no such file' >&2; exit 3")
                        .stdoutLines()
                        .silence(LONG))) {
            assertThatThrownBy(child::nextLine)
                    .isInstanceOf(LabException.class)
                    .hasMessageMatching("writer \\(pid \\d+\\) ended before it answered: exit 3: writer: cannot open "
                            + "x.kwl: no such file");
            assertThat(child.isAlive()).isFalse();
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(LONG);
    }

    @Test
    void aSignalIsNamed() {
        try (Child child =
                Child.start(bash("harness", "kill -9 $$").stdoutLines().silence(LONG))) {
            assertThatThrownBy(child::nextLine)
                    .hasMessageMatching(
                            "harness \\(pid \\d+\\) ended before it answered: killed by signal 9 \\(KILL\\)");
        }
        assertThat(Child.exitStatus(143)).isEqualTo("killed by signal 15 (TERM)");
        assertThat(Child.exitStatus(1)).isEqualTo("exit 1");
        assertThat(Child.exitStatus(0)).isEqualTo("exit 0");
    }

    @Test
    void aSilentChildIsKilledAfterItsSilenceBound() {
        Child child = Child.start(bash("sleeper", "echo 'about to hang' >&2; exec sleep 600")
                .stdoutLines()
                .silence(Duration.ofSeconds(1)));
        assertThatThrownBy(child::nextLine)
                .hasMessageMatching("sleeper \\(pid \\d+\\) was killed after it said nothing for 1 s: about to hang");
        assertThat(child.isAlive()).isFalse();
        assertThat(ProcessHandle.of(child.pid())).isEmpty();
    }

    @Test
    void aChildPastItsLimitIsKilled() {
        Child child = Child.start(bash("tool", "exec sleep 600").limit(Duration.ofSeconds(1)));
        assertThatThrownBy(child::waitFor)
                .hasMessageMatching("tool \\(pid \\d+\\) was killed after it was still running after 1 s");
        assertThat(child.isAlive()).isFalse();
    }

    @Test
    void linesAreReadInOrderAndNoneIsLostToAKill() throws InterruptedException {
        try (Child child = Child.start(
                bash("writer", "printf 'BOOTED\\nACK 1\\nACK 2\\nACK 3\\n'; echo printed >&2; exec sleep 600")
                        .stdoutLines()
                        .silence(LONG))) {
            assertThat(child.nextLine()).isEqualTo("BOOTED");
            assertThat(child.nextLine()).isEqualTo("ACK 1");
            long until = System.nanoTime() + LONG.toNanos();
            while (!child.stderrText().contains("printed") && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            child.kill();
            // printed before the kill, still in the pipe: read to its end by the kill
            assertThat(child.remainingLines()).containsExactly("ACK 2", "ACK 3");
            assertThat(child.isAlive()).isFalse();
            assertThatThrownBy(child::nextLine)
                    .hasMessageContaining("ended before it answered: killed by signal 9 (KILL)");
        }
    }

    @Test
    void aSuccessfulRunGivesItsOutputAndExitCode() {
        try (Child child = Child.start(Child.spec("cat", "cat")
                .stdin("secret-free bytes\n".getBytes(StandardCharsets.UTF_8))
                .captureStdout())) {
            assertThat(child.waitFor()).isZero();
            assertThat(new String(child.stdoutBytes(), StandardCharsets.UTF_8)).isEqualTo("secret-free bytes\n");
        }
        try (Child child =
                Child.start(bash("failing", "echo 'first complaint' >&2; echo 'failing: the last word' >&2; exit 2"))) {
            assertThatThrownBy(child::waitForSuccess).hasMessageEndingWith("failed: exit 2: failing: the last word");
        }
    }

    @Test
    void relayedOutputPassesThroughThisJvmsStreams() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (Child child = Child.start(bash("forked", "echo progress >&2; echo result")
                .relayStdout(out)
                .relayStderr(err)
                .silence(LONG))) {
            child.waitForSuccess();
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("result\n");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("progress\n");
    }

    @Test
    void aCommandThatCannotStartNamesIt() {
        assertThatThrownBy(() -> Child.start(Child.spec("peer", "/no/such/tool")))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("cannot run peer (/no/such/tool): ");
    }

    @Test
    void aLabMadeChildFailsWithOneLineThatTheParentRepeats() {
        List<String> command = ForkedJava.command(
                List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1"), FailingMain.class.getName(), List.of());
        try (Child child = Child.start(Child.spec("failing main", command).silence(LONG))) {
            assertThatThrownBy(child::waitForSuccess)
                    .hasMessageEndingWith(
                            "failed: exit 1: failing main: cannot open /no/such/wallet.kwl: no such file");
            assertThat(child.stderrText()).isEqualTo("failing main: cannot open /no/such/wallet.kwl: no such file\n");
        }
        command = ForkedJava.command(
                List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1"), FailingMain.class.getName(), List.of("unexpected"));
        try (Child child = Child.start(Child.spec("failing main", command).silence(LONG))) {
            assertThat(child.waitFor()).isEqualTo(1);
            assertThat(child.stderrText())
                    .isEqualTo("failing main: unexpected error: IllegalStateException: a bug, not bad input\n")
                    .doesNotContain("\tat ");
        }
    }
}
