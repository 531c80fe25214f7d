package labbook.filecrypt.corpus;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What a binary corpus will hold before it is built: its type, its size label (quick, full, or a test's), the Debian
 * packages it needs, and each file's {@link Recipe}, in the corpus's order.
 */
public record CorpusPlan(BinaryType type, String size, List<String> packages, List<Recipe> recipes) {

    public CorpusPlan {
        packages = List.copyOf(packages);
        recipes = List.copyOf(recipes);
        if (recipes.isEmpty()) {
            throw new IllegalArgumentException("a " + type.label() + " corpus with no file");
        }
        if (recipes.stream().map(Recipe::name).distinct().count() != recipes.size()) {
            throw new IllegalArgumentException("two files of the " + type.label() + " corpus share a name");
        }
    }

    /** "mp3-quick": the corpus's name in the CSVs. */
    public String name() {
        return type.id() + "-" + size;
    }

    /**
     * A short checksum of the plan and the package versions it will be made with, for the cache folder's name: another
     * package version or another recipe gives another folder.
     */
    String key(Packages installed) {
        StringBuilder text = new StringBuilder(name()).append('\n');
        for (String p : packages) {
            text.append(p).append('=').append(installed.version(p).orElse("-")).append('\n');
        }
        for (Recipe r : recipes) {
            text.append(r.name())
                    .append('\t')
                    .append(r.from())
                    .append('\t')
                    .append(r.command())
                    .append('\n');
        }
        return Corpus.sha256(text.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 12);
    }
}
