package labbook.reports;

import java.util.List;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.reports.filecrypt.FilecryptStudy;
import labbook.reports.study.Study;
import labbook.reports.vfs.VfsStudy;
import labbook.reports.wallet.WalletStudy;

/**
 * The studies the lab reports on, in site order: the one list. A fourth study is a package with its {@link Study}
 * implementation and one more entry here.
 */
public final class Studies {
    public static final List<Study> ALL = List.of(new WalletStudy(), new FilecryptStudy(), new VfsStudy());

    private Studies() {}

    /** One study by id; a LabException names the known ones. */
    public static Study get(String id) {
        return ALL.stream()
                .filter(s -> s.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new LabException("no study '" + id + "' (known: " + ids() + ")"));
    }

    public static List<String> ids() {
        return ALL.stream().map(Study::id).toList();
    }

    /** Every CSV every study declares: what the loader checks. */
    public static List<ResultsSchema> schemas() {
        return ALL.stream().flatMap(s -> s.schemas().stream()).toList();
    }
}
