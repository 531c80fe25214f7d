package labbook.filecrypt.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import labbook.filecrypt.pgp.CipherPath;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.ZipDeflater;
import org.junit.jupiter.api.Test;

/** The JIT warm-up treats options that run the same Java code as one. */
class EncryptionsTest {
    private static final EncryptOptions ZIP = EncryptOptions.defaults().withZipDeflater(ZipDeflater.JDK_32K);

    @Test
    void nativeDeflateLevelsAreOnePathAndNoCompressionIsOne() {
        assertThat(Encryptions.codePath(ZIP.withLevel(1))).isEqualTo(Encryptions.codePath(ZIP.withLevel(9)));
        assertThat(Encryptions.codePath(ZIP.withLevel(0)))
                .isEqualTo(Encryptions.codePath(
                        ZIP.withCompression(Compression.NONE).withLevel(6)))
                .isNotEqualTo(Encryptions.codePath(ZIP.withLevel(1)));
        assertThat(Encryptions.codePath(ZIP.withCompression(Compression.BZIP2).withLevel(1)))
                .isEqualTo(Encryptions.codePath(
                        ZIP.withCompression(Compression.BZIP2).withLevel(9)));
    }

    @Test
    void jzlibsFastAndSlowDeflateAndEachCipherPathAreTheirOwn() {
        EncryptOptions jzlib = ZIP.withZipDeflater(ZipDeflater.JZLIB_8K);
        assertThat(Encryptions.codePath(jzlib.withLevel(1)))
                .isEqualTo(Encryptions.codePath(jzlib.withLevel(3)))
                .isNotEqualTo(Encryptions.codePath(jzlib.withLevel(4)));
        assertThat(Encryptions.codePath(jzlib.withLevel(4))).isEqualTo(Encryptions.codePath(jzlib.withLevel(9)));
        assertThat(Encryptions.codePath(ZIP.withLevel(1).withCipherPath(CipherPath.BC_JCE)))
                .isNotEqualTo(Encryptions.codePath(ZIP.withLevel(1)));
    }
}
