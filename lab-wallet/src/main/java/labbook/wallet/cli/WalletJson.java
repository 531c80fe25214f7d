package labbook.wallet.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import labbook.wallet.format.BadWalletException;
import labbook.wallet.format.Entry;
import labbook.wallet.format.EntryType;
import labbook.wallet.format.QData;
import labbook.wallet.format.WalletContents;

/**
 * The JSON shape {@code dump} prints and {@code import} reads: {@code {"folders":[{"name":..., "entries":[{"key":...,
 * "type":"password|stream|map|unknown", "value":...}]}]}}. Password values are text, Map values a JSON object, Stream
 * and unknown values base64; a null value is JSON null. A Password or Map value that is not a well-formed QString/QMap
 * (the 2009 benchmark stored raw bytes as passwords) is given as {@code "value": null, "raw": base64}, so that import
 * writes back exactly the same bytes.
 */
public final class WalletJson {
    public static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** What import reads with: a key twice in one object is an error. */
    private static final ObjectMapper READER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** A JSON document that is not a wallet: the message names the place at fault. */
    public static final class BadJsonException extends Exception {
        private static final long serialVersionUID = 1L;

        BadJsonException(String message) {
            super(message);
        }
    }

    private WalletJson() {}

    public static ObjectNode toJson(WalletContents contents) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode folders = root.putArray("folders");
        contents.folders().forEach((name, entries) -> {
            ObjectNode folder = folders.addObject();
            folder.put("name", name);
            ArrayNode list = folder.putArray("entries");
            entries.values().forEach(e -> list.add(entryJson(e)));
        });
        return root;
    }

    private static ObjectNode entryJson(Entry e) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("key", e.key());
        node.put("type", e.type().jsonName());
        byte[] v = e.value();
        if (v == null) {
            node.putNull("value");
            return node;
        }
        Base64.Encoder b64 = Base64.getEncoder();
        try {
            switch (e.type()) {
                case PASSWORD -> node.put("value", QData.readQStringValue(v));
                case MAP -> {
                    ObjectNode map = node.putObject("value");
                    QData.readQMapValue(v).forEach(map::put);
                }
                default -> node.put("value", b64.encodeToString(v));
            }
        } catch (BadWalletException notQt) {
            node.putNull("value");
            node.put("raw", b64.encodeToString(v));
        }
        return node;
    }

    /**
     * One JSON document and nothing after it (null when there is none). Errors give the kind of fault and its place
     * only: the parser's own messages quote the text they choked on, and a wrong file (a password file given as --json)
     * must not be quoted.
     */
    static JsonNode parse(byte[] text) throws BadJsonException {
        try (JsonParser p = READER.createParser(text)) {
            JsonNode root;
            try {
                root = READER.readTree(p);
            } catch (JsonProcessingException e) {
                throw new BadJsonException(notJson(e.getOriginalMessage(), e));
            }
            try {
                if (root != null && p.nextToken() != null) {
                    throw new BadJsonException(notJson("Trailing token", p.currentLocation()));
                }
            } catch (JsonProcessingException e) {
                throw new BadJsonException(notJson("Trailing token", e));
            }
            return root;
        } catch (IOException e) {
            throw new BadJsonException("cannot be read as JSON (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static String notJson(String message, JsonProcessingException e) {
        return notJson(message, e.getLocation());
    }

    private static String notJson(String message, JsonLocation at) {
        String m = message == null ? "" : message;
        String kind = m.startsWith("Duplicate field")
                ? "a key appears twice in one object"
                : m.startsWith("Trailing token")
                        ? "more text after the JSON document"
                        : m.startsWith("Unexpected end-of-input")
                                ? "it ends before the JSON document does"
                                : "a syntax error";
        String where =
                at != null && at.getLineNr() > 0 ? " at line " + at.getLineNr() + ", column " + at.getColumnNr() : "";
        return "not valid JSON: " + kind + where;
    }

    public static WalletContents fromJson(JsonNode root) throws BadJsonException {
        JsonNode folders = root.path("folders");
        if (!folders.isArray()) {
            throw new BadJsonException("expected {\"folders\": [...]} at the top level");
        }
        WalletContents contents = new WalletContents();
        Map<String, Integer> folderAt = new HashMap<>();
        for (int f = 0; f < folders.size(); f++) {
            JsonNode folder = folders.get(f);
            String where = "folders[" + f + "]";
            String name = text(folder, "name", where);
            Integer before = folderAt.putIfAbsent(name, f);
            if (before != null) {
                throw new BadJsonException(
                        where + ".name: the same name as folders[" + before + "] (a wallet's folder names are unique)");
            }
            contents.createFolder(name);
            Map<String, Integer> keyAt = new HashMap<>();
            JsonNode entries = folder.path("entries");
            if (!entries.isArray() && !entries.isMissingNode()) {
                throw new BadJsonException(where + ".entries: expected an array");
            }
            for (int i = 0; i < entries.size(); i++) {
                Entry e = entry(entries.get(i), where + ".entries[" + i + "]");
                Integer first = keyAt.putIfAbsent(e.key(), i);
                if (first != null) {
                    throw new BadJsonException(where + ".entries[" + i + "].key: the same key as " + where + ".entries["
                            + first + "] (a folder's keys are unique)");
                }
                contents.writeEntry(name, e);
            }
        }
        return contents;
    }

    private static Entry entry(JsonNode node, String where) throws BadJsonException {
        String key = text(node, "key", where);
        String type = text(node, "type", where);
        JsonNode value = node.path("value");
        JsonNode raw = node.path("raw");
        EntryType entryType = switch (type) {
            case "password" -> EntryType.PASSWORD;
            case "stream" -> EntryType.STREAM;
            case "map" -> EntryType.MAP;
            case "unknown" -> EntryType.UNKNOWN;
            default ->
                throw new BadJsonException(where + ".type: '" + type + "' is not password, stream, map or unknown");
        };
        if (raw.isTextual()) {
            return new Entry(key, entryType, base64(raw, where + ".raw"));
        }
        if (value.isNull() || value.isMissingNode()) {
            return new Entry(key, entryType, null);
        }
        return switch (entryType) {
            case PASSWORD -> {
                if (!value.isTextual()) {
                    throw new BadJsonException(where + ".value: a password value must be a string");
                }
                yield Entry.password(key, value.asText());
            }
            case MAP -> {
                if (!value.isObject()) {
                    throw new BadJsonException(where + ".value: a map value must be an object");
                }
                Map<String, String> map = new TreeMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isTextual() && !e.getValue().isNull()) {
                        throw new BadJsonException(where + ".value." + e.getKey() + ": map values must be strings");
                    }
                    map.put(
                            e.getKey(),
                            e.getValue().isNull() ? null : e.getValue().asText());
                }
                yield Entry.map(key, new LinkedHashMap<>(map));
            }
            default -> new Entry(key, entryType, base64(value, where + ".value"));
        };
    }

    private static byte[] base64(JsonNode node, String where) throws BadJsonException {
        if (!node.isTextual()) {
            throw new BadJsonException(where + ": expected base64 text");
        }
        try {
            return Base64.getDecoder().decode(node.asText());
        } catch (IllegalArgumentException e) {
            throw new BadJsonException(where + ": not valid base64");
        }
    }

    private static String text(JsonNode node, String field, String where) throws BadJsonException {
        JsonNode v = node.path(field);
        if (!v.isTextual()) {
            throw new BadJsonException(where + "." + field + ": expected a string");
        }
        return v.asText();
    }
}
