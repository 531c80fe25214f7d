package labbook.notebooks;

/** Positions in a cell's text, as a reader counts them: lines from 1, columns from 0. */
final class CellText {
    private CellText() {}

    static int leadingBlanks(String text) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    static int columnOf(String text, int offset) {
        int lineStart = text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
        return offset - lineStart;
    }
}
