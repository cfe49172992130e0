package evil.gadget;

import java.io.Serializable;
import java.util.Comparator;

/** A comparator outside the allowlist: reading it would run its code while the PriorityQueue re-heapifies. */
public final class EvilComparator implements Comparator<Object>, Serializable {

    private static final long serialVersionUID = 1L;

    /** Set if the comparator ever ran in this JVM. */
    public static volatile boolean ran;

    /** Set while a test builds a gadget (the comparator runs then, in the JVM that builds it, harmlessly). */
    public static volatile boolean arming;

    @Override
    public int compare(Object a, Object b) {
        if (arming) {
            return 0;
        }
        ran = true;
        System.err.println("GADGET RAN");
        return 0;
    }
}
