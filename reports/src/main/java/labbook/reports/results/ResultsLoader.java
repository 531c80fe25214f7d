package labbook.reports.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import tech.tablesaw.api.Table;

/**
 * Loads a results root: every {@code <root>/<study>/*.csv} as a Tablesaw table, with the study's run.json. Each
 * declared experiment is checked against its {@link ResultsSchema} (the study module's own declaration, the one its
 * experiments write by) first ({@link ResultsCsv}); extra CSVs are kept, typed by what their values parse as.
 *
 * <p>What is refused, each with one line naming the file: a CSV over {@link ResultsCsv#LIMIT} or a run.json over
 * {@link RunJson#LIMIT} (checked before reading, and again while reading, in case the file grows); a declared duration,
 * size or rate below 0 ({@link NeverNegative}).
 */
public final class ResultsLoader {

    private ResultsLoader() {}

    /** Loads several roots side by side; the studies are those the schemas name, in their order. */
    public static Results load(List<Path> roots, List<ResultsSchema> schemas) {
        checkRoots(roots);
        List<ResultsRoot> loaded = new ArrayList<>();
        for (Path root : roots) {
            loaded.add(load(root, schemas));
        }
        return new Results(loaded);
    }

    /** Every root is a readable folder; checked before anything is loaded. */
    public static void checkRoots(List<Path> roots) {
        roots.forEach(ResultsLoader::checkRoot);
    }

    static void checkRoot(Path root) {
        if (!Files.exists(root)) {
            throw new LabException("results folder " + root + " does not exist");
        }
        if (!Files.isDirectory(root)) {
            throw new LabException("results folder " + root + ": is not a folder");
        }
        if (!Files.isReadable(root) || !Files.isExecutable(root)) {
            throw new LabException("results folder " + root + ": permission denied");
        }
    }

    /** Loads one root; a missing study folder (or one with no CSV) is "not run", not an error. */
    @SuppressWarnings("ReferenceEquality") // RunInfo.UNKNOWN is a sentinel, told by its identity
    public static ResultsRoot load(Path root, List<ResultsSchema> schemas) {
        checkRoot(root);
        Map<String, StudyResults> studies = new LinkedHashMap<>();
        String host = null;
        for (String study :
                schemas.stream().map(ResultsSchema::study).distinct().toList()) {
            List<ResultsSchema> declared =
                    schemas.stream().filter(s -> s.study().equals(study)).toList();
            StudyResults s = loadStudy(study, declared, root.resolve(study));
            studies.put(study, s);
            if (host == null && s.ran() && s.latest() != RunInfo.UNKNOWN) {
                host = s.latest().host();
            }
        }
        String label = host != null
                ? host
                : root.toAbsolutePath().normalize().getFileName() == null
                        ? root.toString()
                        : root.toAbsolutePath().normalize().getFileName().toString();
        return new ResultsRoot(root, label, studies);
    }

    static StudyResults loadStudy(String study, List<ResultsSchema> declared, Path dir) {
        if (!Files.isDirectory(dir)) {
            return StudyResults.notRun(study, dir);
        }
        List<Path> csvs;
        try (Stream<Path> files = Files.list(dir)) {
            csvs = files.filter(p -> p.getFileName().toString().endsWith(".csv"))
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw LabException.cannot("list", dir, e);
        }
        if (csvs.isEmpty()) {
            // no rows, but a run.json may say what failed
            Path runJson = dir.resolve("run.json");
            return Files.isRegularFile(runJson)
                    ? new StudyResults(study, dir, Map.of(), Map.of(), RunInfo.of(RunJson.read(runJson), study))
                    : StudyResults.notRun(study, dir);
        }
        // declared experiments first, in the module's order, then any extra CSV a study added
        Map<String, Table> tables = new LinkedHashMap<>();
        List<String> order =
                new ArrayList<>(declared.stream().map(ResultsSchema::experiment).toList());
        for (Path csv : csvs) {
            String name = csv.getFileName().toString().replaceFirst("\\.csv$", "");
            if (!order.contains(name)) {
                order.add(name);
            }
        }
        for (String experiment : order) {
            Path csv = dir.resolve(experiment + ".csv");
            if (Files.isRegularFile(csv)) {
                ResultsSchema schema = declared.stream()
                        .filter(s -> s.experiment().equals(experiment))
                        .findFirst()
                        .orElse(null);
                tables.put(experiment, ResultsCsv.read(csv, schema, experiment));
            }
        }
        Map<String, RunInfo> runs = new LinkedHashMap<>();
        RunInfo latest = RunInfo.UNKNOWN;
        Path runJson = dir.resolve("run.json");
        if (Files.isRegularFile(runJson)) {
            JsonNode node = RunJson.read(runJson);
            latest = RunInfo.of(node, study);
            JsonNode experiments = node.path("experiments");
            for (String experiment : tables.keySet()) {
                JsonNode record = experiments.get(experiment);
                if (record != null && record.isObject()) {
                    runs.put(experiment, RunInfo.of(record, study));
                }
            }
        }
        return new StudyResults(study, dir, tables, runs, latest);
    }
}
