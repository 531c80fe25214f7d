package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.module.ModuleFinder;
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
     * Every module the flags add is one the running JDK has (a build's flags for JDK 17 would name the incubator module
     * that JDK 21+ no longer ship, and the JVM would not start), and this JVM, started with them, resolved it; no flag
     * opens the JDK's internals.
     */
    @Test
    void flagsAreTheRunningJdks() {
        List<String> flags = FastPath.JVM_FLAGS;
        for (int i = 0; i < flags.size(); i++) {
            if (flags.get(i).equals("--add-modules")) {
                String module = flags.get(i + 1);
                assertThat(ModuleFinder.ofSystem().find(module))
                        .as(module + " in JDK " + FEATURE)
                        .isPresent();
                assertThat(ModuleLayer.boot().findModule(module))
                        .as(module + " resolved in this JVM")
                        .isPresent();
            }
        }
        assertThat(flags).noneMatch(f -> f.startsWith("--add-opens"));
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
        // the JVM reports "--add-modules X" as "--add-modules=X"
        assertThat(String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments())
                        .replace("--add-modules=", "--add-modules "))
                .contains(String.join(" ", launch.jvmFlags()));
        List<String> encrypt = CliLaunch.command(List.of("encrypt", "--help"));
        assertThat(encrypt).containsSubsequence(launch.jvmFlags()).containsSubsequence(launch.cliFlags());
        assertThat(launch.cliFlags()).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
        assertThat(encrypt.subList(encrypt.size() - 3, encrypt.size()))
                .containsExactly(launch.mainClass(), "encrypt", "--help");
    }

    /**
     * decrypt, which inflates with the JDK's own zlib, starts without the modules encrypt's native zlib needs, so that
     * on JDK 17 it prints no incubator warning; it still decrypts what encrypt wrote with native zlib.
     */
    @Test
    void decryptStartsWithoutTheAddedModulesAndSaysNothing(@TempDir Path dir) throws Exception {
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
        assertThat(decrypt).doesNotContain("--add-modules");
        assertThat(decrypt)
                .containsAll(Launch.onClassPath("filecrypt").jvmFlags().stream()
                        .filter(f -> f.startsWith("--enable-native-access"))
                        .toList());
        // encrypt's flags still make JDK 17 warn of its incubator module (docs/launcher.md says why it stays)
        assertThat(stderrOf(encrypt, dir.resolve("encrypt.err"))
                        .replace("WARNING: Using incubator modules: jdk.incubator.foreign\n", ""))
                .isEmpty();
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
    void nativeZlibIsCalledThroughTheRunningJdksForeignApi() {
        assumeTrue(FEATURE == 17 || FEATURE >= 22, "native zlib is for JDK 17 and 22+");
        assertThat(NativeZlib.available()).as(NativeZlib.describe()).isTrue();
        assertThat(NativeZlib.describe())
                .startsWith("zlib 1.")
                .endsWith(FEATURE == 17 ? "via jdk.incubator.foreign" : "via java.lang.foreign");
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

    /** What experiments fork (bcpg as a whole process, the relaunch) gets the fast paths, and on 22+ no warning. */
    @Test
    void aForkedJvmWithTheFlagsUsesNativeZlibSilently(@TempDir Path dir) throws Exception {
        assumeTrue(FEATURE == 17 || FEATURE >= 22, "native zlib is for JDK 17 and 22+");
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
        if (FEATURE >= 22) {
            assertThat(stderr).doesNotContain("WARNING");
        }
    }
}
