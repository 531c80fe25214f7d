package labbook.vfs.dcache;

/** What a stat returns: the inode's number (unique, never reused), its size and whether it is a folder. */
public record Inode(long number, long sizeBytes, boolean directory) {}
