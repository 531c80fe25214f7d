package labbook.wallet.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Progress;
import labbook.wallet.format.RealWallets;
import labbook.wallet.format.BadWalletException;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.WalletKeys;
import labbook.wallet.store.KwlFile;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * <b>The question.</b> A wallet synced at every change is rewritten often; what does the format do
 * with a damaged file? Flip every bit of each real wallet in the lab's fixture wallets (labbook/wallet/fixtures) (a random
 * sample of {@link #MAX_BITS_QUICK} bits per file in quick mode when a file is larger) and open it
 * with the right password: each flip must be refused as an integrity error, or leave the content
 * identical, never silently change an entry. Which parts of the format does nothing protect?
 * KF5 wallets also get flips of their .salt file (24 random bits in quick mode, all 448 in full:
 * each costs a PBKDF2 derivation).
 *
 * <p><b>Baseline.</b> The untouched wallet, opened with its password (and .salt). Opening follows
 * KWallet's own checks: magic, version, cipher and hash bytes, hash section structure, ciphertext
 * length, then the SHA-1 of the payload; the clear hash section is read but, as in KWallet, never
 * compared with the contents (the CSV records whether it still matches).
 *
 * <p><b>How to run.</b> {@code mvn -q -pl lab-wallet exec:java -Dexec.args="tamper-test"}.
 * Keys are derived once per wallet (a flipped bit in the .kwl cannot change the key unless it
 * flips the minor version, which makes a new derivation).
 *
 * <p><b>CSV</b> {@code results/wallet/tamper-test.csv}, one row per flipped bit: {@code wallet}
 * (fixture file name), {@code region} (magic | header | hash-section | ciphertext-first-block |
 * ciphertext | salt: a bit of the wallet's .salt file), {@code bit} (bit index in the .kwl, or in
 * the .salt for region salt: byte * 8 + bit, bit 0 the least significant),
 * {@code outcome} (refused | identical | changed), {@code hash_section_consistent} (true when the
 * clear MD5 hash section still matches the decrypted contents; empty when refused),
 * {@code reason} (the refusal's first words; empty otherwise).
 */
@Command(name = "tamper-test", mixinStandardHelpOptions = true,
        description = "Flip bits of the real fixture wallets and open them: refused, identical, or (never) changed.")
public final class TamperTest implements Callable<Integer> {
    public static final List<String> COLUMNS = List.of("wallet", "region", "bit", "outcome", "hash_section_consistent", "reason");
    static final int MAX_BITS_QUICK = 20_000;
    static final int SALT_BITS_QUICK = 24;
    @Mixin
    LabOptions lab;

    /** One flipped bit. */
    public record Flip(String wallet, String region, long bit, String outcome, Boolean hashSectionConsistent, String reason) {
    }

    @Override
    public Integer call() {
        try (LabRun run = WalletRun.start(lab, "tamper-test")) {
            run(run);
        }
        return 0;
    }

    /** The experiment over every fixture wallet: the CSV and the printed counts. */
    public static List<Flip> run(LabRun run) {
        List<Flip> flips = new ArrayList<>();
        int max = run.mode() == Mode.FULL ? Integer.MAX_VALUE : MAX_BITS_QUICK;
        try (Scratch scratch = new Scratch(run.studyDir(), "tamper-test");
             CsvResults csv = run.csv("tamper-test", COLUMNS)) {
            Path dir = RealWallets.copyTo(scratch.dir());
            for (RealWallets.Wallet f : RealWallets.ALL) {
                List<Flip> got = flipAll(dir.resolve(f.file()), f.passwordBytes(), max,
                        run.mode() == Mode.FULL ? Integer.MAX_VALUE : SALT_BITS_QUICK, new Random());
                for (Flip x : got) {
                    csv.row(x.wallet, x.region, x.bit, x.outcome, x.hashSectionConsistent, x.reason);
                }
                flips.addAll(got);
            }
            csv.commit();
        }
        print(flips);
        return flips;
    }

    /** Flips each bit of {@code wallet} (or {@code maxBits} random ones) and opens the result. */
    public static List<Flip> flipAll(Path wallet, byte[] password, int maxBits, Random random) {
        return flipAll(wallet, password, maxBits, 0, random);
    }

    /** As above, plus {@code maxSaltBits} flips of the wallet's .salt file, if it has one (each costs a PBKDF2). */
    public static List<Flip> flipAll(Path wallet, byte[] password, int maxBits, int maxSaltBits, Random random) {
        byte[] original;
        byte[] salt = null;
        try {
            original = Files.readAllBytes(wallet);
            Path saltFile = KwlFile.saltPathFor(wallet);
            if (Files.exists(saltFile)) {
                salt = Files.readAllBytes(saltFile);
            }
        } catch (IOException e) {
            throw new LabException(wallet + ": cannot read: " + e.getMessage(), e);
        }
        WalletKeys keys = new WalletKeys(password, salt);
        KwlCodec.Decoded base;
        try {
            base = KwlCodec.decode(original, keys);
        } catch (BadWalletException e) {
            throw new LabException(wallet + ": the untouched wallet does not open: " + e.getMessage());
        }
        int hashEnd = KwlCodec.HEADER_BYTES + base.hashSectionBytes();
        long bits = original.length * 8L;
        List<Long> chosen = new ArrayList<>();
        if (bits <= maxBits) {
            for (long b = 0; b < bits; b++) {
                chosen.add(b);
            }
        } else {
            random.longs(maxBits, 0, bits).distinct().sorted().forEach(chosen::add);
        }
        String name = wallet.getFileName().toString();
        List<Flip> out = new ArrayList<>(chosen.size());
        try (var bar = chosen.size() > 5000 ? Progress.bar("tamper-test " + name, chosen.size(), "bits") : null) {
            for (long bit : chosen) {
                int at = (int) (bit / 8);
                byte[] t = original.clone();
                t[at] ^= (byte) (1 << (bit % 8));
                String region = at < 12 ? "magic" : at < 16 ? "header" : at < hashEnd ? "hash-section"
                        : at < hashEnd + 8 ? "ciphertext-first-block" : "ciphertext";
                try {
                    KwlCodec.Decoded d = KwlCodec.decode(t, keys);
                    boolean same = d.contents().equals(base.contents());
                    out.add(new Flip(name, region, bit, same ? "identical" : "changed", d.hashSectionConsistent(), ""));
                } catch (BadWalletException e) {
                    out.add(new Flip(name, region, bit, "refused", null, shortReason(e.getMessage())));
                }
                if (bar != null) {
                    bar.step();
                }
            }
        }
        if (salt != null) {
            out.addAll(flipSalt(name, original, password, salt, base, maxSaltBits, random));
        }
        return out;
    }

    /** The .salt file is outside the .kwl but decides the key: each flipped bit must be refused. */
    static List<Flip> flipSalt(String name, byte[] wallet, byte[] password, byte[] salt, KwlCodec.Decoded base, int maxBits, Random random) {
        List<Integer> chosen = new ArrayList<>();
        int bits = salt.length * 8;
        if (bits <= maxBits) {
            for (int b = 0; b < bits; b++) {
                chosen.add(b);
            }
        } else {
            random.ints(0, bits).distinct().limit(maxBits).sorted().forEach(chosen::add);
        }
        List<Flip> out = new ArrayList<>();
        for (int bit : chosen) {
            byte[] t = salt.clone();
            t[bit / 8] ^= (byte) (1 << (bit % 8));
            try {
                KwlCodec.Decoded d = KwlCodec.decode(wallet, new WalletKeys(password, t));
                out.add(new Flip(name, "salt", bit, d.contents().equals(base.contents()) ? "identical" : "changed", d.hashSectionConsistent(), ""));
            } catch (BadWalletException e) {
                out.add(new Flip(name, "salt", bit, "refused", null, shortReason(e.getMessage())));
            }
        }
        return out;
    }

    private static String shortReason(String message) {
        int cut = message.indexOf(" (");
        String s = cut > 0 ? message.substring(0, cut) : message;
        return s.length() > 60 ? s.substring(0, 60) : s;
    }

    static void print(List<Flip> flips) {
        Map<String, Map<String, Long>> by = new LinkedHashMap<>();
        for (String r : List.of("magic", "header", "hash-section", "ciphertext-first-block", "ciphertext", "salt")) {
            by.put(r, new TreeMap<>());
        }
        for (Flip f : flips) {
            by.get(f.region).merge(f.outcome, 1L, Long::sum);
        }
        ConsoleTable t = new ConsoleTable("region", "flips", "refused", "identical", "changed");
        by.forEach((r, m) -> t.row(r, m.values().stream().mapToLong(Long::longValue).sum(), m.getOrDefault("refused", 0L),
                m.getOrDefault("identical", 0L), m.getOrDefault("changed", 0L)));
        System.out.println();
        System.out.printf(Locale.ROOT, "tamper-test: %d bit flips over %d fixture wallets%n", flips.size(),
                flips.stream().map(Flip::wallet).distinct().count());
        t.print(System.out);
        String headerBits = flips.stream().filter(f -> f.region.equals("header") && !f.outcome.equals("refused"))
                .map(f -> f.wallet + " byte " + f.bit / 8 + " bit " + f.bit % 8).collect(Collectors.joining(", "));
        long lying = flips.stream().filter(f -> f.region.equals("hash-section") && Boolean.FALSE.equals(f.hashSectionConsistent)).count();
        System.out.println("unprotected: header bits accepted: " + (headerBits.isEmpty() ? "none" : headerBits));
        System.out.println("unprotected: hash-section flips accepted with a hash section that no longer matches the contents: " + lying);
    }
}
