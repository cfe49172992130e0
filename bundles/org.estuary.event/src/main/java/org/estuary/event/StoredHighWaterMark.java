package org.estuary.event;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The {@link HighWaterMark} every persistent service uses: one record per kind of event in a space of the service's
 * own store, so that sequence numbers survive restarts (EV.2.3.2). The service supplies the key of a kind (its own
 * ids, which stay equal across restarts) and its durable write path, so a mark is reserved exactly as durably as
 * the service's other changes, through whatever store it is bound to now.
 *
 * <p>Record value: a format byte (1) and the mark as 8 bytes, big-endian.
 */
@ProviderType
public final class StoredHighWaterMark implements HighWaterMark {

    /** How the service makes a batch durable: its store write that returns once the batch is acknowledged. */
    @FunctionalInterface
    public interface DurableWrite {
        void write(Batch batch) throws IOException;
    }

    /**
     * How the service queues a batch without waiting: {@code onDurable} runs once it is acknowledged, in the store's
     * thread; never if it fails.
     */
    @FunctionalInterface
    public interface BackgroundWrite {
        void write(Batch batch, Runnable onDurable);
    }

    private static final byte FORMAT = 1;

    private final String space;
    private final Function<EventKind, String> keys;
    private final DurableWrite write;
    private final BackgroundWrite background;
    /** The marks durable, by key. */
    private final Map<String, Long> marks = new ConcurrentHashMap<>();
    /** The marks reserved ahead and maybe not durable yet, by key: a copy into a new store carries them (S8). */
    private final Map<String, Long> ahead = new ConcurrentHashMap<>();

    /**
     * @param space the store space the marks live in (the service's own, such as {@code "renewal/sequence"})
     * @param keys the record key of a kind; equal kinds after a restart must give equal keys
     * @param write the service's durable write
     */
    public StoredHighWaterMark(String space, Function<EventKind, String> keys, DurableWrite write) {
        this(space, keys, write, null);
    }

    /**
     * @param space the store space the marks live in (the service's own, such as {@code "renewal/sequence"})
     * @param keys the record key of a kind; equal kinds after a restart must give equal keys
     * @param write the service's durable write
     * @param background the service's write that does not wait, for reservations ahead of need
     *        ({@link #reserveAhead}); null reserves only with {@code write}
     */
    public StoredHighWaterMark(String space, Function<EventKind, String> keys, DurableWrite write,
            BackgroundWrite background) {
        this.space = Objects.requireNonNull(space, "space");
        this.keys = Objects.requireNonNull(keys, "keys");
        this.write = Objects.requireNonNull(write, "write");
        this.background = background;
    }

    /**
     * Reads the marks back on activation; a record that does not parse goes to {@code unreadable} (the service keeps
     * it, a corrupt record is reported, never skipped silently) and its kind starts from no mark.
     */
    public void recover(Store store, BiConsumer<String, byte[]> unreadable) throws StoreException {
        store.scan(space, (key, value) -> {
            if (value.length == 9 && value[0] == FORMAT) {
                marks.put(key, ByteBuffer.wrap(value, 1, 8).getLong());
            } else {
                unreadable.accept(key, value);
            }
        });
    }

    @Override
    public OptionalLong load(EventKind kind) {
        Long mark = marks.get(keys.apply(kind));
        return mark == null ? OptionalLong.empty() : OptionalLong.of(mark);
    }

    @Override
    public void reserve(EventKind kind, long upTo) throws IOException {
        String key = keys.apply(kind);
        write.write(Batch.builder().put(space, key, encode(upTo)).build());
        marks.merge(key, upTo, Math::max); // only once durable (EV.2.3.2: never a repeat after a restart)
    }

    @Override
    public void reserveAhead(EventKind kind, long upTo, Runnable onDurable) {
        if (background == null) {
            return;
        }
        String key = keys.apply(kind);
        ahead.merge(key, upTo, Math::max);
        background.write(Batch.builder().put(space, key, encode(upTo)).build(), () -> durable(key, upTo, onDurable));
    }

    /** A reservation ahead is durable: its mark counts from now on (after a restart too), and its caller is told. */
    private void durable(String key, long upTo, Runnable onDurable) {
        if (ahead.remove(key, upTo) || ahead.containsKey(key)) { // not forgotten meanwhile
            marks.merge(key, upTo, Math::max);
        }
        onDurable.run();
    }

    /**
     * These marks, with their reservations ahead put into {@code batch}, a write of the service's own, rather than
     * written on their own: for a service that records a new kind (a registration) and reserves its first numbers in
     * the same batch ({@link SequenceNumbers#prepare(EventKind, HighWaterMark)}), so both are durable with one sync
     * and the kind's first event waits for no write (S1: the batch is applied whole or not at all). The service
     * calls {@link Joined#acknowledged} once the batch is durable, {@link Joined#failed} if it failed.
     *
     * @since 1.6
     */
    public Joined joining(Batch.Builder batch) {
        return new Joined(Objects.requireNonNull(batch, "batch"));
    }

    /** A view of the marks that reserves ahead into one batch of the service's own ({@link #joining}). */
    @ProviderType
    public final class Joined implements HighWaterMark {
        private final Batch.Builder batch;
        private final Map<String, Long> reserved = new HashMap<>();
        private final List<Runnable> onDurable = new ArrayList<>();

        private Joined(Batch.Builder batch) {
            this.batch = batch;
        }

        @Override
        public OptionalLong load(EventKind kind) {
            return StoredHighWaterMark.this.load(kind);
        }

        @Override
        public void reserve(EventKind kind, long upTo) throws IOException {
            StoredHighWaterMark.this.reserve(kind, upTo);
        }

        /** Puts the mark into the batch; {@code onDurable} runs in {@link #acknowledged}. */
        @Override
        public void reserveAhead(EventKind kind, long upTo, Runnable onDurable) {
            String key = keys.apply(kind);
            ahead.merge(key, upTo, Math::max); // a copy into a new store before the batch is durable carries it (S8)
            batch.put(space, key, encode(upTo));
            reserved.merge(key, upTo, Math::max);
            this.onDurable.add(() -> durable(key, upTo, onDurable));
        }

        /** The batch is durable: the marks it carries count, and what reserved them is told. */
        public void acknowledged() {
            onDurable.forEach(Runnable::run);
        }

        /** The batch failed: its marks are not reserved (the service forgets their kinds). */
        public void failed() {
            reserved.forEach(ahead::remove);
        }
    }

    /** Drops the mark of a kind whose source is gone for good; the service deletes its record in the same batch. */
    public void forget(String key) {
        marks.remove(key);
        ahead.remove(key);
    }

    /** Puts the delete of {@code key}'s record into {@code batch}: for a service ending a source. */
    public void deleteInto(Batch.Builder batch, String key) {
        batch.delete(space, key);
    }

    /**
     * Puts every mark into a copy of the service's state for a new store (Store S8), also a reservation ahead still
     * in flight to the store being left: its numbers may be handed out once it is durable there.
     */
    public void snapshotInto(Batch.Builder batch) {
        Map<String, Long> newest = new HashMap<>(marks);
        ahead.forEach((key, mark) -> newest.merge(key, mark, Math::max));
        newest.forEach((key, mark) -> batch.put(space, key, encode(mark)));
    }

    static byte[] encode(long mark) {
        return ByteBuffer.allocate(9).put(FORMAT).putLong(mark).array();
    }
}
