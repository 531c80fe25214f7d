package labbook.filecrypt.experiments;

import labbook.core.Variant;

/**
 * The engines the experiments time, each an {@code engine} and a {@code scope} value of their CSVs: who encrypts, and
 * how much of it the clock sees: gpg as a whole process (as the seed timed it), bcpg inside a warm JVM (the variant's
 * own), and bcpg as a whole process ({@code ./labbook filecrypt encrypt}, as a user types it). {@code reports} reads
 * the rows by these values.
 */
public enum Engine implements Variant {
    GPG("gpg", "process"),
    BCPG_IN_PROCESS("bcpg", "in-process"),
    BCPG_PROCESS("bcpg", "process");

    private final String engine;
    private final String scope;

    Engine(String engine, String scope) {
        this.engine = engine;
        this.scope = scope;
    }

    /** The {@code engine} column: gpg or bcpg. */
    public String engine() {
        return engine;
    }

    /** The {@code scope} column: process or in-process. */
    public String scope() {
        return scope;
    }

    /** "gpg/process", "bcpg/in-process": the engine as the printouts name it. */
    @Override
    public String label() {
        return engine + "/" + scope;
    }

    /** The engine of a CSV row's {@code engine} and {@code scope} values. */
    public static Engine of(String engine, String scope) {
        for (Engine e : values()) {
            if (e.engine.equals(engine) && e.scope.equals(scope)) {
                return e;
            }
        }
        throw new IllegalArgumentException("no engine " + engine + "/" + scope);
    }
}
