package labbook.reports;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.LabException;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/** Writes a chart as PNG and SVG files, and gives the SVG back ready to inline in a page. */
public final class ChartFiles {
    private ChartFiles() {
    }

    /** A chart on disk: its PNG and SVG file names (relative to the page) and the SVG markup to inline. */
    public record Rendered(String name, String title, String png, String svgFile, String svgInline) {
    }

    /** Writes {@code <dir>/<name>.png} and {@code <dir>/<name>.svg}. */
    public static Rendered write(Chart<?, ?> chart, Path dir, String name) {
        try {
            Files.createDirectories(dir);
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            String markup = svg.toString(StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(name + ".svg"), markup);
            try (var out = Files.newOutputStream(dir.resolve(name + ".png"))) {
                BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
            }
            return new Rendered(name, chart.getTitle(), dir.getFileName() + "/" + name + ".png",
                    dir.getFileName() + "/" + name + ".svg", inline(markup, name));
        } catch (IOException e) {
            throw LabException.cannot("write chart", dir.resolve(name), e);
        }
    }

    /**
     * The SVG without its XML prolog and doctype, scaled to the page width, with its ids made
     * unique to this chart (several inline SVGs share one document, and a clashing clip-path id
     * would clip one chart with another's rectangle).
     */
    static String inline(String svg, String name) {
        String s = svg.replaceFirst("(?s)^.*?(<svg\\b)", "$1");
        String prefix = "c-" + name.replaceAll("[^A-Za-z0-9_-]", "-") + "-";
        s = s.replaceAll("id=\"([^\"]+)\"", "id=\"" + prefix + "$1\"");
        s = s.replaceAll("url\\(#([^)]+)\\)", "url(#" + prefix + "$1)");
        s = s.replaceAll("xlink:href=\"#([^\"]+)\"", "xlink:href=\"#" + prefix + "$1\"");
        s = s.replaceFirst("<svg\\b([^>]*?) height=\"[^\"]*\"", "<svg$1");
        s = s.replaceFirst("<svg\\b([^>]*?) width=\"[^\"]*\"", "<svg$1");
        s = s.replaceFirst("<svg\\b", "<svg role=\"img\" class=\"chart\"");
        return s;
    }
}
