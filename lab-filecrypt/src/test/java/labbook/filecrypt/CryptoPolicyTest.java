package labbook.filecrypt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import labbook.filecrypt.CryptoPolicy.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CryptoPolicyTest {
    @TempDir
    Path dir;

    @Test
    void theToolsThreeRunsAndGpgsDefault() {
        assertThat(CryptoPolicy.level(Run.CRYPTO_DEFAULT, 10_241, true)).isEqualTo(1);
        assertThat(CryptoPolicy.level(Run.CRYPTO_DEFAULT, 10_240, true)).isZero();
        assertThat(CryptoPolicy.level(Run.CRYPTO_DEFAULT, 10_000, true)).isZero();
        assertThat(CryptoPolicy.level(Run.CRYPTO_DEFAULT, 50_000_000, false)).isZero();
        assertThat(CryptoPolicy.level(Run.CRYPTO_SPEED, 50_000_000, true)).isZero();
        assertThat(CryptoPolicy.level(Run.PUBLISHED_GPG_DEFAULT_Z7, 10, false)).isEqualTo(7);
        assertThat(CryptoPolicy.level(Run.GPG_DEFAULT_Z6, 10, true)).isEqualTo(6);
    }

    @Test
    void textIsSniffedWhenTheNameSaysNothing() throws Exception {
        Path enwik8Like = dir.resolve("enwik8");
        Files.write(enwik8Like, TestTexts.head(20_000));
        Path binary = dir.resolve("blob");
        Files.write(binary, new byte[] {1, 0, 2, 3});
        assertThat(CryptoPolicy.isText(enwik8Like)).isTrue();
        assertThat(CryptoPolicy.isText(binary)).isFalse();
        assertThat(CryptoPolicy.level(Run.CRYPTO_DEFAULT, enwik8Like)).isEqualTo(1);
        assertThat(CryptoPolicy.level(Run.CRYPTO_DEFAULT, binary)).isZero();
    }
}
