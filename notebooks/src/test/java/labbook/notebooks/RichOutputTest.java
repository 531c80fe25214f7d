package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.mime.MIMEType;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class RichOutputTest {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    private static XYChart chart() {
        XYChart chart =
                new XYChartBuilder().width(320).height(240).title("sync time").build();
        chart.addSeries("gpg", new double[] {1, 2, 3}, new double[] {2, 4, 8});
        return chart;
    }

    @Test
    void aChartIsAPngImageWithATextTwin() {
        DisplayData data = RichOutput.render(chart(), "ignored");
        byte[] png = Base64.getDecoder().decode((String) data.getData(MIMEType.IMAGE_PNG));
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        assertThat((String) data.getData(MIMEType.TEXT_PLAIN)).contains("sync time");
    }

    @Test
    void aChartCanBeSvg() {
        DisplayData data = Display.svg(chart());
        assertThat((String) data.getData(MIMEType.IMAGE_SVG)).contains("<svg");
    }

    @Test
    void aTableIsAnEscapedHtmlTableWithNumbersToTheRight() {
        Table table = Table.create(
                "results <raw>", StringColumn.create("variant", "a&b"), DoubleColumn.create("sync_ms", 12.5));
        DisplayData data = RichOutput.render(table, "ignored");
        String html = (String) data.getData(MIMEType.TEXT_HTML);
        assertThat(html)
                .contains(
                        "<caption>results &lt;raw&gt;</caption>",
                        "<th>sync_ms</th>",
                        "<td>a&amp;b</td>",
                        "<td style=\"text-align:right\">12.5</td>");
        assertThat((String) data.getData(MIMEType.TEXT_PLAIN)).contains("sync_ms");
    }

    @Test
    void aTablesNumbersReadAsTheSitesDo() {
        Table table = Table.create(
                "ratios", DoubleColumn.create("kde4_over_kwallet5", 0.16324493333333334, 12_345.678, 5.73));
        DisplayData data = RichOutput.render(table, "ignored");
        assertThat((String) data.getData(MIMEType.TEXT_HTML))
                .contains(">0.163</td>", ">12,300</td>", ">5.73</td>")
                .doesNotContain("0.16324");
        assertThat((String) data.getData(MIMEType.TEXT_PLAIN)).contains("0.163").doesNotContain("0.16324");
    }

    @Test
    void aLongTableIsCutAndSaysHowMuchIsLeft() {
        double[] values = new double[RichOutput.MAX_TABLE_ROWS + 15];
        Table table = Table.create("long", DoubleColumn.create("x", values));
        String html = (String) RichOutput.render(table, null).getData(MIMEType.TEXT_HTML);
        assertThat(html).contains("15 more rows of " + values.length);
    }

    @Test
    void anythingElseIsJShellsText() {
        DisplayData data = RichOutput.render(42, "42");
        assertThat(data.getData(MIMEType.TEXT_PLAIN)).isEqualTo("42");
        assertThat(RichOutput.render(null, "null").getData(MIMEType.TEXT_PLAIN)).isEqualTo("null");
    }
}
