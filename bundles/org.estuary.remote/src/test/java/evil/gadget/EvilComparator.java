package evil.gadget;

import java.io.Serializable;
import java.util.Comparator;

/** A comparator outside the allowlist: reading it would run its code while the PriorityQueue re-heapifies. */
public final class EvilComparator implements Comparator<Object>, Serializable {

    private static final long serialVersionUID = 1L;

    /** Set if the comparator ever ran in this JVM. */
    public static volatile boolean ran;

    @Override
    public int compare(Object a, Object b) {
        ran = true;
        System.err.println("GADGET RAN");
        return 0;
    }
}
