package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The payload length the contents keep as they change is the one summed entry by entry, after every change. */
class WalletContentsTest {
    @Test
    void thePayloadLengthKeptAlongIsTheSumAfterEveryKindOfChange() {
        Random random = new Random(7);
        WalletContents c = new WalletContents();
        List<String> folders = List.of("Passwords", "Form Data", "ü folder", "");
        int changes = 0;
        for (int i = 0; i < 5_000; i++) {
            String folder = folders.get(random.nextInt(folders.size()));
            String key = "k" + random.nextInt(300) + (random.nextBoolean() ? "" : " ключ");
            switch (random.nextInt(10)) {
                case 0 -> c.createFolder(folder);
                case 1 -> changes += c.removeFolder(folder) ? 1 : 0;
                case 2, 3 -> changes += c.removeEntry(folder, key) ? 1 : 0;
                case 4 -> c.writeEntry(folder, new Entry(key, EntryType.STREAM, null)); // a null QByteArray
                case 5 -> c.writeEntry(folder, Entry.map(key, java.util.Map.of("user", "me", "ключ", "")));
                default -> c.writeEntry(folder, Entry.password(key, "p".repeat(random.nextInt(40))));
            }
            assertThat(c.payloadBytes()).as("after change %d", i).isEqualTo(KwlPayload.size(c.folders()));
        }
        // the removals above did remove something, so both directions were checked
        assertThat(changes).isGreaterThan(100);
        WalletContents copy = c.copy();
        copy.writeEntry("another", Entry.password("k", "v"));
        assertThat(copy.payloadBytes()).isEqualTo(KwlPayload.size(copy.folders()));
        assertThat(c.payloadBytes()).isEqualTo(KwlPayload.size(c.folders()));
        assertThat(KwlPayload.of(c)).hasSize((int) c.payloadBytes());
    }

    @Test
    void aReadWalletKnowsItsPayloadLength() throws Exception {
        WalletContents c = new WalletContents();
        c.writeEntry("f", Entry.password("a", "secret"));
        c.writeEntry("f", Entry.stream("b", new byte[] {1, 2, 3}));
        byte[] d = KwlPayload.of(c);
        WalletContents read = KwlPayload.read(d, 0, d.length);
        assertThat(read).isEqualTo(c);
        assertThat(read.payloadBytes()).isEqualTo(d.length);
    }
}
