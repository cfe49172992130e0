package evil.gadget;

import java.io.Serializable;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands for the comparator of a gadget chain: deserializing a PriorityQueue calls compare, which here only counts
 * (a real chain would run a command). Outside every allowlist.
 */
public final class EvilComparator implements Comparator<Object>, Serializable {

    private static final long serialVersionUID = 1L;

    /** How often compare ran: the "code execution" the filter must prevent. */
    public static final AtomicInteger CALLS = new AtomicInteger();

    @Override
    public int compare(Object a, Object b) {
        CALLS.incrementAndGet();
        return String.valueOf(a).compareTo(String.valueOf(b));
    }
}
