package org.estuary.store.api.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Names;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.StoreStats;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every store backend keeps ({@link Store}, S1 to S8). A backend's tests extend this class and
 * implement {@link #open}, {@link #close} and {@link #expectedType}; a persistent backend also implements
 * {@link #restart}, and one that can make a commit fail (an I/O error, a lost connection) implements
 * {@link #failNextCommit}. The tests that need those hooks are skipped (aborted) where they are not implemented.
 *
 * <p>Every wait is bounded by {@link #timeoutSeconds()}; thread and batch counts are bounded by
 * {@link #writers()} and {@link #batchesPerWriter()}.
 */
public abstract class StoreConformanceTest {

    /** The capacity a test asks of a new store; {@link StoreStats#UNLIMITED} leaves the backend's default. */
    protected record Limits(long maxRecords, long maxBytes) {
        /** The backend's defaults. */
        public static final Limits DEFAULT = new Limits(StoreStats.UNLIMITED, StoreStats.UNLIMITED);

        /** These limits, {@code maxRecords} and {@code maxBytes} where they leave the backend's default. */
        public Limits or(long maxRecords, long maxBytes) {
            return new Limits(this.maxRecords == StoreStats.UNLIMITED ? maxRecords : this.maxRecords,
                    this.maxBytes == StoreStats.UNLIMITED ? maxBytes : this.maxBytes);
        }
    }

    /** A new, empty store with the given limits, open and ready (as after its component activated). */
    protected abstract Store open(Limits limits) throws Exception;

    /**
     * Closes a store as its component's deactivation does (S7). Called for every store a test opened, also if the
     * test closed it already, so it must tolerate a second call.
     */
    protected abstract void close(Store store) throws Exception;

    /** The {@value Store#TYPE} the backend publishes. */
    protected abstract String expectedType();

    /**
     * Closes {@code store} and opens it again over the same data, as a restart of its process would; a persistent
     * backend implements this, a volatile one leaves it (the tests that need it are skipped).
     */
    protected Store restart(Store store) throws Exception {
        Assumptions.abort(expectedType() + " store is volatile: nothing to recover after a restart");
        return null;
    }

    /**
     * Arranges for the next batch applied to {@code store} to fail while it is committed (after it was accepted),
     * with a retryable reason and no effect, and for the store to work again afterwards. Returns false if the
     * backend has no way to do so (the test is skipped).
     */
    protected boolean failNextCommit(Store store) throws Exception {
        return false;
    }

    /** Whether the backend enforces {@link Limits} (records and logical bytes). */
    protected boolean enforcesLimits() {
        return true;
    }

    /** Concurrent writer threads in the concurrency tests. */
    protected int writers() {
        return 8;
    }

    /** Batches each writer applies in the concurrency tests. */
    protected int batchesPerWriter() {
        return 200;
    }

    /** The bound of every wait, in seconds. */
    protected long timeoutSeconds() {
        return 10;
    }

    private final List<Store> opened = Collections.synchronizedList(new ArrayList<>());
    private Store store;

    @BeforeEach
    void openStore() throws Exception {
        store = openTracked(Limits.DEFAULT);
    }

    @AfterEach
    void closeStores() throws Exception {
        synchronized (opened) {
            for (Store s : opened) {
                close(s);
            }
            opened.clear();
        }
    }

    // ---- S3, S4: acknowledgement, scan after writes

    @Test
    void acknowledgedPutsAreVisibleInScan() throws Exception {
        // Store S3/S4: a batch acknowledged before a scan starts is visible to it
        for (int i = 0; i < 20; i++) {
            ack(store, Batch.builder().put("conf/a", "k" + i, bytes("v" + i)).build());
            assertEquals("v" + i, contents(store, "conf/a").get("k" + i), "scan after acknowledgement " + i);
        }
        assertEquals(20, contents(store, "conf/a").size());
    }

    @Test
    void scanOfASpaceWithoutRecordsVisitsNothing() throws Exception {
        // Store S4: a space without records is visited as empty, not an error
        ack(store, Batch.builder().put("conf/other", "k", bytes("v")).build());
        assertEquals(Map.of(), contents(store, "conf/never-written"));
    }

    @Test
    void emptyBatchIsAcknowledgedAndChangesNothing() throws Exception {
        // Store S3: an empty batch is acknowledged without changing anything
        ack(store, Batch.builder().put("conf/a", "k", bytes("v")).build());
        ack(store, Batch.builder().build());
        assertEquals(Map.of("k", "v"), contents(store, "conf/a"));
    }

    @Test
    void valuesAreOpaqueBytesCopiedInAndOut() throws Exception {
        // Store S4: values are opaque (every byte value, empty arrays) and the visitor gets a copy it may keep
        byte[] all = new byte[256];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) i;
        }
        byte[] mine = all.clone();
        Batch batch = Batch.builder().put("conf/bin", "all", mine).put("conf/bin", "empty", new byte[0]).build();
        mine[0] = 42; // the batch copied the value when it was added
        ack(store, batch);
        Map<String, byte[]> first = rawContents(store, "conf/bin");
        assertArrayEquals(all, first.get("all"));
        assertArrayEquals(new byte[0], first.get("empty"));
        first.get("all")[1] = 99; // nor does changing what the scan handed out
        assertArrayEquals(all, rawContents(store, "conf/bin").get("all"));
    }

    @Test
    void keysMayUseAllOfUnicodeUpToTheLimit() throws Exception {
        // Store S4: keys are strings of up to Names.MAX_KEY_LENGTH characters, supplementary characters included
        String longest = "x".repeat(Names.MAX_KEY_LENGTH);
        String unicode = "clé-\uD83D\uDE00-鍵";
        ack(store, Batch.builder().put("conf/keys", longest, bytes("1")).put("conf/keys", unicode, bytes("2"))
                .build());
        assertEquals(Map.of(longest, "1", unicode, "2"), contents(store, "conf/keys"));
    }

    @Test
    void aValueOfTheLargestRecordSizeIsStoredUnderTheLongestNames() throws Exception {
        // Store S9: every store takes a value of Store.MAX_VALUE_BYTES under the longest space and key (a key of
        // three-byte UTF-8 characters), so a record the services let through is never refused for its size
        String space = "conf/" + "x".repeat(Names.MAX_SPACE_LENGTH - "conf/".length());
        String key = "\u9375".repeat(Names.MAX_KEY_LENGTH);
        byte[] largest = new byte[Store.MAX_VALUE_BYTES];
        Arrays.fill(largest, (byte) 7);
        largest[0] = 1;
        ack(store, Batch.builder().put(space, key, largest).build());
        assertArrayEquals(largest, rawContents(store, space).get(key));
    }

    // ---- S1, S2: atomicity and order

    @Test
    void deleteRemovesARecordAndDeletingAnAbsentKeyIsNoError() throws Exception {
        // Store S1: deletes take effect; a delete of nothing is no failure
        ack(store, Batch.builder().put("conf/d", "a", bytes("1")).put("conf/d", "b", bytes("2")).build());
        ack(store, Batch.builder().delete("conf/d", "a").delete("conf/d", "never").build());
        assertEquals(Map.of("b", "2"), contents(store, "conf/d"));
    }

    @Test
    void laterBatchWinsPerKey() throws Exception {
        // Store S2: a batch applied after another's apply returned comes after it
        for (int i = 0; i < 50; i++) {
            ack(store, Batch.builder().put("conf/o", "same", bytes("v" + i)).put("conf/o", "k" + (i % 5),
                    bytes("w" + i)).build());
        }
        assertEquals(Map.of("same", "v49", "k0", "w45", "k1", "w46", "k2", "w47", "k3", "w48", "k4", "w49"),
                contents(store, "conf/o"));
        ack(store, Batch.builder().delete("conf/o", "same").build());
        ack(store, Batch.builder().put("conf/o", "same", bytes("again")).build());
        assertEquals("again", contents(store, "conf/o").get("same"));
    }

    @Test
    void operationsWithinABatchTakeEffectInOrder() throws Exception {
        // Store S2: within a batch the last operation on a key decides
        ack(store, Batch.builder().put("conf/i", "c", bytes("old")).build());
        ack(store, Batch.builder()
                .put("conf/i", "a", bytes("1")).put("conf/i", "a", bytes("2"))
                .put("conf/i", "b", bytes("1")).delete("conf/i", "b")
                .delete("conf/i", "c").put("conf/i", "c", bytes("new"))
                .build());
        assertEquals(Map.of("a", "2", "c", "new"), contents(store, "conf/i"));
    }

    @Test
    void clearEmptiesOneSpaceAsOfItsPlaceInTheBatch() throws Exception {
        // Store S8: CLEAR removes the space's records up to its position in the batch, later puts stay
        ack(store, Batch.builder().put("conf/x", "k1", bytes("1")).put("conf/x", "k2", bytes("2"))
                .put("conf/y", "k1", bytes("y")).put("conf/x/sub", "k1", bytes("sub")).build());
        ack(store, Batch.builder().put("conf/x", "k3", bytes("3")).clear("conf/x").put("conf/x", "k4", bytes("4"))
                .build());
        assertEquals(Map.of("k4", "4"), contents(store, "conf/x"));
        assertEquals(Map.of("k1", "y"), contents(store, "conf/y"), "other spaces untouched");
        assertEquals(Map.of("k1", "sub"), contents(store, "conf/x/sub"), "a space is not a prefix of another");
    }

    @Test
    void sameKeyInTwoSpacesNamesTwoRecords() throws Exception {
        // Store S4: records are keyed by (space, key)
        ack(store, Batch.builder().put("conf/s1", "k", bytes("1")).put("conf/s2", "k", bytes("2")).build());
        ack(store, Batch.builder().delete("conf/s1", "k").build());
        assertEquals(Map.of(), contents(store, "conf/s1"));
        assertEquals(Map.of("k", "2"), contents(store, "conf/s2"));
    }

    @Test
    void spacesListsTheSpacesHoldingRecords() throws Exception {
        // Store S4: spaces() names exactly the spaces with at least one record
        assertEquals(Set.of(), store.spaces());
        ack(store, Batch.builder().put("conf/a", "k", bytes("1")).put("conf/b", "k", bytes("2"))
                .put("conf/b", "l", bytes("3")).build());
        assertEquals(Set.of("conf/a", "conf/b"), store.spaces());
        ack(store, Batch.builder().delete("conf/a", "k").build());
        assertEquals(Set.of("conf/b"), store.spaces());
        ack(store, Batch.builder().clear("conf/b").build());
        assertEquals(Set.of(), store.spaces());
        Set<String> spaces = store.spaces();
        assertThrows(UnsupportedOperationException.class, () -> spaces.add("conf/z"));
        ack(store, Batch.builder().put("conf/later", "k", bytes("1")).build());
        assertEquals(Set.of(), spaces, "spaces() is a snapshot, not a live view");
    }

    @Test
    void replacingAWholeStateIsOneAtomicBatch() throws Exception {
        // Store S8: a service copies its state into a new store as clear + puts in one batch
        Batch.Builder old = Batch.builder();
        for (int i = 0; i < 1_000; i++) {
            old.put("conf/state", "old" + i, bytes("o" + i));
        }
        ack(store, old.build());
        Batch.Builder copy = Batch.builder().clear("conf/state");
        for (int i = 0; i < 5_000; i++) {
            copy.put("conf/state", "new" + i, bytes("n" + i));
        }
        ack(store, copy.build());
        Map<String, String> state = contents(store, "conf/state");
        assertEquals(5_000, state.size());
        assertEquals("n4999", state.get("new4999"));
        assertFalse(state.containsKey("old0"));
    }

    @Test
    void aBatchThatOverflowsAtItsLastOperationHasNoEffect() throws Exception {
        // Store S1/S5: the batch fails as a whole, however far into it the cause lies
        assumeLimits();
        Store small = openTracked(new Limits(10, StoreStats.UNLIMITED));
        Batch.Builder fill = Batch.builder();
        for (int i = 0; i < 8; i++) {
            fill.put("conf/full", "k" + i, bytes("v" + i));
        }
        ack(small, fill.build());
        Map<String, String> before = contents(small, "conf/full");
        StoreException full = failure(small, Batch.builder()
                .delete("conf/full", "k0")
                .put("conf/full", "k1", bytes("changed"))
                .put("conf/other", "a", bytes("a"))
                .put("conf/full", "n1", bytes("1")).put("conf/full", "n2", bytes("2")).put("conf/full", "n3",
                        bytes("3"))
                .build());
        assertSame(Reason.FULL, full.reason());
        assertTrue(full.reason().isRetryable());
        assertFalse(full.outcomeUnknown(), "a refused batch certainly had no effect");
        assertEquals(before, contents(small, "conf/full"), "no operation of the failed batch took effect");
        assertEquals(Map.of(), contents(small, "conf/other"));
        // Store S6: the store stays usable; a batch that fits succeeds
        ack(small, Batch.builder().put("conf/full", "n1", bytes("1")).put("conf/full", "n2", bytes("2")).build());
        assertEquals(10, contents(small, "conf/full").size());
    }

    @Test
    void aFullStoreAcceptsBatchesThatDoNotGrowIt() throws Exception {
        // Store S5: deletes, clears and replacements no larger are accepted when the store is full
        assumeLimits();
        Store small = openTracked(new Limits(3, StoreStats.UNLIMITED));
        ack(small, Batch.builder().put("conf/f", "a", bytes("1")).put("conf/f", "b", bytes("2"))
                .put("conf/g", "c", bytes("3")).build());
        assertSame(Reason.FULL, failure(small, Batch.builder().put("conf/f", "d", bytes("4")).build()).reason());
        ack(small, Batch.builder().put("conf/f", "a", bytes("9")).build()); // replace: no new record
        ack(small, Batch.builder().delete("conf/f", "b").put("conf/f", "d", bytes("4")).build()); // net zero
        ack(small, Batch.builder().clear("conf/g").build());
        ack(small, Batch.builder().put("conf/g", "e", bytes("5")).build());
        assertEquals(Map.of("a", "9", "d", "4"), contents(small, "conf/f"));
        assertEquals(Map.of("e", "5"), contents(small, "conf/g"));
    }

    @Test
    void theByteLimitCountsKeysAndValues() throws Exception {
        // Store S5: logical bytes = UTF-8 key + value, and a batch beyond the limit fails as a whole
        assumeLimits();
        Store small = openTracked(new Limits(StoreStats.UNLIMITED, 100));
        ack(small, Batch.builder().put("conf/b", "k1", new byte[48]).put("conf/b", "k2", new byte[48]).build());
        assertEquals(100, small.stats().bytes());
        StoreException full = failure(small, Batch.builder().put("conf/b", "k2", new byte[49])
                .put("conf/b", "k3", new byte[40]).build());
        assertSame(Reason.FULL, full.reason());
        assertEquals(48, rawContents(small, "conf/b").get("k2").length, "the failed batch left k2 alone");
        assertEquals(2, rawContents(small, "conf/b").size(), "the failed batch added no k3");
        assertEquals(100, small.stats().bytes());
        ack(small, Batch.builder().put("conf/b", "k2", new byte[10]).build()); // shrinking: accepted
        assertEquals(50 + 12, small.stats().bytes());
    }

    @Test
    void aBatchLargerThanTheStoreIsTooLarge() throws Exception {
        // Store S5/S6: a batch that cannot fit even in the empty store fails the same way on every retry
        assumeLimits();
        Store small = openTracked(new Limits(5, StoreStats.UNLIMITED));
        Batch.Builder big = Batch.builder();
        for (int i = 0; i < 6; i++) {
            big.put("conf/big", "k" + i, bytes("v"));
        }
        StoreException tooLarge = failure(small, big.build());
        assertSame(Reason.TOO_LARGE, tooLarge.reason());
        assertFalse(tooLarge.reason().isRetryable());
        assertEquals(Set.of(), small.spaces());
    }

    @Test
    void failuresNameTheirCauseAndShowInStats() throws Exception {
        // Store S6: a failure carries a reason and an operator-readable message, counted in the stats
        assumeLimits();
        Store small = openTracked(new Limits(1, StoreStats.UNLIMITED));
        ack(small, Batch.builder().put("conf/m", "a", bytes("1")).build());
        StoreException full = failure(small, Batch.builder().put("conf/m", "b", bytes("2")).build());
        assertNotNull(full.getMessage());
        assertFalse(full.getMessage().isBlank());
        StoreStats stats = small.stats();
        assertEquals(1, stats.failures());
        assertEquals(full.getMessage(), stats.lastFailure());
        assertEquals(1, stats.maxRecords());
    }

    @Test
    void aCommitThatFailsHasNoEffectAndTheStoreRecovers() throws Exception {
        // Store S1/S6: a batch failing inside the commit has no effect; later batches succeed
        ack(store, Batch.builder().put("conf/c", "kept", bytes("1")).build());
        Assumptions.assumeTrue(failNextCommit(store), "backend cannot inject a commit failure");
        StoreException failed = failure(store, Batch.builder().put("conf/c", "lost", bytes("2"))
                .delete("conf/c", "kept").build());
        assertTrue(failed.reason().isRetryable(), "an injected commit failure is a retryable one: " + failed);
        ack(store, Batch.builder().put("conf/c", "after", bytes("3")).build());
        assertEquals(Map.of("kept", "1", "after", "3"), contents(store, "conf/c"));
        if (!failed.outcomeUnknown()) {
            restartIfPersistent();
            assertEquals(Map.of("kept", "1", "after", "3"), contents(store, "conf/c"));
        }
    }

    // ---- S3: acknowledgement semantics

    @Test
    void acknowledgementsComeInAcceptanceOrder() throws Exception {
        // Store S3: when a batch is acknowledged, every batch accepted before it has completed
        int count = 200;
        List<CompletableFuture<Void>> stages = new ArrayList<>();
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < count; i++) {
            CompletableFuture<Void> stage = store.apply(Batch.builder().put("conf/ack", "k" + (i % 7),
                    bytes("v" + i)).build()).toCompletableFuture();
            List<CompletableFuture<Void>> earlier = List.copyOf(stages);
            int index = i;
            stage.whenComplete((ok, failed) -> {
                for (int j = 0; j < earlier.size(); j++) {
                    if (!earlier.get(j).isDone()) {
                        violations.add("batch " + index + " completed before batch " + j);
                        return;
                    }
                }
            });
            stages.add(stage);
        }
        CompletableFuture.allOf(stages.toArray(new CompletableFuture<?>[0])).get(timeoutSeconds(), TimeUnit.SECONDS);
        assertEquals(List.of(), violations);
        assertEquals("v199", contents(store, "conf/ack").get("k3"));
    }

    @Test
    void applyAndWaitReturnsOnceAcknowledged() throws Exception {
        // Store S3: the blocking form returns after the acknowledgement and reports failures as StoreException
        store.applyAndWait(Batch.builder().put("conf/w", "k", bytes("v")).build(), timeoutSeconds(),
                TimeUnit.SECONDS);
        assertEquals(Map.of("k", "v"), contents(store, "conf/w"));
        assertThrows(IllegalArgumentException.class,
                () -> store.applyAndWait(Batch.builder().build(), -1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> store.applyAndWait(null, 1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> store.applyAndWait(Batch.builder().build(), 1, null));
        close(store);
        StoreException closed = assertThrows(StoreException.class, () -> store.applyAndWait(
                Batch.builder().put("conf/w", "k2", bytes("v")).build(), timeoutSeconds(), TimeUnit.SECONDS));
        assertSame(Reason.CLOSED, closed.reason());
    }

    // ---- S7: closing

    @Test
    void aClosedStoreFailsEveryCallButStats() throws Exception {
        // Store S7: after closing, apply fails its stage (never throws), scan and spaces throw CLOSED
        ack(store, Batch.builder().put("conf/cl", "k", bytes("v")).build());
        close(store);
        CompletionStage<Void> stage = store.apply(Batch.builder().put("conf/cl", "k2", bytes("v")).build());
        StoreException applied = failureOf(stage);
        assertSame(Reason.CLOSED, applied.reason());
        assertTrue(applied.reason().isRetryable());
        assertSame(Reason.CLOSED, assertThrows(StoreException.class, () -> store.scan("conf/cl", (k, v) -> {
        })).reason());
        assertSame(Reason.CLOSED, assertThrows(StoreException.class, () -> store.spaces()).reason());
        assertEquals(expectedType(), store.stats().type());
    }

    @Test
    void closingCompletesEveryAcceptedBatch() throws Exception {
        // Store S3/S7: no stage is left hanging when the store closes under load
        ExecutorService writer = Executors.newSingleThreadExecutor();
        List<CompletableFuture<Void>> stages = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean stop = new AtomicBoolean();
        try {
            Future<?> writing = writer.submit(() -> {
                for (int i = 0; i < 10_000 && !stop.get(); i++) {
                    stages.add(store.apply(Batch.builder().put("conf/close", "k" + (i % 50), bytes("v" + i))
                            .build()).toCompletableFuture());
                }
            });
            while (stages.size() < 50 && !writing.isDone()) {
                Thread.onSpinWait();
            }
            close(store);
            stop.set(true);
            writing.get(timeoutSeconds(), TimeUnit.SECONDS);
        } finally {
            writer.shutdownNow();
        }
        List<CompletableFuture<Void>> all;
        synchronized (stages) {
            all = List.copyOf(stages);
        }
        for (CompletableFuture<Void> stage : all) {
            try {
                stage.get(timeoutSeconds(), TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                assertSame(Reason.CLOSED, StoreException.from(e).reason(), "only CLOSED after close: " + e);
            }
        }
    }

    // ---- concurrency

    @Test
    void concurrentWritersLoseNothing() throws Exception {
        // Store S1/S2: concurrent batches all take effect, each writer's last batch wins on its keys
        int writers = writers();
        int batches = batchesPerWriter();
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    List<CompletableFuture<Void>> mine = new ArrayList<>();
                    for (int i = 0; i < batches; i++) {
                        mine.add(store.apply(Batch.builder()
                                .put("conf/cw", "w" + writer + "-" + (i % 10), bytes(Integer.toString(i)))
                                .put("conf/cw", "w" + writer + "-last", bytes(Integer.toString(i)))
                                .put("conf/cw-log", "w" + writer + "-" + i, bytes("x"))
                                .build()).toCompletableFuture());
                    }
                    CompletableFuture.allOf(mine.toArray(new CompletableFuture<?>[0]))
                            .get(timeoutSeconds(), TimeUnit.SECONDS);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(timeoutSeconds(), TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        Map<String, String> state = contents(store, "conf/cw");
        assertEquals(writers * 11, state.size());
        for (int w = 0; w < writers; w++) {
            assertEquals(Integer.toString(batches - 1), state.get("w" + w + "-last"));
            for (int k = 0; k < 10; k++) {
                int last = batches - 1 - ((batches - 1 - k) % 10);
                assertEquals(Integer.toString(last), state.get("w" + w + "-" + k), "writer " + w + " key " + k);
            }
        }
        assertEquals(writers * batches, contents(store, "conf/cw-log").size());
    }

    @Test
    void scansNeverSeeHalfABatch() throws Exception {
        // Store S1/S4: a scan concurrent with writers sees each batch entirely or not at all
        int rounds = batchesPerWriter() * 2;
        int width = 64; // keys per batch: the wider the batch, the wider the window for a torn read
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
            Future<?> writing = writer.submit(() -> {
                for (int i = 0; i < rounds; i++) {
                    byte[] n = bytes(Integer.toString(i));
                    Batch.Builder batch = Batch.builder();
                    for (int k = 0; k < width; k++) {
                        batch.put("conf/pair", "p" + k, n);
                    }
                    batch.put("conf/pair", "c" + (i % 3), n).delete("conf/pair", "c" + ((i + 2) % 3));
                    store.apply(batch.build()).toCompletableFuture().get(timeoutSeconds(), TimeUnit.SECONDS);
                }
                return null;
            });
            int scans = 0;
            while (!writing.isDone() && scans < 100_000) {
                Map<String, String> seen = contents(store, "conf/pair");
                scans++;
                if (seen.isEmpty()) {
                    continue;
                }
                assertEquals(width + 1, seen.size(), "all p keys and exactly one c: " + seen);
                String n = seen.get("p0");
                for (int k = 1; k < width; k++) {
                    assertEquals(n, seen.get("p" + k), "torn batch seen at p" + k);
                }
                assertEquals(n, seen.get("c" + (Integer.parseInt(n) % 3)), "torn batch seen: " + seen);
            }
            writing.get(timeoutSeconds(), TimeUnit.SECONDS);
        } finally {
            writer.shutdownNow();
        }
        assertEquals(Integer.toString(rounds - 1), contents(store, "conf/pair").get("p0"));
    }

    // ---- scan behaviour and bad input

    @Test
    void aVisitorExceptionStopsTheScanAndPropagates() throws Exception {
        // Store S4: the visitor's exception comes out unchanged and the store stays usable
        ack(store, Batch.builder().put("conf/v", "a", bytes("1")).put("conf/v", "b", bytes("2")).build());
        IllegalStateException thrown = new IllegalStateException("cannot decode");
        IllegalStateException caught = assertThrows(IllegalStateException.class, () -> store.scan("conf/v",
                (k, v) -> {
                    throw thrown;
                }));
        assertSame(thrown, caught);
        ack(store, Batch.builder().put("conf/v", "c", bytes("3")).build());
        assertEquals(3, contents(store, "conf/v").size());
    }

    @Test
    void badArgumentsAreRefusedAtOnce() {
        // Store S4: null and malformed arguments are programming errors, thrown at the call
        assertThrows(NullPointerException.class, () -> store.apply(null));
        assertThrows(NullPointerException.class, () -> store.scan(null, (k, v) -> {
        }));
        assertThrows(NullPointerException.class, () -> store.scan("conf/a", null));
        assertThrows(IllegalArgumentException.class, () -> store.scan("Conf/A", (k, v) -> {
        }));
        assertThrows(IllegalArgumentException.class, () -> store.scan("conf//a", (k, v) -> {
        }));
        assertThrows(IllegalArgumentException.class, () -> store.scan("", (k, v) -> {
        }));
    }

    // ---- stats

    @Test
    void statsCountRecordsBytesAndCommits() throws Exception {
        // Store stats: contents in logical bytes (UTF-8 key + value), commits and latency
        StoreStats empty = store.stats();
        assertEquals(expectedType(), empty.type());
        assertEquals(0, empty.records());
        assertEquals(0, empty.bytes());
        ack(store, Batch.builder().put("conf/st", "k1", bytes("abc")).put("conf/st", "é", bytes("x")).build());
        ack(store, Batch.builder().put("conf/st2", "k", new byte[10]).build());
        StoreStats two = store.stats();
        assertEquals(3, two.records());
        assertEquals(2 + 3 + 2 + 1 + 1 + 10, two.bytes());
        assertTrue(two.commits() >= 2, "commits counted: " + two);
        long bound = TimeUnit.SECONDS.toNanos(timeoutSeconds());
        assertTrue(two.lastCommitNanos() <= bound && two.p99CommitNanos() <= bound, "latency in nanoseconds: " + two);
        assertEquals(0, two.failures());
        ack(store, Batch.builder().delete("conf/st", "k1").clear("conf/st2").build());
        StoreStats one = store.stats();
        assertEquals(1, one.records());
        assertEquals(3, one.bytes());
    }

    @Test
    void aPutOfANewKeyIsStoredAndCountedAsAPut() throws Exception {
        // Store S1, S5: a put whose caller knows the store holds no record at the key (Batch.Builder.putNew)
        // applies and counts as a put, after the batch's own earlier operations on the key
        ack(store, Batch.builder().putNew("conf/new", "a", bytes("abc")).putNew("conf/new", "b", bytes("x")).build());
        ack(store, Batch.builder().delete("conf/new", "a").putNew("conf/new", "a", bytes("de")).build());
        ack(store, Batch.builder().put("conf/new", "c", bytes("12345")).putNew("conf/new", "c", bytes("6")).build());
        assertEquals(Map.of("a", "de", "b", "x", "c", "6"), contents(store, "conf/new"));
        StoreStats stats = store.stats();
        assertEquals(3, stats.records());
        assertEquals(1 + 2 + 1 + 1 + 1 + 1, stats.bytes());
    }

    @Test
    void statsShowTheConfiguredLimits() throws Exception {
        // Store stats: the limits an operator configured
        assumeLimits();
        StoreStats stats = openTracked(new Limits(7, 7_000)).stats();
        assertEquals(7, stats.maxRecords());
        assertEquals(7_000, stats.maxBytes());
    }

    // ---- restart (persistent backends)

    @Test
    void acknowledgedBatchesSurviveARestart() throws Exception {
        // Store S3: durable means recovered after a restart, deletes and clears included
        ack(store, Batch.builder().put("conf/r", "a", bytes("1")).put("conf/r", "b", bytes("2"))
                .put("conf/r2", "x", bytes("x")).put("conf/r3", "y", bytes("y")).build());
        ack(store, Batch.builder().delete("conf/r", "a").put("conf/r", "b", bytes("3")).clear("conf/r2").build());
        StoreStats before = store.stats();
        store = restartTracked(store);
        assertEquals(Map.of("b", "3"), contents(store, "conf/r"));
        assertEquals(Map.of(), contents(store, "conf/r2"));
        assertEquals(Set.of("conf/r", "conf/r3"), store.spaces());
        assertEquals(before.records(), store.stats().records());
        assertEquals(before.bytes(), store.stats().bytes());
        ack(store, Batch.builder().put("conf/r", "c", bytes("4")).build());
        assertEquals(Map.of("b", "3", "c", "4"), contents(store, "conf/r"));
    }

    @Test
    void aRefusedBatchStaysInvisibleAfterARestart() throws Exception {
        // Store S1: a batch that failed is not recovered either
        assumeLimits();
        Store small = openTracked(new Limits(2, StoreStats.UNLIMITED));
        ack(small, Batch.builder().put("conf/rr", "a", bytes("1")).build());
        failure(small, Batch.builder().delete("conf/rr", "a").put("conf/rr", "b", bytes("2"))
                .put("conf/rr", "c", bytes("3")).put("conf/rr", "d", bytes("4")).build());
        Store again = restartTracked(small);
        assertEquals(Map.of("a", "1"), contents(again, "conf/rr"));
    }

    // ---- helpers for subclasses and tests

    /** Opens a store that is closed after the test. */
    protected final Store openTracked(Limits limits) throws Exception {
        Store opened = open(limits);
        assertNotNull(opened, "open returned null");
        this.opened.add(opened);
        return opened;
    }

    private Store restartTracked(Store old) throws Exception {
        Store again = restart(old);
        assertNotNull(again, "restart returned null");
        opened.add(again);
        return again;
    }

    private void restartIfPersistent() throws Exception {
        try {
            store = restartTracked(store);
        } catch (org.opentest4j.TestAbortedException volatileStore) {
            // volatile backend: the in-process check above is all there is
        }
    }

    private void assumeLimits() {
        Assumptions.assumeTrue(enforcesLimits(), expectedType() + " store has no record or byte limits");
    }

    /** Applies a batch and waits for its acknowledgement, failing the test if it fails. */
    protected final void ack(Store target, Batch batch) throws Exception {
        try {
            target.apply(batch).toCompletableFuture().get(timeoutSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            fail("batch failed: " + batch, StoreException.from(e));
        } catch (TimeoutException e) {
            fail("batch not acknowledged within " + timeoutSeconds() + " s: " + batch);
        }
    }

    /** Applies a batch that must fail and returns its failure. */
    protected final StoreException failure(Store target, Batch batch) throws Exception {
        return failureOf(target.apply(batch));
    }

    private StoreException failureOf(CompletionStage<Void> stage) throws Exception {
        try {
            stage.toCompletableFuture().get(timeoutSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            assertTrue(cause instanceof StoreException, "stage failed with a StoreException, not " + cause);
            return (StoreException) cause;
        } catch (TimeoutException e) {
            fail("stage neither acknowledged nor failed within " + timeoutSeconds() + " s");
        }
        return fail("batch was acknowledged but should have failed");
    }

    /** The space's records with values decoded as UTF-8. */
    protected final Map<String, String> contents(Store target, String space) throws StoreException {
        Map<String, String> records = new HashMap<>();
        target.scan(space, (key, value) -> {
            if (records.put(key, new String(value, UTF_8)) != null) {
                fail("scan visited key " + key + " twice");
            }
        });
        return records;
    }

    private static Map<String, byte[]> rawContents(Store target, String space) throws StoreException {
        Map<String, byte[]> records = new HashMap<>();
        target.scan(space, records::put);
        return records;
    }

    /** UTF-8 bytes of a string. */
    protected static byte[] bytes(String text) {
        return text.getBytes(UTF_8);
    }
}
