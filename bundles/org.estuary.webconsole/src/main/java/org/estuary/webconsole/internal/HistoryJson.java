package org.estuary.webconsole.internal;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

import org.estuary.management.MetricsSeries;

/**
 * A view's metrics history as the JSON its charts read ({@code estuary-NAME/history.json}):
 * {@code {"interval":5,"times":[...],"rates":{"operations":[...]},"latencies":{"store.write.p99.us":[...]},
 * "totals":{"operations":12}}}, times in seconds since the epoch, rates per second, latencies in microseconds, null
 * where a series has no point.
 */
final class HistoryJson {

    private HistoryJson() {
    }

    static void write(PrintWriter out, long intervalSeconds, MetricsSeries series) {
        out.print("{\"interval\":" + intervalSeconds + ",\"times\":");
        numbers(out, series.epochSeconds());
        out.print(",\"rates\":");
        seriesMap(out, series.rates());
        out.print(",\"latencies\":");
        seriesMap(out, series.latencies());
        out.print(",\"totals\":{");
        String separator = "";
        for (Map.Entry<String, Long> total : series.totals().entrySet()) {
            out.print(separator + string(total.getKey()) + ":" + total.getValue());
            separator = ",";
        }
        out.print("}}");
    }

    private static void seriesMap(PrintWriter out, Map<String, List<Double>> all) {
        out.print("{");
        String separator = "";
        for (Map.Entry<String, List<Double>> series : all.entrySet()) {
            out.print(separator + string(series.getKey()) + ":");
            numbers(out, series.getValue());
            separator = ",";
        }
        out.print("}");
    }

    private static void numbers(PrintWriter out, List<Double> values) {
        out.print("[");
        for (int i = 0; i < values.size(); i++) {
            Double value = values.get(i);
            out.print((i == 0 ? "" : ",") + (value == null || !Double.isFinite(value) ? "null" : number(value)));
        }
        out.print("]");
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : Double.toString(Math.round(value * 1000) / 1000.0);
    }

    /** A JSON string: quotes, backslashes, control characters and {@code <} escaped. */
    static String string(String raw) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x2028 || c == 0x2029) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
