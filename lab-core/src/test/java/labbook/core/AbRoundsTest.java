package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The A/B rounds' plan: its order, kept across a resume, refused for another request; done sides; commands. And the
 * rounds run by a fake launcher (a script that logs its side and writes the study's run.json): in the planned ABBA
 * order, and after a kill, between rounds or inside one (a side's folder left half-written), the same call goes on
 * where it stopped and runs that side again in a fresh folder.
 */
class AbRoundsTest {
    @TempDir
    Path dir;

    private static final AbRounds.Side A = new AbRounds.Side("/lab", "", "", List.of("--variants", "kde4"));
    private static final AbRounds.Side B =
            new AbRounds.Side("/lab-b", "/usr/lib/jvm/x", "-XX:+UseParallelGC", List.of("--variants", "kde4"));

    private static AbRounds.Plan plan(int rounds) {
        return new AbRounds.Plan(
                "wallet", "sync-sweep", "quick", A, B, AbRounds.order(AbRounds.Order.abba, rounds, 1), false);
    }

    @Test
    void abbaPutsEachSideFirstAsOftenAndRandomIsSeeded() {
        assertThat(AbRounds.order(AbRounds.Order.abba, 8, 1))
                .containsExactly("AB", "BA", "BA", "AB", "AB", "BA", "BA", "AB");
        assertThat(AbRounds.order(AbRounds.Order.random, 20, 7))
                .isEqualTo(AbRounds.order(AbRounds.Order.random, 20, 7))
                .containsOnly("AB", "BA");
    }

    @Test
    void aResumeKeepsThePlannedOrderAndMoreRoundsExtendIt() {
        AbRounds.settle(dir, plan(4));
        AbRounds.Plan more = AbRounds.settle(dir, plan(6));
        assertThat(more.order()).containsExactly("AB", "BA", "BA", "AB", "AB", "BA");
        assertThat(AbRounds.read(dir.resolve(AbRounds.PLAN))).isEqualTo(more);
    }

    @Test
    void anotherRequestInTheSameFolderIsOneLineAndChangesNothing() throws Exception {
        AbRounds.settle(dir, plan(4));
        String before = Files.readString(dir.resolve(AbRounds.PLAN));
        AbRounds.Plan other = new AbRounds.Plan(
                "wallet",
                "sync-sweep",
                "quick",
                A,
                new AbRounds.Side("/lab", "", "-Xint", List.of()),
                plan(4).order(),
                false);
        assertThatThrownBy(() -> AbRounds.settle(dir, other))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith(dir.resolve(AbRounds.PLAN) + " plans other rounds (wallet sync-sweep");
        assertThat(Files.readString(dir.resolve(AbRounds.PLAN))).isEqualTo(before);
    }

    @Test
    void aSideIsDoneWhenItsRootHoldsTheStudysRunJson() throws Exception {
        AbRounds.Plan p = AbRounds.settle(dir, plan(2));
        assertThat(AbRounds.done(dir, p, 1, 'A')).isFalse();
        Path run = AbRounds.root(dir, 1, 'a').resolve("wallet").resolve("run.json");
        Files.createDirectories(run.getParent());
        Files.writeString(run, "{}");
        assertThat(AbRounds.done(dir, p, 1, 'A')).isTrue();
        assertThat(AbRounds.root(dir, 1, 'A')).isEqualTo(dir.resolve("round-01").resolve("a"));
    }

    @Test
    void aSidesCommandIsItsLaunchersWithItsJdkAndFlagsInTheEnvironment() {
        AbRounds.Command c = AbRounds.command(plan(2), B, Path.of("/out"));
        assertThat(c.argv())
                .containsExactly(
                        "/lab-b/labbook", "wallet", "sync-sweep", "--quick", "--out", "/out", "--variants", "kde4");
        assertThat(c.environment())
                .containsEntry("JAVA_HOME", "/usr/lib/jvm/x")
                .containsEntry(ForkedJava.EXTRA_FLAGS, "-XX:+UseParallelGC");
    }

    /** A lab folder whose launcher logs "OUT FLAGS" and leaves a finished side (the study's run.json). */
    private Path fakeLab() throws Exception {
        Path lab = Files.createDirectories(dir.resolve("lab"));
        Path launcher = lab.resolve("labbook");
        Files.writeString(
                launcher,
                "#!/bin/sh\n"
                        + "out=$5\n"
                        + "echo \"${out#" + dir + "/ab/} $LABBOOK_JVM_FLAGS\" >> " + lab.resolve("log") + "\n"
                        + "mkdir -p \"$out/$1\" && echo '{}' > \"$out/$1/run.json\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return lab;
    }

    private AbRounds.Plan fakePlan(Path lab, int rounds) {
        return AbRounds.settle(
                dir.resolve("ab"),
                new AbRounds.Plan(
                        "wallet",
                        "sync-sweep",
                        "quick",
                        new AbRounds.Side(lab.toString(), "", "", List.of()),
                        new AbRounds.Side(lab.toString(), "", "-Dside=b", List.of()),
                        AbRounds.order(AbRounds.Order.abba, rounds, 1),
                        false));
    }

    /** The rounds run on a machine that shows no load (this one's may be busy, and a busy side runs again). */
    private static int run(Path dir, AbRounds.Plan plan) {
        return run(dir, plan, () -> new MachineLoad.Snapshot(0, null, 0, Double.NaN));
    }

    private static int run(Path dir, AbRounds.Plan plan, java.util.function.Supplier<MachineLoad.Snapshot> probe) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        return AbRounds.run(
                dir, plan, Duration.ofMinutes(1), new PrintStream(err, true, StandardCharsets.UTF_8), probe);
    }

    private static List<String> log(Path lab) throws Exception {
        return Files.readAllLines(lab.resolve("log")).stream().map(String::trim).toList();
    }

    @Test
    void theRoundsRunInTheirAbbaOrderEachSideWithItsFlags() throws Exception {
        Path lab = fakeLab();
        AbRounds.Plan plan = fakePlan(lab, 4);
        assertThat(run(dir.resolve("ab"), plan)).isEqualTo(4);
        assertThat(log(lab))
                .containsExactly(
                        "round-01/a", "round-01/b -Dside=b",
                        "round-02/b -Dside=b", "round-02/a",
                        "round-03/b -Dside=b", "round-03/a",
                        "round-04/a", "round-04/b -Dside=b");
        // all done: the same call runs nothing
        assertThat(run(dir.resolve("ab"), plan)).isZero();
    }

    @Test
    void killedBetweenRoundsTheSameCallGoesOnInThePlannedOrder() throws Exception {
        Path lab = fakeLab();
        AbRounds.Plan two = fakePlan(lab, 2);
        run(dir.resolve("ab"), two);
        Files.delete(lab.resolve("log"));
        // the kill came after round 2; the same command (4 rounds) keeps the plan and runs rounds 3 and 4 alone
        AbRounds.Plan four = fakePlan(lab, 4);
        assertThat(run(dir.resolve("ab"), four)).isEqualTo(2);
        assertThat(log(lab)).containsExactly("round-03/b -Dside=b", "round-03/a", "round-04/a", "round-04/b -Dside=b");
    }

    @Test
    void killedInsideARoundItsHalfWrittenSideRunsAgainInAFreshFolder() throws Exception {
        Path lab = fakeLab();
        AbRounds.Plan plan = fakePlan(lab, 2);
        Path ab = dir.resolve("ab");
        // round 1 done; round 2 (BA) killed while A measured: B's run.json is there, A's folder half-written
        for (String side : List.of("round-01/a", "round-01/b", "round-02/b")) {
            Files.createDirectories(ab.resolve(side).resolve("wallet"));
            Files.writeString(ab.resolve(side).resolve("wallet").resolve("run.json"), "{}");
        }
        Path half = Files.createDirectories(ab.resolve("round-02/a/wallet")).resolve("sync-sweep.csv");
        Files.writeString(half, "variant,entries\nkde4,");
        assertThat(AbRounds.done(ab, plan, 2, 'A')).isFalse();
        assertThat(run(ab, plan)).isEqualTo(1);
        assertThat(log(lab)).containsExactly("round-02/a");
        assertThat(half).doesNotExist();
        assertThat(AbRounds.done(ab, plan, 2, 'A')).isTrue();
    }

    @Test
    void aRoundMeasuredOnABusyMachineRunsAgainOnceBothSidesInItsOrder() throws Exception {
        Path lab = fakeLab();
        AbRounds.Plan plan = fakePlan(lab, 1);
        // every side sees ten other cores busy: run again once, then kept (and flagged in its load.json)
        long[] seconds = {0};
        assertThat(run(dir.resolve("ab"), plan, () -> {
                    seconds[0]++;
                    return new MachineLoad.Snapshot(
                            seconds[0] * 1_000_000_000L, new long[] {seconds[0] * 1000, 0, 0, 0}, 0, Double.NaN);
                }))
                .isEqualTo(1);
        assertThat(log(lab)).containsExactly("round-01/a", "round-01/b -Dside=b", "round-01/a", "round-01/b -Dside=b");
        assertThat(Files.readString(AbRounds.root(dir.resolve("ab"), 1, 'b').resolve("load.json")))
                .contains("flagged");
    }
}
