package labbook.notebooks;

import java.util.function.Consumer;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.mime.MIMEType;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * What a notebook cell can call to show something besides its value (imported statically in every session):
 * {@code display(chart)} draws a chart now, {@code html("<b>..</b>")} and {@code markdown("..")} wrap text for rich
 * display, {@code svg(chart)} draws a chart as vector graphics.
 */
public final class Display {
    private static volatile Consumer<DisplayData> sink = data -> System.out.println(data.getData(MIMEType.TEXT_PLAIN));

    private Display() {}

    /** The kernel routes displays to the running cell's output. */
    static void sendTo(Consumer<DisplayData> target) {
        sink = target;
    }

    /** Shows an object now, as the value of a cell would be shown (a chart as an image, a table as HTML). */
    public static void display(Object value) {
        sink.accept(RichOutput.render(value));
    }

    /** Shows several objects now, one after another. */
    public static void display(Object first, Object... more) {
        display(first);
        for (Object value : more) {
            display(value);
        }
    }

    public static DisplayData html(String html) {
        DisplayData data = new DisplayData(html);
        data.putHTML(html);
        return data;
    }

    public static DisplayData markdown(String markdown) {
        DisplayData data = new DisplayData(markdown);
        data.putMarkdown(markdown);
        return data;
    }

    public static DisplayData png(Chart<?, ?> chart) {
        return RichOutput.png(chart);
    }

    public static DisplayData svg(Chart<?, ?> chart) {
        return RichOutput.svg(chart);
    }
}
