package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The A/B rounds' plan: its order, kept across a resume, refused for another request; done sides; commands. */
class AbRoundsTest {
    @TempDir
    Path dir;

    private static final AbRounds.Side A = new AbRounds.Side("/lab", "", "", List.of("--variants", "kde4"));
    private static final AbRounds.Side B =
            new AbRounds.Side("/lab-b", "/usr/lib/jvm/x", "-XX:+UseParallelGC", List.of("--variants", "kde4"));

    private static AbRounds.Plan plan(int rounds) {
        return new AbRounds.Plan("wallet", "sync-sweep", "quick", A, B, AbRounds.order(AbRounds.Order.abba, rounds, 1));
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
                "wallet", "sync-sweep", "quick", A, new AbRounds.Side("/lab", "", "-Xint", List.of()), plan(4).order());
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
}
