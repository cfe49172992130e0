package org.estuary.bench.txn;

import java.io.Serializable;
import java.nio.file.Path;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import com.arjuna.ats.arjuna.common.ObjectStoreEnvironmentBean;
import com.arjuna.common.internal.util.propertyservice.BeanPopulator;

/**
 * Narayana's side, driving the same workload through its JTA TransactionManager: begin, enlist in-process
 * XAResources that vote XA_OK, commit; on its volatile object store or its journal object store (the Artemis
 * journal), configured as its documentation says, before the first transaction.
 */
final class NarayanaSide {

    /** An in-process resource that prepares (XA_OK) and commits at once. */
    static final class Prepared implements XAResource, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void commit(Xid xid, boolean onePhase) {
        }

        @Override
        public void end(Xid xid, int flags) {
        }

        @Override
        public void forget(Xid xid) {
        }

        @Override
        public int getTransactionTimeout() {
            return 0;
        }

        @Override
        public boolean isSameRM(XAResource other) {
            return false;
        }

        @Override
        public int prepare(Xid xid) {
            return XA_OK;
        }

        @Override
        public Xid[] recover(int flag) throws XAException {
            return new Xid[0];
        }

        @Override
        public void rollback(Xid xid) {
        }

        @Override
        public boolean setTransactionTimeout(int seconds) {
            return true;
        }

        @Override
        public void start(Xid xid, int flags) {
        }
    }

    public static void main(String[] args) throws Exception {
        String storeType = args[0];
        double seconds = Double.parseDouble(args[2]);
        double warmup = Double.parseDouble(args[3]);
        Path dir = Path.of(args[6]);
        String type = storeType.equals("journal")
                ? "com.arjuna.ats.internal.arjuna.objectstore.hornetq.HornetqObjectStoreAdaptor"
                : "com.arjuna.ats.internal.arjuna.objectstore.VolatileStore";
        for (String name : new String[] {null, "communicationStore", "stateStore"}) {
            ObjectStoreEnvironmentBean bean = name == null
                    ? BeanPopulator.getDefaultInstance(ObjectStoreEnvironmentBean.class)
                    : BeanPopulator.getNamedInstance(ObjectStoreEnvironmentBean.class, name);
            bean.setObjectStoreType(type);
            bean.setObjectStoreDir(dir.resolve("objectstore").toString());
        }
        BeanPopulator.getDefaultInstance(
                com.arjuna.ats.internal.arjuna.objectstore.hornetq.HornetqJournalEnvironmentBean.class)
                .setStoreDir(dir.resolve("journal").toString());
        jakarta.transaction.TransactionManager tm = com.arjuna.ats.jta.TransactionManager.transactionManager();
        tm.begin(); // the first transaction starts the transaction manager and its store: not measured
        tm.getTransaction().enlistResource(new Prepared());
        tm.getTransaction().enlistResource(new Prepared());
        tm.commit();
        String side = "narayana-" + storeType;
        Workload.points(side, args[4], args[5], seconds, warmup, (participants, threads) -> {
            Prepared[][] parts = new Prepared[threads][participants];
            for (Prepared[] row : parts) {
                for (int i = 0; i < participants; i++) {
                    row[i] = new Prepared();
                }
            }
            return thread -> {
                tm.begin();
                jakarta.transaction.Transaction txn = tm.getTransaction();
                for (Prepared part : parts[thread]) {
                    txn.enlistResource(part);
                }
                tm.commit();
            };
        });
        System.exit(0);
    }
}
