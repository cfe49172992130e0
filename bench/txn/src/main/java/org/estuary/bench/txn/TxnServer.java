package org.estuary.bench.txn;

import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.SystemClock;
import org.estuary.io.Marshallers;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.store.rocksdb.testing.RocksStores;
import org.estuary.txn.testing.TxnManagers;

/**
 * The server JVM of the remote commit: the transaction manager with its default configuration on the memory store,
 * exported through Estuary's {@link RmiExporter} on 127.0.0.1:PORT and bound under the
 * {@code NestableTransactionManager} interface's name, as the distribution serves it. Prints READY, then serves until
 * its stdin closes. Args: PORT, then optionally {@code embedded DIR}: the embedded store (RocksDB) in DIR instead
 * ({@link ClientOpsBench}).
 */
public final class TxnServer {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        boolean embedded = args.length > 2 && args[1].equals("embedded");
        Store store = embedded ? RocksStores.open(Path.of(args[2])) : MemoryStores.open();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(TxnManagers.threads(), TxnManagers.threads(), 30,
                TimeUnit.SECONDS, new ArrayBlockingQueue<>(10_000));
        try (SystemClock clock = new SystemClock("bench-txn-server")) {
            RmiExporter exporter = RmiExporter.start(RemoteSettings.builder().registryPort(port).build());
            TxnManagers.export(clock, Marshallers.builder().classLoader(TxnServer.class.getClassLoader()).build(),
                    store, pool, exporter);
            System.out.println("READY");
            System.out.flush();
            System.in.read(); // until the client closes our stdin (or stops us by PID)
            exporter.close();
        } finally {
            pool.shutdownNow();
            if (embedded) {
                RocksStores.close(store);
            }
        }
        System.exit(0);
    }
}
