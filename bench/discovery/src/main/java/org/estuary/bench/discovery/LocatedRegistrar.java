package org.estuary.bench.discovery;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.StubRegistrar;

/**
 * A scripted lookup service's proxy that answers {@link #getLocator()} with the locator of its endpoint: Apache
 * River's Fiddler asks every lookup service it discovers for its locator and discards one that does not answer.
 * Fiddler's JVM loads it from the harness's classes, against River's {@code net.jini} types.
 */
public final class LocatedRegistrar extends StubRegistrar {

    private static final long serialVersionUID = 1L;

    private final LookupLocator locator;

    LocatedRegistrar(long id, LookupLocator locator, String... groups) {
        super(id, groups);
        this.locator = locator;
    }

    @Override
    public LookupLocator getLocator() {
        return locator;
    }
}
