package labbook.wallet.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import labbook.core.BoundedFile;
import labbook.core.LabException;
import labbook.wallet.format.BadWalletException;
import labbook.wallet.format.BlowfishCodec;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.KwlLimits;
import labbook.wallet.format.WalletContents;
import labbook.wallet.format.WalletKeys;

/** Reading and writing {@code .kwl} files (and their {@code .salt}) with errors that name the file. */
public final class KwlFile {
    public static final int SALT_BYTES = 56;

    private KwlFile() {}

    /** {@code <wallet name>.salt} beside the wallet: {@code x.kwl} gives {@code x.salt}. */
    public static Path saltPathFor(Path wallet) {
        String name = wallet.getFileName().toString();
        String base = name.endsWith(".kwl") ? name.substring(0, name.length() - 4) : name;
        return wallet.resolveSibling(base + ".salt");
    }

    /** Opens a wallet; {@code salt} may be null (then the .salt beside it is used if present). */
    public static KwlCodec.Decoded open(Path wallet, Path salt, byte[] passwordUtf8) {
        byte[] bytes = readAll(wallet, "wallet", FileLimits.WALLET_BYTES);
        Path saltFile = salt != null ? salt : saltPathFor(wallet);
        byte[] saltBytes = null;
        if (salt != null || Files.exists(saltFile)) {
            saltBytes = readAll(saltFile, "salt file", FileLimits.SALT_BYTES);
            if (saltBytes.length == 0) {
                throw new LabException(saltFile + ": the salt file is empty");
            }
        }
        try {
            return KwlCodec.decode(bytes, new WalletKeys(passwordUtf8, saltBytes));
        } catch (BadWalletException e) {
            String reason = e.getMessage();
            if (saltBytes == null && reason.contains(".salt")) {
                reason = reason + " (expected " + saltFile + ")";
            }
            throw new LabException(wallet + ": cannot open the wallet: " + reason);
        }
    }

    /**
     * Writes a new wallet the way KWallet would, through the temp-file-and-rename save path (mode 0600): for KF5 with a
     * fresh random salt, the wallet and its .salt as one change ({@link SaveGroup}: both written first, the salt
     * renamed last, the previous wallet put back if that fails), so a failed or interrupted save never leaves a wallet
     * beside a salt that is not its own. Contents the format cannot hold are refused before anything is written.
     */
    public static void create(
            Path wallet, WalletContents contents, KwlFormat format, byte[] passwordUtf8, boolean fdatasync) {
        KwlLimits.whyNotWritable(contents, FileLimits.WALLET_BYTES).ifPresent(why -> {
            throw new LabException(wallet + ": cannot write this wallet: " + why + " (nothing written)");
        });
        SecureRandom random = new SecureRandom();
        byte[] salt = null;
        byte[] key;
        // a key KWallet would refuse as weak: draw another salt (KF5), or give up (KDE4's key is the password's alone)
        for (int attempt = 0; ; attempt++) {
            if (format.needsSalt()) {
                salt = new byte[SALT_BYTES];
                random.nextBytes(salt);
            }
            try {
                key = new WalletKeys(passwordUtf8, salt)
                        .keyFor(format.header(), format.dialect().sha1LittleEndianWords());
            } catch (BadWalletException e) {
                throw new IllegalStateException(e);
            }
            if (!BlowfishCodec.isWeak(key)) {
                break;
            }
            if (!format.needsSalt() || attempt >= 16) {
                throw new LabException(wallet
                        + ": this password gives a weak Blowfish key, which KWallet refuses; choose another password");
            }
        }
        byte[] file = KwlCodec.encode(contents, format, key, random);
        if (salt == null) {
            SaveFile.write(wallet, file, fdatasync);
            return;
        }
        try (SaveFile.Pending w = SaveFile.begin(wallet, fdatasync, false);
                SaveFile.Pending s = SaveFile.begin(saltPathFor(wallet), fdatasync, false)) {
            w.ready(file, 0, file.length);
            s.ready(salt, 0, salt.length);
            SaveGroup.commit(List.of(w, s));
        }
    }

    static byte[] readAll(Path file, String what, int max) {
        return BoundedFile.read(file, what, max);
    }
}
