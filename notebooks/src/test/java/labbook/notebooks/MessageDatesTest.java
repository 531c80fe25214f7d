package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.dflib.jjava.jupyter.messages.Header;
import org.dflib.jjava.jupyter.messages.KernelTimestamp;
import org.dflib.jjava.jupyter.messages.Message;
import org.dflib.jjava.jupyter.messages.MessageType;
import org.dflib.jjava.jupyter.messages.publish.PublishStream;
import org.junit.jupiter.api.Test;

/** Message dates as the protocol writes them; the wire test (test_kernel_protocol.py) reads them off real messages. */
class MessageDatesTest {
    @Test
    void aDateIsIso8601InUtcToTheMicrosecond() {
        Instant before = Instant.now();
        String now = MessageDates.now();
        assertThat(now).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z");
        assertThat(Duration.between(before, Instant.parse(now)).abs()).isLessThan(Duration.ofMinutes(1));
    }

    @Test
    void aMessageDatedNowKeepsEverythingElse() {
        Header<?> parent = new Header<>(
                "parent-id",
                "user",
                "session",
                new KernelTimestamp("2026-12-01T18:55:03.123456Z"),
                MessageType.EXECUTE_REQUEST,
                "5.3");
        Header<PublishStream> header =
                new Header<>("id", "user", "session", KernelTimestamp.now(), PublishStream.MESSAGE_TYPE, "5.3");
        PublishStream content = new PublishStream(PublishStream.StreamType.OUT, "text");
        List<byte[]> identities = List.of(new byte[] {1, 2});
        Message<PublishStream> message = new Message<>(identities, header, parent, Map.of("k", "v"), content, null);

        Message<PublishStream> dated = MessageDates.datedNow(message);

        assertThat(dated.getHeader().getTimestamp().getDateString()).matches(".*:\\d\\d\\.\\d{6}Z");
        assertThat(dated.getHeader().getId()).isEqualTo("id");
        assertThat(dated.getHeader().getSessionId()).isEqualTo("session");
        assertThat(dated.getHeader().getType()).isEqualTo(PublishStream.MESSAGE_TYPE);
        assertThat(dated.getParentHeader()).isSameAs(parent);
        assertThat(dated.getIdentities()).isSameAs(identities);
        assertThat(dated.getMetadata()).containsEntry("k", "v");
        assertThat(dated.getContent()).isSameAs(content);
    }
}
