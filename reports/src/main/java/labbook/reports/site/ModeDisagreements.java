package labbook.reports.site;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.core.Mode;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsRoot;
import labbook.reports.study.Claim;

/**
 * The claims of one study that a quick run and a full run, loaded side by side, verdict differently, or that only one
 * of the two modes measured: quick mode's sizes are a sketch, so a reader must see where the sketch and the seed's own
 * scale part ways (crypto's Default against gpg's on the binary folders, which quick mode's small folders cannot show).
 */
public final class ModeDisagreements {
    private static final String QUICK = Mode.QUICK.label();
    private static final String FULL = Mode.FULL.label();

    private ModeDisagreements() {}

    /** One claim, as each mode verdicted it; a mode that did not measure it reads "not measured". */
    public record Row(String claim, Side quick, Side full) {}

    /** A claim's figures from one mode's run. */
    public record Side(String measured, String verdict, String cls, String machine) {
        static Side of(Claim c, String machine) {
            return new Side(
                    c.measured(), c.verdict().text(), c.verdict().outcome().css(), machine);
        }

        static Side notMeasured() {
            return new Side("—", "not measured in this mode", "", "");
        }
    }

    /** The rows for {@code study}'s {@code claims}: empty unless a quick and a full run of it are both loaded. */
    static List<Row> of(Results results, String study, List<Claim> claims) {
        Map<String, String> modeOf = new LinkedHashMap<>();
        for (ResultsRoot r : results.roots()) {
            if (r.study(study).ran()) {
                modeOf.put(r.label(), r.study(study).latest().mode());
            }
        }
        if (!modeOf.containsValue(QUICK) || !modeOf.containsValue(FULL)) {
            return List.of();
        }
        Map<String, Claim[]> byClaim = new LinkedHashMap<>(); // [quick, full], the first root of each mode
        for (Claim c : claims) {
            String mode = modeOf.get(c.machine());
            int side = QUICK.equals(mode) ? 0 : FULL.equals(mode) ? 1 : -1;
            if (side < 0) {
                continue; // not measured, or a root of another mode
            }
            Claim[] pair = byClaim.computeIfAbsent(c.key(), k -> new Claim[2]);
            if (pair[side] == null) {
                pair[side] = c;
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Claim[] pair : byClaim.values()) {
            Claim quick = pair[0];
            Claim full = pair[1];
            boolean differ = quick == null
                    || full == null
                    || !quick.verdict().category().equals(full.verdict().category());
            if (differ) {
                Claim named = Optional.ofNullable(full).orElse(quick);
                rows.add(new Row(
                        named.claim(),
                        quick == null
                                ? Side.notMeasured()
                                : Side.of(quick, Site.withMode(results, study, quick.machine())),
                        full == null
                                ? Side.notMeasured()
                                : Side.of(full, Site.withMode(results, study, full.machine()))));
            }
        }
        return rows;
    }
}
