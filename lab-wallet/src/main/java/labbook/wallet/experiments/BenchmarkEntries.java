package labbook.wallet.experiments;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import labbook.wallet.format.Entry;
import labbook.wallet.format.EntryType;

/**
 * The seed's entries: a random 20-character key and 50 random bytes stored as a Password (the seed put raw /dev/urandom
 * bytes in the value, not a serialised QString), in one folder, "benchmark". Each adds 102 bytes to the payload and 16
 * to the hash section.
 */
public final class BenchmarkEntries {
    public static final String FOLDER = "benchmark";
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private final Random random;

    public BenchmarkEntries(Random random) {
        this.random = random;
    }

    /**
     * Entries from a fast generator seeded from {@link SecureRandom}: as random as the cipher and the file care, and
     * cheap to make, which matters under -Xint, where 21 SecureRandom calls per entry (each mixed through an
     * interpreted SHA-1) cost more than the syncs being timed.
     */
    public static BenchmarkEntries random() {
        return new BenchmarkEntries(new Random(new SecureRandom().nextLong()));
    }

    public Entry next() {
        char[] key = new char[20];
        for (int i = 0; i < key.length; i++) {
            key[i] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
        }
        byte[] value = new byte[50];
        random.nextBytes(value);
        return new Entry(new String(key), EntryType.PASSWORD, value);
    }

    public List<Entry> next(int n) {
        List<Entry> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(next());
        }
        return out;
    }
}
