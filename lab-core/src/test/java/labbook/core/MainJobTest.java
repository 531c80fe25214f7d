package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The main job's orchestration with real child processes (silent ones: a child of the main job writes to the test JVM's
 * own streams): every step runs whatever became of the one before, a failure costs its step alone and is said in one
 * line, the times name each step, and the exit code says whether all succeeded.
 */
class MainJobTest {
    private static MainJob.Step step(String name, Duration limit, String... command) {
        return new MainJob.Step(name, name + ": all --quick", List.of(command), limit);
    }

    private record Ran(int exit, List<String> lines) {}

    private static Ran run(List<MainJob.Step> steps) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit;
        try (PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            exit = MainJob.runSteps(steps, Duration.ofSeconds(75), err);
        }
        return new Ran(exit, bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }

    @Test
    void allStepsSucceed() {
        Ran r = run(List.of(
                step("wallet", Duration.ofMinutes(1), "true"),
                step("filecrypt", Duration.ofMinutes(1), "true"),
                step("report", Duration.ofMinutes(1), "true")));
        assertThat(r.exit()).isZero();
        assertThat(r.lines())
                .containsSubsequence("== wallet: all --quick", "== filecrypt: all --quick", "== report: all --quick");
        assertThat(r.lines().get(r.lines().size() - 1))
                .matches("== times: build 1 m 15 s; wallet 0 m 0\\d s; filecrypt 0 m 0\\d s; report 0 m 0\\d s;"
                        + " total 1 m \\d\\d s");
    }

    @Test
    void aFailedStudyCostsThatStudyAlone() {
        Ran r = run(List.of(
                step("wallet", Duration.ofMinutes(1), "sh", "-c", "exit 3"),
                step("vfs", Duration.ofSeconds(1), "sleep", "60"),
                step("filecrypt", Duration.ofMinutes(1), "true"),
                step("report", Duration.ofMinutes(1), "true")));
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.lines())
                .contains("labbook: wallet failed (exit 3); the report shows it as not run")
                .anyMatch(l -> l.startsWith("labbook: vfs failed (vfs (pid ") && l.contains("1 s"))
                .contains("== filecrypt: all --quick", "== report: all --quick");
        assertThat(r.lines().get(r.lines().size() - 2))
                .contains("wallet failed after 0 m 0")
                .contains("vfs failed after 0 m 0")
                .contains("filecrypt 0 m 0");
        assertThat(r.lines().get(r.lines().size() - 1)).isEqualTo("labbook: failed: wallet vfs");
    }

    @Test
    void aStudyThatCannotStartIsOneLine() {
        Ran r = run(List.of(
                step("wallet", Duration.ofMinutes(1), "/no/such/java"), step("report", Duration.ofMinutes(1), "true")));
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.lines()).anyMatch(l -> l.startsWith("labbook: wallet failed (cannot run wallet (/no/such/java)"));
    }

    @Test
    void eachStudysCommandIsItsBuiltDeclaration() {
        Launch core = Launch.built(Repo.root(), "lab");
        assertThat(core.mainClass()).isEqualTo(MainJob.class.getName());
        List<String> cmd = core.javaCommand(Repo.root(), List.of("run", "--help"));
        assertThat(cmd.get(0)).isEqualTo(ForkedJava.javaBinary());
        assertThat(cmd).containsSubsequence("-cp", MainJob.class.getName(), "run", "--help");
        assertThat(cmd.get(cmd.indexOf("-cp") + 1)).startsWith(Repo.root().resolve("lab-core/target/classes") + ":");
    }

    /** Each study the main job runs is the command some module's pom declares (read from the poms: no build needed). */
    @Test
    void eachStudyIsADeclaredCommand() throws IOException {
        List<String> declared = new ArrayList<>();
        try (DirectoryStream<Path> modules = Files.newDirectoryStream(Repo.root(), Files::isDirectory)) {
            for (Path module : modules) {
                Path pom = module.resolve("pom.xml");
                if (Files.isRegularFile(pom)) {
                    Matcher m = Pattern.compile("<labbook\\.command>([^<]+)</labbook\\.command>")
                            .matcher(Files.readString(pom));
                    while (m.find()) {
                        declared.add(m.group(1));
                    }
                }
            }
        }
        assertThat(declared).containsAll(MainJob.STUDIES);
    }

    @Test
    void aBrokenDeclarationIsOneLineNamingTheFile() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> Launch.parse("command=x\nmodule=m\njdk=17\n", "f.prop"))
                .isInstanceOf(LabException.class)
                .hasMessage("f.prop: no main (the build writes it from the module's pom)");
        Launch l = Launch.parse("""
                command=x
                module=m
                main=a.B
                jvm.flags=--a  --b
                cli.flags=
                packages=p q
                full.packages=r
                jdk=25
                """, "f");
        assertThat(l.jvmFlags()).containsExactly("--a", "--b");
        assertThat(l.cliFlags()).isEmpty();
        assertThat(l.packages()).containsExactly("p", "q");
        assertThat(l.fullPackages()).containsExactly("r");
        assertThat(l.moduleDir(Path.of("/r"))).isEqualTo(Path.of("/r/m"));
        assertThat(l.jdk()).isEqualTo(25);
    }

    /** labbook ab's bad input, refused in one line before any round runs. */
    @org.junit.jupiter.api.Test
    void abRefusesTheSameConfigurationAMissingJdkAndAnUnknownStudyInOneLine(
            @org.junit.jupiter.api.io.TempDir Path out) {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        picocli.CommandLine cli = Cli.commandLine(new MainJob());
        cli.setErr(new java.io.PrintWriter(err, true, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(cli.execute("ab", "wallet", "sync-sweep", "--out", out.toString()))
                .isEqualTo(Cli.BAD_ARGUMENTS);
        assertThat(cli.execute("ab", "wallet", "sync-sweep", "--b-jdk", "/no/such/jdk", "--out", out.toString()))
                .isEqualTo(Cli.BAD_ARGUMENTS);
        assertThat(cli.execute("ab", "walet", "sync-sweep", "--b-flags", "-Xint", "--out", out.toString()))
                .isEqualTo(Cli.BAD_ARGUMENTS);
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8))
                .contains("A and B are the same configuration")
                .contains("no JDK at /no/such/jdk (no executable bin/java there)")
                .contains("'walet' is not a study (wallet, filecrypt, vfs)");
        assertThat(out).isEmptyDirectory();
    }

    /** --aa takes no B option (each named), and plans an A/A run on purpose, said in ab.json. */
    @Test
    void abAaRefusesABOptionAndRecordsItsPurpose(@org.junit.jupiter.api.io.TempDir Path out) throws IOException {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        picocli.CommandLine cli = Cli.commandLine(new MainJob());
        cli.setErr(new java.io.PrintWriter(err, true, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(cli.execute("ab", "wallet", "sync-sweep", "--aa", "--b-flags", "-Xint", "--out", out.toString()))
                .isEqualTo(Cli.BAD_ARGUMENTS);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("--aa runs A's configuration on both sides: drop --b-flags '-Xint'");
        assertThat(out).isEmptyDirectory();
        assertThat(cli.execute(
                        "ab", "wallet", "sync-sweep", "--aa", "--rounds", "20", "--plan", "--out", out.toString()))
                .isZero();
        AbRounds.Plan plan = AbRounds.read(out.resolve(AbRounds.PLAN));
        assertThat(plan.aa()).isTrue();
        assertThat(plan.b()).isEqualTo(plan.a());
        assertThat(plan.order()).hasSize(20);
    }

    /**
     * A side's commit that does not build (a Java file with a syntax error, built by that commit's own launcher, here a
     * script that runs javac) is one line naming the option and commit, before any round, and its worktree is gone; a
     * commit that builds is prepared once.
     */
    @Test
    void abRefusesACommitThatDoesNotBuildInOneLine(@org.junit.jupiter.api.io.TempDir Path repo) throws Exception {
        Files.writeString(repo.resolve("labbook"), """
                #!/bin/sh
                mkdir -p "$(dirname "$0")/target"
                javac -d "$(dirname "$0")/target" "$(dirname "$0")/Lab.java"
                """);
        repo.resolve("labbook").toFile().setExecutable(true);
        Files.writeString(repo.resolve("Lab.java"), "class Lab {}\n");
        git(repo, "init", "-q");
        git(repo, "add", ".");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "builds");
        Files.writeString(repo.resolve("Lab.java"), "class Lab { int x = }\n");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "does not build");
        AbRounds.Side bad = MainJob.Ab.side(repo, "b", "", "HEAD", "", "");
        assertThatThrownBy(() -> MainJob.Ab.prepare(repo, bad, "wallet", "HEAD", "--b-commit 'HEAD'"))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("ab: --b-commit 'HEAD' does not build (" + bad.lab() + "/labbook wallet: exit")
                .hasMessageNotContaining("\n");
        assertThat(Path.of(bad.lab())).doesNotExist();
        AbRounds.Side good = MainJob.Ab.side(repo, "a", "", "HEAD~1", "", "");
        MainJob.Ab.prepare(repo, good, "wallet", "HEAD~1", "--a-commit 'HEAD~1'");
        assertThat(Path.of(good.lab()).resolve("target/Lab.class")).exists();
    }

    /**
     * A side with a JDK of its own runs from a worktree of HEAD, named by the commit HEAD names when the plan is made:
     * after a new commit the side is another worktree, never the one made for older code; a revision that names no
     * commit is one line naming the option.
     */
    @Test
    void abWorktreeIsNamedByTheCommitNotByTheRevision(@org.junit.jupiter.api.io.TempDir Path repo) throws Exception {
        Files.writeString(repo.resolve("a.txt"), "1\n");
        git(repo, "init", "-q");
        git(repo, "add", ".");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one");
        AbRounds.Side before = MainJob.Ab.side(repo, "b", "/some/jdk", "", "", "");
        Files.writeString(repo.resolve("a.txt"), "2\n");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "two");
        AbRounds.Side after = MainJob.Ab.side(repo, "b", "/some/jdk", "", "", "");
        assertThat(after.lab()).isNotEqualTo(before.lab());
        assertThat(MainJob.Ab.side(repo, "b", "/some/jdk", "HEAD~1", "", "").lab())
                .isEqualTo(before.lab());
        assertThatThrownBy(() -> MainJob.Ab.side(repo, "b", "", "no-such-branch", "", ""))
                .isInstanceOf(LabException.class)
                .hasMessage("ab: --b-commit 'no-such-branch' is not a commit of " + repo);
    }

    /** {@code git -C dir ARGS...}, bounded, its exit code checked. */
    private static void git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(1, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command)).isZero();
    }

    @Test
    void anABetweenThisDirtyCheckoutAndAWorktreeSaysSo(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        git(dir, "init", "-q");
        Files.writeString(dir.resolve("f.txt"), "one");
        git(dir, "add", "f.txt");
        git(dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one");
        AbRounds.Side here = new AbRounds.Side(dir.toString(), "", "", List.of());
        AbRounds.Side worktree =
                new AbRounds.Side(dir.resolve("target/ab/b-0123").toString(), "/jdk", "", List.of());
        assertThat(MainJob.Ab.uncommitted(dir, here, worktree)).isEmpty();
        Files.writeString(dir.resolve("f.txt"), "two");
        assertThat(MainJob.Ab.uncommitted(dir, here, worktree))
                .hasValueSatisfying(w -> assertThat(w)
                        .startsWith("labbook ab: warning: A runs this checkout with 1 uncommitted change(s)"));
        assertThat(MainJob.Ab.uncommitted(dir, worktree, here))
                .hasValueSatisfying(w -> assertThat(w).contains("B runs this checkout"));
        // both sides here: the changes are on both, nothing to warn of
        assertThat(MainJob.Ab.uncommitted(dir, here, here)).isEmpty();
    }
}
