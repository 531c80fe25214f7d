package labbook.reports.results;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import labbook.core.BoundedFile;
import labbook.core.LabException;
import labbook.core.Reasons;

/** A study's run.json: at most {@link #LIMIT}, one JSON object and nothing after it. */
final class RunJson {
    /** The largest run.json read (the lab writes a few kB). */
    static final long LIMIT = 1L << 20;

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private RunJson() {}

    static JsonNode read(Path runJson) {
        JsonNode node;
        try (InputStream in = BoundedFile.open(runJson, LIMIT)) {
            node = JSON.readTree(in);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new LabException(
                    runJson + ": not valid JSON ("
                            + (at == null ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ")
                            + reason(e) + ")",
                    e);
        } catch (IOException e) {
            throw BoundedFile.failed("read", runJson, LIMIT, "a run.json", e);
        }
        if (node == null || !node.isObject()) {
            throw new LabException(runJson + ": not a JSON object");
        }
        return node;
    }

    /** Jackson's own words, without its source description. */
    private static String reason(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        int marker = m.indexOf(" (start marker at");
        if (marker >= 0) {
            m = m.substring(0, marker);
        }
        m = m.replaceAll("\\[Source:[^\\]]*\\]", "");
        String plain = Reasons.plain(m);
        return plain.isEmpty() ? "malformed" : plain;
    }
}
