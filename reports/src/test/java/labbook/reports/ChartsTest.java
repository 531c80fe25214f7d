package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import labbook.reports.chart.ChartFiles;
import labbook.reports.results.Results;
import labbook.reports.study.Study;
import labbook.reports.study.StudyChart;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.internal.chartpart.Chart;

/** Every chart of every study, found from its study unit, drawn from the fixture and written as PNG and SVG. */
class ChartsTest {
    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void everyChartOfEveryStudyRenders(@TempDir Path tmp) throws Exception {
        Results results = Fixtures.ab();
        Set<String> names = new HashSet<>();
        for (Study study : Studies.ALL) {
            for (StudyChart c : study.charts()) {
                assertThat(names.add(study.id() + "-" + c.name()))
                        .as("unique name " + c.name())
                        .isTrue();
                Chart<?, ?> chart = c.draw(results)
                        .orElseThrow(() -> new AssertionError(study.id() + "/" + c.name() + " has no data"));
                assertThat(chart.getTitle()).isNotBlank();
                ChartFiles.Rendered r = ChartFiles.write(chart, tmp.resolve("charts"), study.id() + "-" + c.name());
                assertThat(Files.size(tmp.resolve(r.png()))).as(r.png()).isGreaterThan(1000);
                assertThat(Files.readString(tmp.resolve(r.svgFile())))
                        .as(r.svgFile())
                        .contains("<svg");
            }
            // the index shows two charts of each study
            assertThat(study.headlines())
                    .hasSize(2)
                    .allSatisfy(h ->
                            assertThat(study.charts()).anyMatch(c -> c.name().equals(h)));
        }
        assertThat(names)
                .hasSize(3 + 10 + 5); // filecrypt: a directory-runs chart per folder type (text, mp3, pdf, png)
    }

    @Test
    void noChartWithoutData(@TempDir Path empty) {
        Results results = Explore.load(List.of(empty));
        for (Study study : Studies.ALL) {
            for (StudyChart c : study.charts()) {
                assertThat(c.draw(results)).as(study.id() + "/" + c.name()).isEmpty();
            }
        }
    }
}
