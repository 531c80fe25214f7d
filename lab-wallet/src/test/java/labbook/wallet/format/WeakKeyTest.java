package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Random;
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
        // the same wallet under a strong key opens, but not when its key is weak
        byte[] strong = new byte[20];
        r.nextBytes(strong);
        assertThat(BlowfishCodec.isWeak(strong)).isFalse();
        byte[] file = KwlCodec.encode(c, KwlFormat.KDE4, strong, new SecureRandom());
        assertThatThrownBy(() -> new BlowfishCodec(weak, false, true).decrypt(file.clone(), 0, 8))
                .isInstanceOf(WeakKeyException.class);
    }
}
