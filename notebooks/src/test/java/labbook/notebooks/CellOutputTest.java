package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.dflib.jjava.jupyter.messages.publish.PublishStream;
import org.dflib.jjava.jupyter.messages.publish.PublishStream.StreamType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A cell's output gathered into few stream messages, without the wire: what would be sent, and when. */
class CellOutputTest {
    private static final long INTERVAL_NS = CellOutput.FLUSH_INTERVAL.toNanos();

    private final CellOutput output = new CellOutput();
    /** What reached the front end, and when (System.nanoTime), in order. */
    private final List<PublishStream> sent = new ArrayList<>();

    private final List<Long> sentAt = new ArrayList<>();

    @BeforeEach
    void attach() {
        output.attach(message -> {
            synchronized (sent) {
                sent.add(message);
                sentAt.add(System.nanoTime());
            }
        });
    }

    @AfterEach
    void detach() {
        output.detach();
    }

    private String sentText() {
        synchronized (sent) {
            return sent.stream().map(PublishStream::getText).collect(Collectors.joining());
        }
    }

    /**
     * JShell runs each snippet on a thread in a new thread group and waits for every thread of that group to end. A
     * timer thread started by a cell's first print landed there when the print came before JShell listed the group, and
     * the kernel hung on that cell for good. The print here comes from such a group, always.
     */
    @Test
    void aCellsFirstPrintStartsNoThreadInTheCellsThreadGroup() throws Exception {
        CellOutput kernelsOutput = new CellOutput(); // made on the kernel's thread, as JShellKernel makes it
        kernelsOutput.attach(message -> {});
        ThreadGroup snippetGroup = new ThreadGroup("JShell process local execution");
        Thread snippet = new Thread(snippetGroup, () -> kernelsOutput.out.print("the cell's first print"));
        snippet.start();
        snippet.join();

        Thread[] left = new Thread[4];
        int count = snippetGroup.enumerate(left);
        assertThat(Arrays.asList(left).subList(0, count))
                .as("threads JShell would wait for after the snippet ended")
                .isEmpty();
        kernelsOutput.detach();
    }

    @Test
    void sevenLinesOfPrintfAreOneMessageNotOnePerWrite() {
        long start = System.nanoTime();
        for (int line = 0; line < 7; line++) {
            for (int i = 0; i < 25; i++) {
                output.out.printf("%d", i % 10);
            }
            output.out.printf("%n");
        }
        long elapsed = System.nanoTime() - start;
        output.flush(); // the cell ends

        assertThat(sentText()).isEqualTo("0123456789012345678901234\n".repeat(7));
        // one message, or one more for each flush interval the printing took (a busy machine's pauses)
        assertThat(sent).hasSizeLessThanOrEqualTo(1 + (int) (elapsed / INTERVAL_NS));
        assertThat(sent).allMatch(m -> m.getStreamType() == StreamType.OUT);
    }

    @Test
    void messagesComeNoMoreOftenThanTheFlushInterval() throws Exception {
        for (int i = 0; i < 150; i++) {
            output.out.print(i + " ");
            Thread.sleep(5);
        }
        output.flush();

        List<Long> at;
        synchronized (sent) {
            at = List.copyOf(sentAt);
        }
        assertThat(at).as("150 writes over at least 0.75 s").hasSizeGreaterThan(1);
        // each message sent by the timer comes a whole interval after the one before; the last is the cell's end
        for (int i = 1; i < at.size() - 1; i++) {
            assertThat(at.get(i) - at.get(i - 1)).as("gap before message " + i).isGreaterThanOrEqualTo(INTERVAL_NS);
        }
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 150; i++) {
            expected.append(i).append(' ');
        }
        assertThat(sentText()).isEqualTo(expected.toString());
    }

    @Test
    void stdoutAndStderrKeepTheirOrder() {
        output.out.print("first ");
        output.err.print("warning ");
        output.out.print("last");
        output.flush();
        assertThat(sent)
                .extracting(PublishStream::getStreamType, PublishStream::getText)
                .containsExactly(
                        tuple(StreamType.OUT, "first "),
                        tuple(StreamType.ERR, "warning "),
                        tuple(StreamType.OUT, "last"));
    }

    @Test
    void theCellsOwnFlushSendsAtOnce() {
        output.out.print("progress 10%");
        output.out.flush();
        assertThat(sentText()).isEqualTo("progress 10%");
    }

    @Test
    void betweenCellsNothingIsSent() {
        output.out.print("held");
        output.detach(); // the request ends: what is held goes out
        output.out.print("after the cell");
        output.flush();
        assertThat(sentText()).isEqualTo("held");
    }

    @Test
    void textOutsideAsciiArrivesWhole() {
        output.out.print("µs, “quotes”, 日本, 🙂");
        output.flush();
        assertThat(sentText()).isEqualTo("µs, “quotes”, 日本, 🙂");
    }
}
