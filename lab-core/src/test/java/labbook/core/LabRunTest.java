package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run.json as LabRun writes it: every field present and of its shape, earlier experiments' provenance kept, broken
 * records refused.
 */
class LabRunTest {
    static final Column LEVEL = Column.count("level", "compression level");
    static final Column CPU_USER_S = Column.measure("cpu_user_s", "user CPU seconds");

    @TempDir
    Path root;

    @Test
    void runJsonRecordsMachineSoftwareModeTimesCommandAndPeers() throws Exception {
        try (LabRun run = LabRun.start(LabOptions.of(root, Mode.QUICK), "filecrypt", "level-sweep", "--quick")) {
            run.peer("gpg", Peer.version("gpg"));
            try (CsvResults csv = run.csv(ResultsSchema.of("filecrypt", "level-sweep", LEVEL, CPU_USER_S))) {
                csv.row(r -> r.set(LEVEL, 1).set(CPU_USER_S, 0.25));
                csv.commit();
            }
        }
        JsonNode json =
                new ObjectMapper().readTree(root.resolve("filecrypt/run.json").toFile());
        // each field present and holding something: asText() of a missing or empty field is "", never null
        for (String field : new String[] {
            "study",
            "host",
            "cpu_model",
            "os_kernel",
            "jdk_vendor",
            "jdk_version",
            "lab_commit",
            "mode",
            "start",
            "end",
            "command_line",
            "rerun"
        }) {
            assertThat(json.has(field)).as(field).isTrue();
            assertThat(json.get(field).isTextual())
                    .as("%s is text: %s", field, json.get(field))
                    .isTrue();
            assertThat(json.get(field).asText()).as(field).isNotBlank();
        }
        assertThat(json.get("study").asText()).isEqualTo("filecrypt");
        assertThat(json.get("cores").isInt()).as("cores: %s", json.get("cores")).isTrue();
        assertThat(json.get("cores").asInt()).isPositive();
        assertThat(json.get("memory_bytes").isIntegralNumber())
                .as("memory_bytes: %s", json.get("memory_bytes"))
                .isTrue();
        assertThat(json.get("memory_bytes").asLong()).isGreaterThan(1L << 20);
        assertThat(json.get("os_kernel").asText()).startsWith(System.getProperty("os.name") + " ");
        assertThat(json.get("jdk_version").asText())
                .startsWith(String.valueOf(Runtime.version().feature()));
        // a checkout (or a clone) knows its commit; only a copy without .git records "unknown"
        assertThat(json.get("lab_commit").asText())
                .matches(Files.exists(Repo.root().resolve(".git")) ? "[0-9a-f]{40}(-dirty)?" : "unknown");
        assertThat(json.get("mode").asText()).isEqualTo("quick");
        assertThat(json.get("command_line").asText()).isEqualTo("filecrypt level-sweep --quick");
        assertThat(json.get("rerun").asText()).isEqualTo("./labbook filecrypt level-sweep --quick");
        assertThat(json.get("peers").isObject())
                .as("peers: %s", json.get("peers"))
                .isTrue();
        assertThat(json.get("peers").get("gpg").asText()).startsWith("gpg (GnuPG)");
        assertThat(json.get("experiments").get("level-sweep").get("mode").asText())
                .isEqualTo("quick");
        // ISO-8601 instants, compared as times (as text, "…:07Z" sorts after "…:07.5Z")
        Instant start = Instant.parse(json.get("start").asText());
        Instant end = Instant.parse(json.get("end").asText());
        assertThat(start).isBeforeOrEqualTo(end).isAfter(Instant.now().minus(Duration.ofHours(1)));
        assertThat(end).isBeforeOrEqualTo(Instant.now());
    }

    @Test
    void laterRunsKeepTheProvenanceOfEarlierExperiments() throws Exception {
        for (String experiment : new String[] {"first", "second"}) {
            try (LabRun run = LabRun.start(LabOptions.of(root, Mode.FULL), "vfs", experiment)) {
                try (CsvResults csv = run.csv(experiment, "x")) {
                    csv.row(1);
                    csv.commit();
                }
            }
        }
        JsonNode json = new ObjectMapper().readTree(root.resolve("vfs/run.json").toFile());
        assertThat(json.get("experiments").fieldNames()).toIterable().containsExactlyInAnyOrder("first", "second");
        assertThat(json.get("command_line").asText()).isEqualTo("vfs second --full");
        assertThat(json.get("rerun").asText()).isEqualTo(LabRun.rerunLine("vfs", "second", Mode.FULL));
    }

    @Test
    void aRunThatCommittedNothingWritesNoRunJson() {
        try (LabRun run = LabRun.start(LabOptions.of(root, Mode.QUICK), "wallet", "sync-sweep")) {
            run.csv("sync-sweep", "x").close();
        }
        assertThat(Files.exists(root.resolve("wallet/run.json"))).isFalse();
    }

    @Test
    void aBrokenRunJsonIsRefusedAtTheStartAndKept() throws Exception {
        Path runJson = Files.createDirectories(root.resolve("vfs")).resolve("run.json");
        Files.writeString(runJson, "{ \"study\": ");
        assertThatThrownBy(() -> LabRun.start(LabOptions.of(root, Mode.QUICK), "vfs", "git-diff"))
                .isInstanceOf(LabException.class)
                .hasMessage("cannot read " + runJson + ": not valid JSON; move it away to start afresh");
        Files.writeString(runJson, "[1, 2]");
        assertThatThrownBy(() -> LabRun.start(LabOptions.of(root, Mode.QUICK), "vfs", "git-diff"))
                .hasMessageContaining("not a run record");
        assertThat(Files.readString(runJson)).isEqualTo("[1, 2]");
    }

    /**
     * Every run.json the repository holds (the reference run's, and reports' fixtures, some written before options,
     * rerun lines or a history were kept) is read, and a run onto it keeps each experiment's record as it was, fields
     * and numbers as written, and the history (here made on this host) with its fields in their order.
     */
    @Test
    void everyCommittedRunJsonIsReadAndWhatItKeepsIsKeptAsItWas() throws Exception {
        List<Path> files;
        try (Stream<Path> reference = Files.walk(Repo.root().resolve("reference-run"));
                Stream<Path> fixtures = Files.walk(Repo.root().resolve("reports/src/test/resources"))) {
            files = Stream.concat(reference, fixtures)
                    .filter(p -> p.getFileName().toString().endsWith("run.json"))
                    .sorted()
                    .toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(13);
        for (int i = 0; i < files.size(); i++) {
            runOntoItKeepsWhatItKeeps(files.get(i), root.resolve(Integer.toString(i)));
        }
    }

    /** A run onto a copy of {@code file} in {@code results}, and what it kept of it. */
    private static void runOntoItKeepsWhatItKeeps(Path file, Path results) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode before = (ObjectNode) json.readTree(file.toFile());
        if (before.path("history").isObject()) {
            ((ObjectNode) before.get("history")).put("host", MachineInfo.hostName());
        }
        String study = before.path("study").asText();
        Path runJson = Files.createDirectories(results.resolve(study)).resolve("run.json");
        json.writeValue(runJson.toFile(), before);
        LabOptions resume = LabOptions.of(results, Mode.QUICK);
        resume.resume = true;
        try (LabRun run = LabRun.start(resume, study, "all");
                CsvResults csv = run.csv("new-one", "x")) {
            csv.row(1);
            csv.commit();
        }
        JsonNode after = json.readTree(runJson.toFile());
        List<String> experiments = names(before.get("experiments"));
        experiments.add("new-one");
        assertThat(names(after.get("experiments"))).as("%s", file).isEqualTo(experiments);
        keptAsItWas(before, after, "experiments", file);
        if (before.has("history")) {
            assertThat(names(after.get("history")))
                    .startsWith(names(before.get("history")).toArray(String[]::new));
            keptAsItWas(before, after, "history", file);
        }
    }

    /** Each field of {@code before}'s {@code object} is in {@code after}'s, written as it was. */
    private static void keptAsItWas(JsonNode before, JsonNode after, String object, Path file) {
        before.get(object)
                .fields()
                .forEachRemaining(
                        e -> assertThat(after.get(object).get(e.getKey()).toString())
                                .as("%s: %s.%s", file, object, e.getKey())
                                .isEqualTo(e.getValue().toString()));
    }

    /**
     * A field of another shape than run.json's is read as absent, and a run onto it goes on: an outcome that is not an
     * object, or whose status is not text, is no outcome, and a time that is not a number is none; experiments' records
     * are kept whatever they hold; a part of the history that is not an object is written afresh in its place.
     */
    @Test
    void fieldsOfAnotherShapeAreReadAsAbsent() throws Exception {
        Path runJson = Files.createDirectories(root.resolve("vfs")).resolve("run.json");
        Files.writeString(runJson, """
                {"cores": "two", "peers": [], "start": {"at": 1},
                 "outcomes": {"git-diff": 5, "stat-walk": {"status": "done", "seconds": "soon"},
                              "dcache-model": {"status": ["done"], "seconds": 1}},
                 "experiments": {"git-diff": {"mode": 5, "options": [], "rerun": {}}, "stat-walk": "x"},
                 "history": {"host": "%s", "quick": 5, "units": [], "scaled": {"full": "x"}}}
                """.formatted(MachineInfo.hostName()));
        LabOptions resume = LabOptions.of(root, Mode.QUICK);
        resume.resume = true;
        try (LabRun run = LabRun.start(resume, "vfs", "all")) {
            assertThat(run.doneBefore("git-diff")).isFalse();
            assertThat(run.doneBefore("stat-walk")).isTrue();
            assertThat(run.earlierTime("stat-walk")).isZero();
            assertThat(run.doneBefore("dcache-model")).isFalse();
            try (CsvResults csv = run.csv("git-diff", "x")) {
                csv.row(1);
                csv.commit();
            }
        }
        JsonNode after = new ObjectMapper().readTree(runJson.toFile());
        assertThat(names(after.get("experiments"))).containsExactly("git-diff", "stat-walk");
        assertThat(after.get("experiments").get("stat-walk").asText()).isEqualTo("x");
        assertThat(after.get("experiments").get("git-diff").get("mode").asText())
                .isEqualTo("quick");
        JsonNode history = after.get("history");
        assertThat(names(history)).containsExactly("host", "quick", "units", "scaled", "clock");
        assertThat(history.get("quick").isObject()).isTrue();
        assertThat(history.get("units").get("quick").isObject()).isTrue();
        assertThat(history.get("scaled").get("full").asText()).isEqualTo("x");

        Files.writeString(runJson, "{\"experiments\": [1], \"history\": 5, \"outcomes\": \"none\"}");
        try (LabRun run = LabRun.start(resume, "vfs", "all");
                CsvResults csv = run.csv("git-diff", "x")) {
            assertThat(run.doneBefore("git-diff")).isFalse();
            csv.row(1);
            csv.commit();
        }
        after = new ObjectMapper().readTree(runJson.toFile());
        assertThat(names(after.get("experiments"))).containsExactly("git-diff");
        assertThat(names(after.get("history"))).containsExactly("host", "quick", "scaled", "units", "clock");
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        if (object != null) {
            object.fieldNames().forEachRemaining(names::add);
        }
        return names;
    }
}
