package org.estuary.io;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Several {@link Marshalled} objects handed over together, read one after another on the other side. Objects
 * written one at a time (each its own stream, as a generator marshals each event it sends) each carry their class
 * descriptors, and reading a descriptor (resolving, checking and matching its class) costs more than reading a
 * small object itself. {@link #join} writes them as one stream in which a descriptor several objects share is read
 * once; everything else of each object is kept as it was written, so each reads back as its own stream would.
 *
 * <p>Reading is as safe as reading each object alone: every class is checked by the reader's filter before it
 * loads, and each object is held to the filter's limits on its own (depth, references, bytes, arrays, hashed
 * collections), not the batch as a whole. An object the joiner cannot parse exactly is kept as its own stream.
 *
 * @param <T> the type of the objects held
 * @since 1.5
 */
@ProviderType
public final class MarshalledBatch<T> implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final int HEADER = 4;
    /**
     * The length a joined stream grows to before the next begins. Each stream travels as one byte array, which a
     * reader's filter admits ahead of its data only up to {@link SerialFilter#maxArrayMemory()} (512 KiB by
     * default); one object alone may still make a longer stream, as it would on its own.
     */
    static final int MAX_JOINED_BYTES = 256 * 1024;

    /** @serial per stream: its bytes (header, then objects) */
    private final byte[][] objectBytes;
    /** @serial per stream: its class annotations in stream order, or null when no class had one */
    private final byte[][] annotationBytes;
    /** @serial per stream: where each of its objects begins, ascending */
    private final int[][] starts;

    /** Who reads: as {@link Marshalled}'s; null when it arrived outside any Estuary context. */
    private transient volatile Marshaller marshaller;
    private transient ObjectInputFilter arrivedWith;

    private MarshalledBatch(byte[][] objectBytes, byte[][] annotationBytes, int[][] starts, Marshaller marshaller) {
        this.objectBytes = objectBytes;
        this.annotationBytes = annotationBytes;
        this.starts = starts;
        this.marshaller = marshaller;
    }

    /**
     * The objects as one stream, sharing the class descriptors they have in common (an object that cannot be
     * joined stays a stream of its own). Reads through the marshaller of the first holder.
     *
     * @throws NullPointerException if {@code items} or one of them is null
     */
    public static <T> MarshalledBatch<T> join(List<? extends Marshalled<? extends T>> items) {
        Builder builder = new Builder();
        long sum = 0;
        for (Marshalled<? extends T> item : items) {
            sum += item.objectBytes().length;
        }
        int bytes = (int) Math.min(sum, MAX_JOINED_BYTES); // the joined stream is smaller: its first buffer
        StreamJoiner joiner = new StreamJoiner(bytes);
        for (Marshalled<? extends T> item : items) {
            if (joiner.size() > 0 && joiner.length() + item.objectBytes().length > MAX_JOINED_BYTES) {
                builder.add(joiner);
                joiner = new StreamJoiner(bytes);
            }
            if (!joiner.add(item.objectBytes(), item.annotationBytes())) {
                builder.add(joiner);
                joiner = new StreamJoiner(bytes);
                builder.add(item);
            }
        }
        builder.add(joiner);
        return builder.build(items);
    }

    /**
     * The objects each as its own stream, as they were written: for a reader that must read every object however
     * another fails (a failed object of a joined stream leaves the rest of that stream unreadable).
     *
     * @throws NullPointerException if {@code items} or one of them is null
     */
    public static <T> MarshalledBatch<T> separate(List<? extends Marshalled<? extends T>> items) {
        Builder builder = new Builder();
        items.forEach(builder::add);
        return builder.build(items);
    }

    /** The number of objects held. */
    public int size() {
        int size = 0;
        for (int[] s : starts) {
            size += s.length;
        }
        return size;
    }

    /** The number of bytes held, for quotas. */
    public long bytes() {
        long bytes = 0;
        for (int i = 0; i < objectBytes.length; i++) {
            bytes += objectBytes[i].length + (annotationBytes[i] == null ? 0 : annotationBytes[i].length);
        }
        return bytes;
    }

    /** A reader of the objects in order; each reader reads them anew. Not thread-safe. */
    public Reader<T> reader() {
        return new Reader<>(this);
    }

    /**
     * Reads the objects of a {@link MarshalledBatch} in order, each as {@link Marshalled#get()} reads one: through
     * the same marshaller, filter and classes.
     *
     * @param <T> the type of the objects
     */
    public static final class Reader<T> {

        private final MarshalledBatch<T> batch;
        private int stream;
        private int index; // of the next object in its stream
        private ObjectInputStream in;
        private boolean broken;

        private Reader(MarshalledBatch<T> batch) {
            this.batch = batch;
            skipEmpty();
        }

        /** True while an object is left to read. */
        public boolean hasNext() {
            return stream < batch.starts.length;
        }

        /**
         * Reads the next object. If it fails, the object counts as read; {@link #broken()} then says whether the
         * objects after it can still be read.
         *
         * @return the object, or null if null was marshalled
         * @throws SerialFilterException if the filter refuses a class or a limit is exceeded
         * @throws ClassNotFoundException if a class cannot be found (the objects after it stay readable)
         * @throws IOException if the bytes cannot be read
         * @throws NoSuchElementException if none is left or the reader is {@link #broken()}
         */
        @SuppressWarnings("unchecked") // as MarshalledObject.get(): the holder's type parameter is the writer's word
        public T next() throws IOException, ClassNotFoundException {
            if (broken || !hasNext()) {
                throw new NoSuchElementException(broken ? "the batch's stream broke at an object before"
                        : "no object left");
            }
            int[] starts = batch.starts[stream];
            boolean last = index == starts.length - 1;
            boolean done = false;
            try {
                if (in == null) {
                    in = batch.open(stream);
                }
                if (in instanceof MarshalInputStream marshalIn) {
                    marshalIn.startObject(starts[index]);
                }
                T object = (T) in.readObject();
                done = true;
                return object;
            } catch (ClassNotFoundException e) {
                done = true; // the stream skipped the object's data: what follows reads as before
                throw e;
            } catch (InvalidClassException e) {
                throw SerialFilterException.unwrap(e);
            } finally {
                if (!done && !last) {
                    broken = true;
                }
                index++;
                if (last) {
                    in = null;
                    stream++;
                    index = 0;
                    skipEmpty();
                }
            }
        }

        /**
         * True once an object failed in a way that leaves the objects after it in the same stream unreadable (a
         * refused class, a limit, a corrupt or failing object); those objects are then not returned by this reader
         * and must be read from a batch of their own ({@link MarshalledBatch#separate}).
         */
        public boolean broken() {
            return broken;
        }

        private void skipEmpty() {
            while (stream < batch.starts.length && batch.starts[stream].length == 0) {
                stream++;
            }
        }
    }

    private ObjectInputStream open(int stream) throws IOException {
        ByteArrayInputStream bytes = new ByteArrayInputStream(objectBytes[stream]);
        AnnotationReader annotations = annotationBytes[stream] == null ? AnnotationReader.NONE
                : new AnnotationReader(new DataInputStream(new ByteArrayInputStream(annotationBytes[stream])));
        Marshaller reader = marshaller;
        if (reader instanceof StreamMarshaller own) {
            return new MarshalInputStream(bytes, own, annotations);
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return new MarshalInputStream(bytes, loader != null ? loader : ClassLoader.getSystemClassLoader(),
                annotations, reader != null ? reader.filter() : arrivedWith); // as MarshalledObject.get() reads
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (objectBytes == null || annotationBytes == null || starts == null
                || objectBytes.length != annotationBytes.length || objectBytes.length != starts.length) {
            throw new InvalidObjectException("MarshalledBatch with missing or mismatched arrays");
        }
        for (int i = 0; i < starts.length; i++) {
            if (objectBytes[i] == null || starts[i] == null) {
                throw new InvalidObjectException("MarshalledBatch with a missing stream");
            }
            int previous = HEADER - 1;
            for (int start : starts[i]) {
                if (start <= previous || start >= objectBytes[i].length) {
                    throw new InvalidObjectException("MarshalledBatch with an object outside its stream");
                }
                previous = start;
            }
        }
        marshaller = Marshalled.readerFor(in);
        if (marshaller == null) {
            arrivedWith = in.getObjectInputFilter();
        }
    }

    @Override
    public String toString() {
        return "MarshalledBatch[" + size() + " objects in " + objectBytes.length + " streams, " + bytes() + " bytes]";
    }

    /** Collects streams in order. */
    private static final class Builder {

        private final List<byte[]> objects = new ArrayList<>();
        private final List<byte[]> annotations = new ArrayList<>();
        private final List<int[]> starts = new ArrayList<>();

        void add(Marshalled<?> item) {
            Objects.requireNonNull(item, "item");
            objects.add(item.objectBytes());
            annotations.add(item.annotationBytes());
            starts.add(new int[] {HEADER});
        }

        void add(StreamJoiner joiner) {
            if (joiner.size() > 0) {
                objects.add(joiner.objectBytes());
                annotations.add(joiner.annotationBytes());
                starts.add(joiner.starts());
            }
        }

        <T> MarshalledBatch<T> build(List<? extends Marshalled<? extends T>> items) {
            Marshaller reader = items.isEmpty() ? null : items.get(0).reader();
            return new MarshalledBatch<>(objects.toArray(new byte[0][]), annotations.toArray(new byte[0][]),
                    starts.toArray(new int[0][]), reader);
        }
    }
}
