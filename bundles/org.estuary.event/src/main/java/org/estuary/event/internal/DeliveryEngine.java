package org.estuary.event.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;

import org.estuary.core.concurrent.SlowCalls;
import org.estuary.core.failure.Failure;
import org.estuary.core.time.Clock;
import org.estuary.event.DeliveryCallback;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.DeliveryOutcome;
import org.estuary.event.DeliveryOutcome.Status;
import org.estuary.event.DeliveryRefusedException;
import org.estuary.event.DeliveryRefusedException.Reason;
import org.estuary.event.DeliveryTicket;
import org.estuary.event.GoverningLease;
import org.estuary.io.RateLimitedLog;
import org.estuary.io.ReadScope;

/**
 * The workings of {@code EventDelivery}: lanes of events, a ready queue of lanes with an event due, and at most
 * {@code threads} workers on the executor taking one event from one lane at a time. A lane goes back to the
 * end of the ready queue after each event, so a busy lane does not starve the others. Retries wait on the
 * clock, never in a sleeping thread. On a pool of its own, a {@code notify} call still running after
 * {@code slowCallMillis} is set aside ({@link SlowCalls}): its worker no longer counts, another starts on a thread
 * the pool adds, and the set-aside worker ends after its call, so listeners that do not answer hold up only their
 * own lanes.
 */
public final class DeliveryEngine {

    private static final System.Logger LOG = System.getLogger("org.estuary.event.delivery");

    private final Clock clock;
    private final Executor executor;
    private final DeliveryConfig config;
    private final ReadScope replies;
    private final Backoff backoff;
    private final SlowCalls slow;

    private final Object lock = new Object();
    private final HashMap<Object, Lane> lanes = new HashMap<>();
    private final ArrayDeque<Lane> ready = new ArrayDeque<>();
    private int workers;
    private int total;
    private boolean closed;

    /**
     * @param replies the scope each {@code notify} call runs in: what the listener answers is read in it
     * @param ownPool {@code executor} when it is a pool of the delivery's own, which gets a thread per call set
     *        aside; null when the executor is the caller's, which has no thread to add: then no call is set aside
     */
    public DeliveryEngine(Clock clock, Executor executor, DeliveryConfig config, ReadScope replies,
            ThreadPoolExecutor ownPool) {
        this.replies = Objects.requireNonNull(replies, "replies");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.config = Objects.requireNonNull(config, "config");
        this.backoff = new Backoff(config.initialRetryDelayMillis(), config.maxRetryDelayMillis());
        this.slow = ownPool == null ? null : new SlowCalls(clock, config.slowCallMillis(), config.maxSlowCalls(),
                ownPool, new RateLimitedLog(LOG)::warn);
    }

    public DeliveryTicket submit(Object laneKey, RemoteEventListener listener, RemoteEvent event,
            GoverningLease lease, DeliveryCallback callback) {
        Objects.requireNonNull(laneKey, "lane");
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(lease, "lease");
        Objects.requireNonNull(callback, "callback");
        Job job;
        synchronized (lock) {
            if (closed) {
                throw new DeliveryRefusedException(Reason.CLOSED, "event delivery is closed");
            }
            Lane lane = lanes.get(laneKey);
            if (lane != null && lane.jobs.size() >= config.maxQueuedPerLane()) {
                throw new DeliveryRefusedException(Reason.LANE_FULL, "lane " + laneKey + " already holds "
                        + lane.jobs.size() + " events (maxQueuedPerLane=" + config.maxQueuedPerLane() + ")");
            }
            if (total >= config.maxQueuedTotal()) {
                throw new DeliveryRefusedException(Reason.TOTAL_FULL, "event delivery already holds " + total
                        + " events (maxQueuedTotal=" + config.maxQueuedTotal() + ")");
            }
            if (lane == null) {
                lane = new Lane(laneKey);
                lanes.put(laneKey, lane);
            }
            job = new Job(this, lane, listener, event, lease, callback);
            lane.jobs.addLast(job);
            total++;
            if (!lane.active) {
                lane.active = true;
                ready.addLast(lane);
            }
        }
        dispatch();
        return job;
    }

    public int cancelLane(Object laneKey) {
        Objects.requireNonNull(laneKey, "lane");
        List<Job> jobs;
        synchronized (lock) {
            Lane lane = lanes.get(laneKey);
            if (lane == null) {
                return 0;
            }
            jobs = new ArrayList<>(lane.jobs);
        }
        int cancelled = 0;
        for (Job job : jobs) {
            if (cancel(job)) {
                cancelled++;
            }
        }
        return cancelled;
    }

    public int queued() {
        synchronized (lock) {
            return total;
        }
    }

    public int queued(Object laneKey) {
        Objects.requireNonNull(laneKey, "lane");
        synchronized (lock) {
            Lane lane = lanes.get(laneKey);
            return lane == null ? 0 : lane.jobs.size();
        }
    }

    public Clock clock() {
        return clock;
    }

    public DeliveryConfig config() {
        return config;
    }

    /** Cancels every delivery not in flight and refuses new ones; in-flight attempts end without retry. */
    public void close() {
        List<Job> ended = new ArrayList<>();
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            for (Lane lane : lanes.values()) {
                for (Job job : lane.jobs) {
                    job.cancelled = true;
                    if (job.state == Job.State.QUEUED || job.state == Job.State.WAITING) {
                        ended.add(job);
                    }
                }
            }
            for (Job job : ended) {
                job.lane.jobs.remove(job);
                total--;
                job.state = Job.State.DONE;
                if (job.timer != null) {
                    job.timer.cancel();
                }
            }
            ready.clear();
            lanes.values().removeIf(lane -> {
                if (lane.jobs.isEmpty()) {
                    lane.active = false;
                    return true;
                }
                return false;
            });
        }
        for (Job job : ended) {
            report(job, Status.CANCELLED, job.lastFailure);
        }
    }

    boolean cancel(Job job) {
        boolean wasWaiting;
        synchronized (lock) {
            if (job.state == Job.State.DONE || job.cancelled) {
                return false;
            }
            job.cancelled = true;
            switch (job.state) {
                case QUEUED:
                    // Not a worker's yet: drop it here. If it headed a lane in the ready queue, the worker that
                    // polls the lane finds the next event or an empty lane.
                    job.lane.jobs.remove(job);
                    total--;
                    job.state = Job.State.DONE;
                    wasWaiting = false;
                    break;
                case WAITING:
                    job.timer.cancel();
                    job.state = Job.State.RUNNING; // owned by this thread until complete() below
                    wasWaiting = true;
                    break;
                default:
                    return true; // RUNNING: the worker sees the flag after the attempt and does not retry
            }
        }
        if (wasWaiting) {
            complete(job, Status.CANCELLED, job.lastFailure); // lets the rest of its lane go
            dispatch();
        } else {
            report(job, Status.CANCELLED, job.lastFailure);
        }
        return true;
    }

    boolean isDone(Job job) {
        synchronized (lock) {
            return job.state == Job.State.DONE;
        }
    }

    private void dispatch() {
        int start;
        synchronized (lock) {
            start = Math.min(ready.size(), config.threads() - workers);
            if (start <= 0) {
                return;
            }
            workers += start;
        }
        for (int i = 0; i < start; i++) {
            try {
                executor.execute(this::work);
            } catch (RejectedExecutionException e) {
                synchronized (lock) {
                    workers--;
                }
                if (!isClosed()) {
                    LOG.log(Level.WARNING, "event delivery executor refused a worker; events wait for the next", e);
                }
            }
        }
    }

    private boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    private void work() {
        while (true) {
            Job job;
            synchronized (lock) {
                Lane lane = ready.pollFirst();
                if (lane == null) {
                    workers--;
                    return;
                }
                job = lane.jobs.peekFirst();
                if (job == null) {
                    deactivate(lane); // its events were cancelled while it waited in the ready queue
                    continue;
                }
                job.state = Job.State.RUNNING;
            }
            if (!run(job)) {
                dispatch(); // this worker was set aside and ends: the lane it put back goes to another
                return;
            }
        }
    }

    /** Attempts {@code job}; false if the attempt was set aside, so its worker no longer counts and ends. */
    private boolean run(Job job) {
        long deadline;
        try {
            deadline = job.lease.deadlineNanos();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "governing lease of " + job + " failed; treating it as ended", e);
            complete(job, Status.LEASE_ENDED, e);
            return true;
        }
        long now = clock.nanoTime();
        if (deadline <= now) {
            // EM.4.1, LR.2.1: retries stop when the governing lease ends.
            complete(job, Status.LEASE_ENDED, job.lastFailure);
            return true;
        }
        if (now < job.retryAt) {
            waitUntil(job, Math.min(job.retryAt, deadline), now); // woke for a deadline that has since moved
            return true;
        }
        job.attempts++;
        Throwable thrown = null;
        SlowCalls.Call call = slow == null ? null : slow.start("listener of lane " + job.lane.key,
                this::workerSetAside);
        try (ReadScope.Entered reading = replies.enter()) {
            job.listener.notify(job.event);
        } catch (Throwable t) {
            thrown = t;
        } finally {
            if (call != null) {
                call.close();
            }
        }
        if (thrown == null) {
            complete(job, Status.DELIVERED, null);
        } else if (thrown instanceof UnknownEventException) {
            // EV.2.3.3: the caller decides what "do not send this kind again" means for its registrations.
            complete(job, Status.UNKNOWN_EVENT, thrown);
        } else if (Failure.of(thrown).isDefinite()) {
            complete(job, Status.DEFINITE_FAILURE, thrown);
        } else {
            job.lastFailure = thrown;
            long after = clock.nanoTime();
            job.retryAt = after + backoff.delayNanos(job.attempts);
            waitUntil(job, Math.min(job.retryAt, deadline), after);
        }
        return call == null || !call.wasSetAside();
    }

    /** A worker's call was set aside: it no longer counts, so another may start. */
    private void workerSetAside() {
        synchronized (lock) {
            workers--;
        }
        dispatch();
    }

    private void waitUntil(Job job, long wakeAt, long now) {
        synchronized (lock) {
            if (!job.cancelled) {
                job.state = Job.State.WAITING;
                job.timer = clock.schedule(() -> wake(job), Math.max(0, wakeAt - now), TimeUnit.NANOSECONDS);
                return;
            }
        }
        complete(job, Status.CANCELLED, job.lastFailure);
    }

    private void wake(Job job) {
        synchronized (lock) {
            if (job.state != Job.State.WAITING) {
                return;
            }
            job.state = Job.State.QUEUED;
            job.timer = null;
            ready.addLast(job.lane);
        }
        dispatch();
    }

    /** Ends the head of its lane, reports it, then lets the lane's next event go (after the callback). */
    private void complete(Job job, Status status, Throwable failure) {
        Lane lane = job.lane;
        synchronized (lock) {
            lane.jobs.remove(job);
            total--;
            job.state = Job.State.DONE;
        }
        report(job, status, failure);
        synchronized (lock) {
            if (lane.jobs.isEmpty()) {
                deactivate(lane);
            } else if (!closed) {
                ready.addLast(lane);
            }
        }
    }

    private void deactivate(Lane lane) {
        if (!lane.jobs.isEmpty()) {
            return;
        }
        lane.active = false;
        lanes.remove(lane.key, lane);
    }

    private void report(Job job, Status status, Throwable failure) {
        DeliveryOutcome outcome = new DeliveryOutcome(status, job.lane.key, job.listener, job.event, failure,
                job.attempts);
        try {
            job.callback.completed(outcome);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "delivery callback failed for " + outcome, e);
        }
    }
}
