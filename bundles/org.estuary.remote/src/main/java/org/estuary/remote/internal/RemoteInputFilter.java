package org.estuary.remote.internal;

import java.io.ObjectInputFilter;
import java.lang.StackWalker.StackFrame;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * The JVM-wide serial filter ({@code ObjectInputFilter.Config.setSerialFilter}) that makes what remote objects send
 * back to Estuary pass the allowlist too: return values, thrown exceptions and registry lookup replies, which RMI
 * reads with no per-export filter (issue 5 item 4; call arguments already pass each export's own filter).
 *
 * <p>It applies Estuary's filter only to a stream RMI reads for a call Estuary code made: on the reading thread's
 * stack an RMI frame ({@code sun.rmi.*}) near the top and an {@code org.estuary.*} frame below it (a proxy's
 * {@code BackendRef}, a service calling a client's listener or landlord, {@code EstuaryClient.lookup}). Every other
 * stream in the JVM gets {@code UNDECIDED}, exactly what it gets without a JVM-wide filter, so other bundles (Karaf's
 * JMX connector, anything deserializing on its own) are unaffected. Streams that set a filter of their own (every
 * Estuary export, the JDK's registry and DGC) never consult this one.
 *
 * <p>The stack is looked at once per stream, not per object: a thread's verdict is kept while the stream's
 * reference count and byte count grow, and decided again when they fall (a new stream) or a stream's first objects
 * are read. The first filter call of any stream comes with at most two references, including a reply an attacker
 * writes, so no stream inherits another's verdict.
 *
 * <p>Also a {@code Consumer<ObjectInputFilter>}: a later revision of this bundle (after {@code bundle:update}), which
 * cannot replace the JVM-wide filter, hands the filter to apply to the installed one through that java.* type.
 */
public final class RemoteInputFilter implements ObjectInputFilter, Consumer<ObjectInputFilter> {

    /** RMI's client frames sit this close to the top when a stream's first objects are read. */
    private static final int RMI_FRAME_WITHIN = 48;
    private static final int MAX_FRAMES = 4096;
    private static final StackWalker WALKER = StackWalker.getInstance();

    /** Per thread: references and bytes at the last call, and whether the stream is Estuary's (1) or not (0). */
    private final ThreadLocal<long[]> last =
            ThreadLocal.withInitial(() -> new long[] {Long.MAX_VALUE, Long.MAX_VALUE, 0});
    private volatile ObjectInputFilter estuary;

    /** Makes {@code filter} what Estuary's RMI reads are checked with. */
    @Override
    public void accept(ObjectInputFilter filter) {
        this.estuary = filter;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        long[] state = last.get();
        long references = info.references();
        long bytes = info.streamBytes();
        if (references <= 2 || references < state[0] || bytes < state[1]) {
            state[2] = estuaryRmiRead() ? 1 : 0;
        }
        state[0] = references;
        state[1] = bytes;
        ObjectInputFilter filter = estuary;
        return state[2] == 0 || filter == null ? Status.UNDECIDED : filter.checkInput(info);
    }

    /** Whether this thread reads for an RMI call that Estuary code made. */
    static boolean estuaryRmiRead() {
        return WALKER.walk(frames -> {
            Iterator<StackFrame> it = frames.limit(MAX_FRAMES).iterator();
            boolean rmi = false;
            for (int seen = 1; it.hasNext(); seen++) {
                String name = it.next().getClassName();
                if (!rmi) {
                    if (name.startsWith("sun.rmi.")) {
                        rmi = true;
                    } else if (seen > RMI_FRAME_WITHIN) {
                        return false;
                    }
                } else if (name.startsWith("org.estuary.")) {
                    return true;
                }
            }
            return false;
        });
    }
}
