package org.estuary.discovery.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import net.jini.core.lookup.ServiceRegistrar;
import net.jini.discovery.LookupUnmarshalException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * LD.4.1.1 {@code getRegistrars}, client side: the lookup discovery service sends the registrars of a registration
 * marshalled one by one, and the client unmarshals each with its own classes; one that fails does not prevent the
 * others.
 */
@ProviderType
public final class RegistrarUnmarshalling {

    private RegistrarUnmarshalling() {
    }

    /**
     * Unmarshals each registrar; equal proxies are returned once (LD.4.1.1: the elements are unique by
     * {@code equals}).
     *
     * @param marshalled the marshalled registrars, in the service's order
     * @return the registrars, in order, in a new array
     * @throws LookupUnmarshalException LD.4.3: if any element fails, carrying the registrars unmarshalled, the
     *         marshalled forms that failed and the failure of each, at the same index
     */
    public static ServiceRegistrar[] unmarshal(List<? extends MarshalledObject<?>> marshalled)
            throws LookupUnmarshalException {
        Set<ServiceRegistrar> registrars = new LinkedHashSet<>();
        List<MarshalledObject<?>> failed = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (MarshalledObject<?> mo : marshalled) {
            try {
                Object o = mo.get();
                if (!(o instanceof ServiceRegistrar)) {
                    throw new InvalidObjectException("not a net.jini.core.lookup.ServiceRegistrar: "
                            + (o == null ? "null" : o.getClass().getName()));
                }
                registrars.add((ServiceRegistrar) o);
            } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
                failed.add(mo);
                failures.add(e);
            }
        }
        ServiceRegistrar[] result = registrars.toArray(new ServiceRegistrar[0]);
        if (!failed.isEmpty()) {
            throw new LookupUnmarshalException(result, failed.toArray(new MarshalledObject<?>[0]),
                    failures.toArray(new Throwable[0]), failed.size() + " of " + marshalled.size()
                            + " lookup service proxies could not be unmarshalled; the first failure: "
                            + failures.get(0));
        }
        return result;
    }
}
