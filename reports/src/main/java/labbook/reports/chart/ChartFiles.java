package labbook.reports.chart;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.LabException;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.VectorGraphicsEncoder.VectorGraphicsFormat;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Writes a chart as a PNG (what the pages show) and an SVG (the vector copy a reader can open or
 * print). The pages do not inline the SVG: XChart's SVG export draws every letter as an outline,
 * which made one study page 3.6 MB; a PNG beside the page keeps each page a few kilobytes.
 */
public final class ChartFiles {
    private ChartFiles() {
    }

    /** A chart on disk: its PNG and SVG file names, relative to the page. */
    public record Rendered(String name, String title, String png, String svgFile, int width, int height) {
    }

    /** Writes {@code <dir>/<name>.png} and {@code <dir>/<name>.svg}. */
    public static Rendered write(Chart<?, ?> chart, Path dir, String name) {
        try {
            Files.createDirectories(dir);
            try (OutputStream out = Files.newOutputStream(dir.resolve(name + ".svg"))) {
                VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsFormat.SVG);
            }
            try (OutputStream out = Files.newOutputStream(dir.resolve(name + ".png"))) {
                BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
            }
            return new Rendered(name, chart.getTitle(), dir.getFileName() + "/" + name + ".png",
                    dir.getFileName() + "/" + name + ".svg", chart.getWidth(), chart.getHeight());
        } catch (IOException e) {
            throw LabException.cannot("write chart", dir.resolve(name), e);
        }
    }
}
