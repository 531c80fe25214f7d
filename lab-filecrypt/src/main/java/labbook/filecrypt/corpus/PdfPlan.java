package labbook.filecrypt.corpus;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * PDF files as Debian's documentation packages ship them, made by pdfTeX and LilyPond from real manuals. Quick:
 * {@code r-doc-pdf}'s R manuals but its 6.5 MB reference manual (7 files, about 3.7 MB). Full: every R manual, and the
 * LilyPond manuals of {@code lilypond-doc-pdf} (its {@code Documentation/*.pdf}, not the example snippets): 19 files,
 * 72.8 MB, near the seed's "84.8 MB and 12.2 MB set of pdf files".
 */
final class PdfPlan {
    static final List<String> QUICK_PACKAGES = List.of("r-doc-pdf");
    static final List<String> FULL_PACKAGES = List.of("r-doc-pdf", "lilypond-doc-pdf");
    static final long QUICK_MAX_BYTES = 2_000_000;
    static final Path LILYPOND_MANUALS = Path.of("/usr/share/doc/lilypond/html/Documentation");

    private PdfPlan() {}

    static CorpusPlan quick(Packages installed) {
        return shipped("quick", installed, "r-doc-pdf", 100, QUICK_MAX_BYTES);
    }

    static CorpusPlan full(Packages installed) {
        List<Recipe> recipes = new ArrayList<>(
                shipped("full", installed, "r-doc-pdf", 100, Long.MAX_VALUE).recipes());
        Shipped.largest(
                        installed,
                        "lilypond-doc-pdf",
                        Shipped.endsWith(".pdf").and(p -> LILYPOND_MANUALS.equals(p.getParent())),
                        100,
                        Long.MAX_VALUE)
                .forEach(p -> recipes.add(Recipe.shipped("lilypond-doc-pdf", p)));
        return new CorpusPlan(BinaryType.PDF, "full", FULL_PACKAGES, recipes);
    }

    /** The {@code count} largest PDFs of {@code pkg} of at most {@code maxBytes} each (tests ask for a tiny one). */
    static CorpusPlan shipped(String size, Packages installed, String pkg, int count, long maxBytes) {
        List<Recipe> recipes = Shipped.largest(installed, pkg, Shipped.endsWith(".pdf"), count, maxBytes).stream()
                .map(p -> Recipe.shipped(pkg, p))
                .toList();
        return new CorpusPlan(BinaryType.PDF, size, List.of(pkg), recipes);
    }
}
