package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import labbook.core.ForkedJava;
import labbook.core.Launch;
import labbook.filecrypt.TestTexts;
import labbook.filecrypt.cli.CliLaunch;
import labbook.filecrypt.main.FilecryptLab;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fast paths are what runs, on whichever JDK runs the tests (17 or 22+): surefire starts this JVM with the running
 * JDK's {@link FastPath#JVM_FLAGS} (the module pom's jdk profiles), so a silent fall-back to JZlib or a lost AES
 * intrinsic fails here rather than only slowing the study.
 */
class FastPathTest {
    private static final int FEATURE = Runtime.version().feature();

    /**
     * The flags add no module and open none of the JDK's internals: on JDK 17 an added incubator module would make
     * every encrypt print "WARNING: Using incubator modules", and an added module that a later JDK no longer ships
     * would keep its JVM from starting.
     */
    @Test
    void theFlagsAddNoModuleAndOpenNothing() {
        assertThat(FastPath.JVM_FLAGS)
                .noneMatch(f -> f.startsWith("--add-modules"))
                .noneMatch(f -> f.startsWith("--add-opens"));
    }

    /**
     * The flags are one declaration (the pom's, through {@link Launch}): built for the JDK that runs, given to this JVM
     * by surefire, and to encrypt's JVM by the command the launcher and the level sweep compute.
     */
    @Test
    void theDeclaredFlagsAreTheOnesInUse() {
        Launch launch = Launch.onClassPath("filecrypt");
        assertThat(launch.jdk()).isEqualTo(FEATURE);
        assertThat(launch.jvmFlags()).isEqualTo(FastPath.JVM_FLAGS);
        assertThat(String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()))
                .contains(String.join(" ", launch.jvmFlags()));
        List<String> encrypt = CliLaunch.command(List.of("encrypt", "--help"));
        assertThat(encrypt).containsSubsequence(launch.jvmFlags()).containsSubsequence(launch.cliFlags());
        assertThat(launch.cliFlags()).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
        assertThat(encrypt.subList(encrypt.size() - 3, encrypt.size()))
                .containsExactly(launch.mainClass(), "encrypt", "--help");
    }

    /**
     * encrypt, which deflates with the system zlib, and decrypt say nothing on stderr on any JDK (on JDK 17 no
     * incubator warning: the zlib binding there is JNI), and decrypt reads back what encrypt wrote.
     */
    @Test
    void encryptAndDecryptSayNothingOnStderr(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("in.txt");
        Files.write(in, TestTexts.head(100_000));
        Path pass = dir.resolve("pass");
        Passphrase.write(pass, "decrypt test".toCharArray());
        Path gpg = dir.resolve("in.gpg");
        Path back = dir.resolve("back.txt");
        List<String> encrypt = CliLaunch.command(
                List.of("encrypt", "--passphrase-file", pass.toString(), "-z", "6", in.toString(), gpg.toString()));
        List<String> decrypt = CliLaunch.command(
                List.of("decrypt", "--passphrase-file", pass.toString(), gpg.toString(), back.toString()));
        assertThat(stderrOf(encrypt, dir.resolve("encrypt.err"))).isEmpty();
        assertThat(stderrOf(decrypt, dir.resolve("decrypt.err"))).isEmpty();
        assertThat(Files.readAllBytes(back)).isEqualTo(Files.readAllBytes(in));
    }

    /** Runs {@code command} to a zero exit; its stderr. */
    private static String stderrOf(List<String> command, Path err) throws Exception {
        Process p = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        String stderr = Files.readString(err);
        assertThat(p.exitValue()).as(stderr).isZero();
        return stderr;
    }

    @Test
    void nativeZlibIsCalledThroughJniBefore22AndTheForeignApiFrom22() {
        assertThat(NativeZlib.available()).as(NativeZlib.describe()).isTrue();
        assertThat(NativeZlib.describe())
                .startsWith("zlib 1.")
                .endsWith(FEATURE < 22 ? "via JNI" : "via java.lang.foreign");
        assertThat(ZipDeflater.gpgWindow()).isEqualTo(ZipDeflater.ZLIB_8K);
        assertThat(EncryptOptions.defaults().zipDeflater()).isEqualTo(ZipDeflater.ZLIB_8K);
    }

    @Test
    void aesCfbRunsOnAesNiWithoutOpeningJdkInternals() {
        assertThat(EncryptOptions.defaults().cipherPath()).isEqualTo(CipherPath.JDK_FAST);
        assertThat(FastPath.aesIntrinsics())
                .as("HotSpot's AES intrinsics (AES-NI) are on")
                .isTrue();
        assertThat(ManagementFactory.getRuntimeMXBean().getInputArguments())
                .noneMatch(a -> a.startsWith("--add-opens"));
        assertThat(FastPath.available()).isTrue();
        assertThat(FastPath.describe()).contains("native zlib").contains("AES-CFB via AES/CBC (AES-NI)");
    }

    /** What experiments fork (bcpg as a whole process, the relaunch) gets the fast paths, and no warning. */
    @Test
    void aForkedJvmWithTheFlagsUsesNativeZlibSilently(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("in.txt");
        Files.write(in, TestTexts.head(100_000));
        Path pass = dir.resolve("pass");
        Passphrase.write(pass, "fork test".toCharArray());
        List<String> args = new ArrayList<>(List.of(
                "encrypt",
                "--passphrase-file",
                pass.toString(),
                "-z",
                "1",
                "--zip-deflater",
                "zlib-8k",
                in.toString(),
                dir.resolve("out.gpg").toString()));
        String stderr = stderrOf(
                ForkedJava.command(FastPath.JVM_FLAGS, FilecryptLab.class.getName(), args), dir.resolve("stderr"));
        assertThat(Files.size(dir.resolve("out.gpg"))).isLessThan(60_000);
        assertThat(stderr).doesNotContain("WARNING");
    }
}
