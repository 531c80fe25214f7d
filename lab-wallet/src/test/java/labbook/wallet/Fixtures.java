package labbook.wallet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.wallet.format.RealWallets;

/**
 * The real wallets the lab ships ({@link RealWallets}: class-path resources of lab-wallet), copied once per test JVM
 * into a folder of their own, so a test reads them as files with their salts.
 */
public final class Fixtures {
    public record Wallet(String file, String password, String header) {
        public Path path() {
            return dir().resolve(file);
        }

        public byte[] passwordBytes() {
            return password.getBytes(StandardCharsets.UTF_8);
        }
    }

    public static final List<Wallet> ALL = RealWallets.ALL.stream()
            .map(w -> new Wallet(w.file(), w.password(), w.header()))
            .toList();

    private static Path dir;

    private Fixtures() {}

    public static synchronized Path dir() {
        if (dir == null) {
            try {
                Path d = Files.createTempDirectory("labbook-fixtures");
                d.toFile().deleteOnExit();
                dir = RealWallets.copyTo(d);
                try (var files = Files.list(dir)) {
                    files.forEach(f -> f.toFile().deleteOnExit());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }

    public static Wallet named(String file) {
        return ALL.stream().filter(w -> w.file.equals(file)).findFirst().orElseThrow();
    }
}
