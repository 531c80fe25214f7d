package labbook.filecrypt.experiments.levelsweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.experiments.SampleGroups;
import labbook.filecrypt.pgp.Compression;
import org.junit.jupiter.api.Test;

/** The seed's time x size rule, as the level sweep's printout applies it. */
class LevelSweepPrintoutTest {
    @Test
    void theTimeSizeRulePicksTheSmallestProduct() {
        SampleGroups<LevelSweepExperiment.Key> r = new SampleGroups<>();
        // -z 0: 0.02 s x 100 = 2; -z 1: 0.10 s x 40 = 4; -z 9: 0.30 s x 35 = 10.5
        r.add(
                new LevelSweepExperiment.Key("f", Engine.GPG, Compression.ZIP, 0),
                new Sample(0.02, 0, 0.02, 100, Double.NaN));
        r.add(
                new LevelSweepExperiment.Key("f", Engine.GPG, Compression.ZIP, 1),
                new Sample(0.09, 0.01, 0.1, 40, Double.NaN));
        r.add(
                new LevelSweepExperiment.Key("f", Engine.GPG, Compression.ZIP, 9),
                new Sample(0.3, 0, 0.3, 35, Double.NaN));
        assertThat(LevelSweepPrintout.pick(r, "f", Engine.GPG, List.of(0, 1, 9)))
                .isZero();
        // a level not timed (quick mode's bcpg as a whole process runs at -z 6 alone): the rule has nothing to compare
        assertThat(LevelSweepPrintout.pick(r, "f", Engine.GPG, List.of(0, 1, 6, 9)))
                .isEqualTo(-1);
        // the seed's 2011 figures for 100 MB: 1.5/2.95/4.6/4.5 s and 100,000/43,500/39,500/39,500 kB pick -z 1
        SampleGroups<LevelSweepExperiment.Key> seed = new SampleGroups<>();
        double[] cpu = {1.5, 2.95, 4.6, 4.5};
        long[] kb = {100_000, 43_500, 39_500, 39_500};
        int[] levels = {0, 1, 7, 9};
        for (int i = 0; i < 4; i++) {
            seed.add(
                    new LevelSweepExperiment.Key("enwik8", Engine.GPG, Compression.ZIP, levels[i]),
                    new Sample(cpu[i], 0, cpu[i], kb[i], Double.NaN));
        }
        assertThat(LevelSweepPrintout.pick(seed, "enwik8", Engine.GPG, List.of(0, 1, 7, 9)))
                .isEqualTo(1);
    }
}
