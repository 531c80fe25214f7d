package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A module's unsigned JAR is used only while no class is newer than it: never a stale build's code. */
class UnsignedJarTest {
    @TempDir
    Path root;

    private final Launch wallet =
            Launch.parse("command=wallet\nmodule=lab-wallet\nmain=labbook.wallet.main.WalletLab\njdk=17\n", "test");

    @Test
    void theJarIsUsedWhenItIsAsNewAsTheClasses() throws Exception {
        Path classes = Files.createDirectories(root.resolve("lab-wallet/target/classes/labbook"));
        Path klass = Files.writeString(classes.resolve("A.class"), "x");
        Path jar = Files.writeString(UnsignedJar.of(wallet, root), "jar");
        assertThat(jar).hasFileName("lab-wallet-unsigned.jar");
        Files.setLastModifiedTime(klass, FileTime.from(Instant.now().minusSeconds(60)));
        UnsignedJar.ClassPath cp = UnsignedJar.classPath(wallet, root);
        assertThat(cp.unsigned()).isTrue();
        assertThat(cp.value()).isEqualTo(jar.toString());
    }

    @Test
    void aClassCompiledSinceThePackageOrNoJarAtAllMeansThisJvmsClassPath() throws Exception {
        Path classes = Files.createDirectories(root.resolve("lab-wallet/target/classes/labbook"));
        assertThat(UnsignedJar.classPath(wallet, root).unsigned()).as("no JAR").isFalse();
        Path jar = Files.writeString(UnsignedJar.of(wallet, root), "jar");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
        Files.writeString(classes.resolve("B.class"), "newer");
        UnsignedJar.ClassPath cp = UnsignedJar.classPath(wallet, root);
        assertThat(cp.unsigned()).isFalse();
        assertThat(cp.value()).isEqualTo(ForkedJava.classPath());
    }
}
