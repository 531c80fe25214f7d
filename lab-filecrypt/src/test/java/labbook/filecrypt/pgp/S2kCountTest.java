package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import labbook.core.LabException;
import org.junit.jupiter.api.Test;

class S2kCountTest {
    @Test
    void roundsUpAsGpgDoes() {
        assertThat(S2kCount.decode(0)).isEqualTo(1024);
        assertThat(S2kCount.decode(255)).isEqualTo(65_011_712);
        assertThat(S2kCount.decode(96)).isEqualTo(65_536);
        assertThat(S2kCount.encode(65_536)).isEqualTo(96);
        assertThat(S2kCount.effective(65_537)).isEqualTo(69_632);
        assertThat(S2kCount.effective(65_011_712)).isEqualTo(65_011_712);
    }

    @Test
    void outOfRangeIsOneClearLine() {
        assertThatThrownBy(() -> S2kCount.encode(1023))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("1023");
        assertThatThrownBy(() -> S2kCount.encode(70_000_000L)).isInstanceOf(LabException.class);
    }
}
