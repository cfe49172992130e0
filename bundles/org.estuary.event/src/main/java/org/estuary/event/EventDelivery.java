package org.estuary.event;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.estuary.core.concurrent.Pools;
import org.estuary.core.time.Clock;
import org.estuary.event.internal.DeliveryEngine;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Delivers {@link RemoteEvent}s to {@link RemoteEventListener}s for a service or an agent.
 *
 * <ul>
 * <li><b>Lanes.</b> Every event is submitted to a lane, a key the caller picks (the listener, or the
 * registration). The events of one lane are attempted one at a time in submission order; a failing event holds
 * its lane until it is delivered or given up, so the listener sees the sequence in order (LR.2.1 "the events
 * sent to the new registration must be in the same sequence"). Events that may go concurrently (EM.4.1 allows
 * it) go to different lanes.</li>
 * <li><b>Bounds.</b> At most {@link DeliveryConfig#threads()} {@code notify} calls run at once; a lane holds at
 * most {@link DeliveryConfig#maxQueuedPerLane()} events and all lanes together {@link
 * DeliveryConfig#maxQueuedTotal()}. Beyond that {@link #submit} throws {@link DeliveryRefusedException}.</li>
 * <li><b>Retry.</b> An indefinite failure ({@link org.estuary.core.failure.Failure#of}) is retried after a wait
 * that doubles from {@link DeliveryConfig#initialRetryDelayMillis()} up to {@link
 * DeliveryConfig#maxRetryDelayMillis()}, scheduled on the {@link Clock}, until the {@link GoverningLease} ends
 * (EM.4.1, LR.2.1). A definite failure or {@code UnknownEventException} ends the delivery at once.</li>
 * <li><b>Outcome.</b> The {@link DeliveryCallback} is told once how the delivery ended; for the service to
 * apply its rule on {@code UnknownEventException} (EV.2.3.3, LR.2.1, EM.4.1).</li>
 * </ul>
 */
@ProviderType
public final class EventDelivery implements AutoCloseable {

    private final DeliveryEngine engine;
    private final ExecutorService ownedPool;

    /**
     * A delivery service running its workers on {@code executor}, which it does not own. At most {@code
     * config.threads()} tasks are given to it at once; {@code Runnable::run} makes delivery synchronous (tests).
     *
     * @throws NullPointerException if an argument is null
     */
    public EventDelivery(Clock clock, Executor executor, DeliveryConfig config) {
        this(clock, executor, config, defaultReplies());
    }

    /**
     * As {@link #EventDelivery(Clock, Executor, DeliveryConfig)}, each {@code notify} call made in {@code replies}:
     * what a listener answers or throws is read through the sending service's allowlist (its {@code Marshaller}).
     *
     * @throws NullPointerException if an argument is null
     * @since 1.2
     */
    public EventDelivery(Clock clock, Executor executor, DeliveryConfig config, ReadScope replies) {
        this(new DeliveryEngine(clock, executor, config, replies, null), null);
    }

    private EventDelivery(DeliveryEngine engine, ExecutorService ownedPool) {
        this.engine = engine;
        this.ownedPool = ownedPool;
    }

    /**
     * A delivery service with its own {@code config.threads()} daemon threads named {@code threadName-N}, which
     * {@link #close()} stops. Idle threads end after a minute.
     *
     * @throws NullPointerException if an argument is null
     */
    public static EventDelivery withOwnThreads(Clock clock, DeliveryConfig config, String threadName) {
        return withOwnThreads(clock, config, threadName, defaultReplies());
    }

    /**
     * As {@link #withOwnThreads(Clock, DeliveryConfig, String)}, each {@code notify} call made in {@code replies}.
     *
     * @throws NullPointerException if an argument is null
     * @since 1.2
     */
    public static EventDelivery withOwnThreads(Clock clock, DeliveryConfig config, String threadName,
            ReadScope replies) {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(threadName, "threadName");
        // The queue holds worker tasks, not events: the engine never hands it more than config.threads() tasks.
        ThreadPoolExecutor pool = Pools.bounded(threadName, config.threads(), config.threads());
        return new EventDelivery(new DeliveryEngine(clock, pool, config, replies, pool), pool);
    }

    /** Without a service's own: the default allowlist, classes as this bundle sees them. */
    private static ReadScope defaultReplies() {
        return ReadScope.forReplies(Marshallers.builder().classLoader(EventDelivery.class.getClassLoader()).build(),
                null);
    }

    /**
     * Queues {@code event} for {@code listener} at the end of {@code lane}.
     *
     * @param lane the ordering key: events of one lane are attempted one at a time, in submission order
     * @param listener where to send the event
     * @param event the event
     * @param lease the lease that governs retries
     * @param callback told once how the delivery ended
     * @return the ticket to cancel the delivery with
     * @throws NullPointerException if an argument is null
     * @throws DeliveryRefusedException if the lane or the service is full, or the service is closed
     */
    public DeliveryTicket submit(Object lane, RemoteEventListener listener, RemoteEvent event,
            GoverningLease lease, DeliveryCallback callback) {
        return engine.submit(lane, listener, event, lease, callback);
    }

    /**
     * Cancels every delivery of {@code lane} ({@link DeliveryTicket#cancel()} on each), for example when a
     * registration is cleared or its listener replaced (EM.4.1, LR.2.1).
     *
     * @return how many deliveries this call ended
     * @throws NullPointerException if {@code lane} is null
     */
    public int cancelLane(Object lane) {
        return engine.cancelLane(lane);
    }

    /** How many events all lanes hold (queued, in flight or waiting to retry). */
    public int queued() {
        return engine.queued();
    }

    /**
     * How many events {@code lane} holds.
     *
     * @throws NullPointerException if {@code lane} is null
     */
    public int queued(Object lane) {
        return engine.queued(lane);
    }

    /** The clock retries are scheduled on and {@link GoverningLease} deadlines are read against. */
    public Clock clock() {
        return engine.clock();
    }

    /** The configuration. */
    public DeliveryConfig config() {
        return engine.config();
    }

    /**
     * Refuses new events and cancels every delivery not in flight (callbacks report {@code CANCELLED}); attempts
     * in flight end without retry. Stops the own threads of {@link #withOwnThreads}. Idempotent.
     */
    @Override
    public void close() {
        engine.close();
        if (ownedPool != null) {
            ownedPool.shutdown();
        }
    }
}
