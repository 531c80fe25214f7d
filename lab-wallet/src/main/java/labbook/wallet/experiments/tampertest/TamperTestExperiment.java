package labbook.wallet.experiments.tampertest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Progress;
import labbook.core.RowType;
import labbook.wallet.WalletSchemas;
import labbook.wallet.experiments.Scratch;
import labbook.wallet.format.BadWalletException;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.RealWallets;
import labbook.wallet.format.WalletKeys;
import labbook.wallet.store.KwlFile;
import picocli.CommandLine.Command;

/**
 * tamper-test: bits of the real wallets flipped, and what opening each one gives.
 *
 * <p><b>The question.</b> The seed (KDE Community Wiki, "KDE Utils/kwallet/Benchmark") would save the wallet "as soon
 * as passwords were entered", so the file is rewritten often; what does the format do with a damaged file? Flip bits of
 * each real wallet the lab ships ({@link RealWallets}) and open it with the right password: each flip must be refused
 * as an integrity error, or leave the content identical, never silently change an entry. Which parts of the format does
 * nothing protect?
 *
 * <p><b>Baseline.</b> The untouched wallet, opened with its password (and .salt). Opening follows KWallet's own checks:
 * magic, version, cipher and hash bytes, hash section structure, ciphertext length, then the SHA-1 of the payload; the
 * clear hash section is read but, as in KWallet, never compared with the contents (the CSV records whether it still
 * matches).
 *
 * <p><b>Variants.</b> The regions of the file: magic, header, hash-section, ciphertext-first-block, ciphertext; and for
 * the KF5-era wallets their .salt file (region salt), which is outside the .kwl but decides the key.
 *
 * <p><b>How to run.</b> {@code ./labbook wallet tamper-test --quick}, or {@code mvn -q -pl lab-wallet exec:java
 * -Dexec.args="tamper-test --quick"}. Both modes flip every bit of every wallet, and one bit in each byte of each salt
 * ({@link #saltBits}): {@link Plan#EVERY_BIT}, seconds of work. Quick mode used to sample a thousand bits per wallet;
 * that saved a few seconds and made its time, mostly JIT warm-up, a poor guide to full mode's (the module's
 * JOURNAL.md). {@link Plan} takes smaller samples for the tests. One row per flipped bit:
 * {@link WalletSchemas#TAMPER_TEST}; {@code bit} is the bit's index in the .kwl (in the .salt for region salt), byte *
 * 8 + bit, bit 0 the least significant.
 */
@Command(
        name = "tamper-test",
        description = "Flip bits of the real fixture wallets and open them: refused, identical, or (never) changed.")
public final class TamperTestExperiment extends ExperimentCommand {
    /**
     * How many bits to flip per wallet outside its magic, header and first block, and at most how many per salt
     * ({@link #saltBits}: one per byte when that many are allowed).
     */
    public record Plan(int sampledBits, int saltBits) {
        /**
         * How many costs of opening a wallet the plan's flips add up to: each salt flip derives a new key, which costs
         * about {@value #SALT_FLIP_COST} openings.
         */
        public double work() {
            double units = 0;
            for (RealWallets.Wallet w : RealWallets.ALL) {
                units += Math.min(RealWallets.bytes(w.file()) * 8, (long) sampledBits + FIXED_BITS);
                if (w.saltFile() != null) {
                    units += SALT_FLIP_COST * Math.min(RealWallets.bytes(w.saltFile()), saltBits);
                }
            }
            return units;
        }

        /** About the bits of a wallet's magic, header and first cipher block, which every mode flips. */
        private static final int FIXED_BITS = 256;

        /**
         * A salt flip's cost in openings of a flipped .kwl: a PBKDF2 of 50,000 iterations against one of the 20,000
         * openings of full mode, as measured on the reference run's machine (the module's JOURNAL.md, "What a key
         * costs"). The reference run's cost line is fitted on units counted with this weight, so a new weight needs a
         * new reference run.
         */
        static final int SALT_FLIP_COST = 250;

        /** Every bit of every wallet, and one bit in each byte of each salt: what both modes run. */
        public static final Plan EVERY_BIT = new Plan(Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    /** One flipped bit: a row of tamper-test.csv, bound to its schema by {@link #ROW}. */
    public record Flip(
            String wallet, String region, long bit, String outcome, Boolean hashSectionConsistent, String reason) {}

    static final RowType<Flip> ROW = RowType.of(WalletSchemas.TAMPER_TEST, Flip.class);

    @Override
    public Integer call() {
        try (LabRun run = startRun(WalletSchemas.STUDY, "tamper-test")) {
            run(run, Plan.EVERY_BIT, System.out);
        }
        return 0;
    }

    /** The experiment over every fixture wallet: the CSV and the printed counts. */
    public static List<Flip> run(LabRun run, Plan plan, PrintStream out) {
        List<Flip> flips = new ArrayList<>();
        try (Scratch scratch = new Scratch(run.studyDir(), "tamper-test");
                CsvResults csv = run.csv(WalletSchemas.TAMPER_TEST)) {
            Path dir = RealWallets.copyTo(scratch.dir());
            for (RealWallets.Wallet f : RealWallets.ALL) {
                List<Flip> got = flipAll(
                        dir.resolve(f.file()), f.passwordBytes(), plan.sampledBits(), plan.saltBits(), new Random());
                for (Flip x : got) {
                    csv.row(ROW, x);
                }
                flips.addAll(got);
            }
            csv.commit();
        }
        print(flips, out);
        return flips;
    }

    /**
     * Flips each bit of {@code wallet}'s magic, header and first cipher block, and each of its other bits (or
     * {@code maxBits} random ones of them), and opens the result. The keys are derived once per wallet: a flipped bit
     * in the .kwl cannot change the key unless it flips the minor version, which makes a new derivation.
     */
    public static List<Flip> flipAll(Path wallet, byte[] password, int maxBits, Random random) {
        return flipAll(wallet, password, maxBits, 0, random);
    }

    /** As above, plus {@code maxSaltBits} flips of the wallet's .salt file, if it has one (each costs a PBKDF2). */
    public static List<Flip> flipAll(Path wallet, byte[] password, int maxBits, int maxSaltBits, Random random) {
        byte[] original;
        byte[] salt;
        try {
            original = Files.readAllBytes(wallet);
            Path saltFile = KwlFile.saltPathFor(wallet);
            salt = Files.exists(saltFile) ? Files.readAllBytes(saltFile) : null;
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
        List<Long> chosen = chooseBits(original.length, hashEnd, maxBits, random);
        String name = wallet.getFileName().toString();
        List<Flip> out = new ArrayList<>(chosen.size());
        try (var bar = chosen.size() > 5000 ? Progress.bar("tamper-test " + name, chosen.size(), "bits") : null) {
            // each flip opens a copy of its own; the cores share them, in file order (toList keeps it), and each
            // thread derives the keys once, as WalletKeys caches them in a map of its own
            ThreadLocal<WalletKeys> threadKeys = ThreadLocal.withInitial(() -> new WalletKeys(password, salt));
            out.addAll(chosen.parallelStream()
                    .map(bit -> {
                        Flip flip = flipBit(name, original, bit, hashEnd, threadKeys.get(), base);
                        if (bar != null) {
                            bar.step();
                        }
                        return flip;
                    })
                    .toList());
        }
        if (salt != null) {
            out.addAll(flipSalt(name, original, password, salt, base, maxSaltBits, random));
        }
        return out;
    }

    /** {@code bit} of {@code original} flipped, and what opening the copy gives. */
    private static Flip flipBit(
            String name, byte[] original, long bit, int hashEnd, WalletKeys keys, KwlCodec.Decoded base) {
        int at = (int) (bit / 8);
        byte[] t = original.clone();
        t[at] ^= (byte) (1 << (bit % 8));
        String region = at < 12
                ? "magic"
                : at < 16
                        ? "header"
                        : at < hashEnd ? "hash-section" : at < hashEnd + 8 ? "ciphertext-first-block" : "ciphertext";
        try {
            KwlCodec.Decoded d = KwlCodec.decode(t, keys);
            boolean same = d.contents().equals(base.contents());
            return new Flip(name, region, bit, same ? "identical" : "changed", d.hashSectionConsistent(), "");
        } catch (BadWalletException e) {
            return new Flip(name, region, bit, "refused", null, shortReason(e.getMessage()));
        }
    }

    /**
     * Every bit of the magic and header (bytes 0-15) and of the first cipher block (8 bytes from {@code hashEnd}), then
     * every other bit, or {@code maxBits} random ones of them; in file order.
     */
    static List<Long> chooseBits(int fileBytes, int hashEnd, int maxBits, Random random) {
        long bits = fileBytes * 8L;
        java.util.TreeSet<Long> chosen = new java.util.TreeSet<>();
        List<Long> others = new ArrayList<>();
        for (long b = 0; b < bits; b++) {
            long at = b / 8;
            if (at < KwlCodec.HEADER_BYTES || (at >= hashEnd && at < hashEnd + 8)) {
                chosen.add(b);
            } else {
                others.add(b);
            }
        }
        if (others.size() > maxBits) {
            java.util.Collections.shuffle(others, random);
            others = others.subList(0, maxBits);
        }
        chosen.addAll(others);
        return new ArrayList<>(chosen);
    }

    /**
     * The salt bits to flip, in order: one in each byte, bit {@code i % 8} of byte {@code i}, when {@code maxBits}
     * allows one per byte; else {@code maxBits} random bits. Any change to the salt makes a new, unrelated key, so each
     * flip repeats one check at the price of a whole PBKDF2; one per byte still catches a codec that drops or truncates
     * any byte of the salt, or masks any bit position of it, at an eighth of the cost of every bit.
     */
    static List<Integer> saltBits(int saltBytes, int maxBits, Random random) {
        List<Integer> chosen = new ArrayList<>();
        if (saltBytes <= maxBits) {
            for (int i = 0; i < saltBytes; i++) {
                chosen.add(i * 8 + i % 8);
            }
        } else {
            random.ints(0, saltBytes * 8).distinct().limit(maxBits).sorted().forEach(chosen::add);
        }
        return chosen;
    }

    /** The .salt file is outside the .kwl but decides the key: each flipped bit must be refused. */
    static List<Flip> flipSalt(
            String name,
            byte[] wallet,
            byte[] password,
            byte[] salt,
            KwlCodec.Decoded base,
            int maxBits,
            Random random) {
        // each flip derives a new key (a PBKDF2): the cores share them, in bit order
        return saltBits(salt.length, maxBits, random).parallelStream()
                .map(bit -> {
                    byte[] t = salt.clone();
                    t[bit / 8] ^= (byte) (1 << (bit % 8));
                    try {
                        KwlCodec.Decoded d = KwlCodec.decode(wallet, new WalletKeys(password, t));
                        return new Flip(
                                name,
                                "salt",
                                bit,
                                d.contents().equals(base.contents()) ? "identical" : "changed",
                                d.hashSectionConsistent(),
                                "");
                    } catch (BadWalletException e) {
                        return new Flip(name, "salt", bit, "refused", null, shortReason(e.getMessage()));
                    }
                })
                .toList();
    }

    private static String shortReason(String message) {
        int cut = message.indexOf(" (");
        String s = cut > 0 ? message.substring(0, cut) : message;
        return s.length() > 60 ? s.substring(0, 60) : s;
    }

    static void print(List<Flip> flips, PrintStream out) {
        Map<String, Map<String, Long>> by = new LinkedHashMap<>();
        for (String r : List.of("magic", "header", "hash-section", "ciphertext-first-block", "ciphertext", "salt")) {
            by.put(r, new TreeMap<>());
        }
        for (Flip f : flips) {
            by.get(f.region).merge(f.outcome, 1L, Long::sum);
        }
        ConsoleTable t = new ConsoleTable("region", "flips", "refused", "identical", "changed");
        by.forEach((r, m) -> t.row(
                r,
                m.values().stream().mapToLong(Long::longValue).sum(),
                m.getOrDefault("refused", 0L),
                m.getOrDefault("identical", 0L),
                m.getOrDefault("changed", 0L)));
        out.println();
        out.printf(
                Locale.ROOT,
                "tamper-test: %d bit flips over %d fixture wallets%n",
                flips.size(),
                flips.stream().map(Flip::wallet).distinct().count());
        t.print(out);
        String headerBits = flips.stream()
                .filter(f -> f.region.equals("header") && !f.outcome.equals("refused"))
                .map(f -> f.wallet + " byte " + f.bit / 8 + " bit " + f.bit % 8)
                .collect(Collectors.joining(", "));
        long lying = flips.stream()
                .filter(f -> f.region.equals("hash-section") && Boolean.FALSE.equals(f.hashSectionConsistent))
                .count();
        out.println("unprotected: header bits accepted: " + (headerBits.isEmpty() ? "none" : headerBits));
        out.println("unprotected: hash-section flips accepted with a hash section that no longer matches the contents: "
                + lying);
    }
}
