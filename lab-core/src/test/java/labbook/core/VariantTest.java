package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class VariantTest {
    /** Three variants, one whose option name differs from its label (its label has spaces, as pipeline-variants'). */
    enum Cipher implements Variant {
        SLOW("slow"),
        FAST("fast"),
        PAIRED("jdk-fast + zlib-8k");

        private final String label;

        Cipher(String label) {
            this.label = label;
        }

        @Override
        public String label() {
            return label;
        }

        @Override
        public String optionName() {
            return label.replace(" ", "");
        }
    }

    private static final List<Cipher> ALL = List.of(Cipher.values());

    @Test
    void selectKeepsTheExperimentsOrderAndEachVariantOnceWhateverTheCaseAndSpaces() {
        assertThat(Variant.select("--variants", List.of("FAST", "jdk-fast+ZLIB-8k", "fast", "slow"), ALL))
                .containsExactly(Cipher.SLOW, Cipher.FAST, Cipher.PAIRED);
        assertThat(Variant.select("--variants", List.of(" fast "), ALL)).containsExactly(Cipher.FAST);
    }

    @Test
    void aValueThatNamesNoVariantIsOneLineNamingTheOptionTheValueAndTheNamesThereAre() {
        assertThatThrownBy(() -> Variant.select("--variants", List.of("fast", "medium"), ALL))
                .isInstanceOf(LabException.class)
                .hasMessage("invalid value for --variants: 'medium' (one of slow, fast, jdk-fast+zlib-8k)")
                .satisfies(e -> assertThat(((LabException) e).exitCode()).isEqualTo(Cli.BAD_ARGUMENTS));
    }

    @Test
    void namedFindsARowsLabelAndRefusesAnUnknownOne() {
        assertThat(Variant.named("jdk-fast + zlib-8k", ALL)).isEqualTo(Cipher.PAIRED);
        assertThat(Variant.labels(ALL)).isEqualTo("slow, fast, jdk-fast + zlib-8k");
        assertThatThrownBy(() -> Variant.named("none", ALL))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown variant 'none' (one of slow, fast, jdk-fast + zlib-8k)");
    }
}
