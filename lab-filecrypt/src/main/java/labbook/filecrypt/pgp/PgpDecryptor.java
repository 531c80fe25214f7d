package labbook.filecrypt.pgp;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.LabException;
import org.bouncycastle.openpgp.PGPCompressedData;
import org.bouncycastle.openpgp.PGPDataValidationException;
import org.bouncycastle.openpgp.PGPEncryptedDataList;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPLiteralData;
import org.bouncycastle.openpgp.PGPMarker;
import org.bouncycastle.openpgp.PGPOnePassSignatureList;
import org.bouncycastle.openpgp.PGPPBEEncryptedData;
import org.bouncycastle.openpgp.PGPSessionKey;
import org.bouncycastle.openpgp.PGPSignatureList;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.bc.BcPGPObjectFactory;
import org.bouncycastle.openpgp.operator.bc.BcSessionKeyDataDecryptorFactory;

/**
 * Decrypts passphrase-encrypted OpenPGP messages: what gpg writes by default and with its common options (every cipher
 * gpg offers for {@code -c}, armored input, any S2K digest, ZIP/ZLIB/BZIP2 or no compression). Messages without
 * integrity protection are refused, as gpg 2.2 refuses them; newer formats (RFC 9580, LibrePGP) are refused naming the
 * packet, version or algorithm ({@link SupportedFormats}).
 *
 * <p>The plaintext streams out while it is decrypted, so a caller writing a file must not trust it until
 * {@link #decrypt} returns: {@link #decryptFile} writes to a temporary file and renames it only after the MDC has been
 * checked.
 */
public final class PgpDecryptor {

    /** Why a message could not be decrypted, in words for one line (never the passphrase). */
    public static final class DecryptException extends Exception {
        private static final long serialVersionUID = 1L;

        DecryptException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * The code that decrypts a SEIPD v1 packet of {@code cipher}, for results: {@code jdk-ecb-cfb} for AES
     * ({@link SeipdV1Stream}), BouncyCastle's {@code bc-lightweight} for the others.
     */
    public static String cipherPath(SymmetricCipher cipher) {
        return cipher.isAes() ? "jdk-ecb-cfb" : CipherPath.BC_LIGHTWEIGHT.label();
    }

    /** Decrypts {@code in} into {@code out}; returns normally only if the integrity check passed. */
    public void decrypt(InputStream in, OutputStream out, char[] passphrase) throws DecryptException {
        try {
            InputStream message = SupportedFormats.checkHeads(PGPUtil.getDecoderStream(in));
            PGPPBEEncryptedData encrypted = findPassphraseData(new BcPGPObjectFactory(message));
            if (!encrypted.isIntegrityProtected()) {
                throw new DecryptException(
                        "it has no integrity protection (no MDC), refused as gpg 2.2 refuses it", null);
            }
            PGPSessionKey key;
            try {
                key = encrypted.getSessionKey(new JdkS2kDecryptorFactory(passphrase));
            } catch (PGPException e) {
                throw new DecryptException("wrong passphrase or damaged key packet (" + e.getMessage() + ")", e);
            }
            IntegrityChecked clear = open(encrypted, key);
            copyLiteral(new BcPGPObjectFactory(clear.stream()), out);
            if (!clear.mdc().matches()) {
                throw new DecryptException("integrity check failed: the file was modified or damaged", null);
            }
        } catch (DecryptException e) {
            throw e;
        } catch (EOFException e) {
            throw new DecryptException("truncated: the message ends early", e);
        } catch (IOException | PGPException | RuntimeException e) {
            throw new DecryptException("damaged or truncated (" + describe(e) + ")", e);
        }
    }

    /**
     * The plaintext and how to check its MDC once read: {@code verify} reads what is left of the packet, then compares.
     */
    private record IntegrityChecked(InputStream stream, MdcCheck mdc) {}

    private interface MdcCheck {
        boolean matches() throws IOException, PGPException;
    }

    /**
     * AES in a SEIPD v1 packet (what gpg writes) on the JDK ({@link SeipdV1Stream}); any other cipher or packet on
     * BouncyCastle's lightweight API, as before. The key is derived once, by {@link JdkS2kDecryptorFactory}, either
     * way.
     */
    @SuppressWarnings("deprecation") // BouncyCastle's own path to the data from a session key, as before
    private static IntegrityChecked open(PGPPBEEncryptedData encrypted, PGPSessionKey key)
            throws IOException, DecryptException {
        try {
            if (SeipdV1Stream.handles(encrypted, key)) {
                SeipdV1Stream s = SeipdV1Stream.open(encrypted.getInputStream(), key);
                return new IntegrityChecked(s, s::verify);
            }
            return new IntegrityChecked(
                    encrypted.getDataStream(new BcSessionKeyDataDecryptorFactory(key)), encrypted::verify);
        } catch (PGPDataValidationException wrongKey) {
            throw new DecryptException("wrong passphrase", wrongKey);
        } catch (PGPException e) {
            throw new DecryptException("wrong passphrase or damaged key packet (" + e.getMessage() + ")", e);
        }
    }

    /** Decrypts a file; OUT appears only once the whole message decrypted and its MDC checked. */
    public void decryptFile(Path in, Path out, char[] passphrase) {
        if (!Files.isRegularFile(in)) {
            throw new LabException("cannot read " + in + ": no such file");
        }
        SafeOutput.write(
                out,
                stream -> {
                    try (InputStream input = Files.newInputStream(in)) {
                        decrypt(input, stream, passphrase);
                    }
                },
                e -> new LabException("cannot decrypt " + in + ": " + e.getMessage(), e));
    }

    private static PGPPBEEncryptedData findPassphraseData(BcPGPObjectFactory factory)
            throws IOException, DecryptException {
        Object o = factory.nextObject();
        while (o instanceof PGPMarker) {
            o = factory.nextObject();
        }
        if (!(o instanceof PGPEncryptedDataList list)) {
            throw new DecryptException("not an OpenPGP encrypted message", null);
        }
        for (Object data : list) {
            if (data instanceof PGPPBEEncryptedData pbe) {
                return pbe;
            }
        }
        throw new DecryptException("it is encrypted to a public key, not with a passphrase", null);
    }

    private static void copyLiteral(BcPGPObjectFactory factory, OutputStream out)
            throws IOException, PGPException, DecryptException {
        Object o = factory.nextObject();
        if (o instanceof PGPCompressedData compressed) {
            SupportedFormats.checkCompression(compressed.getAlgorithm());
            factory = new BcPGPObjectFactory(CompressedPacketReader.open(compressed));
            o = factory.nextObject();
        }
        while (o instanceof PGPOnePassSignatureList || o instanceof PGPSignatureList) {
            o = factory.nextObject();
        }
        if (!(o instanceof PGPLiteralData literal)) {
            throw new DecryptException(
                    "no literal data inside ("
                            + (o == null ? "empty" : o.getClass().getSimpleName()) + ")",
                    null);
        }
        try (InputStream data = literal.getInputStream()) {
            byte[] buffer =
                    new byte[1 << 16]; // transferTo's 8 KiB would mean 8 times the calls down the packet streams
            for (int n; (n = data.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        }
    }

    private static String describe(Exception e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName()
                + (m == null || m.isBlank() ? "" : ": " + m.lines().findFirst().orElse(""));
    }
}
