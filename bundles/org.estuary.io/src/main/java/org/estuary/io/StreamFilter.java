package org.estuary.io;

import java.io.ObjectInputFilter;
import java.io.UncheckedIOException;

import org.estuary.io.SerialFilterException.Violation;

/**
 * The filter one {@link MarshalInputStream} installs: the {@link SerialFilter}, with what the stream allocates counted
 * against its limits, then the JVM-wide filter an operator may have set ({@code jdk.serialFilter}), which a
 * stream-specific filter would otherwise replace.
 *
 * <p>On a rejection it throws rather than returning {@code REJECTED}: {@code ObjectInputStream} reports either as
 * "filter status: REJECTED", but keeps a thrown exception as the cause, and that cause is the only place the
 * class and the limit can be named.
 */
final class StreamFilter implements ObjectInputFilter {

    private final SerialFilter filter;
    private final ObjectInputFilter jvmWide; // null when none is configured
    private StreamTally tally = new StreamTally(); // this stream's, or this object's in a joined stream
    /** In a joined stream ({@link #startObject}): what the counts stood at where the current object began. */
    private long referenceBase;
    private long byteBase;
    private long referencesSeen;

    StreamFilter(SerialFilter filter, ObjectInputFilter jvmWide) {
        this.filter = filter;
        this.jvmWide = jvmWide;
    }

    /**
     * The next object of a stream of several (a {@link MarshalledBatch}) is judged alone, as its own stream would
     * be: depth and allocations from nothing, bytes from {@code streamOffset}, where it begins, references from the
     * count the last check saw (the JDK does not say where an object begins, so a few references of the object
     * before may count too: never fewer than its own).
     */
    void startObject(long streamOffset) {
        tally = new StreamTally();
        referenceBase = referencesSeen;
        byteBase = streamOffset;
    }

    @Override
    public Status checkInput(FilterInfo stream) {
        referencesSeen = stream.references();
        FilterInfo info = referenceBase == 0 && byteBase == 0 ? stream : new ObjectInfo(stream);
        SerialFilterException rejected = filter.rejection(info, tally);
        if (rejected == null && jvmWide != null && jvmWide.checkInput(info) == Status.REJECTED) {
            rejected = new SerialFilterException(info.serialClass() == null ? null : info.serialClass().getName(),
                    Violation.JVM_FILTER, "the JVM-wide filter (jdk.serialFilter) rejected it: " + jvmWide);
        }
        if (rejected != null) {
            throw new UncheckedIOException(rejected.getMessage(), rejected);
        }
        return info.serialClass() == null ? Status.UNDECIDED : Status.ALLOWED;
    }

    /** The counts of the current object of a joined stream. */
    private final class ObjectInfo implements FilterInfo {

        private final FilterInfo stream;

        ObjectInfo(FilterInfo stream) {
            this.stream = stream;
        }

        @Override
        public Class<?> serialClass() {
            return stream.serialClass();
        }

        @Override
        public long arrayLength() {
            return stream.arrayLength();
        }

        @Override
        public long depth() {
            return stream.depth();
        }

        @Override
        public long references() {
            return stream.references() - referenceBase;
        }

        @Override
        public long streamBytes() {
            return stream.streamBytes() - byteBase;
        }
    }
}
