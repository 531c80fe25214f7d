package labbook.wallet.experiments.interop;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.core.LabException;
import labbook.wallet.experiments.Scratch;
import labbook.wallet.format.Dialect;
import labbook.wallet.format.Entry;
import labbook.wallet.format.EntryType;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.RealWallets;
import labbook.wallet.format.WalletContents;
import labbook.wallet.peer.Kwallet5;
import labbook.wallet.peer.Kwallet5Exception;
import labbook.wallet.store.KwlFile;

/**
 * The interop checks: the lab's {@code .kwl} code against the real backend, both ways, as rows for kwallet5-interop's
 * CSV (one per wallet and direction):
 *
 * <ul>
 *   <li>{@code lab-kf5->kwallet5}: the lab writes a kf5 wallet (as {@code import --format kf5} does), the backend dumps
 *       it;
 *   <li>{@code kwallet5->lab}: the backend writes a new wallet, the lab's reader opens it;
 *   <li>{@code lab-kde4->kwallet5}: the lab's kde4 writer, opened by KF5 (a finding: refused, rc -9);
 *   <li>{@code fixture->kwallet5}: the real wallets the lab ships (a finding: KDE4-era ones refused, rc -9);
 *   <li>{@code lab-odd-type->kwallet5}: a lab wallet with an entry of type Unknown (a finding: the backend loses what
 *       follows).
 * </ul>
 *
 * Outcomes: {@code identical}, {@code different} (with what the backend or the lab saw), {@code refused} (with open()'s
 * code). The directions and outcomes are declared here once ({@link #LAB_KF5_TO_KWALLET5}, ..., {@link #IDENTICAL},
 * ...), for the experiment's printout and {@code reports}.
 */
public final class InteropChecks {
    /** The lab writes a kf5 wallet, the backend dumps it: kwallet5-interop.csv's {@code direction}, as all below. */
    public static final String LAB_KF5_TO_KWALLET5 = "lab-kf5->kwallet5";
    /** The backend writes a new wallet, the lab's reader opens it. */
    public static final String KWALLET5_TO_LAB = "kwallet5->lab";
    /** The lab's kde4 writer, opened by KF5. */
    public static final String LAB_KDE4_TO_KWALLET5 = "lab-kde4->kwallet5";
    /** The real wallets the lab ships, opened by KF5. */
    public static final String FIXTURE_TO_KWALLET5 = "fixture->kwallet5";
    /** A lab wallet with an entry of type Unknown, opened by KF5. */
    public static final String LAB_ODD_TYPE_TO_KWALLET5 = "lab-odd-type->kwallet5";

    /** The reader found what the writer wrote: kwallet5-interop.csv's {@code outcome}, as the two below. */
    public static final String IDENTICAL = "identical";
    /** The reader opened the wallet and found something else. */
    public static final String DIFFERENT = "different";
    /** The reader refused the wallet. */
    public static final String REFUSED = "refused";

    /** The wallets checked both ways: edge cases, then random wallets up to {@code largest} entries. */
    public record Case(String name, WalletContents contents, String password) {
        byte[] passwordBytes() {
            return password.getBytes(StandardCharsets.UTF_8);
        }
    }

    /**
     * One check.
     *
     * @param direction lab-kf5->kwallet5, kwallet5->lab, lab-kde4->kwallet5, fixture->kwallet5 or
     *     lab-odd-type->kwallet5
     * @param wallet the case's or fixture's name
     * @param entries entries the writer put in it
     * @param outcome identical, different or refused
     * @param openCode Backend::open's return code when refused, else null
     * @param detail one line: the header, what differed, or the translated refusal
     */
    public record Check(String direction, String wallet, int entries, String outcome, Integer openCode, String detail) {
        public boolean identical() {
            return outcome.equals(IDENTICAL);
        }
    }

    private InteropChecks() {}

    public static List<Case> cases(int largest) {
        List<Case> cases = new ArrayList<>(List.of(
                new Case("empty", InteropCases.empty(), "benchmark"),
                new Case("one empty folder", InteropCases.emptyFolder(), "benchmark"),
                new Case("1 entry", InteropCases.oneEntry(), "benchmark"),
                new Case(
                        "mixed: folders, non-ASCII, binary, password/stream/map, nulls",
                        InteropCases.mixed(),
                        "benchmark"),
                new Case("mixed, empty password", InteropCases.mixed(), ""),
                new Case("mixed, non-ASCII password", InteropCases.mixed(), "pässwörd ключ 🔑")));
        for (int n = 10; n <= largest; n *= 10) {
            cases.add(new Case("random " + n, InteropCases.random(n, n), "benchmark"));
        }
        if (cases.get(cases.size() - 1).contents().entryCount() != largest && largest > 0) {
            cases.add(new Case("random " + largest, InteropCases.random(largest, largest), "benchmark"));
        }
        return cases;
    }

    /**
     * Every check, in a work folder made (and removed) under {@code scratchParent}; random wallets up to
     * {@code largest} entries.
     */
    public static List<Check> run(int largest, Path scratchParent) {
        try (Scratch folder = new Scratch(scratchParent, "interop-checks")) {
            Path work = folder.dir();
            Path scratch = work.resolve("harness");
            List<Check> checks = new ArrayList<>();
            for (Case c : cases(largest)) {
                checks.add(labToKwallet5(c, work.resolve("lab.kwl"), scratch));
                checks.add(kwallet5ToLab(c, work.resolve("real.kwl"), scratch));
            }
            for (Case c : List.of(
                    cases(0).get(2),
                    cases(0).get(3),
                    new Case("random 1000", InteropCases.random(1000, 1000), "benchmark"))) {
                Path w = work.resolve("kde4.kwl");
                KwlFile.create(w, c.contents(), KwlFormat.KDE4, c.passwordBytes(), false);
                checks.add(
                        dumpCheck(LAB_KDE4_TO_KWALLET5, c.name(), c.contents(), w, null, c.passwordBytes(), scratch));
            }
            Path fixtures = RealWallets.copyTo(work.resolve("fixtures"));
            for (RealWallets.Wallet f : RealWallets.ALL) {
                Path w = fixtures.resolve(f.file());
                Path salt = f.saltFile() == null ? null : fixtures.resolve(f.saltFile());
                WalletContents lab = KwlFile.open(w, salt, f.passwordBytes()).contents();
                checks.add(dumpCheck(FIXTURE_TO_KWALLET5, f.file(), lab, w, salt, f.passwordBytes(), scratch));
            }
            WalletContents odd = InteropCases.oneEntry();
            odd.writeEntry("Passwords", new Entry("odd type", EntryType.UNKNOWN, new byte[] {1, 2, 3}));
            odd.writeEntry("Passwords", Entry.password("so, after it", "x"));
            odd.writeEntry("Z later folder", Entry.password("k", "y"));
            Path w = work.resolve("odd.kwl");
            KwlFile.create(w, odd, KwlFormat.KF5, "benchmark".getBytes(StandardCharsets.UTF_8), false);
            checks.add(dumpCheck(
                    LAB_ODD_TYPE_TO_KWALLET5,
                    "an Unknown-type entry among others",
                    odd,
                    w,
                    KwlFile.saltPathFor(w),
                    "benchmark".getBytes(StandardCharsets.UTF_8),
                    scratch));
            return checks;
        }
    }

    private static Check labToKwallet5(Case c, Path wallet, Path scratch) {
        KwlFile.create(wallet, c.contents(), KwlFormat.KF5, c.passwordBytes(), false);
        return dumpCheck(
                LAB_KF5_TO_KWALLET5,
                c.name(),
                c.contents(),
                wallet,
                KwlFile.saltPathFor(wallet),
                c.passwordBytes(),
                scratch);
    }

    private static Check dumpCheck(
            String direction,
            String name,
            WalletContents expected,
            Path wallet,
            Path salt,
            byte[] password,
            Path scratch) {
        try {
            Kwallet5.Opened o = Kwallet5.open(wallet, salt, password, scratch);
            boolean same = o.contents().equals(expected);
            return new Check(
                    direction,
                    name,
                    expected.entryCount(),
                    same ? IDENTICAL : DIFFERENT,
                    null,
                    "header " + o.header()
                            + (same
                                    ? ""
                                    : "; the backend read " + describe(o.contents()) + ", the lab wrote "
                                            + describe(expected)));
        } catch (Kwallet5Exception e) {
            if (e.openCode().isEmpty()) {
                throw e;
            }
            return new Check(
                    direction,
                    name,
                    expected.entryCount(),
                    REFUSED,
                    e.openCode().getAsInt(),
                    e.reason());
        }
    }

    private static Check kwallet5ToLab(Case c, Path wallet, Path scratch) {
        Kwallet5.write(c.contents(), c.passwordBytes(), wallet, scratch);
        KwlCodec.Decoded d;
        try {
            d = KwlFile.open(wallet, null, c.passwordBytes());
        } catch (LabException e) {
            return new Check(KWALLET5_TO_LAB, c.name(), c.contents().entryCount(), REFUSED, null, e.getMessage());
        }
        boolean same = d.contents().equals(c.contents());
        long size;
        try {
            size = Files.size(wallet);
        } catch (java.io.IOException e) {
            throw LabException.cannot("read", wallet, e);
        }
        String detail = "header " + d.header() + ", dialect " + dialectName(d.dialect()) + ", hash section "
                + (d.hashSectionConsistent() ? "as the lab computes it" : "NOT as the lab computes it")
                + ", " + size + " bytes"
                + (size == KwlCodec.fileSize(c.contents())
                        ? " (the lab's size)"
                        : " (the lab's: " + KwlCodec.fileSize(c.contents()) + ")")
                + (same
                        ? ""
                        : "; the lab read " + describe(d.contents()) + ", the backend wrote " + describe(c.contents()));
        return new Check(
                KWALLET5_TO_LAB, c.name(), c.contents().entryCount(), same ? IDENTICAL : DIFFERENT, null, detail);
    }

    private static String dialectName(Dialect d) {
        return d.equals(Dialect.KF5) ? "KF5" : d.equals(Dialect.KDE4) ? "KDE4" : d.toString();
    }

    private static String describe(WalletContents c) {
        Map<String, Integer> perFolder = new LinkedHashMap<>();
        c.folders().forEach((f, e) -> perFolder.put("'" + f + "'", e.size()));
        return c.entryCount() + " entries in folders " + perFolder;
    }
}
