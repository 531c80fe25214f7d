package labbook.wallet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import labbook.wallet.Fixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input to lab-wallet's commands (the module README's promise): an import never destroys or clobbers a wallet
 * or salt it may not replace, a password never appears in an error, the format's limits are checked before writing,
 * every read is bounded, and JSON with duplicate keys or trailing text is refused. Each refusal: exit 1 (2 for a bad
 * option value), one line naming the file or value, nothing on stdout, every file as it was and nothing new left
 * behind.
 */
class HostileInputTest {
    static final String SECRET = "Tr0ub4dor&3-horse";
    static final String JSON_OK =
            "{\"folders\":[{\"name\":\"f\",\"entries\":[{\"key\":\"k\",\"type\":\"password\",\"value\":\"v\"}]}]}";

    @TempDir
    Path dir;

    Path pw;

    @BeforeEach
    void passwordFile() throws IOException {
        pw = Files.writeString(dir.resolve("secret-pw"), SECRET + "\n");
    }

    @Test
    void itemOneAndTwoAnExistingSaltIsOnlyReplacedWithForce() throws Exception {
        Path b = dir.resolve("b.kwl");
        Files.writeString(dir.resolve("b.salt"), "a salt that belongs to someone");
        refused(1, "b.salt", importArgs(JSON_OK, b));
        CliRun forced = CliRun.of(importArgs(JSON_OK, b, "--force").toArray(String[]::new));
        assertThat(forced.code()).as(forced.err()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("b.salt"))).hasSize(56);
        assertThat(CliRun.of("dump", "--password-file", pw.toString(), b.toString())
                        .code())
                .isZero();
    }

    @Test
    void itemTwoAnOutputWithoutKwlNeverTakesTheSaltOfTheWalletBesideIt() throws Exception {
        Path a = dir.resolve("a.kwl");
        assertThat(CliRun.of(importArgs(JSON_OK, a).toArray(String[]::new)).code())
                .isZero();
        refused(1, dir.resolve("a").toString(), importArgs(JSON_OK, dir.resolve("a")));
        refused(1, dir.resolve("a").toString(), importArgs(JSON_OK, dir.resolve("a"), "--force"));
        assertThat(CliRun.of("dump", "--password-file", pw.toString(), a.toString())
                        .code())
                .isZero();
    }

    @Test
    void itemOneAFailedImportForceKeepsTheWalletItWouldReplace() throws Exception {
        Path w = dir.resolve("w.kwl");
        assertThat(CliRun.of(importArgs(JSON_OK, w).toArray(String[]::new)).code())
                .isZero();
        // 70,000 folders: refused after the JSON was read, before anything is written (item 6)
        StringBuilder json = new StringBuilder("{\"folders\":[");
        for (int i = 0; i < 70_000; i++) {
            json.append(i == 0 ? "" : ",").append("{\"name\":\"f").append(i).append("\",\"entries\":[]}");
        }
        String err = refused(1, "65535", importArgs(json.append("]}").toString(), w, "--force"));
        assertThat(err).contains("in.json").contains("70,000 folders");
        assertThat(CliRun.of("dump", "--password-file", pw.toString(), w.toString())
                        .out())
                .contains("\"f\"");
    }

    @Test
    void itemThreeAPasswordFileGivenAsJsonIsNotQuoted() throws Exception {
        List<String> args = importArgs(JSON_OK, dir.resolve("o.kwl"));
        args.set(args.indexOf("--json") + 1, pw.toString());
        String err = refused(1, pw.toString(), args);
        assertThat(err).contains("not valid JSON").doesNotContain("Tr0ub").doesNotContain("horse");
        Path almost = Files.writeString(dir.resolve("secret-almost.json"), "{\"folders\": [" + SECRET + "]}");
        args.set(args.indexOf("--json") + 1, almost.toString());
        assertThat(refused(1, "secret-almost.json", args))
                .contains("line 1, column")
                .doesNotContain("Tr0ub");
    }

    @Test
    void itemSevenEveryReadIsBounded() throws Exception {
        Path openwall = Files.copy(Fixtures.dir().resolve("openwall.kwl"), dir.resolve("openwall.kwl"));
        refused(1, "/dev/zero", List.of("dump", "--password-file", "/dev/zero", openwall.toString()));
        Path big = Files.writeString(dir.resolve("big-pw"), "a".repeat(4 << 20));
        assertThat(refused(1, "big-pw", List.of("dump", "--password-file", big.toString(), openwall.toString())))
                .contains("too big");
        Path huge = sparse("huge.kwl", 3L << 30);
        assertThat(refused(1, "huge.kwl", List.of("dump", "--password-file", pw.toString(), huge.toString())))
                .contains("too big");
        List<String> args = importArgs(JSON_OK, dir.resolve("o.kwl"));
        args.set(args.indexOf("--json") + 1, sparse("huge.json", 300L << 20).toString());
        refused(1, "huge.json", args);
        Path salted = Files.copy(Fixtures.dir().resolve("kwallet-with-salt.kwl"), dir.resolve("kwallet-with-salt.kwl"));
        assertThat(refused(
                        1,
                        "/dev/zero",
                        List.of("dump", "--password-file", pw.toString(), "--salt", "/dev/zero", salted.toString())))
                .contains("salt file");
    }

    @Test
    void itemEightDuplicateKeysAndTrailingTextAreRefused() throws Exception {
        for (String[] bad : new String[][] {
            {"{\"folders\":[],\"folders\":[]}", "a key appears twice"},
            {JSON_OK + " trailing", "more text after the JSON document"},
            {JSON_OK + " {}", "more text after the JSON document"},
            {"{\"folders\":[{\"name\":\"f\",\"entries\":[]},{\"name\":\"f\",\"entries\":[]}]}", "folders[1].name"},
            {
                "{\"folders\":[{\"name\":\"f\",\"entries\":[{\"key\":\"k\",\"type\":\"password\",\"value\":\"a\"},"
                        + "{\"key\":\"k\",\"type\":\"password\",\"value\":\"b\"}]}]}",
                "folders[0].entries[1].key"
            },
            {
                "{\"folders\":[{\"name\":\"f\",\"entries\":"
                        + "[{\"key\":\"k\",\"type\":\"map\",\"value\":{\"u\":\"1\",\"u\":\"2\"}}]}]}",
                "a key appears twice"
            },
        }) {
            assertThat(refused(1, "in.json", importArgs(bad[0], dir.resolve("o.kwl"))))
                    .contains(bad[1]);
        }
    }

    @Test
    void badOptionValuesExitTwo() {
        assertThat(refused(
                        2,
                        "--kills",
                        List.of(
                                "crash-test",
                                "--kills",
                                "0",
                                "--out",
                                dir.resolve("r").toString())))
                .contains("'0'");
        assertThat(refused(
                        2,
                        "kde5",
                        List.of(
                                "sync-sweep",
                                "--variants",
                                "kde5",
                                "--out",
                                dir.resolve("r").toString())))
                .contains("--variants");
    }

    private Path sparse(String name, long length) throws IOException {
        Path p = dir.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(length);
        }
        return p;
    }

    private List<String> importArgs(String json, Path out, String... more) throws IOException {
        Path in = Files.writeString(dir.resolve("in.json"), json);
        List<String> args = new ArrayList<>(
                List.of("import", "--format", "kf5", "--password-file", pw.toString(), "--json", in.toString()));
        args.addAll(List.of(more));
        args.add(out.toString());
        return args;
    }

    /** Runs a command that must fail; checks the promise and returns its one line. */
    private String refused(int exit, String named, List<String> args) {
        Map<Path, String> before = snapshot();
        CliRun run = CliRun.of(args.toArray(String[]::new));
        String err = run.err().strip();
        assertThat(run.code()).as(err).isEqualTo(exit);
        assertThat(run.out()).isEmpty();
        assertThat(err)
                .doesNotContain("\n")
                .doesNotContain("\tat ")
                .doesNotContain("Exception")
                .contains(named);
        assertThat(err).doesNotContain(SECRET);
        assertThat(snapshot()).as("every file as it was, nothing left behind").isEqualTo(before);
        return err;
    }

    /** Every file under the test folder with its size and a hash of its bytes (sparse files by size only). */
    private Map<Path, String> snapshot() {
        Map<Path, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(Files::isRegularFile).forEach(f -> {
                try {
                    long size = Files.size(f);
                    files.put(
                            f, size + (size > (1 << 20) ? "" : ":" + java.util.Arrays.hashCode(Files.readAllBytes(f))));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        files.remove(dir.resolve("in.json"));
        return files;
    }
}
