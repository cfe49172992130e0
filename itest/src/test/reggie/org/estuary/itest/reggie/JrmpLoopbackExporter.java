package org.estuary.itest.reggie;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import java.rmi.server.UnicastRemoteObject;

import net.jini.export.Exporter;

/**
 * A River {@link Exporter} that exports one object with the JDK's Java RMI (JRMP) on a loopback port. The test's
 * Reggie (and bench/discovery's Fiddler) names it as its {@code serverExporter}, so the proxies and leases it hands
 * out call it through JDK stubs rather than through River's JERI runtime, which a Java 17 JVM cannot run (see
 * bundles/org.estuary.client/README.md, "Renewing leases of Apache River services"). River 2.2.3's jars on Maven Central carry no JRMP exporter of their own.
 */
public final class JrmpLoopbackExporter implements Exporter {

    private Remote exported;

    @Override
    public synchronized Remote export(Remote impl) throws ExportException {
        if (exported != null) {
            throw new IllegalStateException("this exporter has already exported " + exported);
        }
        try {
            Remote stub = UnicastRemoteObject.exportObject(impl, 0, null, new LoopbackServerSocketFactory());
            exported = impl;
            return stub;
        } catch (ExportException e) {
            throw e;
        } catch (RemoteException e) {
            throw new ExportException("could not export " + impl, e);
        }
    }

    @Override
    public synchronized boolean unexport(boolean force) {
        if (exported == null) {
            throw new IllegalStateException("nothing has been exported");
        }
        try {
            return UnicastRemoteObject.unexportObject(exported, force);
        } catch (NoSuchObjectException alreadyGone) {
            return true;
        }
    }
}
