package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeedTableTest {
    static final Column LEVEL = Column.count("level", "compression level");
    static final Column CPU_S = Column.measure("cpu_s", "CPU s");
    static final ResultsSchema SEED = ResultsSchema.of("filecrypt", "seed", LEVEL, CPU_S);

    record Figure(int level, double cpuS) {}

    private static List<Figure> parse(String csv) {
        return SeedTable.parse(
                new StringReader(csv), "seed.csv", SEED, r -> new Figure((int) r.number(LEVEL), r.number(CPU_S)));
    }

    @Test
    void rowsAreReadByTheDeclaredColumnsAndAnEmptyCellIsNaN() {
        assertThat(parse("level,cpu_s\n1,0.25\n9,\n")).containsExactly(new Figure(1, 0.25), new Figure(9, Double.NaN));
    }

    @Test
    void anotherHeaderAWordForANumberAndAMissingResourceAreOneLineNamingTheTable() {
        assertThatThrownBy(() -> parse("level,cpu\n1,2\n"))
                .isInstanceOf(LabException.class)
                .hasMessage("seed.csv: columns [level, cpu], expected [level, cpu_s]");
        assertThatThrownBy(() -> parse("level,cpu_s\n1,fast\n"))
                .isInstanceOf(LabException.class)
                .hasMessage("seed.csv: line 1: cpu_s 'fast' is not a number");
        assertThatThrownBy(() -> SeedTable.read(SeedTableTest.class, "/no/such/seed.csv", SEED, r -> r))
                .isInstanceOf(LabException.class)
                .hasMessage(
                        "the seed figures /no/such/seed.csv are missing from the class path (rebuild lab-filecrypt)");
    }
}
