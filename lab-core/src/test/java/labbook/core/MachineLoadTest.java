package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine's load between two snapshots of /proc, worked by hand, and /proc files read or missing. */
class MachineLoadTest {
    @TempDir
    Path dir;

    @Test
    void stealAndOtherProcessesCoresAreWorkedFromTheCounters() {
        // user nice system idle iowait irq softirq steal, in 1/100 s; 2 s apart, this process used 1.5 s of CPU
        var a = new MachineLoad.Snapshot(0, new long[] {100, 0, 50, 1000, 0, 0, 0, 10, 0, 0}, 10, 2600);
        var b = new MachineLoad.Snapshot(2_000_000_000L, new long[] {300, 0, 150, 1200, 0, 0, 0, 30, 0, 0}, 11.5, 2400);
        MachineLoad load = MachineLoad.between(a, b);
        // busy: 200 + 100 ticks = 3 s, less 1.5 s of ours, over 2 s: 0.75 cores; steal: 20 of 520 ticks
        assertThat(load.otherCores()).isCloseTo(0.75, within(1e-12));
        assertThat(load.stealShare()).isCloseTo(20.0 / 520, within(1e-12));
        assertThat(load.cpuMhz()).isEqualTo(2500);
        assertThat(load.flagged()).isTrue();
        assertThat(load.flagText()).isEqualTo("steal 3.8 % (limit 2 %), other processes 0.75 cores (limit 0.25)");
    }

    @Test
    void aQuietMachineIsNotFlaggedAndOurOwnWorkIsNotOthers() {
        var a = new MachineLoad.Snapshot(0, new long[] {0, 0, 0, 0, 0, 0, 0, 0}, 0, Double.NaN);
        // all 200 busy ticks over 1 s were ours (2 s of CPU on two cores)
        var b = new MachineLoad.Snapshot(1_000_000_000L, new long[] {150, 0, 50, 0, 0, 0, 0, 0}, 2, Double.NaN);
        MachineLoad load = MachineLoad.between(a, b);
        assertThat(load.otherCores()).isZero();
        assertThat(load.stealShare()).isZero();
        assertThat(load.cpuMhz()).isNaN();
        assertThat(load.flagged()).isFalse();
    }

    @Test
    void procFilesAreReadAndAMissingOneGivesNoLoad() throws Exception {
        Path stat = dir.resolve("stat");
        Files.writeString(stat, "cpu  1 2 3 4 5 6 7 8 9 10\ncpu0 1 1 1 1 1 1 1 1 1 1\n");
        assertThat(MachineLoad.cpuTicks(stat)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        Path cpuinfo = dir.resolve("cpuinfo");
        Files.writeString(cpuinfo, "cpu MHz\t\t: 2000.0\nother: x\ncpu MHz\t\t: 3000.0\n");
        assertThat(MachineLoad.cpuMhz(cpuinfo)).isEqualTo(2500);
        assertThat(MachineLoad.cpuTicks(dir.resolve("absent"))).isNull();
        assertThat(MachineLoad.cpuMhz(dir.resolve("absent"))).isNaN();
        var none = new MachineLoad.Snapshot(0, null, 0, Double.NaN);
        assertThat(MachineLoad.between(none, new MachineLoad.Snapshot(1, null, 0, Double.NaN)))
                .isNull();
    }
}
