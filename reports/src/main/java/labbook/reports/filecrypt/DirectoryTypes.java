package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.CORPUS;
import static labbook.filecrypt.FilecryptSchemas.TYPE;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.corpus.FolderTypes;
import labbook.reports.results.Results.Labelled;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Which folder each directory-runs row timed: the readers of a row's folder type (text, mp3, pdf or png,
 * lab-filecrypt's {@link FolderTypes}). directory-runs.csv names the corpus; directory-files.csv, written by the same
 * run, gives each corpus's type. A corpus that directory-files.csv does not name (a root from before the binary
 * folders) is text: every directory run was on text then.
 */
final class DirectoryTypes {

    private DirectoryTypes() {}

    /** The directory-runs rows with a {@code type} column. */
    static Table withType(Labelled<Table> runs) {
        Map<String, String> types = new HashMap<>();
        files(runs).ifPresent(files -> {
            for (int i = 0; i < files.rowCount(); i++) {
                types.put(
                        files.stringColumn(CORPUS.name()).get(i),
                        files.stringColumn(TYPE.name()).get(i));
            }
        });
        Table t = runs.value().copy();
        if (t.containsColumn(TYPE.name())) {
            t.removeColumns(TYPE.name());
        }
        StringColumn type = StringColumn.create(TYPE.name());
        for (int i = 0; i < t.rowCount(); i++) {
            type.append(types.getOrDefault(t.stringColumn(CORPUS.name()).get(i), FolderTypes.TEXT));
        }
        return t.insertColumn(0, type);
    }

    /** The directory-runs rows of one folder type (possibly none). */
    static Table ofType(Labelled<Table> runs, String type) {
        Table t = withType(runs);
        return t.where(t.stringColumn(TYPE.name()).isEqualTo(type));
    }

    /** The same root's directory-files.csv, when it has one with rows. */
    static Optional<Table> files(Labelled<?> runs) {
        return runs.root()
                .table(FilecryptSchemas.STUDY, FilecryptSchemas.DIRECTORY_FILES.experiment())
                .filter(t -> !t.isEmpty());
    }

    /** The seed's rows for one folder type. */
    static Table seedOf(String type) {
        Table seed = FilecryptData.CRYPTO_DIRECTORY.table();
        return seed.where(seed.stringColumn(TYPE.name()).isEqualTo(type));
    }
}
