package labbook.wallet;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import labbook.core.Repo;

/** The real wallets in shared/fixtures/kwallet and their passwords (from the README there). */
public final class Fixtures {
    public record Wallet(String file, String password, String header) {
        public Path path() {
            return dir().resolve(file);
        }

        public byte[] passwordBytes() {
            return password.getBytes(StandardCharsets.UTF_8);
        }
    }

    public static final List<Wallet> ALL = List.of(
            new Wallet("openwall.kwl", "openwall", "00 00 00 00"),
            new Wallet("blank_pass.kwl", "", "00 00 00 00"),
            new Wallet("python5.kwl", "pythonpythonpythonpythonpython", "00 00 00 00"),
            new Wallet("kwalletmanager-15.04.2-2_fedora23.kwl", "eel-bronze-aghast-blissful-duh-duration-outrank-shrunk", "00 01 03 02"),
            new Wallet("kwallet-with-salt.kwl", "openwall", "00 01 03 02"));

    private Fixtures() {
    }

    public static Path dir() {
        return Repo.shared().resolve("fixtures/kwallet");
    }

    public static Wallet named(String file) {
        return ALL.stream().filter(w -> w.file.equals(file)).findFirst().orElseThrow();
    }
}
