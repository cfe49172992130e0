package org.estuary.renewal.conformance;

import java.io.IOException;
import java.rmi.Remote;
import java.rmi.RemoteException;

import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;

/**
 * Exports the suite's callbacks with real RMI on 127.0.0.1 when the service runs in this JVM, through the remote
 * layer a client uses ({@link RmiExporter}, as {@code EstuaryClient::export} does): the service then calls them
 * over RMI as it calls a client's in another JVM.
 */
final class LoopbackRmi implements Exporter, AutoCloseable {

    private final RmiExporter exporter;

    LoopbackRmi() throws IOException {
        this.exporter = RmiExporter.start(RemoteSettings.builder().registryPort(RemoteSettings.NO_REGISTRY)
                .filter(ClientClasses.filter()).build());
    }

    @Override
    public <T extends Remote> T export(Class<T> type, T object) throws RemoteException {
        return exporter.exportCallback(type, object);
    }

    @Override
    public void close() {
        exporter.close();
    }
}
