package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import labbook.core.LabException;
import labbook.reports.Explore;
import labbook.reports.results.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NotebooksTest {
    @Test
    void sampleIsChosenOnRequestAndSaysSoForEveryStudy() {
        Notebooks.Choice choice = Notebooks.choose("overview", "sample");
        assertThat(choice.sample()).isTrue();
        assertThat(choice.root()).isEqualTo(Notebooks.sampleRoot());
        Results results = Explore.load(List.of(choice.root()));
        String banner = Notebooks.banner(results, "overview", choice);
        assertThat(banner).startsWith("**SAMPLE data**").contains("not measurements of this machine");
        for (String study : Explore.studies()) {
            assertThat(banner).containsPattern("- " + study + ": \\d+ experiments, .*\\(SAMPLE\\)");
        }
    }

    @Test
    void aFolderFromTheEnvironmentIsShownAsResultsNotSample(@TempDir Path dir) {
        Notebooks.Choice choice = Notebooks.choose("wallet", dir.toString());
        assertThat(choice.sample()).isFalse();
        String banner = Notebooks.banner(Explore.load(List.of(dir)), "wallet", choice);
        assertThat(banner)
                .startsWith("**Results** from `" + dir)
                .contains("wallet: not run")
                .doesNotContain("SAMPLE");
    }

    @Test
    void everyStudyHasASample() {
        Results sample = Explore.load(List.of(Notebooks.sampleRoot()));
        for (String study : Explore.studies()) {
            assertThat(sample.ran(study)).as(study).isTrue();
            assertThat(Explore.charts(sample, study)).as("charts of " + study).isNotEmpty();
        }
    }

    @Test
    void aMissingResultsFolderIsOneClearError(@TempDir Path dir) {
        Path missing = dir.resolve("nope");
        assertThatThrownBy(() -> Notebooks.load(Notebooks.choose("wallet", missing.toString())))
                .isInstanceOf(LabException.class)
                .hasMessage("results folder " + missing + " does not exist");
    }
}
