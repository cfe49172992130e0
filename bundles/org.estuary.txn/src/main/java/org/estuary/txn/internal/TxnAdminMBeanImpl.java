package org.estuary.txn.internal;

import java.io.IOException;
import java.util.Map;

import org.estuary.management.Ids;
import org.estuary.txn.admin.ParticipantInfo;
import org.estuary.txn.admin.TxnAdmin;
import org.estuary.txn.admin.TxnInfo;

/** {@link TxnAdminMXBean} over a {@link TxnAdmin}. */
final class TxnAdminMBeanImpl implements TxnAdminMXBean {

    private final TxnAdmin admin;

    TxnAdminMBeanImpl(TxnAdmin admin) {
        this.admin = admin;
    }

    @Override
    public Map<String, Long> getMetrics() {
        return admin.metrics();
    }

    @Override
    public String[] transactions(long offset, int limit) {
        return admin.transactions(offset, limit).items().stream().map(TxnAdminMBeanImpl::line)
                .toArray(String[]::new);
    }

    @Override
    public String[] participants(String id, long offset, int limit) {
        return admin.participants(Ids.parse(id), offset, limit).items().stream().map(TxnAdminMBeanImpl::line)
                .toArray(String[]::new);
    }

    @Override
    public boolean abort(String id) throws IOException {
        return admin.abort(Ids.parse(id));
    }

    private static String line(TxnInfo txn) {
        return Ids.format(txn.id()) + " " + txn.state() + " " + txn.phase() + " participants=" + txn.participants()
                + " parent=" + txn.parent() + " reason=" + txn.abortReason();
    }

    private static String line(ParticipantInfo part) {
        return part.index() + " " + part.vote() + " done=" + (part.done() ? "yes" : "no") + " failures="
                + part.failures() + " " + part.participant();
    }
}
