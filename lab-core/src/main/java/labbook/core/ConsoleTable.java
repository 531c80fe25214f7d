package labbook.core;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** A plain aligned table for the figures an experiment prints when it ends. */
public final class ConsoleTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int width;

    public ConsoleTable(String... header) {
        this.width = header.length;
        rows.add(header);
    }

    public ConsoleTable row(Object... cells) {
        if (cells.length != width) {
            throw new IllegalArgumentException("row has " + cells.length + " cells for " + width + " columns");
        }
        String[] text = new String[width];
        for (int i = 0; i < width; i++) {
            text[i] = String.valueOf(cells[i]);
        }
        rows.add(text);
        return this;
    }

    public void print(PrintStream out) {
        int[] w = new int[width];
        for (String[] r : rows) {
            for (int i = 0; i < width; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < width; i++) {
                String cell = rows.get(r)[i];
                // first column left-aligned (labels), the rest right-aligned (numbers)
                line.append(i == 0 ? String.format("%-" + w[i] + "s", cell) : String.format("  %" + w[i] + "s", cell));
            }
            out.println(line.toString().stripTrailing());
            if (r == 0) {
                out.println("-".repeat(line.length()));
            }
        }
    }
}
