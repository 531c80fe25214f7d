package labbook.filecrypt.corpus;

import java.util.List;
import java.util.Locale;
import labbook.core.Mode;

/** The seed's three directories of files that are compressed already: MP3, PDF and PNG. */
public enum BinaryType {
    MP3,
    PDF,
    PNG;

    /** The {@code type} column's value: mp3, pdf or png. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The name in prose: MP3, PDF or PNG. */
    public String label() {
        return name();
    }

    /** The Debian packages the mode's corpus is made from (checked before anything else). */
    public List<String> packages(Mode mode) {
        return switch (this) {
            case MP3 -> Mp3Plan.PACKAGES;
            case PDF -> mode == Mode.FULL ? PdfPlan.FULL_PACKAGES : PdfPlan.QUICK_PACKAGES;
            case PNG -> mode == Mode.FULL ? PngPlan.FULL_PACKAGES : PngPlan.QUICK_PACKAGES;
        };
    }

    /** The mode's corpus: quick a few MB, full the size the seed's own directory had. */
    public CorpusPlan plan(Mode mode, Packages installed) {
        String size = mode == Mode.FULL ? "full" : "quick";
        return switch (this) {
            case MP3 ->
                mode == Mode.FULL
                        ? Mp3Plan.of(size, Mp3Plan.FULL_FILES, Mp3Plan.TEXT_BYTES)
                        : Mp3Plan.of(size, Mp3Plan.QUICK_FILES, Mp3Plan.TEXT_BYTES);
            case PDF -> mode == Mode.FULL ? PdfPlan.full(installed) : PdfPlan.quick(installed);
            case PNG -> mode == Mode.FULL ? PngPlan.full(installed) : PngPlan.quick(installed);
        };
    }

    /** About how many bytes the mode's corpus holds (each plan says how it is made): for the run plan's estimate. */
    public long approximateBytes(Mode mode) {
        boolean full = mode == Mode.FULL;
        return switch (this) {
            case MP3 -> full ? 37_800_000 : 3_800_000;
            case PDF -> full ? 72_800_000 : 3_700_000;
            case PNG -> full ? 12_600_000 : 4_200_000;
        };
    }

    public static BinaryType of(String id) {
        for (BinaryType t : values()) {
            if (t.id().equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("no binary corpus type " + id);
    }
}
