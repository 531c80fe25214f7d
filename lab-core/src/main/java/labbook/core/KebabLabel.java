package labbook.core;

import java.util.Locale;

/**
 * An enum whose label, the value its rows and its command-line option carry, is its constant's name in kebab case
 * ({@code JDK_32K} is {@code jdk-32k}). The name is the one declaration of both, so renaming a constant renames the
 * value in the CSVs, which the schema and golden tests then show.
 */
public interface KebabLabel {
    /** The constant's name, which every enum has. */
    String name();

    /** The constant's name in lower case, {@code _} as {@code -}. */
    default String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
