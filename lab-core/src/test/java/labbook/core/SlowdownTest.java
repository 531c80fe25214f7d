package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The test-only slowdown adds its share of the time the work just took, measured against that elapsed time (never
 * against a target: a slow or busy machine makes the work and the spin longer alike, and fails nothing); off, it adds
 * nothing; a value that is not a share is one line naming it.
 */
class SlowdownTest {
    private static final long WORK_NANOS = 20_000_000;

    @Test
    void itSpinsForItsShareOfTheMeasuredTimeInsideTheClock() {
        for (double share : new double[] {0.05, 0.10, 0.5}) {
            long t0 = System.nanoTime();
            Slowdown.spin(WORK_NANOS); // the "work": its elapsed time is whatever the machine made of it
            long work = System.nanoTime() - t0;
            long spun = Slowdown.after(work, share);
            long total = System.nanoTime() - t0;
            assertThat(spun).isGreaterThanOrEqualTo((long) (share * work));
            // the clock around work and spin holds both: the timed section grew by at least the share
            assertThat((double) (total - work) / work).isGreaterThanOrEqualTo(share);
            assertThat(total - work).isGreaterThanOrEqualTo(spun);
        }
    }

    @Test
    void offItAddsNothingAndThisJvmHasItOff() {
        assertThat(Slowdown.after(WORK_NANOS, 0)).isZero();
        assertThat(Slowdown.share()).isZero();
        assertThat(Slowdown.after(WORK_NANOS)).isZero();
    }

    @Test
    void aValueThatIsNotAShareIsOneLineNamingIt() {
        assertThat(Slowdown.parse(null)).isZero();
        assertThat(Slowdown.parse("0.10")).isEqualTo(0.10);
        for (String bad : new String[] {"ten", "-0.1", "11", "NaN"}) {
            assertThatThrownBy(() -> Slowdown.parse(bad))
                    .isInstanceOf(LabException.class)
                    .hasMessage("-Dlabbook.slowdown: '" + bad + "' is not a share of the timed work from 0 to 10 "
                            + "(0.10 for 10 % slower)");
        }
    }
}
