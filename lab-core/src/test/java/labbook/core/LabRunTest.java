package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        JsonNode json = new ObjectMapper().readTree(root.resolve("filecrypt/run.json").toFile());
        for (String field : new String[] {"host", "cpu_model", "cores", "memory_bytes", "os_kernel", "jdk_vendor",
                "jdk_version", "lab_commit", "mode", "start", "end", "command_line", "rerun", "peers"}) {
            assertThat(json.has(field)).as(field).isTrue();
            assertThat(json.get(field).asText()).as(field).isNotNull();
        }
        assertThat(json.get("cores").asInt()).isPositive();
        assertThat(json.get("memory_bytes").asLong()).isGreaterThan(1L << 20);
        assertThat(json.get("mode").asText()).isEqualTo("quick");
        assertThat(json.get("command_line").asText()).isEqualTo("filecrypt level-sweep --quick");
        assertThat(json.get("rerun").asText()).isEqualTo("./labbook filecrypt level-sweep --quick");
        assertThat(json.get("peers").get("gpg").asText()).startsWith("gpg (GnuPG)");
        assertThat(json.get("experiments").get("level-sweep").get("mode").asText()).isEqualTo("quick");
        assertThat(json.get("start").asText()).isLessThanOrEqualTo(json.get("end").asText());
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
