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
    private final StreamTally tally = new StreamTally(); // this stream's

    StreamFilter(SerialFilter filter, ObjectInputFilter jvmWide) {
        this.filter = filter;
        this.jvmWide = jvmWide;
    }

    @Override
    public Status checkInput(FilterInfo info) {
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
}
