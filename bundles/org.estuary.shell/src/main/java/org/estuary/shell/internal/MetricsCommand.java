package org.estuary.shell.internal;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.karaf.shell.support.table.ShellTable;
import org.estuary.management.ServiceView;

/** {@code estuary:metrics}: the metrics of every service whose view has them, a table each. */
final class MetricsCommand extends BaseCommand {

    private final List<ServiceView> views = new CopyOnWriteArrayList<>();

    MetricsCommand() {
        super("metrics", "Shows the services' metrics: client operations, renewals, retries, failures, events "
                + "sent, store writes and their latency (microseconds).");
    }

    void add(ServiceView view) {
        if (view.metrics() != null) {
            views.add(view);
        }
    }

    void remove(ServiceView view) {
        views.remove(view);
    }

    @Override
    List<String> arguments() {
        return List.of();
    }

    @Override
    void run(Arguments arguments, PrintStream out) {
        if (views.isEmpty()) {
            throw new IllegalStateException("no Estuary service with metrics is running here (install the feature "
                    + "estuary-renewal, or check its store with estuary:stores)");
        }
        for (ServiceView view : views) {
            out.println(view.title());
            ShellTable table = new ShellTable();
            table.column("Metric");
            table.column("Value").alignRight();
            Map<String, Long> metrics = view.metrics().get();
            metrics.forEach((name, value) -> table.addRow().addContent(name, value));
            table.print(out);
        }
    }
}
