package labbook.hostile;

import static labbook.hostile.Tool.REPORTS;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import labbook.core.Column;
import labbook.core.Repo;
import labbook.core.ResultsSchema;
import labbook.filecrypt.FilecryptSchemas;
import labbook.vfs.VfsSchemas;
import labbook.wallet.WalletSchemas;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** reports build: damaged results (every CSV the studies declare), foreign paths, BOMs, negative times. */
class HostileReportsTest {
    @TempDir
    Path tmp;

    /** The sample results the notebooks ship (real runs), copied into the case's folder. */
    static String results(Sandbox s) {
        Path from = Repo.root().resolve("reference-run");
        Path to = s.path("results");
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else if (!p.getFileName().toString().equals("README.md")) {
                    Files.copy(p, t);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return to.toString();
    }

    static List<String> build(Sandbox s, String results) {
        return List.of("build", "--results", results, "--out", s.p("site"));
    }

    /** The sample's CSV for a schema with one cell (data line {@code line}, 1-based) set to {@code value}. */
    static Case cellSetTo(ResultsSchema schema, Column column, int line, String value, String how, String names) {
        return damaged(
                schema,
                how,
                lines -> {
                    String[] cells = lines.get(line).split(",", -1);
                    cells[schema.indexOf(column)] = value;
                    lines.set(line, String.join(",", cells));
                    return lines;
                },
                names);
    }

    /** The sample's CSV for a schema, damaged line by line. */
    static Case damaged(ResultsSchema schema, String how, UnaryOperator<List<String>> damage) {
        return damaged(schema, how, damage, schema.fileName());
    }

    static Case damaged(ResultsSchema schema, String how, UnaryOperator<List<String>> damage, String names) {
        String file = schema.study() + "/" + schema.fileName();
        return brokenRun(
                file + ": " + how,
                (s, root) -> {
                    Path csv = Path.of(root, file);
                    try {
                        Files.write(csv, damage.apply(new ArrayList<>(Files.readAllLines(csv))));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                names);
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        List<ResultsSchema> schemas = new ArrayList<>();
        schemas.addAll(WalletSchemas.ALL);
        schemas.addAll(FilecryptSchemas.ALL);
        schemas.addAll(VfsSchemas.ALL);
        List<String> withoutSample = new ArrayList<>();
        for (ResultsSchema schema : schemas) {
            if (!Files.exists(
                    Repo.root().resolve("reference-run").resolve(schema.study()).resolve(schema.fileName()))) {
                withoutSample.add(schema.study() + "/" + schema.fileName());
                continue;
            }
            cases.add(damaged(schema, "its first column missing", lines -> {
                lines.replaceAll(l -> l.substring(l.indexOf(',') + 1));
                return lines;
            }));
            cases.add(damaged(schema, "a short row", lines -> {
                String l = lines.get(1);
                lines.set(1, l.substring(0, l.lastIndexOf(',')));
                return lines;
            }));
            int measure = firstMeasure(schema);
            if (measure >= 0) {
                cases.add(cellSetTo(
                        schema,
                        schema.columns().get(measure),
                        1,
                        "fast",
                        "a word where a number belongs",
                        schema.fileName()));
            }
            cases.add(damaged(schema, "an unclosed quote", lines -> {
                lines.set(1, "\"" + lines.get(1));
                return lines;
            }));
            cases.add(damaged(schema, "empty", lines -> List.of()));
        }
        // a CSV missing from the reference run (or a moved sample folder) would silently drop that CSV's
        // cases, so it fails here instead
        assertThat(withoutSample)
                .as("declared CSVs with no sample in reference-run, so no damaged-CSV case")
                .isEmpty();
        cases.add(cellSetTo(
                WalletSchemas.SYNC_SWEEP, WalletSchemas.SYNC_MS, 1, "-3.5", "a negative time", "sync-sweep.csv"));
        cases.add(brokenRun(
                "a broken run.json", (s, root) -> s.write("results/vfs/run.json", "{\"host\": "), "run.json"));
        cases.add(Case.of(
                "--results is a file",
                REPORTS,
                1,
                s -> build(s, s.write("afile", "not a folder")),
                s -> "not a folder"));
        cases.add(Case.of("--results does not exist", REPORTS, 1, s -> build(s, s.p("nowhere")), s -> "nowhere"));
        cases.add(Case.of(
                "--out is a file",
                REPORTS,
                1,
                s -> List.of("build", "--results", results(s), "--out", s.write("site-file", "x")),
                s -> "site-file"));
        cases.add(cellSetTo(
                WalletSchemas.SAVE_STRATEGIES,
                WalletSchemas.BYTES_WRITTEN,
                2,
                "-1",
                "a negative size",
                "save-strategies.csv:3: column 'bytes_written'"));
        cases.add(brokenRun(
                "a CSV over 512 MB (sparse)",
                (s, root) -> {
                    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(
                            Path.of(root, "vfs/git-diff.csv").toFile(), "rw")) {
                        f.setLength((512L << 20) + 1);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                "git-diff.csv: 513 MB, over the 512 MB limit"));
        cases.add(brokenRun(
                "a run.json over 1 MB",
                (s, root) -> s.write("results/wallet/run.json", "{\"host\": \"" + "h".repeat(1 << 20) + "\"}"),
                "run.json: 2 MB, over the 1 MB limit"));
        cases.add(brokenRun(
                "a run.json with a second object after the first",
                (s, root) -> s.write("results/vfs/run.json", "{\"host\": \"a\"}\n{\"host\": \"b\"}\n"),
                "run.json: not valid JSON"));
        cases.add(brokenRun(
                "a CSV that is not UTF-8",
                (s, root) -> s.write("results/vfs/git-diff.csv", new byte[] {'m', 'o', 'd', 'e', (byte) 0xC3, '\n'}),
                "git-diff.csv: not UTF-8 text"));
        cases.add(Case.of(
                "--out is a folder of other files",
                REPORTS,
                1,
                s -> {
                    s.write("home/notes.txt", "not a site");
                    return List.of("build", "--results", results(s), "--out", s.p("home"));
                },
                s -> "notes.txt"));
        cases.add(Case.of(
                "--out is under a file",
                REPORTS,
                1,
                s -> List.of("build", "--results", results(s), "--out", s.write("site-file", "x") + "/site"),
                s -> "site-file"));
        cases.add(Case.of(
                "--out is a broken symbolic link",
                REPORTS,
                1,
                s -> {
                    try {
                        Files.createSymbolicLink(s.path("dangling"), s.path("nowhere"));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    return List.of("build", "--results", results(s), "--out", s.p("dangling"));
                },
                s -> "dangling"));
        cases.add(Case.of("an unknown option", REPORTS, 2, s -> List.of("build", "--colour", "red"), s -> "--colour"));
        return cases;
    }

    /** A report built from a sample run that {@code damage} broke (given the sandbox and the results root). */
    private static Case brokenRun(String name, BiConsumer<Sandbox, String> damage, String says) {
        return Case.of(
                name,
                REPORTS,
                1,
                s -> {
                    String root = results(s);
                    damage.accept(s, root);
                    return build(s, root);
                },
                s -> says);
    }

    private static int firstMeasure(ResultsSchema schema) {
        for (int i = 0; i < schema.columns().size(); i++) {
            if (schema.columns().get(i).kind() == Column.Kind.MEASURE) {
                return i;
            }
        }
        return -1;
    }

    @TestFactory
    Stream<DynamicTest> reportsBuildKeepsItsPromise() {
        return Promise.eachCase(cases(), tmp);
    }

    /** A CSV saved with a UTF-8 byte-order mark (as some spreadsheets do) is read like any other. */
    @Test
    void aByteOrderMarkIsNotAMissingColumn() throws IOException {
        Sandbox s = new Sandbox(tmp.resolve("bom"));
        String root = results(s);
        Path csv = Path.of(root, "wallet/sync-sweep.csv");
        byte[] body = Files.readAllBytes(csv);
        byte[] withBom = new byte[body.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(body, 0, withBom, 3, body.length);
        Files.write(csv, withBom);
        Outcome o = REPORTS.run(build(s, root).toArray(String[]::new));
        assertThat(o.exit()).as("%s", o).isZero();
        assertThat(new String(Files.readAllBytes(s.path("site/wallet.html")), StandardCharsets.UTF_8))
                .contains("sync");
    }
}
