package labbook.wallet.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import labbook.core.LabException;

/**
 * The real KWallet files the lab ships (class-path resources under {@code labbook/wallet/fixtures/}, whose README gives
 * their provenance) and their passwords. A wallet is opened as a file with its {@code .salt} beside it, so callers
 * first copy them into a folder of their own.
 */
public final class RealWallets {
    private static final String RESOURCES = "/labbook/wallet/fixtures/";

    /** One fixture: its file name, password, header bytes (major minor cipher hash) and what wrote it. */
    public record Wallet(String file, String password, String header) {
        public byte[] passwordBytes() {
            return password.getBytes(StandardCharsets.UTF_8);
        }

        /** The PBKDF2 salt file KWallet keeps beside the wallet, for the KF5-era headers. */
        public String saltFile() {
            return header.endsWith("02") ? file.replaceFirst("\\.kwl$", ".salt") : null;
        }
    }

    public static final List<Wallet> ALL = List.of(
            new Wallet("openwall.kwl", "openwall", "00 00 00 00"),
            new Wallet("blank_pass.kwl", "", "00 00 00 00"),
            new Wallet("python5.kwl", "pythonpythonpythonpythonpython", "00 00 00 00"),
            new Wallet(
                    "kwalletmanager-15.04.2-2_fedora23.kwl",
                    "eel-bronze-aghast-blissful-duh-duration-outrank-shrunk",
                    "00 01 03 02"),
            new Wallet("kwallet-with-salt.kwl", "openwall", "00 01 03 02"));

    private RealWallets() {}

    public static Wallet named(String file) {
        return ALL.stream()
                .filter(w -> w.file().equals(file))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no fixture wallet '" + file + "'"));
    }

    /** Copies every fixture wallet and its salt into {@code dir} (created if needed) and returns it. */
    public static Path copyTo(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw LabException.cannot("create folder", dir, e);
        }
        for (Wallet w : ALL) {
            copy(w.file(), dir);
            if (w.saltFile() != null) {
                copy(w.saltFile(), dir);
            }
        }
        return dir;
    }

    /** The size of a fixture file (a wallet or its salt), in bytes. */
    public static long bytes(String name) {
        try (InputStream in = RealWallets.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new LabException(
                        "fixture wallet " + name + " is missing from the class path (rebuild lab-wallet)");
            }
            return in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new LabException("cannot read the fixture wallet " + name + ": " + e.getMessage(), e);
        }
    }

    private static void copy(String name, Path dir) {
        Path target = dir.resolve(name);
        try (InputStream in = RealWallets.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new LabException(
                        "fixture wallet " + name + " is missing from the class path (rebuild lab-wallet)");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw LabException.cannot("write", target, e);
        }
    }
}
