package org.estuary.bench.txn;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.core.time.SystemClock;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.SerialFilter;
import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.store.rocksdb.testing.RocksStores;
import org.estuary.txn.testing.TxnManagers;

/**
 * Estuary's side: the transaction manager with its default configuration in this JVM on the memory or the default
 * embedded store (rocksdb), in-process participants that vote PREPARED. {@code nested} measures a nested commit: a top-level
 * transaction, one nested in it holding the participants, the nested commit (vote, promote) and the top-level one.
 */
final class EstuarySide {

    /** An in-process participant that votes PREPARED and rolls forward at once. */
    static final class Prepared implements TransactionParticipant, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public int prepare(TransactionManager mgr, long id) {
            return TransactionConstants.PREPARED;
        }

        @Override
        public void commit(TransactionManager mgr, long id) {
        }

        @Override
        public void abort(TransactionManager mgr, long id) {
        }

        @Override
        public int prepareAndCommit(TransactionManager mgr, long id) {
            return TransactionConstants.COMMITTED;
        }
    }

    public static void main(String[] args) throws Exception {
        String storeType = args[0];
        boolean nested = args[1].equals("nested");
        double seconds = Double.parseDouble(args[2]);
        double warmup = Double.parseDouble(args[3]);
        Path dir = Path.of(args[6]);
        Store store = storeType.equals("rocksdb") ? RocksStores.open(dir) : MemoryStores.open();
        Marshaller marshaller = Marshallers.builder().classLoader(EstuarySide.class.getClassLoader())
                .filter(SerialFilter.defaults().toBuilder().allow("org.estuary.bench.txn.*").build()).build();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(TxnManagers.threads(), TxnManagers.threads(), 30,
                TimeUnit.SECONDS, new ArrayBlockingQueue<>(10_000));
        try (SystemClock clock = new SystemClock("bench-txn")) {
            NestableTransactionManager mgr = TxnManagers.start(clock, marshaller, store, pool);
            System.err.println("estuary: " + TxnManagers.describe());
            long first = mgr.create(60_000).id; // as on Narayana's side: one transaction before the measurement
            mgr.join(first, new Prepared(), 1);
            mgr.join(first, new Prepared(), 1);
            mgr.commit(first);
            String side = "estuary-" + storeType + (nested ? "-nested" : "");
            Workload.points(side, args[4], args[5], seconds, warmup, (participants, threads) -> {
                Prepared[][] parts = new Prepared[threads][participants];
                for (Prepared[] row : parts) {
                    for (int i = 0; i < participants; i++) {
                        row[i] = new Prepared();
                    }
                }
                return thread -> {
                    long top = mgr.create(60_000).id;
                    long id = nested ? mgr.create(mgr, top, 60_000).id : top;
                    for (Prepared part : parts[thread]) {
                        mgr.join(id, part, 1);
                    }
                    mgr.commit(id);
                    if (nested) {
                        mgr.commit(top);
                    }
                };
            });
        } finally {
            pool.shutdownNow();
            if (storeType.equals("rocksdb")) {
                RocksStores.close(store);
            }
        }
        System.exit(0);
    }
}
