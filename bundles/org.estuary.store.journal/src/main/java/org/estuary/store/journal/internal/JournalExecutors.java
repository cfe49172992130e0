package org.estuary.store.journal.internal;

import java.lang.reflect.Field;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.activemq.artemis.core.journal.impl.JournalImpl;
import org.apache.activemq.artemis.utils.ExecutorFactory;
import org.apache.activemq.artemis.utils.actors.ArtemisExecutor;
import org.apache.activemq.artemis.utils.actors.OrderedExecutorFactory;

/**
 * The executors one Artemis journal runs on: ordered executors on a daemon pool for opening the next file and for
 * compacting (as Artemis's own pool would give), and an append executor that runs each append in the thread that
 * asks for it, one at a time.
 *
 * <p>The pool has {@value #POOL_THREADS} threads at most, one per ordered executor the journal takes: an ordered
 * executor runs one task at a time, so the two never wait for a thread, and a third task (should a library upgrade
 * add an executor) would queue instead of starting a thread. Idle threads end after a minute.
 *
 * <p>Why inline appends: only the holder of the store's commit lock appends (plus recovery, before any group), and
 * with NIO files without a timed buffer Artemis writes, syncs and calls the completion inside the append task. An
 * append executor thread would add two thread hand-offs to every group (writing thread to it, its completion back),
 * which on two cores cost about as much as the disk's fdatasync (the store benchmark, bench/README.md).
 * Running them one at a time under a lock keeps the executor's one guarantee: appends never overlap.
 */
final class JournalExecutors implements ExecutorFactory {

    /** Which executor JournalImpl.start() asks for third: the append executor (checked after start). */
    private static final int APPEND_EXECUTOR = 3;
    /** The ordered executors JournalImpl.start() takes: one for opening files, one for compacting. */
    static final int POOL_THREADS = 2;

    private final ThreadPoolExecutor pool;
    private final OrderedExecutorFactory ordered;
    private final Inline inline = new Inline();
    private int handedOut;

    JournalExecutors() {
        AtomicInteger threads = new AtomicInteger();
        pool = new ThreadPoolExecutor(POOL_THREADS, POOL_THREADS, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread thread = new Thread(task, "estuary-journal-io-" + threads.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        pool.allowCoreThreadTimeOut(true);
        ordered = new OrderedExecutorFactory(pool);
    }

    @Override
    public synchronized ArtemisExecutor getExecutor() {
        // Artemis 2.39's JournalImpl.start() takes its files, compactor and append executors in this order;
        // requireInlineAppends checks the result, so a library upgrade that changes it fails on open, not later.
        return ++handedOut == APPEND_EXECUTOR ? inline : ordered.getExecutor();
    }

    /**
     * Fails unless {@code journal} appends through the inline executor: were it the compactor's, a compaction
     * would run inside an append and wait for the journal lock the append holds.
     */
    void requireInlineAppends(JournalImpl journal) {
        Object append;
        try {
            Field field = JournalImpl.class.getDeclaredField("appendExecutor");
            field.setAccessible(true);
            append = field.get(journal);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot check the Artemis journal's append executor: " + e, e);
        }
        if (append != inline) {
            throw new IllegalStateException("the Artemis journal took its executors in an unexpected order; "
                    + "JournalExecutors must be adapted to this Artemis version");
        }
    }

    /** Stops the pool's threads once the journal has stopped. */
    void shutdown() {
        pool.shutdown();
    }

    /** Runs each task at once in the caller's thread, never two at the same time. */
    private static final class Inline implements ArtemisExecutor {
        @Override
        public synchronized void execute(Runnable task) {
            task.run();
        }
    }
}
