package org.estuary.management.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.estuary.management.MetricsHistory;
import org.estuary.management.MetricsSample;
import org.estuary.management.ServiceView;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * Samples the metrics of every registered {@link ServiceView} that has them every {@link #INTERVAL} into a ring of
 * {@link #CAPACITY} samples per view (15 minutes), on one daemon thread. A view's ring starts with a sample when the
 * view is registered and is dropped when it goes. A view whose metrics throw is skipped for that round.
 */
@Component(immediate = true, service = MetricsHistory.class)
public final class HistorySampler implements MetricsHistory {

    static final Duration INTERVAL = Duration.ofSeconds(5);
    static final int CAPACITY = 180;

    private static final System.Logger LOG = System.getLogger(HistorySampler.class.getName());

    private final Clock clock;
    private final Map<String, Ring> rings = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;

    /** Samples on a thread of its own, on the system's wall clock. */
    @Activate
    public HistorySampler() {
        this(Clock.systemUTC(), Executors.newSingleThreadScheduledExecutor(run -> {
            Thread thread = new Thread(run, "estuary-metrics-history");
            thread.setDaemon(true);
            return thread;
        }));
        timer.scheduleAtFixedRate(this::sampleAll, INTERVAL.toMillis(), INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Samples when {@link #sampleAll()} is called, on {@code clock}; {@code timer} is only shut down. */
    HistorySampler(Clock clock, ScheduledExecutorService timer) {
        this.clock = clock;
        this.timer = timer;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void bindView(ServiceView view) {
        if (view.metrics() != null) {
            Ring ring = new Ring(view);
            rings.put(view.name(), ring);
            ring.sample(clock.millis());
        }
    }

    void unbindView(ServiceView view) {
        rings.computeIfPresent(view.name(), (name, ring) -> ring.view == view ? null : ring);
    }

    @Deactivate
    void deactivate() {
        timer.shutdownNow();
        rings.clear();
    }

    /** One round: a sample of every view's metrics. */
    void sampleAll() {
        long now = clock.millis();
        rings.values().forEach(ring -> ring.sample(now));
    }

    @Override
    public Duration interval() {
        return INTERVAL;
    }

    @Override
    public int capacity() {
        return CAPACITY;
    }

    @Override
    public List<MetricsSample> samples(String view) {
        Ring ring = rings.get(view);
        return ring == null ? List.of() : ring.samples();
    }

    /** The bounded history of one view. */
    private static final class Ring {
        final ServiceView view;
        private final ArrayDeque<MetricsSample> samples = new ArrayDeque<>(CAPACITY);

        Ring(ServiceView view) {
            this.view = view;
        }

        void sample(long now) {
            Map<String, Long> values;
            try {
                values = view.metrics().get();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "metrics of view " + view.name() + " not read this round", e);
                return;
            }
            MetricsSample sample = new MetricsSample(now, values);
            synchronized (samples) {
                if (samples.size() == CAPACITY) {
                    samples.removeFirst();
                }
                samples.addLast(sample);
            }
        }

        List<MetricsSample> samples() {
            synchronized (samples) {
                return List.copyOf(samples);
            }
        }
    }
}
