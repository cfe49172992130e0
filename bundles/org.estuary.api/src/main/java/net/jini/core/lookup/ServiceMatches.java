package net.jini.core.lookup;

import java.io.Serializable;
import java.util.Arrays;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The result of {@link ServiceRegistrar#lookup(ServiceTemplate, int)}: at most the requested number of matching
 * items, and the total number of matches. Public fields, as published for Jini 2.x.
 */
@ProviderType
public class ServiceMatches implements Serializable {

    private static final long serialVersionUID = -5518280843537399398L;

    /**
     * The matching items returned, or null if none were requested.
     *
     * @serial
     */
    public ServiceItem[] items;

    /**
     * The total number of matching items, which may exceed the number returned.
     *
     * @serial
     */
    public int totalMatches;

    /**
     * Creates a result; the array is kept, not copied.
     *
     * @param items the matching items returned
     * @param totalMatches the total number of matches
     */
    public ServiceMatches(ServiceItem[] items, int totalMatches) {
        this.items = items;
        this.totalMatches = totalMatches;
    }

    @Override
    public String toString() {
        return getClass().getName() + "[items=" + Arrays.toString(items) + ", totalMatches=" + totalMatches + "]";
    }
}
