package org.estuary.bench.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Operation;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;

/**
 * The benchmark's reference for what this machine allows a group commit, whatever the store: the values of each
 * batch appended to a buffer, one thread that writes the buffer and syncs it back to back, and one that completes
 * the synced batches in order while the next sync runs. No index, no record format, no checksum, no limits, no
 * recovery: a lower bound on the CPU any store spends per record, measured in the same run and with the same writers
 * as the real backends. It is not a store (scans are refused) and never leaves the bench.
 *
 * <p>With more than one sync thread, up to that many rounds (write + {@code fdatasync} of one buffer, each at its
 * own place in the file) are in flight at once, completed in the order they started, and a round starts while
 * another is in flight only once {@code minBatches} batches wait: what overlapping syncs give on this machine when
 * the store around them costs next to nothing (the benchmark's {@code bare2}; bench/README.md).
 */
final class BareGroupCommit implements Store {

    /** The file is laid out with zeros first and rewritten from its start when full, as a log reuses its files. */
    private static final int FILE_SIZE = 64 << 20;
    private static final int BUFFER = 8 << 20;

    private record Waiting(long ticket, CompletableFuture<Void> stage) {
    }


    private final FileChannel file;
    private final Object lock = new Object();
    private ByteBuffer filling = ByteBuffer.allocateDirect(BUFFER);
    // Guarded by lock: batches appended so far (a batch's ticket is the count after its append), batches taken by a
    // round, the file position of the next round, rounds started.
    private long appended;
    private long taken;
    private long nextPosition;
    private long roundsStarted;
    private final AtomicInteger inFlight = new AtomicInteger();
    /** Rounds synced out of order, by round number, with the last ticket each covers (guarded by itself). */
    private final TreeMap<Long, Long> syncedAhead = new TreeMap<>();
    private long roundsDurable;
    private volatile long durable;
    /** Stages in ticket order: added under lock, so the completing thread can stop at the first not yet durable. */
    private final Queue<Waiting> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong syncNanos = new AtomicLong();
    private final int minBatches;
    private final Thread[] syncers;
    private final Thread completer;
    private volatile boolean closed;
    private volatile Throwable failed;

    /** Up to {@code syncThreads} rounds in flight, a second one once {@code minBatches} batches wait. */
    BareGroupCommit(Path dir, int syncThreads, int minBatches) throws IOException {
        if (syncThreads < 1 || minBatches < 1) {
            throw new IllegalArgumentException("syncThreads and minBatches must be at least 1");
        }
        this.syncers = new Thread[syncThreads];
        this.minBatches = minBatches;
        file = FileChannel.open(dir.resolve("bare.data"), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        ByteBuffer zeros = ByteBuffer.allocateDirect(1 << 20);
        for (int i = 0; i < FILE_SIZE / zeros.capacity(); i++) {
            zeros.clear();
            while (zeros.hasRemaining()) {
                file.write(zeros);
            }
        }
        file.force(true);
        file.position(0);
        for (int i = 0; i < syncers.length; i++) {
            syncers[i] = new Thread(this::syncLoop, i == 0 ? "bare-sync" : "bare-sync-" + i);
            syncers[i].setDaemon(true);
            syncers[i].start();
        }
        completer = new Thread(this::completeLoop, "bare-complete");
        completer.setDaemon(true);
        completer.start();
    }

    @Override
    public CompletionStage<Void> apply(Batch batch) {
        CompletableFuture<Void> stage = new CompletableFuture<>();
        synchronized (lock) {
            for (Operation op : batch.operations()) {
                if (op.kind() == Operation.Kind.PUT) {
                    filling.put(op.value());
                }
            }
            waiting.add(new Waiting(++appended, stage));
            lock.notify();
        }
        return stage;
    }

    private void syncLoop() {
        ByteBuffer spare = ByteBuffer.allocateDirect(BUFFER);
        try {
            while (!closed) {
                ByteBuffer writing;
                long upTo;
                long position;
                long round;
                synchronized (lock) {
                    if (filling.position() == 0 || (inFlight.get() > 0 && appended - taken < minBatches)) {
                        lock.wait(100);
                        continue;
                    }
                    writing = filling;
                    filling = spare;
                    upTo = appended;
                    taken = appended;
                    if (nextPosition + writing.position() > FILE_SIZE) {
                        nextPosition = 0;
                    }
                    position = nextPosition;
                    nextPosition += writing.position();
                    round = ++roundsStarted;
                    inFlight.incrementAndGet();
                }
                writing.flip();
                while (writing.hasRemaining()) {
                    position += file.write(writing, position);
                }
                writing.clear();
                spare = writing;
                long started = System.nanoTime();
                file.force(false);
                syncNanos.addAndGet(System.nanoTime() - started);
                syncs.incrementAndGet();
                synced(round, upTo);
                LockSupport.unpark(completer);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            failed = e;
            LockSupport.unpark(completer);
        }
    }

    /** A round is synced: its batches and those of every earlier round are durable once all those rounds are. */
    private void synced(long round, long upTo) {
        if (syncers.length == 1) {
            durable = upTo; // one round at a time: nothing to order
        } else {
            synchronized (syncedAhead) {
                syncedAhead.put(round, upTo);
                Long next;
                while ((next = syncedAhead.get(roundsDurable + 1)) != null) {
                    syncedAhead.remove(++roundsDurable);
                    durable = next;
                }
            }
        }
        inFlight.decrementAndGet();
    }

    private void completeLoop() {
        while (!closed || !waiting.isEmpty()) {
            long upTo = durable;
            Throwable failure = failed;
            Waiting next;
            boolean any = false;
            while ((next = waiting.peek()) != null && (next.ticket <= upTo || failure != null)) {
                waiting.poll();
                any = true;
                if (next.ticket <= upTo) {
                    next.stage.complete(null);
                } else {
                    next.stage.completeExceptionally(failure);
                }
            }
            if (!any) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
    }

    long syncs() {
        return syncs.get();
    }

    long syncNanos() {
        return syncNanos.get();
    }

    void close() throws Exception {
        closed = true;
        synchronized (lock) {
            lock.notifyAll();
        }
        for (Thread syncer : syncers) {
            syncer.join();
        }
        failed = failed != null ? failed : new IOException("closed");
        LockSupport.unpark(completer);
        completer.join();
        file.close();
    }

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) {
        throw new UnsupportedOperationException("the bare group commit keeps no records to scan");
    }

    @Override
    public Set<String> spaces() {
        throw new UnsupportedOperationException("the bare group commit keeps no records to scan");
    }

    @Override
    public StoreStats stats() {
        return StoreStats.builder("bare").build();
    }
}
