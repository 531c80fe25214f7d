package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** KWallet refuses Blowfish keys with a duplicate S-box entry (about 3 keys in 100,000); so does the lab. */
class WeakKeyTest {
    @Test
    void aWeakKeyIsRefusedForWritingAndReading() throws Exception {
        Random r = new Random(20091);
        byte[] key = new byte[20];
        int tries = 0;
        do {
            r.nextBytes(key);
            tries++;
        } while (!BlowfishCodec.isWeak(key) && tries < 2_000_000);
        assertThat(BlowfishCodec.isWeak(key))
                .as("a weak key among %d random keys", tries)
                .isTrue();

        WalletContents c = new WalletContents();
        c.writeEntry("f", Entry.password("k", "v"));
        byte[] weak = key;
        assertThatThrownBy(() -> KwlCodec.encode(c, KwlFormat.KDE4, weak, new SecureRandom()))
                .isInstanceOf(WeakKeyException.class)
                .hasMessageContaining("weak");
        // with the walk on another thread, started before the key schedule: still nothing reaches the sink
        List<Integer> handed = new CopyOnWriteArrayList<>();
        ExecutorService walker = Executors.newSingleThreadExecutor();
        try {
            assertThatThrownBy(() -> KwlCodec.encode(
                            c,
                            KwlFormat.KDE4.header(),
                            KwlFormat.KDE4.dialect(),
                            weak,
                            new SecureRandom(),
                            (f, from, to) -> handed.add(from),
                            walker,
                            null))
                    .isInstanceOf(WeakKeyException.class);
        } finally {
            walker.shutdownNow();
        }
        assertThat(handed).isEmpty();
        // the same wallet under a strong key opens, but not when its key is weak
        byte[] strong = new byte[20];
        r.nextBytes(strong);
        assertThat(BlowfishCodec.isWeak(strong)).isFalse();
        byte[] file = KwlCodec.encode(c, KwlFormat.KDE4, strong, new SecureRandom());
        assertThatThrownBy(() -> new BlowfishCodec(weak, false, true).decrypt(file.clone(), 0, 8))
                .isInstanceOf(WeakKeyException.class);
    }
}
