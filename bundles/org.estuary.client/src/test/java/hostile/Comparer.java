package hostile;

import java.io.Serializable;
import java.util.Comparator;

/** A comparator outside the allowlist, the heart of a PriorityQueue gadget chain. */
public final class Comparer implements Comparator<Object>, Serializable {

    private static final long serialVersionUID = 1L;

    /** Counts the comparisons after {@link #armed} is set: any in the victim JVM means the gadget ran. */
    public static final java.util.concurrent.atomic.AtomicInteger RAN = new java.util.concurrent.atomic.AtomicInteger();

    /** Set once the gadget is built. */
    public static volatile boolean armed;

    @Override
    public int compare(Object a, Object b) {
        if (armed) {
            RAN.incrementAndGet();
        }
        return 0;
    }
}
