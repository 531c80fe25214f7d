package labbook.core;

/** How much of a study to run: QUICK is what CI and a newcomer run (minutes), FULL the seed's parameters. */
public enum Mode {
    QUICK,
    FULL;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The command-line flag that selects this mode: {@code --quick} or {@code --full}. */
    public String flag() {
        return "--" + label();
    }
}
