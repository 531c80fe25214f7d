package labbook.filecrypt;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
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
    void theMimeTypeComesFromTheBytesNeverTheName() throws Exception {
        Path enwik8Like = dir.resolve("enwik8");
        Files.write(enwik8Like, TestTexts.head(20_000));
        Path textCalledPng = dir.resolve("picture.png");
        Files.write(textCalledPng, TestTexts.head(20_000));
        Path binary = dir.resolve("blob");
        Files.write(binary, new byte[] {1, 0, 2, 3});
        assertThat(CryptoPolicy.isText(enwik8Like)).isTrue();
        assertThat(CryptoPolicy.isText(textCalledPng)).isTrue();
        assertThat(CryptoPolicy.isText(binary)).isFalse();
        assertThat(CryptoPolicy.level(Run.CRYPTO_DEFAULT, enwik8Like)).isEqualTo(1);
        assertThat(CryptoPolicy.level(Run.CRYPTO_DEFAULT, binary)).isZero();
    }

    @Test
    void realPngPdfAndMp3BytesAreNotTextWhateverTheyAreCalled() throws Exception {
        Path png = dir.resolve("image.txt");
        BufferedImage image = new BufferedImage(200, 120, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < 200; x++) {
            for (int y = 0; y < 120; y++) {
                image.setRGB(x, y, (x * 7919 + y * 104729) & 0xffffff);
            }
        }
        ImageIO.write(image, "png", png.toFile());
        Path pdf = dir.resolve("manual.txt");
        Files.copy(Path.of("/usr/share/R/doc/manual/R-data.pdf"), pdf); // r-doc-pdf, as the PDF corpus
        Path wav = dir.resolve("tone.wav");
        Path mp3 = dir.resolve("song.txt");
        Files.write(wav, TestAudio.wav(44_100, 2));
        assertThat(new ProcessBuilder("lame", "--quiet", "-V", "2", wav.toString(), mp3.toString())
                        .start()
                        .waitFor())
                .isZero();

        Map<Path, String> mimes = FileMime.of(List.of(png, pdf, mp3, wav));
        assertThat(mimes.values()).containsExactly("image/png", "application/pdf", "audio/mpeg", "audio/x-wav");
        for (Path p : List.of(png, pdf, mp3)) {
            assertThat(Files.size(p)).isGreaterThan(CryptoPolicy.TEXT_THRESHOLD_BYTES);
            assertThat(CryptoPolicy.level(Run.CRYPTO_DEFAULT, p))
                    .as(p.toString())
                    .isZero();
        }
    }
}
