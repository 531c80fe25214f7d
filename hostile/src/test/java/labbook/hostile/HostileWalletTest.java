package labbook.hostile;

import static labbook.hostile.Tool.WALLET;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import labbook.wallet.format.RealWallets;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** wallet dump and import: bad passwords, damaged and foreign files, bad JSON, outputs that must not be clobbered. */
class HostileWalletTest {
    @TempDir
    Path tmp;

    static final String JSON_OK =
            "{\"folders\":[{\"name\":\"f\",\"entries\":[{\"key\":\"k\",\"type\":\"password\",\"value\":\"v\"}]}]}";

    static String fixtures(Sandbox s, String file) {
        RealWallets.copyTo(s.root());
        return s.p(file);
    }

    static List<String> dump(Sandbox s, String password, String wallet) {
        return List.of("dump", "--password-file", s.secretFile("secret-pw", password), wallet);
    }

    static List<String> importJson(Sandbox s, String json, String out, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "import",
                "--format",
                "kf5",
                "--password-file",
                s.secretFile("secret-pw", "hunter2-new-wallet"),
                "--json",
                s.write("in.json", json)));
        args.addAll(List.of(more));
        args.add(out);
        return args;
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        // the password file
        cases.add(Case.of(
                "dump: password file missing",
                WALLET,
                1,
                s -> List.of("dump", "--password-file", s.p("nope"), fixtures(s, "openwall.kwl")),
                s -> "nope"));
        cases.add(Case.of(
                "dump: password file is a folder",
                WALLET,
                1,
                s -> List.of("dump", "--password-file", s.dir("pwdir"), fixtures(s, "openwall.kwl")),
                s -> "pwdir"));
        cases.add(Case.of(
                "dump: password file is /dev/zero",
                WALLET,
                1,
                s -> List.of("dump", "--password-file", "/dev/zero", fixtures(s, "openwall.kwl")),
                s -> "/dev/zero"));
        cases.add(Case.of(
                "dump: password file of 4 MB",
                WALLET,
                1,
                s -> List.of(
                        "dump", "--password-file", s.write("big-pw", "a".repeat(4 << 20)), fixtures(s, "openwall.kwl")),
                s -> "big-pw"));
        // the wallet
        cases.add(
                Case.of("dump: wallet missing", WALLET, 1, s -> dump(s, "openwall", s.p("none.kwl")), s -> "none.kwl"));
        cases.add(
                Case.of("dump: wallet is a folder", WALLET, 1, s -> dump(s, "openwall", s.dir("d.kwl")), s -> "d.kwl"));
        cases.add(Case.of(
                "dump: wallet is empty", WALLET, 1, s -> dump(s, "openwall", s.write("e.kwl", "")), s -> "e.kwl"));
        cases.add(Case.of(
                "dump: wallet is random bytes",
                WALLET,
                1,
                s -> dump(s, "openwall", s.write("r.kwl", random(4096, 1))),
                s -> "r.kwl"));
        cases.add(Case.of(
                "dump: wallet is a gpg file",
                WALLET,
                1,
                s -> dump(s, "openwall", s.write("g.kwl", new byte[] {(byte) 0x8c, 0x0d, 0x04, 0x09})),
                s -> "g.kwl"));
        cases.add(Case.of(
                "dump: wallet with a wrong magic",
                WALLET,
                1,
                s -> {
                    String w = fixtures(s, "openwall.kwl");
                    byte[] b = s.read("openwall.kwl");
                    b[0] ^= 0x20;
                    s.write("openwall.kwl", b);
                    return dump(s, "openwall", w);
                },
                s -> "openwall.kwl"));
        cases.add(Case.of(
                "dump: a sparse 3 GB wallet",
                WALLET,
                1,
                s -> {
                    String w = s.write("huge.kwl", "");
                    try (var f = new java.io.RandomAccessFile(w, "rw")) {
                        f.setLength(3L << 30);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    return dump(s, "openwall", w);
                },
                s -> "huge.kwl"));
        cases.add(Case.of(
                "dump: kf5 wallet without its salt",
                WALLET,
                1,
                s -> {
                    String w = fixtures(s, "kwallet-with-salt.kwl");
                    try {
                        java.nio.file.Files.delete(s.path("kwallet-with-salt.salt"));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    return dump(s, "openwall", w);
                },
                s -> "kwallet-with-salt"));
        cases.add(Case.of(
                "dump: kf5 wallet with a short salt",
                WALLET,
                1,
                s -> {
                    String w = fixtures(s, "kwallet-with-salt.kwl");
                    s.write("kwallet-with-salt.salt", new byte[10]);
                    return dump(s, "openwall", w);
                },
                s -> "kwallet-with-salt"));
        for (RealWallets.Wallet w : RealWallets.ALL) {
            cases.add(Case.of(
                    "dump: " + w.file() + " with a wrong password",
                    WALLET,
                    1,
                    s -> dump(s, "not-" + w.password() + "-at-all", fixtures(s, w.file())),
                    s -> w.file()));
            byte[] whole = resource(w.file());
            for (int cut : new int[] {whole.length - 1, whole.length - 8, whole.length / 2, 12, 5}) {
                cases.add(Case.of(
                        "dump: " + w.file() + " cut to " + cut + " bytes",
                        WALLET,
                        1,
                        s -> {
                            String p = fixtures(s, w.file());
                            s.write(w.file(), java.util.Arrays.copyOf(s.read(w.file()), cut));
                            return dump(s, w.password(), p);
                        },
                        s -> w.file()));
            }
            for (int back : new int[] {1, 9, 40}) {
                cases.add(Case.of(
                        "dump: " + w.file() + " with a byte flipped " + back + " from the end",
                        WALLET,
                        1,
                        s -> {
                            String p = fixtures(s, w.file());
                            byte[] b = s.read(w.file());
                            b[b.length - back] ^= 0x01;
                            s.write(w.file(), b);
                            return dump(s, w.password(), p);
                        },
                        s -> w.file()));
            }
        }
        // arguments
        cases.add(Case.of(
                "dump: no wallet given", WALLET, 2, s -> List.of("dump", "--password-file", s.p("x")), s -> null));
        cases.add(Case.of(
                "dump: an unknown option",
                WALLET,
                2,
                s -> List.of("dump", "--frobnicate", "--password-file", s.p("p"), s.p("w.kwl")),
                s -> "--frobnicate"));
        cases.add(Case.of("an unknown command", WALLET, 2, s -> List.of("explode"), s -> "explode"));
        cases.add(Case.of(
                "import: an unknown format",
                WALLET,
                2,
                s -> List.of(
                        "import", "--format", "kde3", "--password-file", s.p("p"), "--json", s.p("j"), s.p("o.kwl")),
                s -> "kde3"));
        cases.add(Case.of(
                "import: no --format",
                WALLET,
                2,
                s -> List.of("import", "--password-file", s.p("p"), "--json", s.p("j"), s.p("o.kwl")),
                s -> "--format"));
        // import: the JSON
        cases.add(Case.of(
                "import: JSON missing",
                WALLET,
                1,
                s -> {
                    List<String> a = new ArrayList<>(importJson(s, JSON_OK, s.p("o.kwl")));
                    a.set(a.indexOf("--json") + 1, s.p("missing.json"));
                    return a;
                },
                s -> "missing.json"));
        cases.add(Case.of(
                "import: JSON is a folder",
                WALLET,
                1,
                s -> {
                    List<String> a = new ArrayList<>(importJson(s, JSON_OK, s.p("o.kwl")));
                    a.set(a.indexOf("--json") + 1, s.dir("jdir"));
                    return a;
                },
                s -> "jdir"));
        for (String[] bad : new String[][] {
            {"empty", ""},
            {"not JSON", "folders: f"},
            {"a JSON array", "[1,2]"},
            {"no folders", "{}"},
            {"folders not a list", "{\"folders\":3}"},
            {"a folder without a name", "{\"folders\":[{\"entries\":[]}]}"},
            {
                "an entry without a key",
                "{\"folders\":[{\"name\":\"f\",\"entries\":[{\"type\":\"password\",\"value\":\"v\"}]}]}"
            },
            {
                "an unknown entry type",
                "{\"folders\":[{\"name\":\"f\",\"entries\":[{\"key\":\"k\",\"type\":\"weird\",\"value\":\"v\"}]}]}"
            },
            {
                "a map value that is a string",
                "{\"folders\":[{\"name\":\"f\",\"entries\":[{\"key\":\"k\",\"type\":\"map\",\"value\":\"v\"}]}]}"
            },
            {
                "a stream value that is not base64",
                "{\"folders\":[{\"name\":\"f\",\"entries\":[{\"key\":\"k\",\"type\":\"stream\",\"value\":\"*!*\"}]}]}"
            },
            {"unclosed", "{\"folders\":[{\"name\":\"f\""},
            {
                "two folders with one name",
                "{\"folders\":[{\"name\":\"f\",\"entries\":[]},{\"name\":\"f\",\"entries\":[]}]}"
            },
        }) {
            cases.add(Case.of(
                    "import: JSON " + bad[0], WALLET, 1, s -> importJson(s, bad[1], s.p("o.kwl")), s -> "in.json"));
        }
        cases.add(Case.of(
                "import: JSON with two entries of one key",
                WALLET,
                1,
                s -> importJson(
                        s,
                        "{\"folders\":[{\"name\":\"f\",\"entries\":["
                                + "{\"key\":\"k\",\"type\":\"password\",\"value\":\"a\"},"
                                + "{\"key\":\"k\",\"type\":\"password\",\"value\":\"b\"}]}]}",
                        s.p("o.kwl")),
                s -> "in.json"));
        cases.add(Case.of(
                "import: JSON with a duplicate object key",
                WALLET,
                1,
                s -> importJson(s, "{\"folders\":[],\"folders\":[]}", s.p("o.kwl")),
                s -> "in.json"));
        cases.add(Case.of(
                "import: JSON with trailing garbage",
                WALLET,
                1,
                s -> importJson(s, JSON_OK + " trailing", s.p("o.kwl")),
                s -> "in.json"));
        cases.add(Case.of(
                "import: 70,000 folders (the format holds 65,535)",
                WALLET,
                1,
                s -> {
                    StringBuilder b = new StringBuilder("{\"folders\":[");
                    for (int i = 0; i < 70_000; i++) {
                        b.append(i == 0 ? "" : ",")
                                .append("{\"name\":\"f")
                                .append(i)
                                .append("\",\"entries\":[]}");
                    }
                    return importJson(s, b.append("]}").toString(), s.p("o.kwl"));
                },
                s -> "65535"));
        cases.add(Case.of(
                "import: the password file given as --json",
                WALLET,
                1,
                s -> {
                    List<String> a = new ArrayList<>(importJson(s, JSON_OK, s.p("o.kwl")));
                    a.set(a.indexOf("--json") + 1, s.secretFile("secret-leak", "Tr0ub4dor&3-horse"));
                    return a;
                },
                s -> "secret-leak"));
        // import: outputs that must not be clobbered
        cases.add(Case.of(
                "import: OUT exists, no --force",
                WALLET,
                1,
                s -> importJson(s, JSON_OK, s.write("old.kwl", "old wallet")),
                s -> "old.kwl"));
        cases.add(
                Case.of("import: OUT.salt exists, no --force", WALLET, 1, HostileWalletTest::withSalt, s -> "b.salt"));
        cases.add(Case.of(
                "import: OUT without .kwl beside an existing a.kwl",
                WALLET,
                1,
                s -> {
                    s.write("a.kwl", "someone's wallet");
                    s.write("a.salt", "someone's salt");
                    return importJson(s, JSON_OK, s.p("a"));
                },
                s -> "a"));
        cases.add(Case.of(
                "import: OUT's folder missing",
                WALLET,
                1,
                s -> importJson(s, JSON_OK, s.p("no/such/o.kwl")),
                s -> "no/such"));
        cases.add(Case.of(
                "import: OUT is a folder",
                WALLET,
                1,
                s -> importJson(s, JSON_OK, s.dir("odir.kwl"), "--force"),
                s -> "odir.kwl"));
        return cases;
    }

    private static List<String> withSalt(Sandbox s) {
        s.write("b.salt", "a salt that belongs to someone");
        return importJson(s, JSON_OK, s.p("b.kwl"));
    }

    /** A small KF5 wallet at {@code wallet}, imported from {@link #JSON_OK} written in {@code s}: the one to keep. */
    static void importOldWallet(Sandbox s, String pw, String wallet) {
        Outcome old =
                WALLET.run(importKf5(pw, s.write("small.json", JSON_OK), wallet).toArray(String[]::new));
        assertThat(old.exit()).as("%s", old).isZero();
    }

    /** {@code import --format kf5 [options] --password-file pw --json json wallet}, as a command line. */
    static List<String> importKf5(String pw, String json, String wallet, String... options) {
        List<String> args = new ArrayList<>(List.of("import"));
        args.addAll(Arrays.asList(options));
        args.addAll(List.of("--format", "kf5", "--password-file", pw, "--json", json, wallet));
        return args;
    }

    /**
     * An import of one folder, "f", holding {@code entries} passwords whose keys and values are made from their index.
     */
    static String passwordsJson(int entries, IntFunction<String> key, IntFunction<String> value) {
        StringBuilder json = new StringBuilder("{\"folders\":[{\"name\":\"f\",\"entries\":[");
        for (int i = 0; i < entries; i++) {
            json.append(i == 0 ? "" : ",")
                    .append("{\"key\":\"")
                    .append(key.apply(i))
                    .append("\",\"type\":\"password\",\"value\":\"")
                    .append(value.apply(i))
                    .append("\"}");
        }
        return json.append("]}]}").toString();
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    static byte[] resource(String file) {
        try (var in = RealWallets.class.getResourceAsStream("/labbook/wallet/fixtures/" + file)) {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> walletCommandsKeepTheirPromise() {
        return Promise.eachCase(cases(), tmp);
    }
}
