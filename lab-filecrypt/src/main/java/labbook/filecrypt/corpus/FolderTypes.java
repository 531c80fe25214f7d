package labbook.filecrypt.corpus;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The types of the directory runs' folders, as the {@code type} column of directory-files.csv and of the seed's
 * crypto-directory.csv name them: {@link #TEXT}, then each {@link BinaryType}'s id. The one declaration the experiment,
 * its {@code --types} option and {@code reports} take them from.
 */
public final class FolderTypes {
    /** The text folder's type: the seed's first folder, the only one crypto's default compresses. */
    public static final String TEXT = "text";
    /** The folders of files compressed already: mp3, pdf, png ({@link BinaryType#id()}). */
    public static final List<String> BINARY =
            Arrays.stream(BinaryType.values()).map(BinaryType::id).toList();
    /** Every folder type, in the seed's order: text, mp3, pdf, png. */
    public static final List<String> ALL =
            Stream.concat(Stream.of(TEXT), BINARY.stream()).toList();

    private FolderTypes() {}
}
