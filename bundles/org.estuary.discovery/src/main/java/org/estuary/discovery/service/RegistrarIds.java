package org.estuary.discovery.service;

import java.io.IOException;
import java.rmi.MarshalledObject;

import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceRegistrar;

import org.estuary.discovery.tracking.RegistrarTracker;
import org.estuary.io.Marshaller;
import org.estuary.io.ReadScope;

/**
 * Tells a lookup service's id from the proxy its unicast response carried, reading the proxy with the classes the
 * container's bundles export and the container's allowlist (a lookup service of another implementation, such as
 * Apache River's Reggie, needs a bundle exporting its proxy classes and their patterns in
 * {@code org.estuary.io.marshaller} {@code allowlist.extra}). A proxy that cannot be read here is not discovered:
 * the lookup discovery service can tell no client which lookup service it is.
 */
final class RegistrarIds implements RegistrarTracker.Identifier {

    private static final System.Logger LOG = System.getLogger(RegistrarIds.class.getName());

    private final Marshaller marshaller;
    private final ReadScope scope;

    RegistrarIds(Marshaller marshaller) {
        this.marshaller = marshaller;
        this.scope = ReadScope.forReplies(marshaller, null);
    }

    @Override
    public ServiceID idOf(MarshalledObject<?> proxy) {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(marshaller.classLoader());
        try (ReadScope.Entered entered = scope.enter()) {
            Object registrar = proxy.get(); // read in the scope: its filter and marshaller
            if (registrar instanceof ServiceRegistrar r) {
                return r.getServiceID();
            }
            LOG.log(System.Logger.Level.WARNING, "a unicast discovery response carried a "
                    + (registrar == null ? "null" : registrar.getClass().getName()) + ", not a ServiceRegistrar; "
                    + "it is ignored");
            return null;
        } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "a lookup service's proxy cannot be read in this container (" + e
                    + "); install a bundle exporting its classes and allow them in org.estuary.io.marshaller "
                    + "allowlist.extra, or it is not discovered");
            return null;
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
