package labbook.reports.chart;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.VectorGraphicsEncoder.VectorGraphicsFormat;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Writes a chart as a PNG (what the pages show) and an SVG (the vector copy a reader can open or print). The pages do
 * not inline the SVG: XChart's SVG export draws every letter as an outline, which made one study page 3.6 MB; a PNG
 * beside the page keeps each page a few kilobytes.
 */
public final class ChartFiles {
    private ChartFiles() {}

    /** A chart on disk: its PNG and SVG file names, relative to the page. */
    public record Rendered(String name, String title, String png, String svgFile, int width, int height) {}

    /**
     * Writes {@code <dir>/<name>.png} and {@code <dir>/<name>.svg} ({@code dir} is created if its parent exists). Each
     * file is encoded in memory first, so a failed write (a full disk) is the file system's own reason, not the image
     * encoder's.
     */
    public static Rendered write(Chart<?, ?> chart, Path dir, String name) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectory(dir);
        }
        ByteArrayOutputStream svg = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsFormat.SVG);
        Files.write(dir.resolve(name + ".svg"), svg.toByteArray());
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        BitmapEncoder.saveBitmap(chart, png, BitmapEncoder.BitmapFormat.PNG);
        Files.write(dir.resolve(name + ".png"), png.toByteArray());
        return new Rendered(
                name,
                chart.getTitle(),
                dir.getFileName() + "/" + name + ".png",
                dir.getFileName() + "/" + name + ".svg",
                chart.getWidth(),
                chart.getHeight());
    }
}
