package labbook.notebooks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.LabException;
import labbook.core.Repo;
import labbook.reports.Explore;
import labbook.reports.results.Results;
import labbook.reports.results.RunInfo;
import labbook.reports.results.StudyResults;

/**
 * The first cell of every notebook: which results to show, said out loud. The lab's latest results
 * ({@code <repo>/results}) when the study has run there, else the lab's reference run bundled in {@code reference-run/}
 * (a real full run on the lab's development machine, labelled SAMPLE wherever it is shown); {@value #RESULTS_ENV} = a
 * folder, or "sample", overrides.
 */
public final class Notebooks {
    /** Environment variable naming the results root a notebook shows ("sample" for the bundled one). */
    public static final String RESULTS_ENV = "LABBOOK_NOTEBOOK_RESULTS";

    private Notebooks() {}

    /** The bundled sample results root. */
    public static Path sampleRoot() {
        return Repo.root().resolve("reference-run");
    }

    /** Loads the results to show for one study ("overview" for all) and displays a banner saying whose they are. */
    public static Results results(String study) {
        Choice choice = choose(study, System.getenv(RESULTS_ENV));
        Results results = load(choice);
        Display.display(Display.markdown(banner(results, study, choice)));
        return results;
    }

    static Results load(Choice choice) {
        if (!Files.isDirectory(choice.root)) {
            throw new LabException("results folder " + choice.root + " does not exist");
        }
        return Explore.load(List.of(choice.root));
    }

    record Choice(Path root, boolean sample) {}

    static Choice choose(String study, String override) {
        if (override != null && !override.isBlank()) {
            return override.strip().equals("sample")
                    ? new Choice(sampleRoot(), true)
                    : new Choice(Path.of(override.strip()).toAbsolutePath(), false);
        }
        Path latest = Explore.defaultResults();
        List<String> studies = study.equals("overview") ? Explore.studies() : List.of(study);
        boolean ran = studies.stream().anyMatch(s -> hasCsv(latest.resolve(s)));
        return ran ? new Choice(latest, false) : new Choice(sampleRoot(), true);
    }

    private static boolean hasCsv(Path dir) {
        try (var files = Files.list(dir)) {
            return files.anyMatch(p -> p.getFileName().toString().endsWith(".csv"));
        } catch (IOException e) {
            return false;
        }
    }

    static String banner(Results results, String study, Choice choice) {
        StringBuilder md = new StringBuilder();
        if (choice.sample) {
            String what = "**SAMPLE data**: the lab's reference run, a full run bundled in `reference-run/` (its"
                    + " README says where it comes from). These are not measurements of this machine: run the"
                    + " studies (`./labbook ";
            md.append(what)
                    .append(study.equals("overview") ? "run" : study + " all --quick")
                    .append("`) and re-run this notebook to see yours.\n\n");
        } else {
            md.append("**Results** from `").append(choice.root).append("`.\n\n");
        }
        List<String> studies = study.equals("overview") ? Explore.studies() : List.of(study);
        for (String s : studies) {
            StudyResults sr = results.roots().get(0).study(s);
            if (!sr.ran()) {
                md.append("- ").append(s).append(": not run\n");
                continue;
            }
            RunInfo run = sr.latest();
            md.append("- ")
                    .append(s)
                    .append(": ")
                    .append(sr.experiments().size())
                    .append(" experiments, ")
                    .append(run.mode())
                    .append(" mode, ")
                    .append(run.date())
                    .append(", ")
                    .append(run.machine())
                    .append(", ")
                    .append(run.jdk())
                    .append(choice.sample ? " (SAMPLE)" : "")
                    .append('\n');
        }
        return md.toString();
    }
}
