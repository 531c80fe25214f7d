package labbook.notebooks;

import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.dflib.jjava.jupyter.messages.Header;
import org.dflib.jjava.jupyter.messages.KernelTimestamp;
import org.dflib.jjava.jupyter.messages.Message;

/**
 * The date of a message the kernel sends, as the Jupyter protocol writes it: ISO 8601 in UTC, to the microsecond
 * ("2026-12-01T18:55:03.123456Z", as jupyter_client and ipykernel write it). jjava-jupyter dates its messages to the
 * minute ("2026-12-01T18:55+0000"), which jupyter_client cannot even read as a date, and which makes the timings front
 * ends keep (nbclient's per-cell metadata, JupyterLab's) worthless.
 */
final class MessageDates {
    private static final DateTimeFormatter ISO_MICROSECONDS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSXXX").withZone(ZoneOffset.UTC);
    /** The JDK's wall clock, to the microsecond on Linux (and finer). */
    private static final Clock CLOCK = Clock.systemUTC();

    private MessageDates() {}

    static String now() {
        return ISO_MICROSECONDS.format(CLOCK.instant());
    }

    /** The message, dated now: what to send instead of the message jjava-jupyter dated when it was made. */
    static <T> Message<T> datedNow(Message<T> message) {
        Header<T> header = message.getHeader();
        Header<T> dated = new Header<>(
                header.getId(),
                header.getUsername(),
                header.getSessionId(),
                new KernelTimestamp(now()),
                header.getType(),
                header.getVersion());
        return new Message<>(
                message.getIdentities(),
                dated,
                message.getParentHeader(),
                message.getMetadata(),
                message.getContent(),
                message.getBlobs());
    }
}
