package labbook.filecrypt.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.Cli;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.main.FilecryptLab;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The experiments end to end on the small files of the quick corpus, one repeat: every engine runs (gpg, bcpg in this
 * JVM, bcpg as a forked JVM), the CSVs and run.json appear. Checks shapes, never speed.
 */
class ExperimentSmokeTest {
    @TempDir
    Path out;

    @Test
    void levelSweepWritesEveryEngineScopeAndLevel() throws Exception {
        assertThat(quick("level-sweep", 1_000_000)).isZero();
        List<String> lines = Files.readAllLines(out.resolve("filecrypt/level-sweep.csv"));
        assertThat(lines.get(0))
                .startsWith(
                        "corpus,file,file_bytes,engine,scope,algo,level,repeat,cpu_user_s,cpu_sys_s,wall_s,out_bytes");
        // 2 files x 5 levels x 3 engines, and bcpg in-process on 2 threads at the 4 levels that compress
        assertThat(lines).hasSize(1 + 2 * 5 * 3 + 2 * 4);
        assertThat(lines.get(0)).endsWith("," + FilecryptSchemas.COMPRESS_THREADS.name());
        assertThat(lines)
                .anyMatch(l -> l.contains(",gpg,process,zip,9,") && l.endsWith(",1"))
                .anyMatch(l -> l.contains(",bcpg,in-process,zip,1,") && l.endsWith(",1"))
                .anyMatch(l -> l.contains(",bcpg,process,zip,0,"));
        assertThat(lines)
                .filteredOn(l -> l.endsWith(",2"))
                .hasSize(2 * 4)
                .allMatch(l -> l.contains(",bcpg,in-process,zip,") && !l.contains(",zip,0,"));
        assertThat(out.resolve("filecrypt/run.json"))
                .content()
                .contains("\"gpg\"")
                .contains("level-sweep");
        // gpg's output of every file and level, decrypted by gpg and by bcpg in-process
        List<String> decrypts = Files.readAllLines(out.resolve("filecrypt/level-decrypt.csv"));
        assertThat(decrypts.get(0)).isEqualTo(String.join(",", FilecryptSchemas.LEVEL_DECRYPT.names()));
        assertThat(decrypts).hasSize(1 + 2 * 5 * 2);
        assertThat(decrypts)
                .anyMatch(l -> l.contains(",gpg,process,zip,9,") && l.contains(",gpg,65536,"))
                .anyMatch(l -> l.contains(",bcpg,in-process,zip,0,") && l.contains(",jdk-ecb-cfb,65536,"));
    }

    @Test
    void levelsReplaceThePlansAndThreadsSetTheParallelEngine() throws Exception {
        assertThat(quick("level-sweep", 10_000, "--levels", "9,0", "--threads", "3"))
                .isZero();
        List<String> lines = Files.readAllLines(out.resolve("filecrypt/level-sweep.csv"));
        // the 10 kB file at -z 0 and -z 9 by 3 engines, and on 3 threads at -z 9
        assertThat(lines).hasSize(1 + 2 * 3 + 1);
        assertThat(lines.subList(1, lines.size())).allMatch(l -> l.contains(",zip,0,") || l.contains(",zip,9,"));
        assertThat(lines)
                .filteredOn(l -> l.endsWith(",3"))
                .singleElement()
                .asString()
                .contains(",bcpg,in-process,zip,9,");
        assertThat(out.resolve("filecrypt/run.json"))
                .content()
                .contains("--levels 9,0")
                .contains("--threads 3");
    }

    @Test
    void pipelineVariantsTimesTheChosenVariantsBesideGpg() throws Exception {
        assertThat(run("pipeline-variants", "--quick", "--variants", "jdk-fast + zlib-8k", "--out", out.toString()))
                .isZero();
        List<String> lines = Files.readAllLines(out.resolve("filecrypt/pipeline-variants.csv"));
        assertThat(lines.get(0)).isEqualTo(String.join(",", FilecryptSchemas.PIPELINE_VARIANTS.names()));
        // 3 repeats x 3 levels, gpg and the one variant (its rows made in its own JVM, read back by column name)
        assertThat(lines.subList(1, lines.size()))
                .hasSize(3 * 3 * 2)
                .allMatch(l -> l.contains(",gpg,gpg,") || l.contains(",jdk-fast + zlib-8k,jdk-fast,"));
        assertThat(out.resolve("filecrypt/run.json")).content().contains("--variants");
    }

    @Test
    void interopRunsBcpgOnSeveralThreadsToGpg() throws Exception {
        assertThat(run("interop", "--quick", "--out", out.toString())).isZero();
        List<String> lines = Files.readAllLines(out.resolve("filecrypt/interop.csv"));
        assertThat(lines.get(0)).endsWith("," + FilecryptSchemas.COMPRESS_THREADS.name());
        assertThat(lines)
                .filteredOn(l -> l.endsWith(",2") || l.endsWith(",4"))
                .hasSize(6)
                .allMatch(l -> l.startsWith("bcpg-to-gpg,") && l.contains(",true,") && l.contains(",1000000,"));
    }

    @Test
    void directoryRunsWritesTheFourRunsForGpgAndInProcessAndNoWholeProcessJvmInQuickMode() throws Exception {
        assertThat(quick("directory-runs", 1_000_000, "--types", "text")).isZero();
        List<String> lines = Files.readAllLines(out.resolve("filecrypt/directory-runs.csv"));
        // quick: no fresh JVM per file (full mode's; no claim reads it)
        assertThat(lines).hasSize(1 + 4 * 2).noneMatch(l -> l.contains(",bcpg,process,"));
        assertThat(lines)
                .anyMatch(l -> l.startsWith("gcide-10MB,crypto-default,bcpg,in-process,0,2,"))
                .anyMatch(l -> l.contains(",published-gpg-default-z7,gpg,process,"))
                .anyMatch(l -> l.contains(",gpg-default-z6,bcpg,in-process,"));
        // crypto's default: -z 1 for the 1 MB text file, -z 0 for the 10 kB one
        assertThat(lines).filteredOn(l -> l.contains(",crypto-default,")).allMatch(l -> l.contains(",1 0,"));
    }

    @Test
    void directoryRunsOnBinaryFoldersRecordEachFilesMimeTypeAndGiveEveryOneMinusZ0ByDefault() throws Exception {
        assertThat(quick("directory-runs", 400_000, "--types", "pdf,png")).isZero();
        List<String> runs = Files.readAllLines(out.resolve("filecrypt/directory-runs.csv"));
        // 2 folders x 4 runs x (gpg, bcpg in-process); quick: no fresh JVM per file
        assertThat(runs).hasSize(1 + 2 * 4 * 2).noneMatch(l -> l.contains(",bcpg,process,"));
        assertThat(runs)
                .filteredOn(l -> l.startsWith("pdf-quick,") || l.startsWith("png-quick,"))
                .hasSize(16);
        // crypto's default run of each folder, by gpg and by bcpg in-process
        assertThat(runs)
                .filteredOn(l -> l.contains(",crypto-default,"))
                .hasSize(2 * 2)
                .allMatch(l -> l.matches(".*,(0 )*0,65536$"));
        List<String> files = Files.readAllLines(out.resolve("filecrypt/directory-files.csv"));
        assertThat(files.get(0)).isEqualTo("corpus,type,file,file_bytes,sha256,mime,default_level,origin");
        assertThat(files.subList(1, files.size()))
                .isNotEmpty()
                .allMatch(l -> (l.startsWith("pdf-quick,pdf,") && l.contains(",application/pdf,0,r-doc-pdf="))
                        || (l.startsWith("png-quick,png,") && l.contains(",image/png,0,desktop-base=")));
        assertThat(out.resolve("filecrypt/run.json"))
                .content()
                .contains("corpus-pdf")
                .contains("directory-files");
    }

    @Test
    void anUnknownFolderTypeIsOneLineBeforeAnything() {
        CommandLine cli = Cli.commandLine(new FilecryptLab());
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        assertThat(cli.execute("directory-runs", "--quick", "--types", "text,jpeg", "--out", out.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--types").contains("jpeg");
        assertThat(out.resolve("filecrypt")).doesNotExist();
    }

    /** {@code experiment} in quick mode, one repeat, on files of at most {@code maxFileBytes}, with {@code options}. */
    private int quick(String experiment, int maxFileBytes, String... options) {
        List<String> args = new ArrayList<>(List.of(experiment, "--quick", "--repeats", "1"));
        args.addAll(List.of("--max-file-bytes", Integer.toString(maxFileBytes)));
        args.addAll(List.of(options));
        args.addAll(List.of("--out", out.toString()));
        return run(args.toArray(String[]::new));
    }

    private static int run(String... args) {
        CommandLine cli = Cli.commandLine(new FilecryptLab());
        cli.setErr(new PrintWriter(new StringWriter(), true));
        return cli.execute(args);
    }
}
