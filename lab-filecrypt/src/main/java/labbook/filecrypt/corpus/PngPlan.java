package labbook.filecrypt.corpus;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * PNG files from Debian's artwork package {@code desktop-base}. Quick: the 8 largest PNGs it ships (boot splash and
 * GRUB backgrounds, 118 kB to 1.6 MB, about 4.2 MB). Full: those, and each of its 3840x2160 SVG wallpapers rendered to
 * PNG by {@code rsvg-convert} ({@code librsvg2-bin}): 17 files of 118 kB to 2.4 MB, about 12.6 MB (the seed's were
 * "eight png files that ranged in size from 88kB to 7.3MB").
 */
final class PngPlan {
    static final List<String> QUICK_PACKAGES = List.of("desktop-base");
    static final List<String> FULL_PACKAGES = List.of("desktop-base", "librsvg2-bin");
    static final int QUICK_FILES = 8;
    static final String WALLPAPER = "3840x2160.svg";

    private PngPlan() {}

    static CorpusPlan quick(Packages installed) {
        return shipped("quick", installed, QUICK_FILES, Long.MAX_VALUE);
    }

    static CorpusPlan full(Packages installed) {
        List<Recipe> recipes = new ArrayList<>(quick(installed).recipes());
        List<Path> wallpapers = installed.files("desktop-base").stream()
                .filter(p -> p.getFileName() != null
                        && p.getFileName().toString().equals(WALLPAPER)
                        && p.getNameCount() > 4
                        && p.getParent()
                                .getParent()
                                .getParent()
                                .getFileName()
                                .toString()
                                .equals("wallpaper"))
                .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                .sorted()
                .toList();
        for (Path svg : wallpapers) {
            // .../emerald-theme/wallpaper/contents/images/3840x2160.svg: the theme is four folders up
            String theme = svg.getParent()
                    .getParent()
                    .getParent()
                    .getParent()
                    .getFileName()
                    .toString();
            String name = "desktop-base_" + theme + "-3840x2160.png";
            recipes.add(new Recipe(
                    name,
                    FULL_PACKAGES,
                    "desktop-base:" + svg,
                    "rsvg-convert -o " + name + " " + svg,
                    null,
                    (target, work) -> Commands.run(
                            List.of("rsvg-convert", "-o", target.toString(), svg.toString()),
                            work.resolve("rsvg-convert.log"))));
        }
        return new CorpusPlan(BinaryType.PNG, "full", FULL_PACKAGES, recipes);
    }

    /**
     * The {@code count} largest PNGs desktop-base ships of at most {@code maxBytes} each (tests ask for a tiny one).
     */
    static CorpusPlan shipped(String size, Packages installed, int count, long maxBytes) {
        List<Recipe> recipes =
                Shipped.largest(installed, "desktop-base", Shipped.endsWith(".png"), count, maxBytes).stream()
                        .map(p -> Recipe.shipped("desktop-base", p))
                        .toList();
        return new CorpusPlan(BinaryType.PNG, size, QUICK_PACKAGES, recipes);
    }
}
