package labbook.wallet.experiments.tampertest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import labbook.wallet.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tamper experiment on single fixture wallets: what each region does with a flipped bit (the crash test:
 * ExperimentsSmokeTest).
 */
class BitFlipsTest {
    @TempDir
    Path dir;

    @Test
    void everyFlippedBitOfAKde4WalletIsRefusedOrHarmless() {
        Fixtures.Wallet w = Fixtures.named("openwall.kwl");
        List<TamperTestExperiment.Flip> flips =
                TamperTestExperiment.flipAll(w.path(), w.passwordBytes(), Integer.MAX_VALUE, new Random(1));
        assertThat(flips).hasSize(168 * 8);
        assertThat(flips).noneMatch(f -> f.outcome().equals("changed"));
        Map<String, Map<String, Long>> by = flips.stream()
                .collect(Collectors.groupingBy(
                        TamperTestExperiment.Flip::region,
                        Collectors.groupingBy(TamperTestExperiment.Flip::outcome, Collectors.counting())));
        assertThat(by.get("magic")).containsOnlyKeys("refused");
        assertThat(by.get("ciphertext")).containsOnlyKeys("refused");
        // the findings: ECB's first block is only random bytes, the MD5 digests of the hash section
        // and the hash byte (SHA-1 0 <-> PBKDF2 2) are not protected by anything
        assertThat(by.get("ciphertext-first-block")).containsOnlyKeys("identical");
        assertThat(flips)
                .filteredOn(f -> f.region().equals("header") && f.outcome().equals("identical"))
                .extracting(TamperTestExperiment.Flip::bit)
                .containsExactly(15L * 8 + 1);
        assertThat(flips)
                .filteredOn(
                        f -> f.region().equals("hash-section") && f.outcome().equals("identical"))
                .allMatch(f -> Boolean.FALSE.equals(f.hashSectionConsistent()))
                .hasSize(2 * 16 * 8);
    }

    @Test
    void aKf5WalletRefusesFlipsInItsFirstCbcBlock() {
        Fixtures.Wallet w = Fixtures.named("kwallet-with-salt.kwl");
        List<TamperTestExperiment.Flip> flips = TamperTestExperiment.flipAll(
                w.path(), w.password().getBytes(StandardCharsets.UTF_8), 400, 3, new Random(3));
        assertThat(flips).noneMatch(f -> f.outcome().equals("changed"));
        assertThat(flips)
                .filteredOn(f -> f.region().startsWith("ciphertext"))
                .isNotEmpty()
                .allMatch(f -> f.outcome().equals("refused"));
        assertThat(flips)
                .filteredOn(f -> f.region().equals("salt"))
                .hasSize(3)
                .allMatch(f -> f.outcome().equals("refused"));
    }

    @Test
    void fullModeFlipsOneBitInEachSaltByteCoveringEveryBitPosition() {
        List<Integer> bits = TamperTestExperiment.saltBits(56, Integer.MAX_VALUE, new Random(1));
        assertThat(bits).hasSize(56).isSorted().doesNotHaveDuplicates();
        assertThat(bits)
                .extracting(b -> b / 8)
                .containsExactlyElementsOf(IntStream.range(0, 56).boxed().toList());
        assertThat(bits).extracting(b -> b % 8).containsOnly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(TamperTestExperiment.saltBits(56, 4, new Random(1)))
                .hasSize(4)
                .isSorted()
                .doesNotHaveDuplicates()
                .allMatch(b -> b >= 0 && b < 56 * 8);

        Fixtures.Wallet w = Fixtures.named("kwallet-with-salt.kwl");
        assertThat(TamperTestExperiment.flipAll(
                        w.path(), w.password().getBytes(StandardCharsets.UTF_8), 0, Integer.MAX_VALUE, new Random(3)))
                .filteredOn(f -> f.region().equals("salt"))
                .extracting(TamperTestExperiment.Flip::bit)
                .containsExactlyElementsOf(bits.stream().map(Integer::longValue).toList());
    }

    @Test
    void quickModeFlipsEveryBitOfTheMagicHeaderAndFirstBlock() {
        List<Long> bits = TamperTestExperiment.chooseBits(1596, 300, 100, new Random(9));
        assertThat(bits).hasSize(16 * 8 + 8 * 8 + 100).isSorted().doesNotHaveDuplicates();
        assertThat(bits)
                .containsAll(java.util.stream.LongStream.range(0, 128).boxed().toList())
                .containsAll(java.util.stream.LongStream.range(300 * 8, 308 * 8)
                        .boxed()
                        .toList());
        assertThat(TamperTestExperiment.chooseBits(168, 60, Integer.MAX_VALUE, new Random(9)))
                .hasSize(168 * 8);
    }
}
