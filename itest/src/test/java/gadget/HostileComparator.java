package gadget;

import java.io.Serializable;
import java.util.Comparator;

/** Stands for a gadget class of some library on the class path: no Estuary allowlist names this package. */
public final class HostileComparator implements Comparator<String>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public int compare(String a, String b) {
        return a.compareTo(b);
    }
}
