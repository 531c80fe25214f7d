package labbook.reports.study;

/**
 * A study page's words: its title, the seed's question as quoted, and the seed's public source (title, author, date and
 * where it was published; never a local path).
 */
public record PageText(String title, String quote, String source) {}
