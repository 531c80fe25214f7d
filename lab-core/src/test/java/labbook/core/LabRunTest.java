package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
}
